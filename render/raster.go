//go:build !(js && wasm)

// The rasteriser and the Go fonts it draws text with are left out of the
// page's WebAssembly engine (GOOS=js GOARCH=wasm; raster_wasm.go), where
// they were nearly a fifth of its size: the page draws PNG from the SVG.

package render

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Image rasterises the picture onto a white RGBA image of
// ceil(Width) x ceil(Height) pixels, with anti-aliasing
// (golang.org/x/image/vector). Strokes are turned into polygons: one quad
// per segment plus round joins when the stroke is wide enough to show them.
// The result depends only on the picture.
//
// The cost is proportional to the number of segments plus, for each run of
// consecutive shapes of the same colour, the area of their bounding box.
func (p *Picture) Image() (*image.RGBA, error) {
	w, h, err := p.pixels()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	r := rasterizer{img: img}
	for i := range p.items {
		r.item(&p.items[i])
	}
	r.flush()
	return img, nil
}

// WritePNG rasterises the picture (see Image) and writes it as PNG.
func (p *Picture) WritePNG(w io.Writer) error {
	img, err := p.Image()
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}

// rasterizer fills runs of same-coloured polygons in one pass of a
// vector.Rasterizer sized to the run's bounding box.
type rasterizer struct {
	img   *image.RGBA
	z     vector.Rasterizer
	col   color.NRGBA
	flat  []float64 // pending polygons' points, one after the other, all counter-clockwise on screen
	ends  []int     // ends[i] is the end in flat of pending polygon i
	x0    float64   // bounding box of the pending polygons
	y0    float64
	x1    float64
	y1    float64
	boxes float64 // sum of the areas of the pending polygons' own boxes
}

// poly queues a closed polygon in colour c. Orientation is normalised so
// that overlapping polygons of one run add up (the rasterizer sums signed
// coverage and clamps its absolute value).
func (r *rasterizer) poly(pts []float64, c color.NRGBA) {
	if c.A == 0 || len(pts) < 6 {
		return
	}
	if c != r.col {
		r.flush()
		r.col = c
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(pts); i += 2 {
		x0, x1 = min(x0, pts[i]), max(x1, pts[i])
		y0, y1 = min(y0, pts[i+1]), max(y1, pts[i+1])
	}
	own := (x1 - x0 + 2) * (y1 - y0 + 2)
	if len(r.ends) > 0 {
		// A run is drawn in one pass over its bounding box; when the box
		// would grow far beyond the shapes in it (a long path winding
		// over the whole picture) draw what is pending first, so that the
		// cost stays proportional to the area the shapes cover.
		union := (max(r.x1, x1) - min(r.x0, x0) + 2) * (max(r.y1, y1) - min(r.y0, y0) + 2)
		if union > 1<<12 && union > 2*(r.boxes+own) {
			r.flush()
		}
	}
	if len(r.ends) == 0 {
		r.x0, r.y0, r.x1, r.y1, r.boxes = x0, y0, x1, y1, 0
	}
	r.x0, r.y0, r.x1, r.y1 = min(r.x0, x0), min(r.y0, y0), max(r.x1, x1), max(r.y1, y1)
	r.boxes += own
	if area(pts) < 0 {
		for i := len(pts) - 2; i >= 0; i -= 2 {
			r.flat = append(r.flat, pts[i], pts[i+1])
		}
	} else {
		r.flat = append(r.flat, pts...)
	}
	r.ends = append(r.ends, len(r.flat))
}

func area(pts []float64) float64 {
	n := len(pts) / 2
	s := 0.0
	for i := range n {
		j := (i + 1) % n
		s += pts[2*i]*pts[2*j+1] - pts[2*j]*pts[2*i+1]
	}
	return s / 2
}

func reversed(pts []float64) []float64 {
	out := make([]float64, len(pts))
	n := len(pts) / 2
	for i := range n {
		out[2*i], out[2*i+1] = pts[2*(n-1-i)], pts[2*(n-1-i)+1]
	}
	return out
}

// flush draws the pending polygons.
func (r *rasterizer) flush() {
	if len(r.ends) == 0 {
		return
	}
	defer func() { r.flat, r.ends = r.flat[:0], r.ends[:0] }()
	b := r.img.Bounds()
	bx0 := max(int(math.Floor(r.x0)), b.Min.X)
	by0 := max(int(math.Floor(r.y0)), b.Min.Y)
	bx1 := min(int(math.Ceil(r.x1)), b.Max.X)
	by1 := min(int(math.Ceil(r.y1)), b.Max.Y)
	if bx1 <= bx0 || by1 <= by0 {
		return
	}
	r.z.Reset(bx1-bx0, by1-by0)
	fx, fy := float64(bx0), float64(by0)
	start := 0
	for _, end := range r.ends {
		pts := r.flat[start:end]
		start = end
		r.z.MoveTo(float32(pts[0]-fx), float32(pts[1]-fy))
		for i := 2; i+1 < len(pts); i += 2 {
			r.z.LineTo(float32(pts[i]-fx), float32(pts[i+1]-fy))
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, image.Rect(bx0, by0, bx1, by1), image.NewUniform(r.col), image.Point{})
}

// circlePoints returns a polygon approximating a circle; the number of
// sides grows with the radius so that the error stays under a quarter of a
// pixel.
func circlePoints(cx, cy, rad float64) []float64 {
	n := 8
	for n < 256 && rad*(1-math.Cos(math.Pi/float64(n))) > 0.25 {
		n *= 2
	}
	pts := make([]float64, 2*n)
	for i := range n {
		t := 2 * math.Pi * float64(i) / float64(n)
		pts[2*i], pts[2*i+1] = cx+rad*math.Cos(t), cy+rad*math.Sin(t)
	}
	return pts
}

// stroke queues the polygons of a polyline of the given width: one quad per
// segment, and round joins and caps when the width is at least 2 pixels
// (below that they cannot be seen). closed joins the last point to the
// first.
func (r *rasterizer) stroke(pts []float64, width float64, c color.NRGBA, closed bool) {
	if c.A == 0 || width <= 0 || len(pts) < 4 {
		return
	}
	hw := width / 2
	n := len(pts) / 2
	segs := n - 1
	if closed {
		segs = n
	}
	for i := range segs {
		j := (i + 1) % n
		x0, y0, x1, y1 := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
		dx, dy := x1-x0, y1-y0
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		r.poly([]float64{x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny}, c)
	}
	if width >= 2 {
		for i := range n {
			r.poly(circlePoints(pts[2*i], pts[2*i+1], hw), c)
		}
	}
}

// ring queues an annulus as its own run: an outer polygon and an inner one
// of the opposite orientation, which cancel inside.
func (r *rasterizer) ring(cx, cy, rad, width float64, c color.NRGBA) {
	if c.A == 0 || width <= 0 {
		return
	}
	r.flush()
	r.col = c
	outer := circlePoints(cx, cy, rad+width/2)
	r.poly(outer, c)
	if in := rad - width/2; in > 0 {
		inner := reversed(circlePoints(cx, cy, in))
		r.flat = append(r.flat, inner...) // deliberately not normalised
		r.ends = append(r.ends, len(r.flat))
	}
	r.flush()
}

func (r *rasterizer) item(it *item) {
	switch it.kind {
	case kindRect:
		x, y, w, h := it.pts[0], it.pts[1], it.pts[2], it.pts[3]
		box := []float64{x, y, x + w, y, x + w, y + h, x, y + h}
		r.poly(box, it.fill)
		r.stroke(box, it.width, it.stroke, true)
	case kindLine, kindPolyline:
		r.stroke(it.pts, it.width, it.stroke, false)
	case kindRoute:
		r.stroke(it.flatten(), it.width, it.stroke, false)
	case kindPolygon:
		r.poly(it.pts, it.fill)
	case kindCircle:
		r.poly(circlePoints(it.pts[0], it.pts[1], it.pts[2]), it.fill)
		r.ring(it.pts[0], it.pts[1], it.pts[2], it.width, it.stroke)
	case kindText:
		r.flush()
		drawText(r.img, it)
	}
}

// Fonts: the Go fonts, parsed once; faces cached by size and weight.
var fonts struct {
	once          sync.Once
	regular, bold *opentype.Font
	mu            sync.Mutex
	faces         map[faceKey]font.Face
}

type faceKey struct {
	size int // in 1/4 pixels
	bold bool
}

func face(size float64, bold bool) font.Face {
	fonts.once.Do(func() {
		fonts.regular, _ = opentype.Parse(goregular.TTF)
		fonts.bold, _ = opentype.Parse(gobold.TTF)
		fonts.faces = map[faceKey]font.Face{}
	})
	k := faceKey{int(math.Round(size * 4)), bold}
	fonts.mu.Lock()
	defer fonts.mu.Unlock()
	if f, ok := fonts.faces[k]; ok {
		return f
	}
	fnt := fonts.regular
	if bold {
		fnt = fonts.bold
	}
	f, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: the embedded Go font failed to load: " + err.Error())
	}
	fonts.faces[k] = f
	return f
}

// drawText draws a label with the Go font. A face is not safe for
// concurrent use, so drawing holds the cache lock.
func drawText(img *image.RGBA, it *item) {
	if it.fill.A == 0 || it.text == "" || it.size < 1 {
		return
	}
	f := face(it.size, it.bold)
	fonts.mu.Lock()
	defer fonts.mu.Unlock()
	d := font.Drawer{Dst: img, Src: image.NewUniform(it.fill), Face: f}
	x := it.pts[0]
	switch it.anchor {
	case anchorMiddle:
		x -= float64(d.MeasureString(it.text)) / 64 / 2
	case anchorEnd:
		x -= float64(d.MeasureString(it.text)) / 64
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(it.pts[1] * 64))}
	d.DrawString(it.text)
}
