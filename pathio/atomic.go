package pathio

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"sync/atomic"
)

// AtomicFile is a file that appears under its name only when Commit
// succeeds. Until then the data goes to a temporary file in the same
// directory (".NAME.tmp-*"), which Abort removes. A process killed
// outright (a second Ctrl-C, SIGKILL) can leave the temporary file behind,
// never a partial file under NAME.
type AtomicFile struct {
	f      *os.File
	name   string
	temp   string
	closed bool
	done   bool
}

// CreateAtomic starts writing the file name.
func CreateAtomic(name string) (*AtomicFile, error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	if base == "" {
		return nil, fmt.Errorf("%q names a directory; give a file name", name)
	}
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%q is a directory; give a file name", name)
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot create %s: %v", name, err)
	}
	return &AtomicFile{f: f, name: name, temp: f.Name()}, nil
}

// Write writes to the temporary file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	if a.closed {
		return 0, os.ErrClosed
	}
	return a.f.Write(p)
}

// Name returns the final name; TempName the temporary file's, which holds
// the data until Commit (for reading it back before committing).
func (a *AtomicFile) Name() string { return a.name }

// TempName returns the temporary file's name.
func (a *AtomicFile) TempName() string { return a.temp }

// Close flushes the temporary file to disk and closes it; the data stays
// under TempName until Commit or Abort.
func (a *AtomicFile) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	err := a.f.Sync()
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", a.name, err)
	}
	return nil
}

// Commit closes the temporary file, sets its mode to 0644 and renames it
// to Name, replacing any file there.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("pathio: Commit after Commit or Abort")
	}
	if err := a.Close(); err != nil {
		a.Abort()
		return err
	}
	if err := os.Chmod(a.temp, 0o644); err != nil {
		a.Abort()
		return fmt.Errorf("cannot write %s: %v", a.name, err)
	}
	if err := os.Rename(a.temp, a.name); err != nil {
		a.Abort()
		return fmt.Errorf("cannot write %s: %v", a.name, err)
	}
	a.done = true
	return nil
}

// Abort closes and removes the temporary file. It does nothing after
// Commit or a previous Abort.
func (a *AtomicFile) Abort() error {
	if a.done {
		return nil
	}
	a.done = true
	if !a.closed {
		a.closed = true
		a.f.Close()
	}
	if err := os.Remove(a.temp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// WriteOptions configure WriteFile.
type WriteOptions struct {
	// Check, if set, is called with the temporary file's name once the
	// path is written and flushed; an error from it aborts the write (use
	// it to verify the file before it appears under its name).
	Check func(tempName string) error
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
	af, err := CreateAtomic(name)
	if err != nil {
		return 0, err
	}
	defer af.Abort()
	var w CellWriter
	if f == Binary {
		if w, err = NewBinaryWriter(af, h); err != nil {
			return 0, err
		}
	} else {
		w = NewTextWriter(af)
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
	if opt.Check != nil {
		if err := opt.Check(af.TempName()); err != nil {
			return n, err
		}
	}
	return n, af.Commit()
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
