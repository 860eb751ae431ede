package verify_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/verify"
)

var hopido = [][2]int{{3, 0}, {2, 2}}

// fig4 is Figure 4 of the Diplomatico paper: a 5x10 board solved by tiling
// two 5x5 halves (Appendix A, Lemma A.2).
const fig4 = `
17  9  2 16  8 42 34 27 41 33
 4 14 19  5 13 29 39 44 30 38
 1 22 25 10 21 26 47 50 35 46
18  6  3 15  7 43 31 28 40 32
24 11 20 23 12 49 36 45 48 37
`

// fig5 is Figure 5 of the paper: two 5x6 boards stacked into 10x6
// (Lemma A.4).
const fig5 = `
10  5  2 26  8  3
22 15 12 21 18 13
 1 27  9  4 28 25
11  6 19 14  7 20
23 16 29 24 17 30
44 49 56 43 48 55
52 35 46 51 34 41
38 58 32 37 57 31
45 50 53 42 47 54
60 36 39 59 33 40
`

func grid(t *testing.T, s string) verify.Grid {
	t.Helper()
	g, err := verify.ParseGrid(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func path(t *testing.T, s string) []verify.Cell {
	t.Helper()
	p, err := verify.GridPath(grid(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func rules(rows, cols int) verify.Rules {
	return verify.Rules{Rows: rows, Cols: cols, Leapers: hopido}
}

func TestPaperFiguresAreValid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		text       string
		rows, cols int
		start, end verify.Cell
	}{
		{"figure4", fig4, 5, 10, verify.Cell{3, 1}, verify.Cell{3, 8}},
		{"figure5", fig5, 10, 6, verify.Cell{3, 1}, verify.Cell{10, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := rules(tc.rows, tc.cols)
			r.Start, r.End = &tc.start, &tc.end
			if err := verify.CheckGrid(r, grid(t, tc.text)); err != nil {
				t.Fatalf("paper's %s rejected: %v", tc.name, err)
			}
		})
	}
}

func TestVectors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		leapers [][2]int
		want    int
	}{
		{"hopido", hopido, 8},
		{"knight", [][2]int{{1, 2}}, 8},
		{"king", [][2]int{{1, 0}, {1, 1}}, 8},
		{"wazir-twice", [][2]int{{0, 1}, {1, 0}}, 4},
		{"null", [][2]int{{0, 0}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := verify.Vectors(tc.leapers)
			if len(v) != tc.want {
				t.Fatalf("got %d vectors %v, want %d", len(v), v, tc.want)
			}
			for _, d := range v {
				// every vector's mirror images are vectors too
				for _, m := range [][2]int{{-d[0], d[1]}, {d[0], -d[1]}, {d[1], d[0]}} {
					found := false
					for _, w := range v {
						found = found || w == m
					}
					if !found {
						t.Errorf("%v present but %v missing", d, m)
					}
				}
			}
		})
	}
}

func TestSmallValid(t *testing.T) {
	t.Parallel()
	king := [][2]int{{1, 0}, {1, 1}}
	blocked := make([]bool, 6)
	blocked[5] = true // 2,3
	for _, tc := range []struct {
		name string
		r    verify.Rules
		p    []verify.Cell
	}{
		{"1x1", verify.Rules{Rows: 1, Cols: 1, Leapers: hopido}, []verify.Cell{{1, 1}}},
		{"king-closed-2x3", verify.Rules{Rows: 2, Cols: 3, Leapers: king, Closed: true},
			[]verify.Cell{{1, 1}, {1, 2}, {1, 3}, {2, 3}, {2, 2}, {2, 1}}},
		{"king-blocked", verify.Rules{Rows: 2, Cols: 3, Leapers: king, Blocked: blocked},
			[]verify.Cell{{2, 1}, {1, 1}, {1, 2}, {2, 2}, {1, 3}}},
		{"givens", verify.Rules{Rows: 2, Cols: 3, Leapers: king, Givens: []int{0, 0, 3, 0, 5, 0}},
			[]verify.Cell{{1, 1}, {1, 2}, {1, 3}, {2, 3}, {2, 2}, {2, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if err := verify.Path(tc.r, tc.p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func swap(p []verify.Cell, i, j int) []verify.Cell {
	q := append([]verify.Cell(nil), p...)
	q[i], q[j] = q[j], q[i]
	return q
}

// TestCorruptions breaks a valid path in every way the verifier must catch
// and checks the exact message and the step it names.
func TestCorruptions(t *testing.T) {
	t.Parallel()
	good := path(t, fig4) // 5x10, from 3,1 to 3,8
	r := rules(5, 10)
	at := func(c verify.Cell) *verify.Cell { return &c }
	blocked := make([]bool, 50)
	blocked[2*10+3] = true // 3,4, step 10 of figure 4
	givens := make([]int, 50)
	givens[0] = 5 // 1,1 holds 17 in figure 4
	for _, tc := range []struct {
		name string
		r    verify.Rules
		p    []verify.Cell
		step int
		msg  string
	}{
		{"not-a-move", r, swap(good, 16, 17), 17,
			"step 16 -> 17: 1,4 to 4,1 is not a move of 3,0+2,2"},
		{"named-moves", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Name: "hopido"}, swap(good, 16, 17), 17,
			"step 16 -> 17: 1,4 to 4,1 is not a move of hopido"},
		{"knight-rules", verify.Rules{Rows: 5, Cols: 10, Leapers: [][2]int{{1, 2}}}, good, 2,
			"step 1 -> 2: 3,1 to 1,3 is not a move of 1,2"},
		{"outside", r, append(good[:3:3], verify.Cell{6, 1}), 4,
			"step 4: 6,1 is outside the 5x10 board"},
		{"zero-row", r, []verify.Cell{{0, 1}}, 1,
			"step 1: 0,1 is outside the 5x10 board"},
		{"repeat", r, append(good[:3:3], good[0]), 4,
			"step 4: 3,1 was already visited at step 1"},
		{"short", r, good[:49], 0,
			"the path visits 49 of 50 open cells; 3,8 is never visited"},
		{"blocked", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Blocked: blocked}, good, 10,
			"step 10: 3,4 is a blocked cell"},
		{"given", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Givens: givens}, good, 17,
			"step 17: 1,1 holds the given 5, so it must be step 5"},
		{"start", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Start: at(verify.Cell{1, 1})}, good, 1,
			"step 1: the path starts at 3,1 but must start at 1,1"},
		{"end", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, End: at(verify.Cell{5, 10})}, good, 50,
			"step 50: the path ends at 3,8 but must end at 5,10"},
		{"not-closed", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Closed: true}, good, 50,
			"step 50 -> 1: 3,8 to 3,1 is not a move of 3,0+2,2, so the tour is not closed"},
		{"empty", r, nil, 0, "the path is empty"},
		{"no-board", verify.Rules{Leapers: hopido}, good, 0, "the board 0x0 has no cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := verify.Path(tc.r, tc.p)
			if err == nil {
				t.Fatal("corrupted path accepted")
			}
			if !errors.Is(err, verify.ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			var ve *verify.Error
			if !errors.As(err, &ve) || ve.Step != tc.step {
				t.Errorf("step = %+v, want %d", ve, tc.step)
			}
			if err.Error() != tc.msg {
				t.Errorf("message\n got %q\nwant %q", err.Error(), tc.msg)
			}
		})
	}
}

func TestGridCorruptions(t *testing.T) {
	t.Parallel()
	blocked := make([]bool, 50)
	blocked[0] = true
	for _, tc := range []struct {
		name string
		r    verify.Rules
		text string
		msg  string
	}{
		{"duplicate", rules(5, 10), strings.Replace(fig4, "50", "49", 1),
			"step 49: the number 49 appears at 3,8 and at 5,6"},
		{"too-big", rules(5, 10), strings.Replace(fig4, "50", "51", 1),
			"cell 3,8 holds 51, but the grid has only 50 open cells"},
		{"no-number", rules(5, 10), strings.Replace(fig4, "50", " .", 1),
			"cell 3,8 has no number"},
		{"shape", rules(5, 9), fig4, "the grid is 5x10 but the board is 5x9"},
		{"blocked-on-board", verify.Rules{Rows: 5, Cols: 10, Leapers: hopido, Blocked: blocked}, fig4,
			"cell 1,1 is blocked on the board but holds a number in the grid"},
		{"blocked-in-grid", rules(5, 10), strings.Replace(fig4, "17", " #", 1),
			"cell 1,1 is open on the board but blocked in the grid"},
		{"swapped", rules(5, 10), strings.Replace(strings.Replace(fig4, "17", "XX", 1), "18", "17", 1),
			""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			text := strings.Replace(tc.text, "XX", "18", 1)
			g, err := verify.ParseGrid(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			err = verify.CheckGrid(tc.r, g)
			if err == nil {
				t.Fatal("corrupted grid accepted")
			}
			if !errors.Is(err, verify.ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("message\n got %q\nwant %q", err.Error(), tc.msg)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
		grid             bool
	}{
		{"path-junk", "1,1\n2,x\n", "line 2", false},
		{"path-empty", "\n// nothing\n", "no cells", false},
		{"grid-junk", "1 2\n3 z\n", `"z" is not a cell`, true},
		{"grid-ragged", "1 2\n3\n", "every row needs the same width", true},
		{"grid-negative", "1 -2\n", `"-2" is not a cell`, true},
		{"grid-two", "1 2\n\n3 4\n", "one grid per file", true},
		{"grid-empty", "   \n", "no rows", true},
		// Over-long lines are named, not "bufio.Scanner: token too long".
		{"path-long-line", "1,1\n" + strings.Repeat("1,", 1<<19) + "\n", "line 2 is longer than 1 MiB; write one row,col per line", false},
		{"grid-long-line", strings.Repeat("1 ", 9<<20) + "\n", "line 1 is longer than 16 MiB", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var err error
			if tc.grid {
				_, err = verify.ParseGrid(strings.NewReader(tc.text))
			} else {
				_, err = verify.ParsePath(strings.NewReader(tc.text))
			}
			if err == nil || !errors.Is(err, verify.ErrSyntax) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an ErrSyntax mentioning %q", err, tc.want)
			}
		})
	}
}

func TestParsePathRoundTrip(t *testing.T) {
	t.Parallel()
	p, err := verify.ParsePath(strings.NewReader("// figure 4\n3,1\n 1 , 3 \n\n# comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p) != 2 || p[0] != (verify.Cell{3, 1}) || p[1] != (verify.Cell{1, 3}) {
		t.Fatalf("got %v", p)
	}
}

func FuzzParseGrid(f *testing.F) {
	f.Add(fig4)
	f.Add(fig5)
	f.Add("1 # 2\n. 3 4\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := verify.ParseGrid(strings.NewReader(s))
		if err != nil {
			return
		}
		// Any parsed grid can be checked without a panic.
		_ = verify.CheckGrid(verify.Rules{Rows: g.Rows, Cols: g.Cols, Leapers: hopido}, g)
	})
}

func FuzzParsePath(f *testing.F) {
	f.Add("1,1\n2,2\n")
	f.Add("3,1\n1,3\n-1,5\n")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := verify.ParsePath(strings.NewReader(s))
		if err != nil {
			return
		}
		_ = verify.Path(verify.Rules{Rows: 3, Cols: 3, Leapers: hopido, Closed: true}, p)
	})
}
