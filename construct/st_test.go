package construct

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/verify"
)

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

// stRefused fails t unless KnightPathBetween refuses the ends s and e,
// which the colour rule forbids (stAllowed), with an *EndsError.
func stRefused(t *testing.T, rows, cols int, s, e [2]int) {
	t.Helper()
	_, err := KnightPathBetween(rows, cols, s, e)
	var ee *EndsError
	if !errors.As(err, &ee) {
		t.Fatalf("%dx%d %v -> %v: forbidden pair gave %v", rows, cols, s, e, err)
	}
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
				stRefused(t, n, n, s, e)
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
	if testfix.Long() {
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
	if testfix.Long() {
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
	// Every allowed pair on a few rectangles; with BOARDGRAPH_LONG=1 on every n x m
	// with 6 <= n < m <= 16.
	shapes := [][2]int{{6, 7}, {7, 9}, {6, 13}, {7, 13}, {8, 13}, {7, 12}, {9, 14}}
	if testfix.Long() {
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
	if testfix.Long() {
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

func TestKnightPathBetweenErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		rows, cols int
		s, e       [2]int
		ends       bool   // an *EndsError is expected
		want       string // part of the message
	}{
		{"small", 5, 8, [2]int{0, 0}, [2]int{0, 1}, false, "at least 6"},
		{"outside", 8, 8, [2]int{0, 0}, [2]int{8, 1}, false, "outside the 8x8 board"},
		{"negative", 8, 8, [2]int{-1, 0}, [2]int{0, 1}, false, "outside"},
		{"same cell", 8, 8, [2]int{3, 3}, [2]int{3, 3}, true, "same cell"},
		{"even same colour", 8, 8, [2]int{0, 0}, [2]int{7, 7}, true, "different colours (Conrad"},
		{"odd off colour", 9, 9, [2]int{0, 1}, [2]int{8, 8}, true, "corners' colour (Conrad"},
		{"odd both off", 1001, 1001, [2]int{0, 1}, [2]int{1, 0}, true, "corners' colour"},
		{"rectangle even", 6, 7, [2]int{0, 0}, [2]int{0, 2}, true, "different colours"},
	}
	for _, tc := range cases {
		w, err := KnightPathBetween(tc.rows, tc.cols, tc.s, tc.e)
		if err == nil || w != nil {
			t.Fatalf("%s: got a walk, want an error", tc.name)
		}
		var ee *EndsError
		if errors.As(err, &ee) != tc.ends {
			t.Errorf("%s: %v: EndsError %v, want %v", tc.name, err, !tc.ends, tc.ends)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %q does not mention %q", tc.name, err, tc.want)
		}
	}
}

func TestKnightPathBetweenWalkTwice(t *testing.T) {
	t.Parallel()
	w, err := KnightPathBetween(40, 40, [2]int{17, 3}, [2]int{22, 31})
	if err != nil {
		t.Fatal(err)
	}
	var first [][2]int
	for r, c := range w {
		first = append(first, [2]int{r, c})
	}
	i := 0
	for r, c := range w {
		if first[i] != [2]int{r, c} {
			t.Fatalf("second walk differs at step %d", i+1)
		}
		i++
	}
	if i != 1600 {
		t.Fatalf("second walk has %d cells", i)
	}
	n := 0
	for range w {
		n++
		if n == 10 {
			break
		}
	}
	if n != 10 {
		t.Fatalf("early stop after %d cells", n)
	}
}

func TestKnightPathBetweenStress(t *testing.T) {
	// Random sizes and pairs; every tenth path is walked and verified, the
	// others only built (building finds every block's cover, so a layout
	// failure shows as an error).
	testfix.SkipUnlessLong(t, "long knight s-t test")
	rng := rand.New(rand.NewPCG(11, 13))
	for i := range 200000 {
		n, m := 12+rng.IntN(120), 12+rng.IntN(120)
		if i%2 == 0 {
			m = n
		}
		var s, e [2]int
		for {
			s, e = [2]int{rng.IntN(n), rng.IntN(m)}, [2]int{rng.IntN(n), rng.IntN(m)}
			if rng.IntN(3) == 0 {
				// Near each other: the same or neighbouring blocks.
				e = [2]int{min(n-1, max(0, s[0]+rng.IntN(9)-4)), min(m-1, max(0, s[1]+rng.IntN(9)-4))}
			}
			if stAllowed(n, m, s, e) {
				break
			}
		}
		if i%10 == 0 {
			stCheck(t, n, m, s, e)
		} else if _, err := KnightPathBetween(n, m, s, e); err != nil {
			t.Fatalf("%dx%d %v -> %v: %v", n, m, s, e, err)
		}
	}
}

// FuzzKnightPathBetween: for any board of 6..40 a side and any two cells
// on it, the result is either a path the verifier accepts or the colour
// rule's refusal, and the refusal happens exactly when the rule forbids.
func FuzzKnightPathBetween(f *testing.F) {
	f.Add(uint8(8), uint8(8), uint8(0), uint8(0), uint8(7), uint8(6))
	f.Add(uint8(13), uint8(7), uint8(2), uint8(6), uint8(4), uint8(6))
	f.Add(uint8(25), uint8(25), uint8(12), uint8(12), uint8(11), uint8(11))
	f.Fuzz(func(t *testing.T, n, m, a, b, c, d uint8) {
		rows, cols := 6+int(n)%35, 6+int(m)%35
		s := [2]int{int(a) % rows, int(b) % cols}
		e := [2]int{int(c) % rows, int(d) % cols}
		if !stAllowed(rows, cols, s, e) {
			stRefused(t, rows, cols, s, e)
			return
		}
		stCheck(t, rows, cols, s, e)
	})
}
