package request

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/oracle"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// caseFlags writes an oracle case as the flags a user would type: the
// board as a text map when cells are blocked, ends as 1-based row,col.
func caseFlags(c *oracle.Case) (LeaperFlags, Source) {
	f := LeaperFlags{Spec: fmt.Sprintf("%dx%d", c.Rows, c.Cols), Moves: c.Moves, Closed: c.Closed}
	cell := func(x int) string {
		if x < 0 {
			return ""
		}
		return fmt.Sprintf("%d,%d", x/c.Cols+1, x%c.Cols+1)
	}
	f.Start, f.End = cell(c.Start), cell(c.End)
	if len(c.Blocked) == 0 {
		return f, Source{}
	}
	grid := make([][]byte, c.Rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", c.Cols))
	}
	for _, x := range c.Blocked {
		grid[x/c.Cols][x%c.Cols] = '#'
	}
	var b strings.Builder
	for _, row := range grid {
		b.Write(row)
		b.WriteByte('\n')
	}
	f.Spec, f.Board = "", "-"
	return f, files(b.String(), nil)
}

// TestCountOracle: Count.Run agrees with the brute force of the shared
// oracle table by both methods, and the undirected count is the directed
// one over the divisor, on every third case of the table (every 15th
// with -short; package count runs every case against its counters).
func TestCountOracle(t *testing.T) {
	t.Parallel()
	step := testfix.Scale(3, 15, 3)
	for i := 0; i < len(oracle.Cases); i += step {
		c := &oracle.Cases[i]
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			want := fmt.Sprint(c.Want())
			for _, method := range []string{MethodDFS, MethodDP} {
				f, src := caseFlags(c)
				s := searchOf(t, f, src, countNames)
				cnt, err := NewCount(s, CountFlags{Method: method, Undirected: true, MaxMemory: "1G"})
				if err != nil {
					t.Fatal(err)
				}
				res, err := cnt.Run(t.Context(), s.Options(), DPOptions{})
				if err != nil || !res.Complete || res.Directed.String() != want {
					t.Fatalf("%s: %v %v; oracle %s", method, res, err, want)
				}
				if d := s.Divisor(); res.Count.Uint64()*d != res.Directed.Uint64() {
					t.Errorf("%s: undirected %v x %d != directed %v", method, res.Count, d, res.Directed)
				}
			}
		})
	}
}
