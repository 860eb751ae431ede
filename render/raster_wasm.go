//go:build js && wasm

package render

import (
	"errors"
	"io"
)

// errNoRaster reports a PNG asked of the WebAssembly build, which leaves
// out the rasteriser and its fonts (raster.go).
var errNoRaster = errors.New("this build draws no PNG (the WebAssembly engine leaves the rasteriser out); write SVG and rasterise it")

// WritePNG checks the picture's size as the full build does and returns
// errNoRaster (or an error wrapping ErrTooLarge): the page's engine
// answers PNG requests by drawing the SVG in the browser
// (web/assets/engine-client.js).
func (p *Picture) WritePNG(w io.Writer) error {
	if _, _, err := p.pixels(); err != nil {
		return err
	}
	return errNoRaster
}
