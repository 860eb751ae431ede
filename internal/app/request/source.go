package request

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boardgraph/boardgraph/internal/base/readcap"
)

// MaxInputBytes bounds every input this package reads whole (board maps,
// puzzles, solutions).
const MaxInputBytes = 64 << 20

// Source is where named inputs come from: "-" is Stdin, any other name is
// opened with Open (os.Open when nil). The zero Source reads files and has
// an empty stdin.
type Source struct {
	Stdin io.Reader
	Open  func(name string) (io.ReadCloser, error)
}

// Read returns the whole input called name, at most limit bytes (0:
// MaxInputBytes); a longer input is an error, never a truncated read. what
// names the input in messages ("the board").
func (s Source) Read(name, what string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = MaxInputBytes
	}
	fix := "give a smaller input"
	if name == "-" || name == "" {
		if s.Stdin == nil {
			return nil, nil
		}
		data, err := readcap.ReadAll(s.Stdin, limit, what+" on standard input", fix)
		if err != nil {
			return nil, fmt.Errorf("%w: cannot read %s from standard input: %w", ErrInput, what, err)
		}
		return data, nil
	}
	var (
		data []byte
		err  error
	)
	if s.Open == nil {
		data, err = readcap.ReadFile(name, limit, name, fix)
	} else {
		var rc io.ReadCloser
		if rc, err = s.Open(name); err == nil {
			data, err = readcap.ReadAll(rc, limit, name, fix)
			rc.Close()
		}
	}
	switch {
	case errors.Is(err, readcap.ErrTooLarge):
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	case err != nil:
		return nil, fmt.Errorf("%w: cannot read %s: %w; check the file name", ErrInput, what, err)
	}
	return data, nil
}

func (s Source) open(name string) (io.ReadCloser, error) {
	if s.Open != nil {
		return s.Open(name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		// os.Open opens a directory; its first read fails with "read d: is
		// a directory". Say it as readcap.ReadFile does.
		f.Close()
		return nil, fmt.Errorf("%s is a directory; give a file", name)
	}
	return f, nil
}

// exists reports whether name can be opened (a file the user meant).
func (s Source) exists(name string) bool {
	if name == "" || name == "-" {
		return false
	}
	if s.Open == nil {
		st, err := os.Stat(name)
		return err == nil && !st.IsDir()
	}
	rc, err := s.Open(name)
	if err != nil {
		return false
	}
	rc.Close()
	return true
}
