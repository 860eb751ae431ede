package pathio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// ErrSpecialFile is wrapped by the errors of CreateAtomic for names it
// refuses to write: a directory, a block device, a socket, a symbolic link
// to a missing file.
var ErrSpecialFile = errors.New("not a file boardgraph can write")

// PipeWait is how long a write to a named pipe waits for a reader to
// open it before it fails (with an error wrapping ErrWrite; on Unix, ENXIO): a
// pipe nobody reads would otherwise hold the command for ever.
var PipeWait = 3 * time.Second

// writeErr reports a failure of the file system while writing name; the
// message leaves out the temporary file's name, which the user never sees.
func writeErr(name string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%w %s: %w", ErrWrite, name, err)
}

// AtomicFile is a file that appears under its name only when Commit
// succeeds: no error, interrupt or failed check leaves a partial or
// replaced file behind.
//
// What Commit does depends on what the name is when CreateAtomic is
// called:
//
//   - no file, or a regular file: the data goes to a temporary file in the
//     same directory (".NAME.tmp-*") that Commit renames over NAME, keeping
//     an existing file's permission bits (a new file gets 0644).
//   - a symbolic link (or a chain of them) to a regular file: the same, at
//     the link's final target; the link itself stays as it is.
//   - a character device (/dev/null, a terminal, /dev/stdout) or a named
//     pipe (FIFO), directly or through symbolic links: the data is written
//     to it directly, as a shell's "> fifo" does, with no copy staged on
//     disk (a device takes any amount of data, and TMPDIR may hold less);
//     the device is never replaced by a regular file. Nothing can be taken
//     back from a device or pipe: a write that fails midway leaves its
//     reader with part of the data (the caller reports the failure). A
//     character device is opened by CreateAtomic, so that a device the
//     process cannot write is refused before any work; a pipe is opened by
//     the first Write (or by Commit when nothing was written), which waits
//     there for a reader, at most PipeWait (then it fails, wrapping
//     ErrWrite). Both the wait and a write blocked on a reader that
//     stopped reading end when the context given to CreateAtomicContext
//     does (a *StoppedError).
//   - a directory, a block device, a socket or a symbolic link to a missing
//     file: CreateAtomic refuses it with an error wrapping ErrSpecialFile.
//
// Commit checks again that a regular file's name has not become something
// else (a link, a device) in the meantime, and refuses to replace it if it
// has. A process killed outright (a second Ctrl-C, SIGKILL) can leave the
// temporary file behind, never a partial file under NAME.
type AtomicFile struct {
	f      *os.File // the temporary file (regular files only)
	name   string   // the name as given
	target string   // the file written: name with symbolic links resolved
	temp   string
	perm   os.FileMode
	// special is set for a character device or a named pipe; dev is the
	// device, once opened; ctx ends a wait for a pipe's reader and a
	// blocked write (stop releases the hook that wakes it).
	special bool
	pipe    bool
	dev     *os.File
	ctx     context.Context
	stop    func() bool
	closed  bool
	done    bool
}

// CreateAtomic starts writing the file name; see AtomicFile for what it
// does with each kind of name. It is CreateAtomicContext with a context
// that never ends.
func CreateAtomic(name string) (*AtomicFile, error) {
	return CreateAtomicContext(context.Background(), name)
}

// CreateAtomicContext is CreateAtomic for writes that end when ctx does:
// waiting for a named pipe's reader, or writing to a pipe whose reader
// stopped reading, returns a *StoppedError wrapping ctx.Err().
func CreateAtomicContext(ctx context.Context, name string) (*AtomicFile, error) {
	if name == "" {
		return nil, fmt.Errorf("%w: an empty file name; give a file name", ErrSpecialFile)
	}
	if _, base := filepath.Split(name); base == "" {
		return nil, fmt.Errorf("%w: %q names a directory; give a file name", ErrSpecialFile, name)
	}
	a := &AtomicFile{name: name, target: name, perm: 0o644, ctx: ctx}
	lfi, lerr := os.Lstat(name)
	fi, err := os.Stat(name)
	switch {
	case lerr != nil && errors.Is(lerr, os.ErrNotExist):
		// A new file.
	case lerr != nil:
		return nil, writeErr(name, lerr)
	case err != nil && lfi.Mode()&os.ModeSymlink != 0 && errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%w: %s is a symbolic link to a missing file; create the file first or give another name", ErrSpecialFile, name)
	case err != nil:
		return nil, writeErr(name, err)
	case fi.IsDir():
		return nil, fmt.Errorf("%w: %s is a directory; give a file name", ErrSpecialFile, name)
	case fi.Mode().IsRegular():
		a.perm = fi.Mode().Perm()
		if lfi.Mode()&os.ModeSymlink != 0 {
			t, err := filepath.EvalSymlinks(name)
			if err != nil {
				return nil, writeErr(name, err)
			}
			a.target = t
		}
	case fi.Mode()&os.ModeCharDevice != 0:
		a.special = true
		dev, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return nil, writeErr(name, err)
		}
		a.setDevice(dev)
	case fi.Mode()&os.ModeNamedPipe != 0:
		a.special, a.pipe = true, true
	default:
		return nil, fmt.Errorf("%w: %s is a %s; give the name of a regular file, a character device or a named pipe", ErrSpecialFile, name, kindOf(fi.Mode()))
	}
	if a.special {
		return a, nil // written directly: no temporary file
	}
	dir, base := filepath.Split(a.target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, writeErr(name, err)
	}
	a.f, a.temp = f, f.Name()
	return a, nil
}

// setDevice records the opened device or pipe: a deadline in the past
// wakes a write blocked on it when the context ends. Devices that cannot
// take deadlines (not pollable) never block on a reader. A context that
// has already ended (a stopped command writing its partial result to a
// pipe whose reader is there) does not stop the writes.
func (a *AtomicFile) setDevice(dev *os.File) {
	a.dev = dev
	if a.ctx.Err() == nil {
		a.stop = context.AfterFunc(a.ctx, func() { dev.SetWriteDeadline(time.Unix(1, 0)) })
	}
}

// openDevice opens a named pipe on first use, waiting for its reader
// until the context ends.
func (a *AtomicFile) openDevice() error {
	if a.dev != nil {
		return nil
	}
	dev, err := openPipe(a.ctx, a.name)
	if err != nil {
		return err
	}
	a.setDevice(dev)
	return nil
}

// deviceErr words an error of a device or pipe: a stop by the context,
// or the device's own error.
func (a *AtomicFile) deviceErr(err error) error {
	if a.ctx.Err() != nil {
		what := "while writing to"
		if a.pipe {
			what = "while writing to (or waiting for a reader of)"
		}
		return &StoppedError{Msg: fmt.Sprintf("stopped %s %s; the output was not written whole", what, a.name), Err: a.ctx.Err()}
	}
	return writeErr(a.name, err)
}

// kindOf names a file mode's type for an error message.
func kindOf(m os.FileMode) string {
	switch {
	case m&os.ModeDevice != 0 && m&os.ModeCharDevice == 0:
		return "block device"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeIrregular != 0:
		return "file of an unknown kind"
	}
	return "special file"
}

// Write writes to the temporary file, or directly to a device or pipe.
func (a *AtomicFile) Write(p []byte) (int, error) {
	if a.closed {
		return 0, os.ErrClosed
	}
	if a.special {
		if err := a.openDevice(); err != nil {
			return 0, a.deviceErr(err)
		}
		n, err := a.dev.Write(p)
		if err != nil {
			err = a.deviceErr(err)
		}
		return n, err
	}
	n, err := a.f.Write(p)
	if err != nil {
		err = writeErr(a.name, err)
	}
	return n, err
}

// Name returns the final name, as given to CreateAtomic.
func (a *AtomicFile) Name() string { return a.name }

// TempName returns the temporary file's name, which holds the data until
// Commit (for reading it back before committing); "" for a device or pipe,
// which is written directly (Special).
func (a *AtomicFile) TempName() string { return a.temp }

// Special reports whether the name is a character device or a named pipe,
// written directly, with no temporary file to read back.
func (a *AtomicFile) Special() bool { return a.special }

// Close flushes the temporary file to disk and closes it; the data stays
// under TempName until Commit or Abort.
func (a *AtomicFile) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	if a.special {
		return nil // the device is closed by Commit or Abort
	}
	err := a.f.Sync()
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return writeErr(a.name, err)
	}
	return nil
}

// Commit closes the temporary file and puts its data under Name: it
// renames a regular file into place (replacing any file there), or closes
// the character device or named pipe written directly (opening a pipe
// nothing was written to, so that its reader sees the end). On an error
// nothing is replaced and the temporary file is removed.
func (a *AtomicFile) Commit() error { return a.CommitContext(context.Background()) }

// CommitContext is Commit, except that waiting for the reader of a named
// pipe nothing was written to ends when ctx (or the context of
// CreateAtomicContext) does: the error wraps the context's error (a
// *StoppedError).
func (a *AtomicFile) CommitContext(ctx context.Context) error {
	if a.done {
		return errors.New("pathio: Commit after Commit or Abort")
	}
	if err := a.Close(); err != nil {
		a.Abort()
		return err
	}
	if a.special {
		if a.dev == nil && a.ctx.Done() == nil {
			a.ctx = ctx // CreateAtomic's context never ends: ctx bounds the wait
		}
		err := a.openDevice()
		if err == nil {
			err = a.dev.Close()
			a.dev = nil
		}
		if err != nil {
			err = a.deviceErr(err)
		}
		a.Abort()
		return err
	}
	// The name may have changed kind since CreateAtomic (a long search
	// runs in between): replace only a regular file or nothing.
	if fi, err := os.Lstat(a.target); err == nil && !fi.Mode().IsRegular() {
		a.Abort()
		return fmt.Errorf("%w: %s became a %s while boardgraph was writing it; nothing was written", ErrSpecialFile, a.name, describe(fi.Mode()))
	}
	if err := os.Chmod(a.temp, a.perm); err != nil {
		a.Abort()
		return writeErr(a.name, err)
	}
	if err := os.Rename(a.temp, a.target); err != nil {
		a.Abort()
		return writeErr(a.name, err)
	}
	a.done = true
	return nil
}

// describe names a file mode's type, for a name that changed kind.
func describe(m os.FileMode) string {
	switch {
	case m&os.ModeSymlink != 0:
		return "symbolic link"
	case m.IsDir():
		return "directory"
	case m&os.ModeCharDevice != 0:
		return "character device"
	case m&os.ModeNamedPipe != 0:
		return "named pipe"
	}
	return kindOf(m)
}

// StoppedError is a write that ended because its context did (see
// CommitContext); Err is the context's error.
type StoppedError struct {
	Msg string
	Err error
}

func (e *StoppedError) Error() string { return e.Msg }
func (e *StoppedError) Unwrap() error { return e.Err }

// Abort closes and removes the temporary file. It does nothing after
// Commit or a previous Abort.
func (a *AtomicFile) Abort() error {
	if a.done {
		return nil
	}
	a.done = true
	if !a.closed {
		a.closed = true
		if a.f != nil {
			a.f.Close()
		}
	}
	if a.stop != nil {
		a.stop()
	}
	if a.dev != nil {
		a.dev.Close()
		a.dev = nil
	}
	if a.temp == "" {
		return nil
	}
	if err := os.Remove(a.temp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// WriteFileAtomic writes the file name through write, atomically (see
// AtomicFile): the file appears, or the device or pipe receives the data,
// only if write returned nil and every byte reached the disk.
func WriteFileAtomic(name string, write func(io.Writer) error) error {
	af, err := CreateAtomic(name)
	if err != nil {
		return err
	}
	defer af.Abort()
	if err := write(af); err != nil {
		return err
	}
	return af.Commit()
}

// WriteFileAtomicContext is WriteFileAtomic with CommitContext: a named
// pipe without a reader holds it only until ctx ends.
func WriteFileAtomicContext(ctx context.Context, name string, write func(io.Writer) error) error {
	af, err := CreateAtomicContext(ctx, name)
	if err != nil {
		return err
	}
	defer af.Abort()
	if err := write(af); err != nil {
		return err
	}
	return af.CommitContext(ctx)
}

// WriteOptions configure WriteFile.
type WriteOptions struct {
	// Check, if set, is called with the temporary file's name once the
	// path is written and flushed; an error from it aborts the write (use
	// it to verify the file before it appears under its name). It is not
	// called for a device or pipe, which has no temporary file: Stream is.
	Check func(tempName string) error
	// Stream, if set, reads the bytes written to a device or pipe as they
	// are written (a tee), on its own goroutine; its error, once the path
	// is written, is WriteFile's. The reader already has the data then:
	// nothing written to a device can be taken back.
	Stream func(r io.Reader) error
	// Written, if set, is kept up to date with the number of cells
	// written (see Copy), for a progress reader.
	Written *atomic.Int64
}

// WriteFile writes walk to the file name in format f atomically: the file
// appears only if every cell was written, the writer accepted the path
// (for the binary format: h fits it) and opt.Check passed. The text format
// uses h.Length only, when it is positive, to stop a walk that yields more
// cells (an error wrapping ErrPath). It returns the number of cells
// written, and on cancellation ctx.Err() with no file left behind.
func WriteFile(ctx context.Context, name string, f Format, h Header, walk iter.Seq2[int, int], opt WriteOptions) (int64, error) {
	af, err := CreateAtomicContext(ctx, name)
	if err != nil {
		return 0, err
	}
	defer af.Abort()
	var out io.Writer = af
	var tee *teeStream
	if af.Special() && opt.Stream != nil {
		tee = startTee(opt.Stream)
		defer tee.close(nil)
		out = io.MultiWriter(af, tee.w)
	}
	var w CellWriter
	if f == Binary {
		if w, err = NewBinaryWriter(out, h); err != nil {
			return 0, err
		}
	} else {
		w = NewTextWriter(out)
		if h.Length > 0 {
			w = &capped{w, h.Length, 0}
		}
	}
	n, err := Copy(ctx, w, walk, opt.Written)
	if err != nil {
		return n, err
	}
	if err := w.Close(); err != nil {
		return n, err
	}
	if err := af.Close(); err != nil {
		return n, err
	}
	if tee != nil {
		if err := tee.close(nil); err != nil {
			return n, err
		}
	}
	if opt.Check != nil && !af.Special() {
		if err := opt.Check(af.TempName()); err != nil {
			return n, err
		}
	}
	return n, af.CommitContext(ctx)
}

// teeStream feeds a copy of the bytes written to WriteOptions.Stream.
type teeStream struct {
	w    *io.PipeWriter
	errc chan error
	err  error
	done bool
}

func startTee(stream func(io.Reader) error) *teeStream {
	r, w := io.Pipe()
	t := &teeStream{w: w, errc: make(chan error, 1)}
	go func() {
		err := stream(r)
		io.Copy(io.Discard, r) // a reader that stopped early must not block the writer
		t.errc <- err
	}()
	return t
}

// close ends the stream (with cause, nil for the end of the data) and
// returns the reader's error; later calls return the same.
func (t *teeStream) close(cause error) error {
	if !t.done {
		t.done = true
		t.w.CloseWithError(cause)
		t.err = <-t.errc
	}
	return t.err
}

// capped stops a text path at a known length.
type capped struct {
	CellWriter
	max, n int64
}

func (c *capped) Cell(row, col int) error {
	if c.n++; c.n > c.max {
		return fmt.Errorf("%w: the path has more than the %d cells expected", ErrPath, c.max)
	}
	return c.CellWriter.Cell(row, col)
}

// WriteFilesAtomic writes two files together through write: both appear
// (a first, then b), or neither. Should committing b fail after a
// appeared, a is removed again.
func WriteFilesAtomic(a, b string, write func(wa, wb io.Writer) error) error {
	return WriteFilesAtomicContext(context.Background(), a, b, write)
}

// WriteFilesAtomicContext is WriteFilesAtomic with CommitContext: a named
// pipe without a reader holds it only until ctx ends.
func WriteFilesAtomicContext(ctx context.Context, a, b string, write func(wa, wb io.Writer) error) error {
	fa, err := CreateAtomicContext(ctx, a)
	if err != nil {
		return err
	}
	defer fa.Abort()
	fb, err := CreateAtomicContext(ctx, b)
	if err != nil {
		return err
	}
	defer fb.Abort()
	if err := write(fa, fb); err != nil {
		return err
	}
	if err := fa.CommitContext(ctx); err != nil {
		return err
	}
	if err := fb.CommitContext(ctx); err != nil {
		os.Remove(a)
		return err
	}
	return nil
}
