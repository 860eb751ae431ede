package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestReadmeLength: the README stays a front page (issue 24: at most 250
// lines); the guides live in docs/.
func TestReadmeLength(t *testing.T) {
	t.Parallel()
	readme := testfix.ReadFile(t, "../../README.md")
	if n := strings.Count(string(readme), "\n"); n > 250 {
		t.Errorf("README.md has %d lines; keep it at most 250 and move the rest into a guide in docs/", n)
	}
}

// TestReadmeQuickStart: the README opens with the commands that work on a
// fresh clone (the module is not published, so no go install ...@latest),
// and its go run command runs.
func TestReadmeQuickStart(t *testing.T) {
	t.Parallel()
	readme := testfix.ReadFile(t, "../../README.md")
	text := string(readme)
	if strings.Contains(text, "go install github.com/") {
		t.Error("README.md tells the user to go install the module by its path; it is not published: use go install ./cmd/boardgraph")
	}
	_, rest, ok := strings.Cut(text, "```sh\n")
	first, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 || strings.Index(text, "```sh\n") > strings.Index(text, "\n## ") {
		t.Fatal("README.md does not open with a ```sh block before its first section")
	}
	var goRun []string
	sawTest := false
	for _, l := range strings.Split(first, "\n") {
		cmd := stripComment(l)
		if args, ok := strings.CutPrefix(cmd, "go run ./cmd/boardgraph "); ok {
			goRun = strings.Fields(args)
		}
		if cmd == "go test ./..." {
			sawTest = true
		}
	}
	if goRun == nil || !sawTest {
		t.Fatalf("README.md's first block lacks \"go run ./cmd/boardgraph ...\" or \"go test ./...\":\n%s", first)
	}
	r := cli(t, "", goRun...)
	if r.code != exitOK {
		t.Errorf("go run ./cmd/boardgraph %s: exit %d\n%s", strings.Join(goRun, " "), r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "verified") {
		t.Errorf("go run ./cmd/boardgraph %s: stderr %q does not say the solution was verified", strings.Join(goRun, " "), r.stderr)
	}
}

// TestReadmeCommandExamples runs the example of every row of the README's
// table of commands in process (a scratch directory shared by the rows, in
// order); each must succeed. boardgraph serve runs until stopped, and count
// merge's glob is run by TestOrchestrationRecipes.
func TestReadmeCommandExamples(t *testing.T) {
	t.Parallel()
	readme := testfix.ReadFile(t, "../../README.md")
	row := regexp.MustCompile("^\\| `([^`]+)` \\| .* \\| `(boardgraph [^`]+)` \\|$")
	dir := t.TempDir()
	n := 0
	for i, l := range strings.Split(string(readme), "\n") {
		m := row.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		cmd := strings.ReplaceAll(m[2], `\|`, "|")
		if cmd == "boardgraph serve" || strings.HasPrefix(cmd, "boardgraph site ") || strings.Contains(cmd, "*") { // site writes a folder here (TestSiteCLI and TestSiteInstalled run it)
			continue
		}
		t.Run(m[1], func(t *testing.T) {
			runReadmeBlock(t, dir, consoleBlock{line: i + 1, lines: []string{"$ " + cmd}})
		})
	}
	if n < len(commands)+len(nlSubs) {
		t.Errorf("found examples in %d rows of README.md's table of commands; every command and numberlink subcommand (%d) has a row with an example", n, len(commands)+len(nlSubs))
	}
}

// TestReadmePackageMap: the README's map of the packages names every
// package of the module, as a link to its directory.
func TestReadmePackageMap(t *testing.T) {
	t.Parallel()
	readme := testfix.ReadFile(t, "../../README.md")
	pkgs := map[string]bool{}
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && p != "../.." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			rel := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(p), "../../"))
			if rel != "../.." {
				pkgs[rel] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("found only %d packages", len(pkgs))
	}
	for p := range pkgs {
		if !strings.Contains(string(readme), "[`"+p+"`]("+p+"/)") {
			t.Errorf("README.md's map of the packages lacks %s: add a line \"- [`%s`](%s/): what it is for\"", p, p, p)
		}
	}
}

// TestDocLinks: every relative link and image of README.md and docs/*.md
// points to a file or directory of the repository, and every #anchor to a
// heading of the file it names.
func TestDocLinks(t *testing.T) {
	t.Parallel()
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := map[string]map[string]bool{}
	headingsOf := func(file string) map[string]bool {
		if h, ok := anchors[file]; ok {
			return h
		}
		text, err := os.ReadFile(filepath.Join("../..", file))
		if err != nil {
			return nil
		}
		h := markdownAnchors(string(text))
		anchors[file] = h
		return h
	}
	checked := 0
	for _, name := range docFiles(t) {
		text := testfix.ReadFile(t, filepath.Join("../..", name))
		for _, m := range link.FindAllStringSubmatch(proseOnly(string(text)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(target, "#")
			resolved := name
			if file != "" {
				resolved = path.Join(path.Dir(name), file)
				if strings.HasPrefix(resolved, "../") {
					t.Errorf("%s: link %q leaves the repository", name, target)
					continue
				}
				if _, err := os.Stat(filepath.Join("../..", resolved)); err != nil {
					t.Errorf("%s: link %q: %s does not exist", name, target, resolved)
					continue
				}
			}
			if anchor != "" {
				if !strings.HasSuffix(resolved, ".md") {
					t.Errorf("%s: link %q: an anchor into %s, which is not markdown", name, target, resolved)
				} else if !headingsOf(resolved)[anchor] {
					t.Errorf("%s: link %q: %s has no heading with the anchor #%s", name, target, resolved, anchor)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("checked only %d relative links in README.md and docs/*.md", checked)
	}
}

// proseOnly blanks fenced code blocks and inline code spans, where
// brackets are not links.
func proseOnly(text string) string {
	var b strings.Builder
	fenced := false
	inline := regexp.MustCompile("`[^`\n]*`")
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			b.WriteString("\n")
			continue
		}
		if !fenced {
			b.WriteString(inline.ReplaceAllString(l, "``"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// markdownAnchors returns the anchors GitHub gives a file's headings:
// lower case, punctuation other than '-' and '_' dropped, spaces made '-',
// a repeated anchor suffixed -1, -2, ...
func markdownAnchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		if h == "" || !strings.HasPrefix(l, strings.Repeat("#", len(l)-len(strings.TrimLeft(l, "#")))+" ") {
			continue
		}
		var a strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				a.WriteRune(r)
			}
		}
		s := a.String()
		if k := seen[s]; k > 0 {
			out[s+"-"+strconv.Itoa(k)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// TestDocHelpReferences: every guide the -h texts name (docs/NAME.md)
// exists, so that a guide moved or renamed does not leave help pointing
// nowhere.
func TestDocHelpReferences(t *testing.T) {
	t.Parallel()
	names, err := filepath.Glob("help/*.txt")
	if err != nil || len(names) < 10 {
		t.Fatalf("help texts: %v, %v", names, err)
	}
	ref := regexp.MustCompile(`docs/[A-Za-z0-9_-]+\.md`)
	for _, n := range names {
		text := testfix.ReadFile(t, n)
		for _, doc := range ref.FindAllString(string(text), -1) {
			if _, err := os.Stat(filepath.Join("../..", doc)); err != nil {
				t.Errorf("%s names %s, which does not exist", n, doc)
			}
		}
	}
}
