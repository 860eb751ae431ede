package render

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/numberlink"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		testfix.WriteFile(t, path, got)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (%d bytes, want %d); run go test -update and look at the picture", name, path, len(got), len(want))
	}
}

// brute enumerates every directed Hamiltonian path of the move graph of b
// by plain depth-first search (tiny, obvious, slow) and calls f on each.
func brute(b *board.Board, ms moves.Set, f func(path []int32)) {
	bg := moves.Build(b, ms)
	n := bg.N()
	used := make([]bool, n)
	path := make([]int32, 0, n)
	var dfs func(v int32)
	dfs = func(v int32) {
		used[v] = true
		path = append(path, v)
		if len(path) == n {
			cells := make([]int32, n)
			for i, w := range path {
				cells[i] = bg.CellOf[w]
			}
			f(cells)
		}
		for _, w := range bg.Neighbors(v) {
			if !used[w] {
				dfs(w)
			}
		}
		used[v] = false
		path = path[:len(path)-1]
	}
	for v := range int32(n) {
		dfs(v)
	}
}

// stats5x5 returns the per-start counts and the edge usage of 5x5
// Diplomatico, by brute force.
func stats5x5(t testing.TB) (*board.Board, []float64, []Edge) {
	b, _ := board.New(5, 5)
	per := make([]float64, 25)
	use := map[[2]int32]float64{}
	brute(b, moves.Hopido(), func(p []int32) {
		per[p[0]]++
		for i := 1; i < len(p); i++ {
			a, z := min(p[i-1], p[i]), max(p[i-1], p[i])
			use[[2]int32{a, z}]++
		}
	})
	bg := moves.Build(b, moves.Hopido())
	var edges []Edge
	for v := range int32(bg.N()) {
		for _, w := range bg.Neighbors(v) {
			if v < w {
				a, z := bg.CellOf[v], bg.CellOf[w]
				edges = append(edges, Edge{a, z, use[[2]int32{a, z}]})
			}
		}
	}
	return b, per, edges
}

func svgOf(t testing.TB, p *Picture) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// decodePNG writes the picture as PNG and decodes it again.
func decodePNG(t testing.TB, p *Picture) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pixelHash hashes the decoded pixels of the picture's PNG, so that the
// golden does not depend on the PNG encoder's compression.
func pixelHash(t testing.TB, p *Picture) string {
	t.Helper()
	img := decodePNG(t, p)
	h := sha256.New()
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, a := img.At(x, y).RGBA()
			h.Write([]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8), byte(a >> 8)})
		}
	}
	return hex.EncodeToString(h.Sum(nil)) + "\n"
}

// pictures returns one picture of every kind, by name.
func pictures(t testing.TB) map[string]*Picture {
	out := map[string]*Picture{}
	add := func(name string, p *Picture, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = p
	}
	b, path := gridPath(t, fig4)
	p, err := Path(b, path, PathOptions{Highlight: []int{25}})
	add("path-fig4", p, err)
	p, err = Path(b, path, PathOptions{Highlight: []int{25}, Arrows: true})
	add("path-fig4-arrows", p, err)
	p, err = Path(b, path, PathOptions{Show: ShowNumbers})
	add("path-fig4-numbers", p, err)
	p, err = Path(b, path, PathOptions{Show: ShowPath, Arrows: true})
	add("path-fig4-path", p, err)
	b5, per, edges := stats5x5(t)
	p, err = Heatmap(b5, per, nil, HeatOptions{Title: "5x5 Diplomatico: directed paths by start cell"})
	add("heatmap-5x5", p, err)
	p, err = EdgeUsage(b5, edges, HeatOptions{Title: "5x5 Diplomatico: paths using each move"})
	add("edges-5x5", p, err)
	g, _, _ := numberlink.Figure4()
	res, err := numberlink.Tau(context.Background(), g, numberlink.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	p, err = KGrid(g, res.State.Conn, KGridOptions{})
	add("kgrid-fig4", p, err)
	p, err = KGrid(g, nil, KGridOptions{})
	add("kgrid-fig4-puzzle", p, err)
	frames, err := TauFrames(g, res.Steps, KGridOptions{})
	if err != nil {
		t.Fatal(err)
	}
	add("tau-fig4-000", frames[0], nil)
	add("tau-fig4-003", frames[3], nil)
	return out
}

// TestGolden checks every picture kind against its golden SVG text and the
// hash of its PNG's pixels (testdata/*.golden; go test -update rewrites
// them, then look at the pictures: RENDER_OUT=dir writes them out).
func TestGolden(t *testing.T) {
	for name, p := range pictures(t) {
		t.Run(name, func(t *testing.T) {
			golden(t, name+".svg", svgOf(t, p))
			golden(t, name+".png.sha256", []byte(pixelHash(t, p)))
			dump(t, name, p)
		})
	}
}
