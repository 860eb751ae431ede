package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestAnalyzeAcceptance checks issue 5's acceptance figures (docs/references.md):
// Diplomatico 5x5 has 12400 directed paths, 552 from each corner and 352
// from the centre; the knight 5x5 has 304 from each corner and none from
// the minority colour.
func TestAnalyzeAcceptance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"analyze", "5x5"}, []string{
			"directed paths: 12400\n",
			"paths by start cell:\n552 548 552 548 552\n548 412 400 412 548\n552 400 352 400 552\n548 412 400 412 548\n552 548 552 548 552\n",
			"solutions up to symmetry: 777 (Burnside); orbits: 4 of size 8, 773 of size 16\n",
			"48 undirected",
			"moves 3,0 alone: 20 edges, 9 components",
			"moves 2,2 alone: 18 edges, 8 components",
		}},
		{[]string{"analyze", "--moves", "knight", "5x5"}, []string{
			"directed paths: 1728\n",
			"paths by start cell:\n304   0  56   0 304\n  0  56   0  56   0\n 56   0  64   0  56\n  0  56   0  56   0\n304   0  56   0 304\n",
			"cells that never end a path (12): 1,2 1,4 2,1 2,3 2,5 3,2 3,4 4,1 4,3 4,5 5,2 5,4\n",
			"bipartite\n",
		}},
		{[]string{"analyze", "4x4"}, []string{
			"directed paths: 0\nno solution: 4 cells have only one move",
			"used by none: 16\n",
		}},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			t.Parallel()
			r := cli(t, "", tc.args...)
			if r.code != exitOK {
				t.Fatalf("%v", r)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("the report lacks %q:\n%s", w, r.stdout)
				}
			}
		})
	}
}

// TestAnalyzeJSON checks the documented JSON fields on 5x5.
func TestAnalyzeJSON(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "analyze", "5x5", "--format", "json", "--canonical")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	var out struct {
		Problem    format.Problem           `json:"problem"`
		Complete   bool                     `json:"complete"`
		Total      string                   `json:"total"`
		PerStart   [][]*string              `json:"per_start"`
		PerEnd     [][]*string              `json:"per_end"`
		Pairs      []analysis.ReportPair    `json:"pairs"`
		Tours      analysis.ReportTours     `json:"closed_tours"`
		Edges      []analysis.ReportEdge    `json:"edge_usage"`
		Symmetry   analysis.ReportSymmetry  `json:"symmetry"`
		Structure  analysis.ReportStructure `json:"structure"`
		Steps      [][][]*string            `json:"steps"`
		KeyPath    *analysis.ReportKeyPath  `json:"key_path"`
		Decided    []analysis.ReportDecided `json:"decided"`
		Convention string                   `json:"convention"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if !out.Complete || out.Total != "12400" || *out.PerStart[2][2] != "352" || *out.PerEnd[0][0] != "552" || out.Problem.Command != "analyze" {
		t.Fatalf("complete %v total %s centre %s corner end %s", out.Complete, out.Total, *out.PerStart[2][2], *out.PerEnd[0][0])
	}
	if len(out.Pairs) != 600 || out.Tours.Undirected != "48" || out.Tours.Directed != "96" || len(out.Edges) != 38 {
		t.Errorf("%d pairs, tours %+v, %d edges", len(out.Pairs), out.Tours, len(out.Edges))
	}
	if out.Symmetry.Orbits != "777" || out.Symmetry.Order != 16 || len(out.Symmetry.Canonical) != 777 {
		t.Errorf("symmetry %+v with %d canonical paths", out.Symmetry.OrbitSizes, len(out.Symmetry.Canonical))
	}
	if len(out.Steps) != 25 || *out.Steps[0][0][0] != "552" || *out.Steps[24][2][2] != "352" {
		t.Errorf("%d steps", len(out.Steps))
	}
	var decided uint64
	keyStep := false
	for _, d := range out.Decided {
		c, _ := strconv.ParseUint(d.Paths, 10, 64)
		decided += c
		keyStep = keyStep || (out.KeyPath != nil && d.Step == out.KeyPath.DecidedAt)
	}
	if decided != 12400 || !keyStep {
		t.Errorf("decided steps cover %d paths (want 12400); the key path's step is among them: %v", decided, keyStep)
	}
	kp := out.KeyPath
	if kp == nil || kp.DecidedAt != len(kp.Completions) || kp.Completions[len(kp.Completions)-1] != "1" || kp.Completions[0] != "552" {
		t.Errorf("key path %+v", kp)
	}
	if len(out.Structure.Families) != 2 || out.Structure.Bipartite || !strings.HasPrefix(out.Convention, "directed") {
		t.Errorf("structure %+v", out.Structure)
	}
}

// TestAnalyzeGolden pins the whole text report of a small board.
func TestAnalyzeGolden(t *testing.T) {
	t.Parallel()
	r := cli(t, "", "analyze", "4x5", "--canonical")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	golden(t, "analyze-4x5", r.stdout)
}

// TestAnalyzePath counts the completions of a given solution's prefixes.
func TestAnalyzePath(t *testing.T) {
	t.Parallel()
	sol := cli(t, "", "solve", "5x5", "--format", "path")
	if sol.code != exitOK {
		t.Fatalf("%v", sol)
	}
	r := cli(t, sol.stdout, "analyze", "5x5", "--path", "-")
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	first := strings.SplitN(sol.stdout, "\n", 2)[0]
	if !strings.Contains(r.stdout, "prefix completions of the path "+first+" ") || !strings.Contains(r.stdout, "the path is decided after step") {
		t.Fatalf("the report does not follow the given path:\n%s", r.stdout)
	}
}

// TestAnalyzePictures writes the three pictures of each format.
func TestAnalyzePictures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	prefix := filepath.Join(dir, "a")
	r := cli(t, "", "analyze", "4x5", "--svg", prefix, "--png", prefix)
	if r.code != exitOK {
		t.Fatalf("%v", r)
	}
	for _, name := range []string{"a-start.svg", "a-end.svg", "a-edges.svg", "a-start.png", "a-end.png", "a-edges.png"} {
		data := testfix.ReadFile(t, filepath.Join(dir, name))
		if strings.HasSuffix(name, ".svg") && !strings.Contains(string(data[:min(200, len(data))]), "<svg") {
			t.Errorf("%s is not SVG", name)
		}
		if strings.HasSuffix(name, ".png") && string(data[1:4]) != "PNG" {
			t.Errorf("%s is not PNG", name)
		}
	}
}

// TestAnalyzeErrors checks bad input: one line naming the problem, exit 2,
// no picture written.
func TestAnalyzeErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "5x5", "--start", "1,1"}, "drop --start"},
		{[]string{"analyze", "5x5", "--closed"}, "drop --start, --end and --closed"},
		{[]string{"analyze", "7x7"}, "would not finish"},
		{[]string{"analyze", "40x40", "--timeout", "1s"}, "at most 1024"},
		{[]string{"analyze", "5x5", "--format", "path"}, `unknown format "path"`},
		{[]string{"analyze", "5x5", "--svg", filepath.Join(dir, "no", "x")}, "does not exist"},
		{[]string{"analyze", "5x5", "--path", filepath.Join(dir, "missing.txt")}, "missing.txt"},
		{[]string{"analyze", "5x5", "--moves", "3,3,3"}, "3,3,3"},
		{[]string{"analyze"}, "no board"},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			t.Parallel()
			refuses(t, exitUsage, tc.want, tc.args...)
		})
	}
	// A path that is not a solution.
	r := cli(t, "1,1\n1,4\n", "analyze", "5x5", "--path", "-")
	if r.code != exitUsage || !strings.Contains(r.stderr, "not a solution") {
		t.Fatalf("%v", r)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("files left behind: %v", entries)
	}
}

// TestAnalyzeTimeout stops early: a partial report marked as such, exit 3.
func TestAnalyzeTimeout(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	r := cliCtx(t, ctx, "", "analyze", "6x6", "--timeout", "200ms", "--quiet")
	if r.code != exitStopped || !strings.Contains(r.stdout, "STOPPED EARLY") || !strings.Contains(r.stderr, "lower bound") {
		t.Fatalf("%v", r)
	}
}

// TestAnalyzeRender feeds analyze's JSON to render, which draws its
// per_start table as a heatmap.
func TestAnalyzeRender(t *testing.T) {
	t.Parallel()
	a := cli(t, "", "analyze", "4x5", "--format", "json")
	if a.code != exitOK {
		t.Fatalf("%v", a)
	}
	out := filepath.Join(t.TempDir(), "starts.svg")
	r := cli(t, a.stdout, "render", "--svg", out)
	if r.code != exitOK || !strings.Contains(r.stdout+r.stderr, "heatmap of 4x5") {
		t.Fatalf("%v", r)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), ">12<") {
		t.Fatalf("the heatmap lacks the count 12 of cell 2,3 (err %v)", err)
	}
}
