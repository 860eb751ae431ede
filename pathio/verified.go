package pathio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"iter"
	"os"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/verify"
)

// VerifyError reports a written path file that failed the independent
// check: the producer of the path got it wrong, and the file was not
// written.
type VerifyError struct{ Err error }

func (v *VerifyError) Error() string { return v.Err.Error() }

// Unwrap returns the verifier's error.
func (v *VerifyError) Unwrap() error { return v.Err }

// VerifiedOptions configure WriteVerified.
type VerifiedOptions struct {
	// Phase, if set, is called with "writing" and then "verifying" as
	// each stage starts.
	Phase func(stage string)
	// Count, if set, is kept up to date with the cells written, then
	// with the cells verified, for a progress reader.
	Count *atomic.Int64
}

// Verified describes a file WriteVerified wrote.
type Verified struct {
	Cells  int64 // cells written
	Closed bool  // the path read back is a closed tour
	Size   int64 // file size in bytes
	// Write and Verify are the times spent writing and reading back.
	Write, Verify time.Duration
}

// WriteVerified writes walk to the file name in format f through an
// atomic file (WriteFile), then reads the temporary file back through
// package verify's streaming checker with rules (verify shares no code
// with the writers); only a file that passes appears under name. A
// character device or named pipe is written directly (no copy staged in
// TMPDIR), and the checker reads the same bytes as they are written: its
// verdict, returned as for a file, comes after the reader has the data. A
// failed check is a *VerifyError; on cancellation the error wraps
// ctx.Err() and says how many cells were written.
func WriteVerified(ctx context.Context, name string, f Format, h Header, rules verify.Rules, walk iter.Seq2[int, int], opt VerifiedOptions) (Verified, error) {
	var res Verified
	count := opt.Count
	if count == nil {
		count = new(atomic.Int64)
	}
	phase := func(s string) {
		if opt.Phase != nil {
			opt.Phase(s)
		}
	}
	phase("writing")
	var sr verify.StreamResult
	check := func(r io.Reader, progress bool) error {
		vopt := verify.StreamOptions{}
		if progress {
			vopt.Progress = func(n int64) { count.Store(n) }
		}
		rd := bufio.NewReaderSize(r, bufSize)
		var err error
		if f == Binary {
			sr, err = verify.StreamBinary(ctx, rules, rd, vopt)
		} else {
			sr, err = verify.StreamText(ctx, rules, rd, vopt)
		}
		if err != nil && ctx.Err() == nil {
			return &VerifyError{err}
		}
		return err
	}
	wopt := WriteOptions{Written: count}
	// A file is read back before it appears under its name.
	wopt.Check = func(temp string) error {
		phase("verifying")
		began := time.Now()
		defer func() { res.Verify = time.Since(began) }()
		fh, err := os.Open(temp)
		if err != nil {
			return err
		}
		defer fh.Close()
		if fi, err := fh.Stat(); err == nil {
			res.Size = fi.Size()
		}
		return check(fh, true)
	}
	// A device or pipe is written directly: the verifier reads the same
	// bytes as they are written, and its verdict comes when the path is
	// written (the reader has the data by then).
	var delivered countingReader
	wopt.Stream = func(r io.Reader) error {
		delivered.r = r
		return check(&delivered, false)
	}
	began := time.Now()
	n, err := WriteFile(ctx, name, f, h, walk, wopt)
	if delivered.r != nil {
		res.Size = delivered.n // the bytes delivered to the device or pipe
	}
	res.Cells = n
	if err != nil {
		if ctx.Err() != nil {
			return res, fmt.Errorf("%w (%d of %d cells written)", ctx.Err(), n, h.Length)
		}
		return res, err
	}
	res.Closed = sr.Closed
	res.Write = time.Since(began) - res.Verify
	return res, nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
