package render

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFilesCheck: names are refused before any drawing when the extension
// is not the format's or the directory is missing; the message names the
// option and the fix.
func TestFilesCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		files Files
		want  string // "" for accepted
	}{
		{"none", Files{}, ""},
		{"both", Files{SVG: filepath.Join(dir, "a.svg"), PNG: filepath.Join(dir, "a.PNG")}, ""},
		{"svg as png", Files{SVG: filepath.Join(dir, "a.png")}, "--svg"},
		{"png as gif", Files{PNG: "a.gif"}, "name the file *.png"},
		{"missing dir", Files{SVG: filepath.Join(dir, "no", "a.svg")}, "does not exist; create it first"},
	} {
		err := c.files.Check()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if !errors.Is(err, ErrFileName) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrFileName saying %q", c.name, err, c.want)
		}
	}
}

// TestFilesSave writes one picture to both files (each whole, the same
// bytes as WriteSVG for the SVG) and a too-large PNG wraps ErrTooLarge
// naming the file.
func TestFilesSave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pic := pictures(t)["path-fig4"]
	f := Files{SVG: filepath.Join(dir, "p.svg"), PNG: filepath.Join(dir, "p.png")}
	wrote, err := f.Save(pic)
	if err != nil || len(wrote) != 2 || wrote[0] != f.SVG || wrote[1] != f.PNG {
		t.Fatalf("Save: %v %v", wrote, err)
	}
	got, err := os.ReadFile(f.SVG)
	if err != nil || !bytes.Equal(got, svgOf(t, pic)) {
		t.Errorf("the SVG file differs from WriteSVG (%v)", err)
	}
	if png, err := os.ReadFile(f.PNG); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("the PNG file is not a PNG (%v)", err)
	}
	huge := *pic
	huge.Width, huge.Height = 1e5, 1e5
	big := Files{PNG: filepath.Join(dir, "big.png")}
	if _, err := big.Save(&huge); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), big.PNG) {
		t.Errorf("huge PNG: %v", err)
	}
	if _, err := os.Stat(big.PNG); err == nil {
		t.Errorf("a refused picture left %s", big.PNG)
	}
}

// TestFilesNames: frame and suffix names.
func TestFilesNames(t *testing.T) {
	t.Parallel()
	f := Files{SVG: "out/tau.svg", PNG: "t.png"}
	if g := f.Frame(7, 12); g.SVG != "out/tau-007.svg" || g.PNG != "t-007.png" {
		t.Errorf("Frame(7, 12) = %+v", g)
	}
	if g := (Files{SVG: "a.svg"}).Frame(12, 1001); g.SVG != "a-0012.svg" || g.PNG != "" {
		t.Errorf("Frame(12, 1001) = %+v", g)
	}
	if g := Suffixed("out/6x6", "", "edges"); g.SVG != "out/6x6-edges.svg" || g.PNG != "" || !g.Any() {
		t.Errorf("Suffixed = %+v", g)
	}
	if (Files{}).Any() {
		t.Error("Files{}.Any() = true")
	}
}
