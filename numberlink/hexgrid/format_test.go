package hexgrid

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
)

func TestFormatRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		rows, cols, k := 1+rng.IntN(9), 1+rng.IntN(9), 1+rng.IntN(4)
		clues := make([]int, rows*cols)
		for j := range clues {
			if rng.IntN(3) != 0 {
				continue // empty
			}
			clues[j] = 1 + rng.IntN(6*k)
		}
		clues[rng.IntN(len(clues))] = 1 // at least one node
		g, err := NewGrid(rows, cols, k, clues)
		if err != nil {
			t.Fatal(err)
		}
		rules := Rules{NoLoops: i%3 == 1, AllowDisconnected: i%4 == 2}
		text := Format(g, rules)
		p, err := Parse(text)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if p.Grid.Rows != rows || p.Grid.Cols != cols || p.Grid.K != k || p.Rules != rules || !slices.Equal(p.Grid.Clues(), clues) {
			t.Fatalf("case %d: text round trip changed the puzzle\n%s", i, text)
		}
		data, err := json.Marshal(ToJSON(g, rules, nil))
		if err != nil {
			t.Fatal(err)
		}
		if !IsHex(data) || !IsHex(text) {
			t.Fatalf("case %d: not recognised as hex", i)
		}
		q, err := Parse(data)
		if err != nil || !slices.Equal(q.Grid.Clues(), clues) || q.Rules != rules || q.Grid.K != k {
			t.Fatalf("case %d: JSON round trip: %v", i, err)
		}
	}
}

func TestFormatLooksLikeTheBoard(t *testing.T) {
	g, err := NewGrid(3, 3, 2, []int{2, 0, 12, 0, 3, 0, 1, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	got := string(Format(g, Rules{}))
	// Widest clue 12: cells are 2 wide on a 4-character pitch, odd rows
	// indented by half of it.
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	if lines[0] != "hex k=2" || lines[1] != " 2   .  12" || lines[2] != "   .   3   ." || lines[3] != " 1   .   ." {
		t.Fatalf("got\n%s", got)
	}
}

func TestParseFile(t *testing.T) {
	data := testfix.ReadFile(t, "testdata/small.hex")
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	g := p.Grid
	if g.Rows != 3 || g.Cols != 5 || g.K != 2 || len(g.Nodes) != 7 {
		t.Fatalf("%dx%d k=%d, %d nodes", g.Rows, g.Cols, g.K, len(g.Nodes))
	}
	// The 2 at (2,2) (1-based; the shifted row) has two neighbours: NE the
	// 4 at (1,3) and SE the 5 at (3,3); W, E, NW and SW are empty lines.
	i := g.NodeAt(1, 1)
	nb := func(d numberlink.Direction) [2]int {
		if j := g.Nbr[i][d]; j >= 0 {
			return [2]int{g.Nodes[j].Row + 1, g.Nodes[j].Col + 1}
		}
		return [2]int{}
	}
	if nb(numberlink.HexNE) != [2]int{1, 3} || nb(numberlink.HexSE) != [2]int{3, 3} || nb(numberlink.HexE) != [2]int{} || nb(numberlink.HexW) != [2]int{} || nb(numberlink.HexNW) != [2]int{} || nb(numberlink.HexSW) != [2]int{} || g.Degree(int(i)) != 2 {
		t.Fatalf("neighbours %v", g.Nbr[i])
	}
	n, _, _, err := numberlink.Count(t.Context(), g, 0, SolveOptions{})
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v; want 1", n, err)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "no header line"},
		{"2 . 1\n", "the first line must be the header"},
		{"hex k=0\n1 1\n", "k=K with K in 1..20"},
		{"hex k=2 wide\n1 1\n", "unknown header word"},
		{"hex\n", "no rows"},
		{"hex\n. .\n", "no nodes"},
		{"hex\n1 1\n1\n", "give every row the same number of cells"},
		{"hex\n1 x\n", "write '.' for an empty cell"},
		{"hex\n1 -1\n", "write '.' for an empty cell"},
		{`{"grid":"square","rows":1,"cols":1,"k":2,"clues":[[1]]}`, `a hex puzzle has "grid": "hex"`},
		{`{"grid":"hex","rows":2,"cols":1,"k":2,"clues":[[1]]}`, "give one array per row"},
		{`{"grid":"hex","rows":1,"cols":1,"k":0,"clues":[[1]]}`, "bad bridge limit"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in))
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
	if _, err := Read(bytes.NewReader(make([]byte, MaxInput+10))); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("oversized input: %v", err)
	}
}

func TestSolutionRoundTrip(t *testing.T) {
	data, _ := os.ReadFile("testdata/small.hex")
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	sol, _, err := numberlink.Solve(t.Context(), p.Grid, SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := FormatSolution(p.Grid, sol)
	bs, err := ParseSolution(text)
	if err != nil {
		t.Fatal(err)
	}
	back, err := SolutionFromBridges(p.Grid, bs)
	if err != nil || !slices.Equal(back, sol) {
		t.Fatalf("text solution round trip: %v %v %v", err, back, sol)
	}
	js, _ := json.Marshal(ToJSON(p.Grid, p.Rules, sol))
	bs, err = ParseSolution(js)
	if err != nil {
		t.Fatal(err)
	}
	back, err = SolutionFromBridges(p.Grid, bs)
	if err != nil || !slices.Equal(back, sol) {
		t.Fatalf("JSON solution round trip: %v", err)
	}
	if _, err := ParseSolution([]byte("1,1 1,3\n")); err == nil || !strings.Contains(err.Error(), "R1,C1 R2,C2 N") {
		t.Fatalf("short line: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	data, _ := os.ReadFile("testdata/small.hex")
	f.Add(data)
	f.Add([]byte("hex k=3 noloops\n1 . 2\n . 3 .\n"))
	f.Add([]byte(`{"grid":"hex","layout":"odd-r","rows":1,"cols":2,"k":2,"clues":[[1,1]]}`))
	f.Add([]byte("hex\n99999999999999999999 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error not wrapping ErrFormat: %v", err)
			}
			return
		}
		// Whatever parses, writes and parses back to the same puzzle.
		q, err := Parse(Format(p.Grid, p.Rules))
		if err != nil || !slices.Equal(q.Grid.Clues(), p.Grid.Clues()) || q.Rules != p.Rules || q.Grid.K != p.Grid.K {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzParseSolution(f *testing.F) {
	f.Add([]byte("1,1 1,3 2\n1,3 2,3 1\n"))
	f.Add([]byte(`{"bridges":[{"from":[1,1],"to":[1,3],"n":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		bs, err := ParseSolution(data)
		if err != nil {
			return
		}
		g, _ := NewGrid(2, 3, 2, []int{1, 0, 2, 0, 0, 1})
		if sol, err := SolutionFromBridges(g, bs); err == nil {
			_ = Verify(g, Rules{}, sol) // must not panic
		}
	})
}
