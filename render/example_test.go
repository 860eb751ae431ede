package render_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/render"
)

// A Diplomatico path on a 1x7 strip: 1,1 -> 1,4 -> 1,7, two (3,0) hops,
// drawn with numbers (legible at the default 48-pixel cells).
func ExamplePath() {
	b, _ := board.ParseSpec("1x7")
	pic, err := render.Path(b, []int32{0, 3, 6}, render.PathOptions{Arrows: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	pic.WriteSVG(&svg) // or pic.Save("strip.svg"), pic.Save("strip.png")
	fmt.Println(pic.Width, "x", pic.Height, "pixels")
	fmt.Println(strings.Count(svg.String(), "<text"), "labels,", strings.Count(svg.String(), "<polygon"), "arrowheads")
	// Output:
	// 360 x 72 pixels
	// 3 labels, 2 arrowheads
}

// The heatmap colour scale at its ends and middle (the middle is close to,
// not equal to, viridis's #21918c: the lightness here is exactly linear).
func ExampleScale() {
	for _, t := range []float64{0, 0.5, 1} {
		c := render.Scale(t)
		fmt.Printf("%.1f #%02x%02x%02x\n", t, c.R, c.G, c.B)
	}
	// Output:
	// 0.0 #440154
	// 0.5 #23928d
	// 1.0 #fde725
}
