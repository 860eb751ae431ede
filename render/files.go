package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/pathio"
)

// ErrFileName reports a picture file name that cannot work: the wrong
// extension, or a directory that does not exist.
var ErrFileName = errors.New("bad picture file name")

// Files names the files one picture is written to: an SVG file, a PNG
// file, both, or neither ("" for none). Messages name them as the options
// that set them in boardgraph, --svg and --png.
type Files struct {
	SVG, PNG string
}

// Any reports whether a file is named.
func (f Files) Any() bool { return f.SVG != "" || f.PNG != "" }

// namedFile is one named file of Files with the extension it must have.
type namedFile struct{ name, ext string }

// named lists the named files.
func (f Files) named() []namedFile {
	var out []namedFile
	if f.SVG != "" {
		out = append(out, namedFile{f.SVG, ".svg"})
	}
	if f.PNG != "" {
		out = append(out, namedFile{f.PNG, ".png"})
	}
	return out
}

// Check refuses, before any drawing is done, names that cannot work: a
// file must end in its format's extension (.svg, .png, any case) and its
// directory must exist. The error wraps ErrFileName and names the fix.
func (f Files) Check() error {
	for _, n := range f.named() {
		if strings.ToLower(filepath.Ext(n.name)) != n.ext {
			return fmt.Errorf("%w: --%s %q: name the file *%s", ErrFileName, n.ext[1:], n.name, n.ext)
		}
		if dir := filepath.Dir(n.name); dir != "." {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fmt.Errorf("%w: --%s %q: the directory %s does not exist; create it first", ErrFileName, n.ext[1:], n.name, dir)
			}
		}
	}
	return nil
}

// Save writes pic to each named file and returns the names written. Each
// file appears whole or not at all, and a device, pipe or symbolic link is
// never replaced (Picture.Save). A picture over MaxPixels for PNG wraps
// ErrTooLarge; write failures wrap pathio's errors and name the file.
func (f Files) Save(pic *Picture) ([]string, error) { return f.SaveContext(context.Background(), pic) }

// SaveContext is Save with writes that end when ctx does (a named pipe
// without a reader: Picture.SaveContext).
func (f Files) SaveContext(ctx context.Context, pic *Picture) ([]string, error) {
	var wrote []string
	for _, n := range f.named() {
		if err := pic.SaveContext(ctx, n.name); err != nil {
			var stopped *pathio.StoppedError
			if errors.Is(err, pathio.ErrWrite) || errors.Is(err, pathio.ErrSpecialFile) || errors.As(err, &stopped) {
				return wrote, err // names the file
			}
			if errors.Is(err, ErrTooLarge) {
				return wrote, fmt.Errorf("%s: %w", n.name, err)
			}
			return wrote, fmt.Errorf("writing %s: %w", n.name, err)
		}
		wrote = append(wrote, n.name)
	}
	return wrote, nil
}

// Frame returns the files of frame i of n (an animation such as the τ
// algorithm's steps): NAME.svg becomes NAME-000.svg, NAME-001.svg, ...,
// with at least three digits and as many as n-1 needs.
func (f Files) Frame(i, n int) Files {
	digits := max(3, len(strconv.Itoa(n-1)))
	name := func(s string) string {
		if s == "" {
			return ""
		}
		ext := filepath.Ext(s)
		return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(s, ext), digits, i, ext)
	}
	return Files{SVG: name(f.SVG), PNG: name(f.PNG)}
}

// Suffixed returns the files PREFIX-suffix.svg and PREFIX-suffix.png for
// the prefixes given ("" for none): one of several pictures written under
// one name, such as an analysis's PREFIX-start, PREFIX-end and
// PREFIX-edges.
func Suffixed(svgPrefix, pngPrefix, suffix string) Files {
	var f Files
	if svgPrefix != "" {
		f.SVG = svgPrefix + "-" + suffix + ".svg"
	}
	if pngPrefix != "" {
		f.PNG = pngPrefix + "-" + suffix + ".png"
	}
	return f
}
