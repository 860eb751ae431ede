package render

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/numberlink"
)

// snake returns a boustrophedon path over every cell of b (a rook's path:
// it is only a picture input here).
func snake(b *board.Board) []int32 {
	path := make([]int32, 0, b.Cells())
	for r := range b.Rows {
		for c := range b.Cols {
			if r%2 == 1 {
				c = b.Cols - 1 - c
			}
			path = append(path, b.Cell(r, c))
		}
	}
	return path
}

// spiral returns a path through every cell of b ring by ring from the
// border inwards: every part of it spans the picture, the worst case for
// drawing it in coloured runs.
func spiral(b *board.Board) []int32 {
	path := make([]int32, 0, b.Cells())
	top, bottom, left, right := 0, b.Rows-1, 0, b.Cols-1
	for top <= bottom && left <= right {
		for c := left; c <= right; c++ {
			path = append(path, b.Cell(top, c))
		}
		for r := top + 1; r <= bottom; r++ {
			path = append(path, b.Cell(r, right))
		}
		if top < bottom {
			for c := right - 1; c >= left; c-- {
				path = append(path, b.Cell(bottom, c))
			}
		}
		if left < right {
			for r := bottom - 1; r > top; r-- {
				path = append(path, b.Cell(r, left))
			}
		}
		top, bottom, left, right = top+1, bottom-1, left+1, right-1
	}
	return path
}

func count(p *Picture, k itemKind) int {
	n := 0
	for _, it := range p.items {
		if it.kind == k {
			n++
		}
	}
	return n
}

// TestLegibility checks the automatic choice: numbers at 5x5 and 10x10,
// none at 200x200, where the whole path is still drawn as one polyline.
func TestLegibility(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		numbers    bool
	}{{5, 5, true}, {10, 10, true}, {30, 30, true}, {200, 200, false}} {
		b, _ := board.New(tc.rows, tc.cols)
		path := snake(b)
		p, err := Path(b, path, PathOptions{})
		if err != nil {
			t.Fatal(err)
		}
		texts := count(p, kindText)
		if want := map[bool]int{true: b.Cells(), false: 0}[tc.numbers]; texts != want {
			t.Errorf("%s: %d labels, want %d", b.Spec(), texts, want)
		}
		// Every move is drawn: one polyline, or 64 runs of a gradient.
		moves := 0
		for _, it := range p.items {
			if (it.kind == kindPolyline || it.kind == kindLine) && it.stroke != gridLine && it.stroke != ink {
				moves += len(it.pts)/2 - 1
			}
		}
		if moves != b.Cells()-1 {
			t.Errorf("%s: %d moves drawn, want %d", b.Spec(), moves, b.Cells()-1)
		}
		for _, it := range p.items {
			if it.kind == kindText && it.size < MinLabel {
				t.Errorf("%s: a label of %.2f pixels", b.Spec(), it.size)
			}
		}
	}
}

// TestShow checks what each Show mode draws on the Figure 4 board.
func TestShow(t *testing.T) {
	t.Parallel()
	b, path := gridPath(t, fig4)
	for _, tc := range []struct {
		show          Show
		labels, lines bool
	}{{ShowAuto, true, true}, {ShowNumbers, true, false}, {ShowPath, false, true}} {
		p, err := Path(b, path, PathOptions{Show: tc.show})
		if err != nil {
			t.Fatal(err)
		}
		if got := count(p, kindText) == 50; got != tc.labels {
			t.Errorf("show %d: labels %v, want %v", tc.show, got, tc.labels)
		}
		if got := count(p, kindPolyline)+count(p, kindRoute) > 0; got != tc.lines {
			t.Errorf("show %d: path %v, want %v", tc.show, got, tc.lines)
		}
	}
	// Labels read 1..50 at the cells of the grid.
	p, _ := Path(b, path, PathOptions{})
	svg := string(svgOf(t, p))
	for _, want := range []string{`<text x="36" y="139.06" font-size="20.16" text-anchor="middle" fill="#212529">1</text>`, `>50</text>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %s", want)
		}
	}
}

// TestPixels checks the PNG where the picture is known: the start cell of
// Figure 4 (3,1) is ringed green, the end (3,8) red, a blocked cell grey.
func TestPixels(t *testing.T) {
	t.Parallel()
	b, path := gridPath(t, [][]int{{1, 2, -1}, {4, 3, -1}})
	p, err := Path(b, path, PathOptions{Layout: Layout{CellSize: 40}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := p.Image()
	if err != nil {
		t.Fatal(err)
	}
	m := 10 // margin: 40/4
	at := func(r, c, dx, dy int) color.RGBA {
		return img.RGBAAt(m+c*40+20+dx, m+r*40+20+dy)
	}
	if got := at(0, 2, 0, 0); got != (color.RGBA{blockedC.R, blockedC.G, blockedC.B, 255}) {
		t.Errorf("blocked cell %v", got)
	}
	if got := at(0, 0, -12, 0); got != (color.RGBA{startC.R, startC.G, startC.B, 255}) {
		t.Errorf("start ring %v", got)
	}
	if got := at(1, 0, -12, 0); got != (color.RGBA{endC.R, endC.G, endC.B, 255}) {
		t.Errorf("end ring %v", got)
	}
	// Half way between steps 1 and 2 the path colour.
	if got := img.RGBAAt(m+40, m+20); got != (color.RGBA{pathC.R, pathC.G, pathC.B, 255}) {
		t.Errorf("path %v", got)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	b, _ := board.New(2, 2)
	b.SetBlocked(3, true)
	g, _, _ := numberlink.Figure4()
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"path off board", func() error { _, err := Path(b, []int32{0, 4}, PathOptions{}); return err }()},
		{"path on blocked", func() error { _, err := Path(b, []int32{0, 3}, PathOptions{}); return err }()},
		{"heat length", func() error { _, err := Heatmap(b, []float64{1}, nil, HeatOptions{}); return err }()},
		{"labels length", func() error { _, err := Heatmap(b, make([]float64, 4), []string{"x"}, HeatOptions{}); return err }()},
		{"edge off board", func() error { _, err := EdgeUsage(b, []Edge{{0, 9, 1}}, HeatOptions{}); return err }()},
		{"edge loop", func() error { _, err := EdgeUsage(b, []Edge{{1, 1, 1}}, HeatOptions{}); return err }()},
		{"edge weight", func() error { _, err := EdgeUsage(b, []Edge{{0, 1, -1}}, HeatOptions{}); return err }()},
		{"kgrid length", func() error { _, err := KGrid(g, numberlink.Solution{1}, KGridOptions{}); return err }()},
		{"kgrid over k", func() error {
			s := make(numberlink.Solution, len(g.Pairs))
			s[0] = 3
			_, err := KGrid(g, s, KGridOptions{})
			return err
		}()},
		{"tau replay", func() error {
			_, err := TauFrames(g, []numberlink.TauStep{{Step: 1, Node: 0, Word: numberlink.Word{0, 0, 0, 9}}}, KGridOptions{})
			return err
		}()},
	} {
		if !errors.Is(tc.err, ErrInput) {
			t.Errorf("%s: %v, want ErrInput", tc.name, tc.err)
		}
	}
	if err := (&Picture{Width: 1 << 14, Height: 1 << 14}).WritePNG(new(bytes.Buffer)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge PNG: %v", err)
	}
}

// TestScale checks the colour scale: its ends are the anchor colours, its
// OKLab lightness rises linearly, and it clamps.
func TestScale(t *testing.T) {
	t.Parallel()
	near := func(a, b color.NRGBA) bool {
		d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
		return d(a.R, b.R) <= 1 && d(a.G, b.G) <= 1 && d(a.B, b.B) <= 1
	}
	if c := Scale(0); !near(c, color.NRGBA{0x44, 0x01, 0x54, 255}) {
		t.Errorf("Scale(0) = %v", c)
	}
	if c := Scale(1); !near(c, color.NRGBA{0xfd, 0xe7, 0x25, 255}) {
		t.Errorf("Scale(1) = %v", c)
	}
	if Scale(-3) != Scale(0) || Scale(7) != Scale(1) || Scale(math.NaN()) != Scale(0) {
		t.Error("Scale does not clamp")
	}
	l0, l1 := lightness(Scale(0)), lightness(Scale(1))
	for i := range 101 {
		x := float64(i) / 100
		// 8-bit rounding and gamut clipping move lightness a little.
		if got, want := lightness(Scale(x)), l0+x*(l1-l0); math.Abs(got-want) > 0.02 {
			t.Errorf("lightness at %.2f is %.3f, want %.3f", x, got, want)
		}
	}
	if textOn(Scale(0)) != white || textOn(Scale(1)) != ink {
		t.Error("text colours do not contrast with the scale's ends")
	}
}

func TestNum(t *testing.T) {
	t.Parallel()
	for in, want := range map[float64]string{0: "0", 1.5: "1.5", 2.004: "2", 2.006: "2.01", -0.001: "0", 12.10: "12.1", 100: "100"} {
		if got := num(in); got != want {
			t.Errorf("num(%v) = %q, want %q", in, got, want)
		}
	}
}

// TestSave checks that Save picks the format by extension, leaves no
// temporary file, and writes nothing on failure.
func TestSave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, path := gridPath(t, fig4)
	p, _ := Path(b, path, PathOptions{Layout: Layout{CellSize: 10}})
	for _, name := range []string{"a.svg", "b.PNG"} {
		if err := p.Save(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Save(filepath.Join(dir, "c.gif")); !errors.Is(err, ErrFormat) {
		t.Errorf("c.gif: %v", err)
	}
	if err := p.Save(filepath.Join(dir, "no", "d.svg")); err == nil {
		t.Error("a missing directory was not reported")
	}
	huge := &Picture{Width: 1 << 14, Height: 1 << 14}
	if err := huge.Save(filepath.Join(dir, "e.png")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("e.png: %v", err)
	}
	es, _ := os.ReadDir(dir)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "a.svg b.PNG" {
		t.Errorf("directory holds %v", names)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.svg"))
	if !bytes.HasPrefix(a, []byte("<svg ")) || !bytes.HasSuffix(a, []byte("</svg>\n")) {
		t.Error("a.svg is not a whole SVG document")
	}
	png, _ := os.ReadFile(filepath.Join(dir, "b.PNG"))
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Error("b.PNG is not a PNG")
	}
}

// TestTauFrames checks that the frames replay τ: frame i has the
// connections of steps 1..i, and the last frame equals τ's final state.
func TestTauFrames(t *testing.T) {
	t.Parallel()
	g, _, _ := numberlink.Figure4()
	res, _ := numberlink.Tau(t.Context(), g, numberlink.Rules{})
	frames, err := TauFrames(g, res.Steps, KGridOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(res.Steps)+1 {
		t.Fatalf("%d frames for %d steps", len(frames), len(res.Steps))
	}
	final, _ := KGrid(g, res.State.Conn, KGridOptions{Node: -1})
	// The last frame draws the same bridges as the final state (it differs
	// only in colours and the caption).
	lines := func(p *Picture) int { return count(p, kindLine) }
	if lines(frames[len(frames)-1]) != lines(final) || lines(frames[0]) != 0 {
		t.Errorf("bridge lines: first frame %d, last %d, final state %d", lines(frames[0]), lines(frames[len(frames)-1]), lines(final))
	}
	for i := 1; i < len(frames); i++ {
		if lines(frames[i]) < lines(frames[i-1]) {
			t.Errorf("frame %d has fewer bridges than frame %d", i, i-1)
		}
		if want := fmt.Sprintf(">%d/%d: step %d: node", i, len(res.Steps), res.Steps[i-1].Step); !strings.Contains(string(svgOf(t, frames[i])), want) {
			t.Errorf("frame %d's caption does not describe its step", i)
		}
	}
}

// BenchmarkPathPNG renders a path through every cell of a square board
// (a boustrophedon: the cost depends on the number of moves, not on which
// moves they are) to PNG: at the default size (numbers dropped; 1000x1000
// gets 1-pixel cells) and with 4-pixel cells (a 4008-pixel square image).
func BenchmarkPathPNG(b *testing.B) {
	for _, tc := range []struct {
		n      int
		cs     float64
		spiral bool
	}{{200, 0, false}, {1000, 0, false}, {1000, 4, false}, {1000, 4, true}} {
		bd, _ := board.New(tc.n, tc.n)
		path, name := snake(bd), "snake"
		if tc.spiral {
			path, name = spiral(bd), "spiral"
		}
		b.Run(fmt.Sprintf("%s/%s/cell=%v", bd.Spec(), name, tc.cs), func(b *testing.B) {
			var buf bytes.Buffer
			var w float64
			for b.Loop() {
				p, err := Path(bd, path, PathOptions{Layout: Layout{CellSize: tc.cs}})
				if err != nil {
					b.Fatal(err)
				}
				w = p.Width
				buf.Reset()
				if err := p.WritePNG(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(w, "px-wide")
			b.ReportMetric(float64(buf.Len())/1e6, "MB")
		})
	}
}

// TestEdgeWidths checks the edge-usage encoding on 5x5 Diplomatico: every
// move is drawn once, wider and lighter the more paths use it, and a move
// no path uses is thin and grey.
func TestEdgeWidths(t *testing.T) {
	t.Parallel()
	b, _, edges := stats5x5(t)
	edges = append(edges, Edge{A: 0, B: 24, Weight: 0}) // not a move: used by no path
	p, err := EdgeUsage(b, edges, HeatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var arcs []item
	for _, it := range p.items {
		if it.kind == kindPolyline {
			arcs = append(arcs, it)
		}
	}
	if len(arcs) != len(edges) {
		t.Fatalf("%d arcs for %d edges", len(arcs), len(edges))
	}
	// Drawn lightest first: widths and lightness never decrease.
	if arcs[0].stroke != unusedC {
		t.Errorf("the unused edge is drawn in %v", arcs[0].stroke)
	}
	for i := 2; i < len(arcs); i++ {
		if arcs[i].width < arcs[i-1].width || lightness(arcs[i].stroke) < lightness(arcs[i-1].stroke)-1e-9 {
			t.Fatalf("arc %d is narrower or darker than arc %d", i, i-1)
		}
	}
	// The last arc drawn carries the largest count, in the scale's top
	// colour.
	maxW := 0.0
	for _, e := range edges {
		maxW = max(maxW, e.Weight)
	}
	if last := arcs[len(arcs)-1]; last.stroke != Scale(1) {
		t.Errorf("the heaviest edge (%v paths) is %v, want the top of the scale", maxW, last.stroke)
	}
}
