package construct

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// sweepSizes are the side lengths of the acceptance sweep: every n in 5..100
// (about 10 s on 2 cores), or with -short a spread that still meets every
// band split kind (one band, two bands, many; odd and even; every remainder
// mod 5..9).
func sweepSizes() []int {
	switch {
	case testfix.Long():
		return span(5, 100)
	case testing.Short():
		return []int{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 19, 20, 23, 26, 31, 37, 46, 53, 64, 71, 88, 99, 100}
	}
	// Every size up to 40 (each residue class of the constructions'
	// cases, many times over), then a spread up to 100.
	return append(span(5, 40), 46, 53, 64, 71, 88, 99, 100)
}

// span returns lo, lo+1, ..., hi.
func span(lo, hi int) []int {
	var s []int
	for n := lo; n <= hi; n++ {
		s = append(s, n)
	}
	return s
}

// TestSweep is the acceptance sweep: on every n x m board (5 <= n, m <= 100
// with BOARDGRAPH_LONG=1; every size to 40 and a spread to 100 by default,
// a sparser spread with -short) a knight's open path, a closed knight's tour wherever
// Schwenk's theorem gives one, a Diplomatico open path and a Diplomatico
// closed tour are constructed and pass the independent verifier.
func TestSweep(t *testing.T) {
	sizes := sweepSizes()
	cases := []struct {
		name   string
		set    moves.Set
		closed bool
		make   func(n, m int) (Walk, error)
	}{
		{"knight-open", moves.Knight(), false, KnightOpen},
		{"knight-closed", moves.Knight(), true, KnightClosed},
		{"hopido-open", moves.Hopido(), false, func(n, m int) (Walk, error) { return Diplomatico(n, m, false) }},
		{"hopido-closed", moves.Hopido(), true, func(n, m int) (Walk, error) { return Diplomatico(n, m, true) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			boards := 0
			for _, n := range sizes {
				for _, m := range sizes {
					w, err := c.make(n, m)
					if c.closed && c.set.Name == "knight" && n%2 == 1 && m%2 == 1 {
						if !errors.Is(err, ErrNoTour) || !strings.Contains(err.Error(), "Schwenk 1991") {
							t.Errorf("%dx%d: got %v, want ErrNoTour citing Schwenk 1991", n, m, err)
						}
						continue
					}
					if err != nil {
						t.Errorf("%dx%d: %v", n, m, err)
						continue
					}
					if err := check(w, n, m, c.set, c.closed); err != nil {
						t.Errorf("%dx%d: %v", n, m, err)
					}
					boards++
				}
			}
			t.Logf("%d boards verified", boards)
		})
	}
}

// TestKnightSmallBoards checks the existence theorems on every board with a
// side of at most 4 (and the other up to 40, or 200 with BOARDGRAPH_LONG=1): a walk is
// constructed and verified exactly when the theorem says one exists,
// otherwise the error wraps ErrNoTour.
func TestKnightSmallBoards(t *testing.T) {
	t.Parallel()
	most := testfix.Scale(40, 40, 200)
	for n := 1; n <= 4; n++ {
		for m := 1; m <= most; m++ {
			for _, closed := range []bool{false, true} {
				make, exists := KnightOpen, knightOpenMissing(n, m) == ""
				if closed {
					make, exists = KnightClosed, knightClosedMissing(n, m) == ""
				}
				for _, rc := range [][2]int{{n, m}, {m, n}} {
					w, err := make(rc[0], rc[1])
					switch {
					case !exists && !errors.Is(err, ErrNoTour):
						t.Errorf("%dx%d closed=%v: got %v, want ErrNoTour", rc[0], rc[1], closed, err)
					case exists && err != nil:
						t.Errorf("%dx%d closed=%v: %v", rc[0], rc[1], closed, err)
					case exists:
						if err := check(w, rc[0], rc[1], moves.Knight(), closed); err != nil {
							t.Errorf("%dx%d closed=%v: %v", rc[0], rc[1], closed, err)
						}
					}
				}
			}
		}
	}
}

// TestKnightTheorems pins the existence rules to the published lists
// (docs/references.md: open tours; Schwenk 1991: closed tours).
func TestKnightTheorems(t *testing.T) {
	t.Parallel()
	open := map[[2]int]bool{{1, 1}: true, {3, 4}: true}
	for n := 1; n <= 12; n++ {
		for m := n; m <= 12; m++ {
			wantOpen := open[[2]int{n, m}] || (n == 3 && m >= 7) || (n == 4 && m >= 5) || n >= 5
			if got := knightOpenMissing(n, m) == ""; got != wantOpen {
				t.Errorf("open %dx%d: exists=%v, want %v", n, m, got, wantOpen)
			}
			wantClosed := !(n%2 == 1 && m%2 == 1) && n != 1 && n != 2 && n != 4 &&
				!(n == 3 && (m == 4 || m == 6 || m == 8))
			if got := knightClosedMissing(n, m) == ""; got != wantClosed {
				t.Errorf("closed %dx%d: exists=%v, want %v", n, m, got, wantClosed)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	camel, _ := moves.Parse("camel")
	cases := []struct {
		name string
		make func() (Walk, error)
		want error
		text string
	}{
		{"knight closed odd", func() (Walk, error) { return KnightClosed(5, 7) }, ErrNoTour, "Schwenk 1991"},
		{"knight closed 4xn", func() (Walk, error) { return KnightClosed(4, 10) }, ErrNoTour, "Schwenk 1991"},
		{"knight closed 3x8", func() (Walk, error) { return KnightClosed(8, 3) }, ErrNoTour, "3x8"},
		{"knight open 4x4", func() (Walk, error) { return KnightOpen(4, 4) }, ErrNoTour, "4x4"},
		{"knight open 2xn", func() (Walk, error) { return KnightOpen(2, 50) }, ErrNoTour, "side of 1 or 2"},
		{"knight empty", func() (Walk, error) { return KnightOpen(0, 5) }, ErrNoTour, "empty"},
		{"hopido 3 rows", func() (Walk, error) { return Diplomatico(3, 20, false) }, ErrNoTour, "disconnected"},
		{"hopido 4x4", func() (Walk, error) { return Diplomatico(4, 4, false) }, ErrNoTour, "4x4"},
		{"hopido one row", func() (Walk, error) { return Diplomatico(1, 9, false) }, ErrNoTour, "single line"},
		{"camel", func() (Walk, error) { return Tile(10, 10, camel, false) }, ErrNoTour, "keeps the square colour"},
		{"odd closed wazir", func() (Walk, error) {
			s, _ := moves.Parse("wazir")
			return Tile(9, 11, s, true)
		}, ErrNoTour, "even number of cells"},
		{"bad size", func() (Walk, error) { return Tile(-1, 5, moves.Knight(), false) }, ErrUnsupported, "1 to"},
		{"single cell closed", func() (Walk, error) { return Tile(1, 1, moves.Knight(), true) }, ErrNoTour, "single cell"},
		{"knight 2xn by Knuth", func() (Walk, error) { return Tile(2, 1000, moves.Knight(), false) }, ErrNoTour, "Knuth 1994"},
		{"one line", func() (Walk, error) { return Tile(1, 1000, moves.Knight(), false) }, ErrNoTour, "single line"},
		{"small disconnected union", func() (Walk, error) { return Tile(2, 30, moves.Hopido(), false) }, ErrNoTour, "disconnected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w, err := c.make()
			if w != nil || !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("got %v (walk %v), want %v containing %q", err, w != nil, c.want, c.text)
			}
			var e *Error
			if !errors.As(err, &e) || e.Reason == "" {
				t.Fatalf("%v is not an *Error with a reason", err)
			}
		})
	}
}

// TestGenericLeapers runs the tiler on a random sample of leaper sets (those
// whose graphs are connected and not bipartite-odd are expected to work on
// boards from 6 up) and verifies every walk.
func TestGenericLeapers(t *testing.T) {
	t.Parallel()
	specs := []string{"wazir", "king", "knight+wazir", "1,2+0,3", "1,4+1,2", "2,3+1,2", "3,0+2,2+1,1", "0,1+2,2", "knight+ferz"}
	rng := rand.New(rand.NewPCG(4, 2026))
	for range 40 {
		spec := specs[rng.IntN(len(specs))]
		set, err := moves.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		n, m, closed := 6+rng.IntN(45), 6+rng.IntN(45), rng.IntN(2) == 1
		if closed && n*m%2 == 1 && colourChanging(set) {
			m++ // a closed tour of a bipartite graph needs an even number of cells
		}
		t.Run(fmt.Sprintf("%s-%dx%d-closed=%v", spec, n, m, closed), func(t *testing.T) {
			w, err := Tile(n, m, set, closed)
			if err != nil {
				t.Fatal(err)
			}
			if err := check(w, n, m, set, closed); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestEarlyStop checks that a walk stops at once when yield returns false,
// in every kind of plan (serpentine, cycle of blocks, narrow out and back
// in both halves, transposed), that the cells before the stop are the
// walk's first cells, and that a walk gives the same cells every time.
func TestEarlyStop(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		rows, cols int
		make       func(n, m int) (Walk, error)
	}{
		{"serpentine", 23, 31, KnightOpen},
		{"block cycle", 20, 26, KnightClosed},
		{"block cycle transposed", 19, 30, KnightClosed},
		{"narrow closed", 6, 60, KnightClosed},
		{"narrow closed transposed", 60, 7, func(n, m int) (Walk, error) { return Diplomatico(n, m, true) }},
		{"narrow open", 4, 30, KnightOpen},
		{"one block", 8, 8, KnightClosed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w, err := c.make(c.rows, c.cols)
			if err != nil {
				t.Fatal(err)
			}
			var full [][2]int
			for r, col := range w {
				full = append(full, [2]int{r, col})
			}
			if len(full) != c.rows*c.cols {
				t.Fatalf("%d cells, want %d", len(full), c.rows*c.cols)
			}
			for _, stop := range []int{1, 7, len(full) / 2, len(full)*3/4 + 1, len(full) - 1} {
				got := 0
				for r, col := range w {
					if [2]int{r, col} != full[got] {
						t.Fatalf("stop %d: cell %d is %d,%d, want %v (walks differ)", stop, got, r, col, full[got])
					}
					got++
					if got == stop {
						break
					}
				}
				if got != stop {
					t.Errorf("stopped after %d cells, want %d", got, stop)
				}
			}
		})
	}
}

// TestCheck checks that Check agrees with Tile: nil where Tile builds a
// walk, Tile's error where it does not.
func TestCheck(t *testing.T) {
	t.Parallel()
	wazir, _ := moves.Parse("wazir")
	cases := []struct {
		rows, cols int
		set        moves.Set
		closed     bool
		want       error
	}{
		{30, 40, moves.Knight(), true, nil},
		{7, 300, moves.Hopido(), true, nil},
		{4, 61, moves.Knight(), false, nil},
		{13, 15, moves.Knight(), true, ErrNoTour},
		{9, 9, wazir, true, ErrNoTour},
		{12, 12, wazir, true, nil},
	}
	for _, c := range cases {
		err := Check(c.rows, c.cols, c.set, c.closed)
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("Check(%d, %d, %s, %v) = %v, want %v", c.rows, c.cols, c.set.Name, c.closed, err, c.want)
		}
		_, terr := Tile(c.rows, c.cols, c.set, c.closed)
		if (err == nil) != (terr == nil) {
			t.Errorf("Check and Tile disagree on %dx%d: %v vs %v", c.rows, c.cols, err, terr)
		}
	}
}

// TestDiplomaticoNarrow covers Diplomatico boards with a side of 1 to 4:
// every one either gets a verified walk or a proof that none exists
// (ErrNoTour), never "cannot construct". Closed tours on 4x6, 4x7 and 4x8
// are refuted by exhaustive search.
func TestDiplomaticoNarrow(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 4; n++ {
		for m := 1; m <= 60; m++ {
			for _, closed := range []bool{false, true} {
				w, err := Diplomatico(n, m, closed)
				switch {
				case errors.Is(err, ErrNoTour):
					if n == 4 && m >= 9 || n == 4 && m == 5 || (n == 4 && m >= 5 && !closed) {
						t.Errorf("4x%d closed=%v: %v, but a walk exists", m, closed, err)
					}
				case err != nil:
					t.Errorf("%dx%d closed=%v: %v", n, m, closed, err)
				default:
					if err := check(w, n, m, moves.Hopido(), closed); err != nil {
						t.Errorf("%dx%d closed=%v: %v", n, m, closed, err)
					}
				}
			}
		}
	}
}
