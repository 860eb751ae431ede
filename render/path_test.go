package render

import (
	"testing"

	"github.com/boardgraph/boardgraph/board"
)

// fig4 is the numbered grid of the Diplomatico paper's Figure 4 (5x10,
// solved by tiling; the link is the move 25 -> 26).
var fig4 = [][]int{
	{17, 9, 2, 16, 8, 42, 34, 27, 41, 33},
	{4, 14, 19, 5, 13, 29, 39, 44, 30, 38},
	{1, 22, 25, 10, 21, 26, 47, 50, 35, 46},
	{18, 6, 3, 15, 7, 43, 31, 28, 40, 32},
	{24, 11, 20, 23, 12, 49, 36, 45, 48, 37},
}

// gridPath turns a numbered grid into a board and the path of cells.
func gridPath(t testing.TB, g [][]int) (*board.Board, []int32) {
	t.Helper()
	b, err := board.New(len(g), len(g[0]))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, row := range g {
		for _, x := range row {
			n = max(n, x)
		}
	}
	path := make([]int32, n)
	for r, row := range g {
		for c, x := range row {
			if x > 0 {
				path[x-1] = b.Cell(r, c)
			} else if x < 0 {
				b.SetBlocked(b.Cell(r, c), true)
			}
		}
	}
	return b, path
}

func TestFig4Dump(t *testing.T) {
	b, path := gridPath(t, fig4)
	for _, tc := range []struct {
		name string
		opt  PathOptions
	}{
		{"fig4", PathOptions{Highlight: []int{25}}},
		{"fig4-arrows", PathOptions{Arrows: true, Highlight: []int{25}}},
		{"fig4-numbers", PathOptions{Show: ShowNumbers}},
		{"fig4-path", PathOptions{Show: ShowPath}},
	} {
		pic, err := Path(b, path, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		dump(t, tc.name, pic)
	}
}
