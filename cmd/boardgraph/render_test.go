package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestRender runs render on every input kind and checks the exit code, the
// report on stdout and the files written (and, on errors, that nothing was
// written and the error is one line).
func TestRender(t *testing.T) {
	t.Parallel()
	fig4 := testfix.ReadFile(t, "testdata/fig4.grid")
	fig4path := testfix.ReadFile(t, "testdata/fig4.path.golden")
	fig4json := testfix.ReadFile(t, "testdata/fig4.json.golden")
	perStart := testfix.ReadFile(t, "testdata/count-per-start-knight-5x5.json.golden")
	perStartText := testfix.ReadFile(t, "testdata/count-per-start-5x5.golden")
	const kgrid = "k=2\n2.3.1\n.....\n1.4.2\n"
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string // "OUT/" is replaced by the test's directory
		code   int
		stdout string   // a substring of stdout (code 0) or stderr
		files  []string // the files the directory must hold afterwards
	}{
		{"grid", string(fig4), []string{"--svg", "OUT/a.svg", "--png", "OUT/a.png"}, 0, "a 50-step path on 5x10 (verified with 3,0+2,2)", []string{"a.png", "a.svg"}},
		{"path file", string(fig4path), []string{"5x10", "--svg", "OUT/a.svg", "--arrows", "--highlight", "25"}, 0, "a 50-step path on 5x10", []string{"a.svg"}},
		{"solve json", string(fig4json), []string{"--png", "OUT/a.png", "--show", "path"}, 0, "a 50-step path on 5x10", []string{"a.png"}},
		{"per-start json", string(perStart), []string{"--svg", "OUT/h.svg"}, 0, "a heatmap of 5x5", []string{"h.svg"}},
		{"per-start table", string(perStartText), []string{"--kind", "heatmap", "--svg", "OUT/h.svg"}, 0, "a heatmap of 5x5", []string{"h.svg"}},
		{"values json", `{"board":"2x3","title":"t","values":[[1,"2",null],[4,5.5,6]]}`, []string{"--svg", "OUT/v.svg"}, 0, "a heatmap of 2x3", []string{"v.svg"}},
		{"edges json", `{"board":"4x4","edges":[{"from":"1,1","to":"1,4","count":"3"},{"from":"1,1","to":"3,3","count":0}]}`, []string{"--svg", "OUT/e.svg"}, 0, "an edge-usage map of 2 moves on 4x4", []string{"e.svg"}},
		{"kgrid", kgrid, []string{"--kind", "kgrid", "--svg", "OUT/k.svg"}, 0, "a 3x5 2-grid", []string{"k.svg"}},
		{"kgrid json", `{"rows":1,"cols":3,"k":2,"clues":[[1,0,1]],"bridges":[{"from":[1,1],"to":[1,3],"n":1}]}`, []string{"--svg", "OUT/k.svg"}, 0, "with 1 bridge (a verified solution)", []string{"k.svg"}},
		{"input as argument", "", []string{"testdata/fig4.json.golden", "--png", "OUT/a.png"}, 0, "a 50-step path on 5x10", []string{"a.png"}},
		{"tau", kgrid, []string{"--kind", "tau", "--svg", "OUT/t.svg"}, 0, "frame 0 of", nil},

		{"no output", string(fig4), nil, 2, "no output: give --svg FILE", nil},
		{"input named twice", "", []string{"testdata/fig4.json.golden", "--in", "testdata/fig4.grid", "--svg", "OUT/a.svg"}, 2, "named twice", nil},
		{"bad extension", string(fig4), []string{"--svg", "OUT/a.png"}, 2, `name the file *.svg`, nil},
		{"missing directory", string(fig4), []string{"--svg", "OUT/nope/a.svg"}, 2, "does not exist", nil},
		{"invalid solution", strings.Replace(string(fig4), "47", "99", 1), []string{"--svg", "OUT/a.svg"}, 1, "invalid: ", nil},
		{"wrong moves", string(fig4), []string{"--moves", "knight", "--svg", "OUT/a.svg"}, 1, "invalid: ", nil},
		{"path without board", string(fig4path), []string{"--svg", "OUT/a.svg"}, 2, "needs its board", nil},
		{"empty", "", []string{"--svg", "OUT/a.svg"}, 2, "the input is empty", nil},
		{"bad json", "{\"board\":", []string{"--svg", "OUT/a.svg"}, 2, "not valid JSON", nil},
		{"unknown json", `{"x":1}`, []string{"--svg", "OUT/a.svg"}, 2, "unrecognised JSON", nil},
		{"bad kind", string(fig4), []string{"--kind", "pie", "--svg", "OUT/a.svg"}, 2, "unknown --kind", nil},
		{"bad highlight", string(fig4), []string{"--highlight", "x", "--svg", "OUT/a.svg"}, 2, "--highlight", nil},
		{"edge off board", `{"board":"4x4","edges":[{"from":"1,1","to":"9,9","count":1}]}`, []string{"--svg", "OUT/e.svg"}, 2, "outside the 4x4 board", nil},
		{"table rows", `{"board":"2x2","values":[[1,2]]}`, []string{"--svg", "OUT/v.svg"}, 2, "the table has 1 rows", nil},
		{"bad kgrid", "k=2\n2x\n", []string{"--kind", "kgrid", "--svg", "OUT/k.svg"}, 2, "malformed puzzle", nil},
		{"huge png", string(fig4), []string{"--cell", "1000", "--png", "OUT/a.png"}, 2, "too large", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := []string{"render"}
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "OUT/", dir+"/"))
			}
			r := cli(t, tc.stdin, args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\n%v", r.code, tc.code, r)
			}
			if tc.code == 0 {
				if !strings.Contains(r.stdout, tc.stdout) {
					t.Errorf("stdout %q lacks %q", r.stdout, tc.stdout)
				}
			} else {
				if !strings.Contains(r.stderr, tc.stdout) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
					t.Errorf("want one line on stderr containing %q, got\n%v", tc.stdout, r)
				}
			}
			got := testfix.DirNames(t, dir)
			if tc.name == "tau" {
				// One frame per step plus the bare grid, and nothing else.
				n := strings.Count(r.stdout, "\n")
				if len(got) != n || n < 2 || got[0] != "t-000.svg" {
					t.Fatalf("frames %v for stdout\n%s", got, r.stdout)
				}
				return
			}
			if strings.Join(got, " ") != strings.Join(tc.files, " ") {
				t.Errorf("directory holds %v, want %v (no temporary or partial files)", got, tc.files)
			}
		})
	}
}

// TestRenderGolden checks the picture render makes of the paper's Figure 4
// against a golden SVG, and that the PNG has the right size and marks the
// start cell green.
func TestRenderGolden(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	svg, pngName := filepath.Join(dir, "fig4.svg"), filepath.Join(dir, "fig4.png")
	r := cli(t, "", "render", "--in", "testdata/fig4.grid", "--highlight", "25", "--svg", svg, "--png", pngName)
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	got := testfix.ReadFile(t, svg)
	golden(t, "render-fig4.svg", string(got))
	f, err := os.Open(pngName)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// 10 columns and 5 rows of 48 pixels with a 12-pixel margin.
	if b := img.Bounds(); b.Dx() != 504 || b.Dy() != 264 {
		t.Fatalf("PNG is %v, want 504x264", b)
	}
	// Step 1 is at 3,1: the centre of that cell, off its label, is the
	// start disc's pale green.
	if r, g, b, _ := img.At(12+24-9, 12+2*48+24).RGBA(); !(g>>8 > 240 && r>>8 < 220 && b>>8 < 225) {
		t.Errorf("start cell colour %d,%d,%d; want pale green", r>>8, g>>8, b>>8)
	}
}

// TestSolvePicture checks that solve --svg draws exactly what render
// draws from solve's own output.
func TestSolvePicture(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.svg"), filepath.Join(dir, "b.svg")
	s := cli(t, "", "solve", "6x6", "--workers", "1", "--svg", a)
	if s.code != exitOK || !strings.Contains(s.stderr, "wrote "+a) {
		t.Fatalf("%v", s)
	}
	r := cli(t, s.stdout, "render", "--svg", b)
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	x, _ := os.ReadFile(a)
	y, _ := os.ReadFile(b)
	if len(x) == 0 || !bytes.Equal(x, y) {
		t.Errorf("solve --svg and render differ (%d and %d bytes)", len(x), len(y))
	}
	// A bad picture name is refused before the search starts.
	bad := cli(t, "", "solve", "6x6", "--png", filepath.Join(dir, "c.svg"))
	if bad.code != exitUsage || bad.stdout != "" {
		t.Errorf("%v", bad)
	}
}

// FuzzRenderInput feeds arbitrary input to render: it must write a picture
// (0), reject the solution (1) or the input (2) with one line, never panic,
// and leave no file behind unless it succeeded.
func FuzzRenderInput(f *testing.F) {
	for _, name := range []string{"testdata/fig4.grid", "testdata/fig4.path.golden", "testdata/fig4.json.golden", "testdata/count-per-start-knight-5x5.json.golden"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b), "auto")
		}
	}
	f.Add(`{"board":"2x3","values":[[1,"2",null],[4,5.5,6]]}`, "auto")
	f.Add(`{"board":"4x4","edges":[{"from":"1,1","to":"1,4","count":"3"}]}`, "auto")
	f.Add("k=2\n2.3.1\n.....\n1.4.2\n", "tau")
	f.Add("1 2 #\n3 . 4\n", "heatmap")
	f.Fuzz(func(t *testing.T, stdin, kind string) {
		dir := t.TempDir()
		out := filepath.Join(dir, "x.svg")
		r := cli(t, stdin, "render", "5x10", "--kind", kind, "--cell", "4", "--svg", out)
		switch r.code {
		case exitOK:
		case exitNone, exitUsage:
			if strings.Count(r.stderr, "\n") != 1 || len(testfix.DirNames(t, dir)) != 0 {
				t.Fatalf("%v\nfiles %v", r, testfix.DirNames(t, dir))
			}
		default:
			t.Fatalf("%v", r)
		}
	})
}
