package construct

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/verify"
)

var stLong = flag.Bool("long", false, "run the long knight s-t tests (every pair on 11x11 and 12x12, more random pairs)")

// stCheck builds the path and verifies it with the independent verifier.
func stCheck(t *testing.T, rows, cols int, s, e [2]int) {
	t.Helper()
	w, err := KnightPathBetween(rows, cols, s, e)
	if err != nil {
		t.Fatalf("%dx%d %v -> %v: %v", rows, cols, s, e, err)
	}
	path := make([]verify.Cell, 0, rows*cols)
	for r, c := range w {
		path = append(path, verify.Cell{Row: r + 1, Col: c + 1})
		if len(path) > rows*cols {
			t.Fatalf("%dx%d %v -> %v: walk longer than the board", rows, cols, s, e)
		}
	}
	rules := verify.Rules{Rows: rows, Cols: cols, Leapers: [][2]int{{1, 2}}, Name: "knight",
		Start: &verify.Cell{Row: s[0] + 1, Col: s[1] + 1}, End: &verify.Cell{Row: e[0] + 1, Col: e[1] + 1}}
	if err := verify.Path(rules, path); err != nil {
		t.Fatalf("%dx%d %v -> %v: %v", rows, cols, s, e, err)
	}
}

// stAllowed is the criterion of Conrad et al. (1994) written out
// independently of KnightEndsAllowed.
func stAllowed(n, m int, s, e [2]int) bool {
	if s == e {
		return false
	}
	white := func(c [2]int) bool { return (c[0]+c[1])%2 == 0 }
	if n*m%2 == 0 {
		return white(s) != white(e)
	}
	return white(s) && white(e)
}

// stAllPairs checks every unordered allowed pair (and its reverse on a
// sample) and the refusal of every forbidden pair.
func stAllPairs(t *testing.T, n int) {
	cells := n * n
	allowed := 0
	for a := range cells {
		for b := a + 1; b < cells; b++ {
			s, e := [2]int{a / n, a % n}, [2]int{b / n, b % n}
			if !stAllowed(n, n, s, e) {
				_, err := KnightPathBetween(n, n, s, e)
				var ee *EndsError
				if !errors.As(err, &ee) {
					t.Fatalf("%dx%d %v -> %v: forbidden pair gave %v", n, n, s, e, err)
				}
				continue
			}
			allowed++
			stCheck(t, n, n, s, e)
			if (a+b)%7 == 0 {
				stCheck(t, n, n, e, s)
			}
		}
	}
	t.Logf("%dx%d: %d allowed unordered pairs verified", n, n, allowed)
}

func TestKnightPathBetweenAllPairs(t *testing.T) {
	sizes := []int{6, 7, 8, 9, 10, 11, 12}
	if *stLong {
		for n := 13; n <= 26; n++ {
			sizes = append(sizes, n)
		}
	}
	for _, n := range sizes {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			t.Parallel()
			stAllPairs(t, n)
		})
	}
}

func TestKnightPathBetweenRandom(t *testing.T) {
	cases := []struct{ rows, cols, pairs int }{
		{12, 12, 40}, {13, 13, 40}, {16, 16, 20}, {25, 25, 20}, {50, 50, 10}, {101, 101, 5}, {30, 47, 10}, {6, 40, 10}, {1000, 1000, 2},
	}
	if *stLong {
		for i := range cases {
			cases[i].pairs *= 10
		}
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(tc.rows), uint64(tc.cols)))
			for done := 0; done < tc.pairs; {
				s := [2]int{rng.IntN(tc.rows), rng.IntN(tc.cols)}
				e := [2]int{rng.IntN(tc.rows), rng.IntN(tc.cols)}
				if !stAllowed(tc.rows, tc.cols, s, e) {
					continue
				}
				stCheck(t, tc.rows, tc.cols, s, e)
				done++
			}
		})
	}
}

func TestKnightPathBetweenRectangles(t *testing.T) {
	// Every allowed pair on a few rectangles; with -long on every n x m
	// with 6 <= n < m <= 16.
	shapes := [][2]int{{6, 7}, {7, 9}, {6, 13}, {7, 13}, {8, 13}, {7, 12}, {9, 14}}
	if *stLong {
		shapes = nil
		for n := 6; n <= 16; n++ {
			for m := n + 1; m <= 16; m++ {
				shapes = append(shapes, [2]int{n, m})
			}
		}
	}
	for _, sh := range shapes {
		t.Run(fmt.Sprintf("%dx%d", sh[0], sh[1]), func(t *testing.T) {
			t.Parallel()
			n, m := sh[0], sh[1]
			for a := range n * m {
				for b := a + 1; b < n*m; b++ {
					s, e := [2]int{a / m, a % m}, [2]int{b / m, b % m}
					if stAllowed(n, m, s, e) {
						stCheck(t, n, m, s, e)
					}
				}
			}
		})
	}
}

func TestKnightPathBetweenEveryStart(t *testing.T) {
	// Every start cell against a spread of end cells on boards of three to
	// six bands a side, so that s meets every block shape, every position
	// in it and every role of its block in the snake.
	sizes := []int{24, 25}
	ends := 3
	if *stLong {
		sizes = []int{24, 25, 30, 31, 40, 41, 48, 49}
		ends = 12
	}
	for _, n := range sizes {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(7, uint64(n)))
			for a := range n * n {
				s := [2]int{a / n, a % n}
				if n%2 == 1 && (s[0]+s[1])%2 == 1 {
					continue // no path on an odd board starts off the corners' colour
				}
				for done := 0; done < ends; {
					e := [2]int{rng.IntN(n), rng.IntN(n)}
					if stAllowed(n, n, s, e) {
						stCheck(t, n, n, s, e)
						done++
					}
				}
			}
		})
	}
}
