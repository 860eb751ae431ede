package render

import (
	"image/color"
	"math"
)

// Colours used across the pictures.
var (
	white     = color.NRGBA{255, 255, 255, 255}
	ink       = color.NRGBA{33, 37, 41, 255}    // text and outlines
	gridLine  = color.NRGBA{206, 212, 218, 255} // cell borders
	blockedC  = color.NRGBA{134, 142, 150, 255} // blocked cells
	noValue   = color.NRGBA{241, 243, 245, 255} // cells without a value
	pathC     = color.NRGBA{217, 72, 15, 255}   // the path
	linkC     = color.NRGBA{25, 113, 194, 255}  // highlighted moves (the paper's blue 'link')
	startC    = color.NRGBA{47, 158, 68, 255}   // start marker
	startFill = color.NRGBA{211, 249, 216, 255}
	endC      = color.NRGBA{201, 42, 42, 255} // end marker
	endFill   = color.NRGBA{255, 227, 227, 255}
	unusedC   = color.NRGBA{222, 226, 230, 255} // edges no solution uses
	linkFill  = color.NRGBA{208, 235, 255, 255} // cells of a proof's second witness set
	none      = color.NRGBA{}
)

// Scale maps t in [0, 1] to a colour of a viridis-like perceptual scale,
// dark purple through blue and green to yellow. It is computed, not looked
// up: the hue follows a piecewise-linear path in the OKLab colour space
// through five anchor colours (the endpoints and quartiles of matplotlib's
// viridis), and the lightness is made exactly linear in t, so equal steps
// in value are equal steps in perceived lightness and the scale reads
// correctly in grey. Values outside [0, 1] are clamped; NaN gives the
// lowest colour.
func Scale(t float64) color.NRGBA {
	if !(t > 0) {
		t = 0
	}
	t = min(t, 1)
	anchors := &anchorsLab
	seg := min(int(t*4), 3)
	u := t*4 - float64(seg)
	a0, a1 := anchors[seg], anchors[seg+1]
	l := anchors[0][0] + t*(anchors[4][0]-anchors[0][0])
	a := a0[1] + u*(a1[1]-a0[1])
	b := a0[2] + u*(a1[2]-a0[2])
	return fromOKLab(l, a, b)
}

// anchorsLab holds the scale's anchor colours in OKLab.
var anchorsLab = func() (out [5][3]float64) {
	for i, c := range [5]color.NRGBA{{0x44, 0x01, 0x54, 255}, {0x3b, 0x52, 0x8b, 255}, {0x21, 0x91, 0x8c, 255}, {0x5e, 0xc9, 0x62, 255}, {0xfd, 0xe7, 0x25, 255}} {
		l, a, b := toOKLab(c)
		out[i] = [3]float64{l, a, b}
	}
	return out
}()

// lightness returns the OKLab lightness of c (0 black, 1 white).
func lightness(c color.NRGBA) float64 {
	l, _, _ := toOKLab(c)
	return l
}

// textOn returns a text colour legible on background c.
func textOn(c color.NRGBA) color.NRGBA {
	if lightness(c) > 0.62 {
		return ink
	}
	return white
}

func toLinear(u uint8) float64 {
	x := float64(u) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

func fromLinear(x float64) uint8 {
	x = min(max(x, 0), 1)
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(math.Round(x * 255))
}

// toOKLab converts an sRGB colour to OKLab (Björn Ottosson, 2020: linear
// sRGB to an LMS-like space, a cube root, then a second linear map).
func toOKLab(c color.NRGBA) (l, a, b float64) {
	r, g, bl := toLinear(c.R), toLinear(c.G), toLinear(c.B)
	lm := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*bl)
	mm := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*bl)
	sm := math.Cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*bl)
	l = 0.2104542553*lm + 0.7936177850*mm - 0.0040720468*sm
	a = 1.9779984951*lm - 2.4285922050*mm + 0.4505937099*sm
	b = 0.0259040371*lm + 0.7827717662*mm - 0.8086757660*sm
	return
}

// fromOKLab is the inverse of toOKLab; colours outside the sRGB gamut are
// clipped per channel.
func fromOKLab(l, a, b float64) color.NRGBA {
	lm := l + 0.3963377774*a + 0.2158037573*b
	mm := l - 0.1055613458*a - 0.0638541728*b
	sm := l - 0.0894841775*a - 1.2914855480*b
	lm, mm, sm = lm*lm*lm, mm*mm*mm, sm*sm*sm
	r := 4.0767416621*lm - 3.3077115913*mm + 0.2309699292*sm
	g := -1.2684380046*lm + 2.6097574011*mm - 0.3413193965*sm
	bl := -0.0041960863*lm - 0.7034186147*mm + 1.7076147010*sm
	return color.NRGBA{fromLinear(r), fromLinear(g), fromLinear(bl), 255}
}

func color3(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }
