package render

import (
	"math"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
)

// TestHexGrid: the picture of the solved small hex puzzle has one hexagon
// per cell, one circle per node, one line per connection, every line
// along one of the three axes (0°, 60° or 120°), and it writes as PNG.
func TestHexGrid(t *testing.T) {
	t.Parallel()
	p, err := hexgrid.Parse([]byte("hex k=2\n2 . 4 . 1\n . 2 . . .\n2 . 5 . 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	sol, _, err := numberlink.Solve(t.Context(), p.Grid, numberlink.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pic, err := HexGrid(p.Grid, sol, HexGridOptions{})
	if err != nil {
		t.Fatal(err)
	}
	conns := 0
	for _, x := range sol {
		conns += int(x)
	}
	if n := count(pic, kindPolygon); n != 15 {
		t.Errorf("%d hexagons, want 15 cells", n)
	}
	if n := count(pic, kindCircle); n != len(p.Grid.Nodes) {
		t.Errorf("%d circles, want %d nodes", n, len(p.Grid.Nodes))
	}
	if n := count(pic, kindLine); n != conns {
		t.Errorf("%d lines, want %d connections", n, conns)
	}
	for _, it := range pic.items {
		if it.kind != kindLine {
			continue
		}
		a := math.Atan2(it.pts[3]-it.pts[1], it.pts[2]-it.pts[0]) * 180 / math.Pi
		a = math.Mod(a+360, 180)
		if d := math.Min(math.Abs(a-60), math.Abs(a-120)); math.Abs(a) > 0.01 && math.Abs(a-180) > 0.01 && d > 0.01 {
			t.Errorf("a bridge at %.2f°, not on a hex axis", a)
		}
	}
	decodePNG(t, pic)
	if _, err := HexGrid(p.Grid, sol[:2], HexGridOptions{}); err == nil {
		t.Error("a short solution was drawn")
	}
}
