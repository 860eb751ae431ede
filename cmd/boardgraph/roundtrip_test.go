package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestRoundTrip: whatever one command writes, the commands that consume
// that kind of thing read, detected by content (docs/json.md, "Who reads
// what"). Each producer's output is saved to a file and given to every
// consumer, which must accept it (exit 0) and agree on what it is.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	save := func(name, content string) string {
		p := filepath.Join(dir, name)
		testfix.WriteFile(t, p, []byte(content))
		return p
	}
	produce := func(args ...string) string {
		t.Helper()
		r := cli(t, "", args...)
		if r.code != exitOK {
			t.Fatalf("producer %v: %v", args, r)
		}
		return r.stdout
	}
	// Leaper solutions: every format solve writes.
	sols := map[string]string{
		"grid": save("s.grid", produce("solve", "5x5", "--workers", "1", "--quiet")),
		"path": save("s.path", produce("solve", "5x5", "--workers", "1", "--format", "path", "--quiet")),
		"json": save("s.json", produce("solve", "5x5", "--workers", "1", "--format", "json", "--quiet")),
	}
	bgp := filepath.Join(dir, "s.bgp")
	produce("solve", "5x5", "--workers", "1", "--out", bgp, "--quiet")
	sols["binary"] = bgp
	for kind, file := range sols {
		// A path file carries no board: the consumers get the size.
		size := []string{}
		if kind == "path" {
			size = []string{"5x5"}
		}
		t.Run(kind, func(t *testing.T) {
			r := cli(t, "", append(append([]string{"verify"}, size...), file)...)
			if r.code != exitOK || !strings.HasPrefix(r.stdout, "valid: a Hamiltonian path of 5x5 with hopido") {
				t.Errorf("verify: %v", r)
			}
			svg := filepath.Join(dir, kind+".svg")
			r = cli(t, "", append([]string{"render", "--in", file, "--svg", svg}, size...)...)
			if r.code != exitOK || !strings.Contains(r.stdout, "5x5") {
				t.Errorf("render: %v", r)
			}
			r = cli(t, "", "analyze", "5x5", "--path", file, "--quiet")
			if r.code != exitOK || !strings.Contains(r.stdout, "prefix completions of the path") {
				t.Errorf("analyze --path: %v", r)
			}
		})
	}
	t.Run("per-start heatmap", func(t *testing.T) {
		f := save("per.json", produce("count", "--per-start", "5x5", "--format", "json", "--quiet"))
		r := cli(t, "", "render", "--in", f, "--svg", filepath.Join(dir, "per.svg"))
		if r.code != exitOK || !strings.Contains(r.stdout, "heatmap") {
			t.Errorf("render: %v", r)
		}
	})
	// A Hidato-style puzzle: grade reads generate's JSON, and both carry
	// the problem object (as does verify).
	t.Run("hidato", func(t *testing.T) {
		js := produce("generate", "5x5", "--seed", "1", "--format", "json", "--quiet")
		g := save("h.json", js)
		r := cli(t, "", "grade", g, "--format", "json")
		for what, out := range map[string]string{"generate": js, "grade": r.stdout, "verify": produce("verify", sols["grid"], "--format", "json")} {
			if !strings.Contains(out, `"problem":{"command":"`+what+`","board":"5x5"`) {
				t.Errorf("%s JSON has no problem object: %s", what, out)
			}
		}
		if r.code != exitOK || !strings.Contains(r.stdout, `"difficulty":"medium"`) {
			t.Errorf("grade of generate's JSON: %v", r)
		}
	})
	// A graph solution: verify --graph reads solve --graph's JSON (and its
	// ends); verify without the graph refuses it, naming the fix.
	t.Run("graph", func(t *testing.T) {
		g := save("g.txt", "a b\nb c\nc d\nd a\na c\n")
		sol := save("g.json", produce("solve", "--graph", g, "--start", "b", "--format", "json", "--quiet"))
		if r := cli(t, "", "verify", "--graph", g, sol); r.code != exitOK || !strings.HasPrefix(r.stdout, "valid: a Hamiltonian path") {
			t.Errorf("verify --graph: %v", r)
		}
		if r := cli(t, "", "verify", sol); r.code != exitUsage || !strings.Contains(r.stderr, "run boardgraph verify --graph "+g) {
			t.Errorf("verify without the graph: %v", r)
		}
	})
	// Numberlink: a solution in JSON and as a drawing, and the puzzle in
	// every format convert writes.
	const id = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
	t.Run("numberlink", func(t *testing.T) {
		js := save("nl.json", produce("numberlink", "solve", id, "--format", "json", "--quiet"))
		txt := save("nl.txt", produce("numberlink", "solve", id, "--quiet"))
		puzzle := save("nl.puzzle", produce("numberlink", "convert", id))
		for _, args := range [][]string{{"check", js}, {"check", puzzle, txt}, {"check", puzzle, js}} {
			r := cli(t, "", append([]string{"numberlink"}, args...)...)
			if r.code != exitOK || !strings.HasPrefix(r.stdout, "ok:") {
				t.Errorf("numberlink %v: %v", args, r)
			}
		}
		r := cli(t, "", "render", "--in", js, "--svg", filepath.Join(dir, "nl.svg"))
		if r.code != exitOK || !strings.Contains(r.stdout, "nl.svg") {
			t.Errorf("render of numberlink JSON: %v", r)
		}
		// Every numberlink JSON has the envelope of the leaper commands:
		// the version and a problem object of kind numberlink, and what
		// holds a puzzle reads back.
		gen := save("nl-gen.json", produce("numberlink", "generate", "6x4", "--seed", "2", "--format", "json", "--quiet"))
		hex := save("nl-hex.json", produce("numberlink", "generate", "5x5", "--grid", "hex", "--format", "json", "--quiet"))
		conv := save("nl-conv.json", produce("numberlink", "convert", id, "--format", "json"))
		cnt := save("nl-count.json", produce("numberlink", "count", id, "--format", "json", "--quiet"))
		for file, want := range map[string]string{js: `"command":"numberlink solve"`, gen: `"command":"numberlink generate"`, hex: `"grid":"hex"`, conv: `"command":"numberlink convert"`, cnt: `"command":"numberlink count"`} {
			var doc struct {
				Version string
				Problem map[string]any
			}
			data, _ := os.ReadFile(file)
			if err := json.Unmarshal(data, &doc); err != nil || doc.Version != format.Version || doc.Problem["kind"] != "numberlink" || !strings.Contains(string(data), want) {
				t.Errorf("%s: no numberlink envelope (%v): %s", filepath.Base(file), err, data)
			}
		}
		if data, _ := os.ReadFile(gen); !strings.Contains(string(data), `"size":"4x6","size_convention":"width x height (columns x rows)"`) {
			t.Errorf("generate 6x4 (6 rows of 4) does not say size 4x6, width x height: %s", data)
		}
		// A hex solution and a hex puzzle draw as hex grids (they were
		// read as square ones: a solution refused, a puzzle drawn wrong).
		hexSol := save("nl-hex-sol.json", produce("numberlink", "solve", hex, "--format", "json", "--quiet"))
		for f, want := range map[string]string{hexSol: "hex 2-grid with", hex: "hex 2-grid,"} {
			if r := cli(t, "", "render", "--in", f, "--svg", filepath.Join(dir, "hex.svg")); r.code != exitOK || !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "verified") == (f == hexSol) {
				t.Errorf("render of %s: %v", filepath.Base(f), r)
			}
		}
		for _, f := range []string{gen, hex, conv, js} {
			if r := cli(t, "", "numberlink", "solve", f, "--quiet"); r.code != exitOK || !strings.Contains(r.stdout, "unique") {
				t.Errorf("numberlink solve %s: %v", filepath.Base(f), r)
			}
		}
		if r := cli(t, "", "numberlink", "solve", cnt); r.code != exitUsage || !strings.Contains(r.stderr, "numberlink count, which holds no puzzle") {
			t.Errorf("numberlink count's JSON as a puzzle: %v", r)
		}
		if r := cli(t, "", "verify", conv); r.code != exitUsage || !strings.Contains(r.stderr, "numberlink convert, a k-grid puzzle") {
			t.Errorf("verify of a numberlink puzzle: %v", r)
		}
		for _, f := range []string{"text", "has", "tatham", "puzzlink", "json"} {
			p := save("nl."+f, produce("numberlink", "convert", id, "--format", f))
			r := cli(t, "", "numberlink", "solve", p, "--quiet")
			if r.code != exitOK || !strings.Contains(r.stdout, "the solution is unique") {
				t.Errorf("solve of the %s form: %v", f, r)
			}
			r = cli(t, "", "render", "--kind", "kgrid", "--in", p, "--svg", filepath.Join(dir, "k-"+f+".svg"))
			if r.code != exitOK {
				t.Errorf("render --kind kgrid of the %s form: %v", f, r)
			}
		}
	})
}

// TestCountAutoCheapDP: auto counts with the dynamic program when its
// predicted cost is tiny, even on boards of at most 30 cells (king 5x5:
// 729,237,344 paths, 40 s by search, milliseconds by the DP).
func TestCountAutoCheapDP(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "--moves", "king", "5x5"}, "729237344\n"},
		{[]string{"count", "--moves", "king", "3x10"}, "4170959220\n"}, // the README's example
	} {
		r := cli(t, "", tc.args...)
		if r.code != exitOK || r.stdout != tc.want || !strings.Contains(r.stderr, "method dp (frontier") {
			t.Errorf("%v: %v", tc.args, r)
		}
	}
}
