package render

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
)

// TestLeapCurves: a jump that would pass through another cell's centre
// ((0,3), (2,2)) is a quadratic curve bent 0.3 cell to the left of travel
// on odd steps and to the right on even ones; a (1,2) jump is straight.
// Straight collinear jumps would lie on one another (0->3 and 1->4 on a
// row); the curves keep them apart.
func TestLeapCurves(t *testing.T) {
	t.Parallel()
	b, err := board.New(3, 7)
	if err != nil {
		t.Fatal(err)
	}
	const cs = 40
	opt := PathOptions{Layout: Layout{CellSize: cs}, Show: ShowPath}
	// Steps 1 and 2: (0,3) jumps right along row 1; step 3: a (1,2)
	// knight move up to (0,4).
	path := []int32{b.Cell(1, 0), b.Cell(1, 3), b.Cell(1, 6), b.Cell(0, 4)}
	p, err := Path(b, path, opt)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(svgOf(t, p))
	m := regexp.MustCompile(`<path d="([^"]*)"`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no <path> in the SVG:\n%s", svg)
	}
	segs := regexp.MustCompile(`[MLQ][^MLQ]*`).FindAllString(m[1], -1)
	if len(segs) != 4 || segs[0][0] != 'M' || segs[1][0] != 'Q' || segs[2][0] != 'Q' || segs[3][0] != 'L' {
		t.Fatalf("path d=%q: want M, Q (0,3), Q (0,3), L (1,2)", m[1])
	}
	f := newFrame(3, 7, cs, 0)
	_, yRow := f.centre(1, 0)
	ctrlY := func(seg string) float64 {
		v, _ := strconv.ParseFloat(strings.Fields(seg[1:])[1], 64)
		return v
	}
	// Travelling right, left of travel is up (smaller y) on screen.
	if y := ctrlY(segs[1]); y != yRow-0.3*cs {
		t.Errorf("step 1 control y %v, want %v (0.3 cell to the left of travel)", y, yRow-0.3*cs)
	}
	if y := ctrlY(segs[2]); y != yRow+0.3*cs {
		t.Errorf("step 2 control y %v, want %v (0.3 cell to the right of travel)", y, yRow+0.3*cs)
	}
	// A (2,2) jump is curved too; (1,1) and (1,2) are not.
	for _, tc := range []struct {
		dr, dc int
		curved bool
	}{{2, 2, true}, {3, 0, true}, {0, 2, true}, {1, 2, false}, {1, 1, false}, {0, 1, false}, {3, 1, false}} {
		x1, y1 := float64(tc.dc)*cs, float64(tc.dr)*cs
		if _, _, got := bend(1, 0, 0, x1, y1, cs); got != tc.curved {
			t.Errorf("jump (%d,%d): curved %v, want %v", tc.dr, tc.dc, got, tc.curved)
		}
	}
	// The PNG draws the same curve: the apex of step 1 (half the control
	// point's 0.3-cell offset from the chord) is inked, the chord's
	// midpoint is not.
	img := decodePNG(t, p)
	xMid, _ := f.centre(1, 0)
	xMid += 1.5 * cs
	dark := func(x, y float64) bool {
		r, g, bl, _ := img.At(int(x), int(y)).RGBA()
		return r+g+bl < 3*0xc000
	}
	if !dark(xMid, yRow-0.15*cs) {
		t.Errorf("PNG: no ink at the apex of the curved (0,3) jump")
	}
	if dark(xMid, yRow) {
		t.Errorf("PNG: ink on the straight chord of a curved jump")
	}
}
