// Package floors_test checks the import rules of docs/design.md: every
// package of the module stands on a floor of that page's table, and imports
// only packages on its own floor or below (test support only from tests,
// and the table of pairs kept apart).
package floors_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

const module = "github.com/boardgraph/boardgraph"

// testFloor is the floor of test support ("T" in the table): below
// nothing, imported by test files only.
const testFloor = 100

// rules is what docs/design.md says: the floor patterns and the pairs kept
// apart.
type rules struct {
	patterns map[string]int      // "count/..." or "board" → floor
	apart    map[string][]string // package → packages it must not import ("..." for the whole module)
}

// floorOf returns the floor of a package path relative to the module, by
// the most specific pattern that names it.
func (r rules) floorOf(pkg string) (int, bool) {
	best, floor := -1, 0
	for pat, f := range r.patterns {
		n := len(pat)
		ok := pat == pkg
		if base, wild := strings.CutSuffix(pat, "/..."); wild {
			ok = pkg == base || strings.HasPrefix(pkg, base+"/")
			n = len(base)
		}
		if ok && n > best {
			best, floor = n, f
		}
	}
	return floor, best >= 0
}

// readRules parses the two tables of docs/design.md: the floors (rows whose
// first cell is a floor number or T) and the pairs kept apart (rows after
// the "must not import" header).
func readRules(path string) (rules, error) {
	f, err := os.Open(path)
	if err != nil {
		return rules{}, err
	}
	defer f.Close()
	r := rules{patterns: map[string]int{}, apart: map[string][]string{}}
	inApart := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "|") {
			inApart = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) >= 2 && cells[1] == "must not import" {
			inApart = true
			continue
		}
		if inApart && len(cells) >= 2 && strings.HasPrefix(cells[0], "`") {
			from := strings.Trim(cells[0], "`")
			to := strings.Trim(cells[1], "`")
			if to == "anything of the module" {
				to = "..."
			}
			r.apart[from] = append(r.apart[from], to)
			continue
		}
		if len(cells) < 3 {
			continue
		}
		floor := -1
		if cells[0] == "T" {
			floor = testFloor
		} else if _, err := fmt.Sscanf(cells[0], "%d", &floor); err != nil || fmt.Sprint(floor) != cells[0] {
			continue
		}
		for _, p := range strings.Split(cells[2], ",") {
			p = strings.Trim(strings.TrimSpace(p), "`")
			if p == "" {
				continue
			}
			if old, dup := r.patterns[p]; dup {
				return rules{}, fmt.Errorf("%s: %q is on floors %d and %d", path, p, old, floor)
			}
			r.patterns[p] = floor
		}
	}
	if err := sc.Err(); err != nil {
		return rules{}, err
	}
	if len(r.patterns) == 0 {
		return rules{}, fmt.Errorf("%s: no floor table found", path)
	}
	return r, nil
}

// pkgImports is one package of the module with the imports of its
// non-test files inside the module. A package's tests may import upward
// (an external test package is a package of its own, and verify's tests
// read files that pathio writes); test support is for them alone.
type pkgImports struct {
	path    string
	imports []string
}

// check returns one line per broken rule, sorted.
func (r rules) check(pkgs []pkgImports) []string {
	var bad []string
	for _, p := range pkgs {
		from, ok := r.floorOf(p.path)
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is on no floor of docs/design.md: add it to the floor table", p.path))
			continue
		}
		for _, imp := range p.imports {
			to, ok := r.floorOf(imp)
			switch {
			case !ok:
				// reported as its own package
			case to == testFloor && from != testFloor:
				bad = append(bad, fmt.Sprintf("%s imports %s: test support is for test files only", p.path, imp))
			case to > from && to != testFloor:
				bad = append(bad, fmt.Sprintf("%s (floor %d) imports %s (floor %d): an import from a lower floor up to a higher one", p.path, from, imp, to))
			}
			for _, no := range r.apart[p.path] {
				if no == "..." || no == imp {
					bad = append(bad, fmt.Sprintf("%s imports %s, which docs/design.md keeps apart from it", p.path, imp))
				}
			}
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad)
}

// goList lists the module's packages with their imports inside the module,
// for the host and, when env is given, another target (the WebAssembly
// engine builds only for GOOS=js).
func goList(t *testing.T, root string, env []string, args ...string) []pkgImports {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f",
		"{{.ImportPath}}|{{join .Imports \" \"}}"}, args...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	var pkgs []pkgImports
	inModule := func(list string) []string {
		var in []string
		for _, f := range strings.Fields(list) {
			if rel, ok := strings.CutPrefix(f, module+"/"); ok {
				in = append(in, rel)
			}
		}
		return in
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 2)
		if len(f) < 2 {
			continue
		}
		rel, ok := strings.CutPrefix(f[0], module+"/")
		if !ok {
			continue
		}
		pkgs = append(pkgs, pkgImports{path: rel, imports: inModule(f[1])})
	}
	return pkgs
}

// TestImportFloors runs the rules over the module as it is.
func TestImportFloors(t *testing.T) {
	root := testfix.Root(t)
	r, err := readRules(filepath.Join(root, "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := goList(t, root, nil, "./...")
	pkgs = append(pkgs, goList(t, root, []string{"GOOS=js", "GOARCH=wasm"}, "./web/wasm")...)
	if len(pkgs) < 30 {
		t.Fatalf("go list found %d packages of the module; expected the whole module", len(pkgs))
	}
	for _, line := range r.check(pkgs) {
		t.Error(line)
	}
}

// TestImportFloorsCatches feeds the check imports that break each rule, so
// that a check that passes everything fails here.
func TestImportFloorsCatches(t *testing.T) {
	root := testfix.Root(t)
	r, err := readRules(filepath.Join(root, "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		pkg  pkgImports
		want string
	}{
		{"upward", pkgImports{path: "graph", imports: []string{"render"}}, "graph (floor 1) imports render (floor 2)"},
		{"library to application", pkgImports{path: "count", imports: []string{"internal/app/request"}}, "count (floor 2) imports internal/app/request (floor 3)"},
		{"helper to library", pkgImports{path: "internal/base/tick", imports: []string{"progress"}}, "internal/base/tick (floor 0) imports progress (floor 2)"},
		{"application to front end", pkgImports{path: "internal/app/request", imports: []string{"web"}}, "internal/app/request (floor 3) imports web (floor 4)"},
		{"test support outside tests", pkgImports{path: "hamilton", imports: []string{"internal/test/testfix"}}, "test support is for test files only"},
		{"kept apart", pkgImports{path: "analysis", imports: []string{"render"}}, "analysis imports render, which docs/design.md keeps apart"},
		{"verifier alone", pkgImports{path: "verify", imports: []string{"board"}}, "verify imports board, which docs/design.md keeps apart"},
		{"no floor", pkgImports{path: "newthing"}, "newthing is on no floor"},
	} {
		got := r.check([]pkgImports{c.pkg})
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), c.want) {
			t.Errorf("%s: check gave %q, want a line with %q", c.name, got, c.want)
		}
	}
	// Imports that keep the rules pass.
	if got := r.check([]pkgImports{
		{path: "count", imports: []string{"count/internal/spill", "hamilton", "graph", "internal/base/tick"}},
		{path: "web", imports: []string{"internal/app/request", "render"}},
		{path: "internal/test/testfix", imports: []string{"board"}},
	}); len(got) != 0 {
		t.Errorf("lawful imports reported: %q", got)
	}
}
