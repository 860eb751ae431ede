package request

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/boardgraph/boardgraph/pathio"
)

// TestErrorsKeepCause: errors that wrap a sentinel with %w wrap their
// cause with %w too, so that errors.Is finds a missing file through
// them, and the message still names the file.
func TestErrorsKeepCause(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-board.txt")
	_, err1 := Source{}.Read(missing, "the board", 0)
	_, err2 := ReadGraph(missing, Source{})
	_, err3 := ReadBoard("", missing, Source{})
	err4 := Inputf("reading %s: %w", missing, &fs.PathError{Op: "open", Path: missing, Err: fs.ErrNotExist})
	for i, err := range []error{err1, err2, err3, err4} {
		if !errors.Is(err, fs.ErrNotExist) || !IsInput(err) || IsIO(err) || !strings.Contains(err.Error(), missing) {
			t.Errorf("case %d: %v: errors.Is(fs.ErrNotExist) %v, IsInput %v, IsIO %v", i+1, err, errors.Is(err, fs.ErrNotExist), IsInput(err), IsIO(err))
		}
		if _, code := Classify(err); code != KindInput {
			t.Errorf("case %d: exit %d, want %d", i+1, code, KindInput)
		}
	}
}

// TestWriteFailureIsIO: a write to a full device (/dev/full) is the
// machine's failure: IsIO, exit code 2 with a message naming the file and
// the cause and nothing about bad input, even wrapped in an input error.
// A file in a missing directory stays input.
func TestWriteFailureIsIO(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skipf("needs /dev/full (Linux): %v", err)
	}
	err := pathio.WriteFileAtomic("/dev/full", func(w io.Writer) error {
		_, err := w.Write(make([]byte, 1<<16))
		return err
	})
	if !errors.Is(err, syscall.ENOSPC) || !errors.Is(err, pathio.ErrWrite) || !IsIO(err) {
		t.Fatalf("write to /dev/full: %v; IsIO %v", err, IsIO(err))
	}
	for _, e := range []error{err, fmt.Errorf("%w: %w", ErrInput, err), Inputf("saving: %w", err), inputf("saving: %w", err)} {
		msg, code := Classify(e)
		if code != KindInput || !IsIO(e) || !strings.Contains(msg, "/dev/full") || !strings.Contains(msg, "no space left") {
			t.Errorf("%v: Classify = %q, %d; IsIO %v", e, msg, code, IsIO(e))
		}
	}
	if msg, _ := Classify(err); strings.Contains(msg, "bad input") || strings.Contains(msg, "check the") {
		t.Errorf("a full disk blames the input: %q", msg)
	}
	err = pathio.WriteFileAtomic(filepath.Join(t.TempDir(), "missing", "f.txt"), func(w io.Writer) error { return nil })
	if IsIO(err) || !IsInput(err) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing directory: %v; IsIO %v, IsInput %v", err, IsIO(err), IsInput(err))
	}
}

// TestFreeCells: the count guard measures what the givens leave free: the
// numbers before the first given and after the last, plus the longest gap.
func TestFreeCells(t *testing.T) {
	for _, c := range []struct {
		board string
		want  int
	}{
		{"10x10", 100},
		// 2 and 99 given on 100 cells: 1 before, 1 after, a gap of 96.
		{"2" + strings.Repeat(".", 98) + "99", 98},
		// 50 alone: 49 before, 50 after.
		{strings.Repeat(".", 49) + "50" + strings.Repeat(".", 50), 99},
	} {
		board := c.board
		if board != "10x10" {
			// One row of a 10x10 map per ten tokens.
			toks := splitTokens(board)
			var b strings.Builder
			for i, tk := range toks {
				b.WriteString(tk)
				if i%10 == 9 {
					b.WriteByte('\n')
				} else {
					b.WriteByte(' ')
				}
			}
			board = b.String()
		}
		f := LeaperFlags{Spec: c.board}
		src := Source{}
		if c.board != "10x10" {
			f = LeaperFlags{Board: "-"}
			src = Source{Stdin: strings.NewReader(board)}
		}
		s := searchOf(t, f, src, solveNames)
		if got := s.FreeCells(); got != c.want {
			t.Errorf("%s: FreeCells %d, want %d", c.board[:min(len(c.board), 12)], got, c.want)
		}
		_, err := NewCountContext(t.Context(), s, CountFlags{Method: MethodDFS})
		if (err != nil) != (c.want > MaxCountOpen) {
			t.Errorf("%s: NewCountContext: %v", c.board[:min(len(c.board), 12)], err)
		}
	}
}

// splitTokens splits a compact row of givens ("2....99") into one token
// per cell: a number or a dot.
func splitTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i + 1
		if s[i] != '.' {
			for j < len(s) && s[j] != '.' {
				j++
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}
