package render

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/pathio"
)

// ErrFormat reports an output file name whose extension is neither .svg nor
// .png.
var ErrFormat = errors.New("unknown picture format")

// Picture is a resolution-independent drawing: a list of shapes in pixel
// coordinates (origin top left, y down) that WriteSVG writes as SVG text
// and WritePNG rasterises. Both walk the same list, so the two outputs show
// the same picture. The zero Picture is empty; the builders in this package
// (Path, Heatmap, EdgeUsage, KGrid, TauFrames) return filled ones.
type Picture struct {
	// Width and Height are the picture's size in pixels.
	Width, Height float64
	items         []item
}

type itemKind uint8

const (
	kindRect     itemKind = iota // pts: x, y, w, h
	kindLine                     // pts: x0, y0, x1, y1 (an SVG <line>)
	kindPolyline                 // pts: x0, y0, x1, y1, x2, y2, ... (an SVG <polyline>)
	kindPolygon                  // pts: a closed polygon
	kindCircle                   // pts: cx, cy, r
	kindText                     // pts: x, baseline y
	kindRoute                    // pts: x0, y0, then per ops byte 'L' x, y or 'Q' cx, cy, x, y (an SVG <path>)
)

// anchor says where a text's x coordinate is.
type anchor uint8

const (
	anchorMiddle anchor = iota
	anchorStart
	anchorEnd
)

// item is one shape. A zero-alpha fill or stroke is not drawn.
type item struct {
	kind   itemKind
	pts    []float64
	fill   color.NRGBA
	stroke color.NRGBA
	width  float64 // stroke width in pixels
	text   string
	size   float64 // font size in pixels
	anchor anchor
	bold   bool
	ops    []byte // kindRoute: one 'L' (straight) or 'Q' (quadratic) per segment
}

func (p *Picture) add(it item) { p.items = append(p.items, it) }

// rect adds an axis-aligned rectangle.
func (p *Picture) rect(x, y, w, h float64, fill, stroke color.NRGBA, width float64) {
	p.add(item{kind: kindRect, pts: []float64{x, y, w, h}, fill: fill, stroke: stroke, width: width})
}

// line adds an open polyline through pts (x0, y0, x1, y1, ...).
func (p *Picture) line(pts []float64, stroke color.NRGBA, width float64) {
	if len(pts) < 4 {
		return
	}
	k := kindLine
	if len(pts) > 4 {
		k = kindPolyline
	}
	p.add(item{kind: k, pts: pts, stroke: stroke, width: width})
}

// route adds an open path from (pts[0], pts[1]) through its segments:
// ops holds 'L' (pts: x, y) or 'Q' (pts: control x, y, then x, y) for
// each. Without a 'Q' it is drawn as a line.
func (p *Picture) route(pts []float64, ops []byte, stroke color.NRGBA, width float64) {
	if !slices.Contains(ops, 'Q') {
		p.line(pts, stroke, width)
		return
	}
	p.add(item{kind: kindRoute, pts: pts, ops: ops, stroke: stroke, width: width})
}

// flatten returns a route as a polyline, each quadratic segment cut into
// 16 straight pieces (for the raster).
func (it *item) flatten() []float64 {
	out := append([]float64(nil), it.pts[:2]...)
	j := 2
	for _, op := range it.ops {
		if op == 'L' {
			out = append(out, it.pts[j], it.pts[j+1])
			j += 2
			continue
		}
		x0, y0 := out[len(out)-2], out[len(out)-1]
		cx, cy, x1, y1 := it.pts[j], it.pts[j+1], it.pts[j+2], it.pts[j+3]
		j += 4
		for k := 1; k <= 16; k++ {
			t := float64(k) / 16
			a, b, c := (1-t)*(1-t), 2*(1-t)*t, t*t
			out = append(out, a*x0+b*cx+c*x1, a*y0+b*cy+c*y1)
		}
	}
	return out
}

// polygon adds a closed polygon.
func (p *Picture) polygon(pts []float64, fill color.NRGBA) {
	p.add(item{kind: kindPolygon, pts: pts, fill: fill})
}

// circle adds a circle.
func (p *Picture) circle(cx, cy, r float64, fill, stroke color.NRGBA, width float64) {
	p.add(item{kind: kindCircle, pts: []float64{cx, cy, r}, fill: fill, stroke: stroke, width: width})
}

// text adds a label whose visual centre line is at y: the baseline is put
// at y + 0.35*size, which centres digits in both outputs.
func (p *Picture) text(x, y float64, s string, size float64, col color.NRGBA, a anchor, bold bool) {
	p.add(item{kind: kindText, pts: []float64{x, y + 0.35*size}, text: s, size: size, fill: col, anchor: a, bold: bold})
}

// num formats a coordinate with at most two decimals and no trailing
// zeros, so that output is the same on every machine.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	if strings.ContainsRune(s, '.') {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

func hexColour(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// fillStroke writes the fill of a rectangle or circle, its outline when it
// has one, and closes the element.
func fillStroke(w *bufio.Writer, it *item) {
	paint(w, "fill", it.fill)
	if it.stroke.A != 0 {
		paint(w, "stroke", it.stroke)
		w.WriteString(` stroke-width="` + num(it.width) + `"`)
	}
	w.WriteString("/>\n")
}

// paint writes fill or stroke attributes for c under the given name.
func paint(w *bufio.Writer, name string, c color.NRGBA) {
	if c.A == 0 {
		w.WriteString(` ` + name + `="none"`)
		return
	}
	w.WriteString(` ` + name + `="` + hexColour(c) + `"`)
	if c.A != 255 {
		w.WriteString(` ` + name + `-opacity="` + num(float64(c.A)/255) + `"`)
	}
}

// MaxPixels bounds the pixel count of a PNG (width times height); Image
// refuses larger pictures rather than allocate gigabytes.
const MaxPixels = 1 << 25

// ErrTooLarge reports a picture with more than MaxPixels pixels.
var ErrTooLarge = errors.New("picture too large for PNG")

// pixels returns the size of the picture's PNG, ceil(Width) x
// ceil(Height), or an error wrapping ErrTooLarge past MaxPixels.
func (p *Picture) pixels() (w, h int, err error) {
	w, h = int(math.Ceil(p.Width)), int(math.Ceil(p.Height))
	if w < 1 || h < 1 || w > MaxPixels/h {
		return 0, 0, fmt.Errorf("%w: %dx%d pixels (at most %d in all); give a smaller cell size", ErrTooLarge, w, h, MaxPixels)
	}
	return w, h, nil
}

// svgFont is the font family asked for in SVG; PNG output uses the Go
// fonts (golang.org/x/image/font/gofont), whose metrics are close.
const svgFont = "Go, Helvetica, Arial, sans-serif"

// WriteSVG writes the picture as a standalone SVG 1.1 document. The output
// depends only on the picture: coordinates are written with at most two
// decimals.
func (p *Picture) WriteSVG(out io.Writer) error {
	w := bufio.NewWriterSize(out, 1<<16)
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		num(p.Width), num(p.Height), num(p.Width), num(p.Height), svgFont)
	for i := range p.items {
		it := &p.items[i]
		switch it.kind {
		case kindRect:
			fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s"`, num(it.pts[0]), num(it.pts[1]), num(it.pts[2]), num(it.pts[3]))
			fillStroke(w, it)
		case kindLine:
			fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, num(it.pts[0]), num(it.pts[1]), num(it.pts[2]), num(it.pts[3]))
			paint(w, "stroke", it.stroke)
			w.WriteString(` stroke-width="` + num(it.width) + `" stroke-linecap="round"/>` + "\n")
		case kindPolyline, kindPolygon:
			tag := "polyline"
			if it.kind == kindPolygon {
				tag = "polygon"
			}
			w.WriteString(`<` + tag + ` points="`)
			for j := 0; j+1 < len(it.pts); j += 2 {
				if j > 0 {
					w.WriteByte(' ')
				}
				w.WriteString(num(it.pts[j]))
				w.WriteByte(',')
				w.WriteString(num(it.pts[j+1]))
			}
			w.WriteByte('"')
			if it.kind == kindPolygon {
				paint(w, "fill", it.fill)
			} else {
				w.WriteString(` fill="none"`)
				paint(w, "stroke", it.stroke)
				w.WriteString(` stroke-width="` + num(it.width) + `" stroke-linejoin="round" stroke-linecap="round"`)
			}
			w.WriteString("/>\n")
		case kindRoute:
			fmt.Fprintf(w, `<path d="M%s %s`, num(it.pts[0]), num(it.pts[1]))
			j := 2
			for _, op := range it.ops {
				n := 2
				if op == 'Q' {
					n = 4
				}
				w.WriteByte(' ')
				w.WriteByte(op)
				for k := range n {
					if k > 0 {
						w.WriteByte(' ')
					}
					w.WriteString(num(it.pts[j+k]))
				}
				j += n
			}
			w.WriteString(`" fill="none"`)
			paint(w, "stroke", it.stroke)
			w.WriteString(` stroke-width="` + num(it.width) + `" stroke-linejoin="round" stroke-linecap="round"/>` + "\n")
		case kindCircle:
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s"`, num(it.pts[0]), num(it.pts[1]), num(it.pts[2]))
			fillStroke(w, it)
		case kindText:
			a := map[anchor]string{anchorMiddle: "middle", anchorStart: "start", anchorEnd: "end"}[it.anchor]
			fmt.Fprintf(w, `<text x="%s" y="%s" font-size="%s" text-anchor="%s"`, num(it.pts[0]), num(it.pts[1]), num(it.size), a)
			if it.bold {
				w.WriteString(` font-weight="bold"`)
			}
			paint(w, "fill", it.fill)
			w.WriteByte('>')
			xmlEscape(w, it.text)
			w.WriteString("</text>\n")
		}
	}
	w.WriteString("</svg>\n")
	return w.Flush()
}

func xmlEscape(w *bufio.Writer, s string) {
	for _, r := range s {
		switch r {
		case '<':
			w.WriteString("&lt;")
		case '>':
			w.WriteString("&gt;")
		case '&':
			w.WriteString("&amp;")
		case '"':
			w.WriteString("&quot;")
		default:
			w.WriteRune(r)
		}
	}
}

// Save writes the picture to the named file, as SVG or PNG by the file's
// extension (.svg or .png, any case), through pathio.WriteFileAtomic: a
// failed or interrupted write never leaves a partial or replaced picture
// under the name, and a device, pipe or symbolic link is never replaced by
// a regular file.
func (p *Picture) Save(name string) error { return p.SaveContext(context.Background(), name) }

// SaveContext is Save for a write that ends when ctx does: a named pipe
// without a reader, or with one that stopped reading, holds it only until
// then (pathio.WriteFileAtomicContext; the error is a *pathio.StoppedError).
func (p *Picture) SaveContext(ctx context.Context, name string) error {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".svg":
		return pathio.WriteFileAtomicContext(ctx, name, p.WriteSVG)
	case ".png":
		return pathio.WriteFileAtomicContext(ctx, name, p.WritePNG)
	}
	return fmt.Errorf("%w: %q: name the file .svg or .png", ErrFormat, name)
}

// WriteFileAtomic creates the named file through write, atomically.
//
// Deprecated: use pathio.WriteFileAtomic, which this calls.
func WriteFileAtomic(name string, write func(io.Writer) error) error {
	return pathio.WriteFileAtomic(name, write)
}
