package request

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

// TestSavePath: a verified solution is written, read back and worded (the
// CLI's TestSolveOutStopped covers a stopped write); a path that is no solution
// is the producer's bug (UnverifiedError), never written; PathPicture
// draws the solution.
func TestSavePath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "p.bgp")
	l, s := leaperSearch(t, LeaperFlags{Spec: "5x5", Moves: "hopido", Out: out, Format: "binary"}, Source{}, SolveFormats)
	cells, _, err := s.Solve(t.Context(), s.Options())
	if err != nil {
		t.Fatal(err)
	}
	info, err := l.SavePath(t.Context(), CellWalk(cells), "the solver", pathio.VerifiedOptions{})
	if err != nil || !strings.Contains(info, "(binary, 25 cells,") || !strings.Contains(info, "verified it from the file: a Hamiltonian path") {
		t.Fatalf("%q %v", info, err)
	}
	if pic, err := l.PathPicture(cells); err != nil || pic.Width <= 0 {
		t.Errorf("PathPicture: %v", err)
	}

	os.Remove(out)
	broken := append([]verify.Cell{cells[1], cells[0]}, cells[2:]...)
	var uv *UnverifiedError
	if _, err := l.SavePath(t.Context(), CellWalk(broken), "the solver", pathio.VerifiedOptions{}); !errors.As(err, &uv) || !strings.Contains(err.Error(), "was not written") {
		t.Errorf("broken path: %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a file was left: %v", err)
	}
}

// TestSearchStats: every field of the search's statistics reaches the
// JSON object (64-bit counts as strings, as format.Stats writes them).
func TestSearchStats(t *testing.T) {
	t.Parallel()
	st := SearchStats(hamilton.Stats{Nodes: 7, Backtracks: 5, Prunes: 3, MemoHits: 2, Restarts: 1, Workers: 4, Elapsed: 1500 * time.Millisecond})
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"nodes":"7"`, `"backtracks":"5"`, `"prunes":"3"`, `"memo_hits":"2"`, `"restarts":"1"`, `"workers":4`, `"elapsed_ms":1500`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
}
