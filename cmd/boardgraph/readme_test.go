package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestReadmeExamples runs every ```console example of the README and of the
// guides in docs/ in process and compares the output, so that none can
// drift. The rules:
//
//   - "$ boardgraph ARGS" runs the command; "$ A | B" feeds A's stdout to B;
//     "$ cat FILE" and "$ printf 'TEXT' > FILE" work on a scratch
//     directory (one per markdown file, shared by its blocks in order);
//     "$ echo $?" prints the previous command's exit code; a trailing
//     "# comment" is ignored.
//   - The lines after a command are its stdout, matched line by line; "..."
//     alone stands for any number of lines, and "..." inside a line for any
//     text. A command shown without output is only required to succeed.
//   - A line ending in "(stderr)" is matched against stderr instead, up to
//     its first ';' (what follows holds timings and node counts, which vary);
//     lines starting "boardgraph: " (the program's messages) are matched
//     against stderr in full.
//   - Paths under cmd/boardgraph/ are read from this directory; other files
//     live in the scratch directory.
//
// Commands on boards of 10^8 cells are skipped with -short.
func TestReadmeExamples(t *testing.T) {
	t.Parallel()
	total := 0
	for _, name := range docFiles(t) {
		text := testfix.ReadFile(t, filepath.Join("../..", name))
		blocks := consoleBlocks(string(text))
		total += len(blocks)
		if len(blocks) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, b := range blocks {
				t.Run(fmt.Sprintf("line%d", b.line), func(t *testing.T) {
					runReadmeBlock(t, dir, b)
				})
			}
		})
	}
	if total < 15 {
		t.Fatalf("found %d console blocks in README.md and docs/*.md", total)
	}
}

// docFiles lists the user documentation, relative to the repository root:
// README.md and docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, n := range names {
		out = append(out, filepath.ToSlash(strings.TrimPrefix(n, "../../")))
	}
	if len(out) < 6 {
		t.Fatalf("found only %v: README.md and the guides in docs/", out)
	}
	return out
}

// consoleBlock is one ```console block: its first line number and lines.
type consoleBlock struct {
	line  int
	lines []string
}

func consoleBlocks(readme string) []consoleBlock {
	var out []consoleBlock
	var cur *consoleBlock
	sc := bufio.NewScanner(strings.NewReader(readme))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(l) == "```console":
			cur = &consoleBlock{line: n}
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, l)
		}
	}
	return out
}

// readmeStep is one command of a block with the output shown after it.
type readmeStep struct {
	cmd  string
	want []string
}

func runReadmeBlock(t *testing.T, dir string, b consoleBlock) {
	var steps []readmeStep
	for _, l := range b.lines {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			steps = append(steps, readmeStep{cmd: c})
			continue
		}
		if len(steps) == 0 {
			t.Fatalf("line %d: output before any command: %q", b.line, l)
		}
		steps[len(steps)-1].want = append(steps[len(steps)-1].want, l)
	}
	last := 0
	for _, s := range steps {
		cmd := stripComment(s.cmd)
		if testing.Short() && strings.Contains(cmd, "10000x10000") {
			t.Skipf("%q: 10^8 cells (skipped with -short)", cmd)
		}
		var stdout, stderr string
		code := 0
		switch {
		case cmd == "echo $?":
			stdout = strconv.Itoa(last) + "\n"
		case strings.HasPrefix(cmd, "cat "):
			data, err := os.ReadFile(readmePath(dir, strings.TrimSpace(cmd[4:])))
			if err != nil {
				t.Fatalf("%s: %v", cmd, err)
			}
			stdout = string(data)
		case strings.HasPrefix(cmd, "printf "):
			text, file, ok := parsePrintf(cmd)
			if !ok {
				t.Fatalf("cannot run %q: write printf 'TEXT' > FILE", cmd)
			}
			testfix.WriteFile(t, filepath.Join(dir, file), []byte(text))
		default:
			stdin := ""
			for i, part := range strings.Split(cmd, " | ") {
				args := strings.Fields(strings.TrimSpace(part))
				if len(args) == 0 || args[0] != "boardgraph" || strings.ContainsAny(part, "<>'\"") {
					t.Fatalf("cannot run %q: only boardgraph commands, pipes between them, cat, printf and echo $?", cmd)
				}
				for k, a := range args {
					args[k] = readmeArg(dir, a)
				}
				r := cli(t, stdin, args[1:]...)
				code = r.code
				if i > 0 && stderr != "" {
					r.stderr += stderr
				}
				stdin, stdout, stderr = r.stdout, r.stdout, r.stderr
			}
		}
		// Files in the scratch directory are shown by their README names.
		stdout = strings.ReplaceAll(stdout, dir+string(filepath.Separator), "")
		stderr = strings.ReplaceAll(stderr, dir+string(filepath.Separator), "")
		matchReadme(t, b.line, s, stdout, stderr, code)
		last = code
	}
}

// matchReadme compares a step's output with what the README shows.
func matchReadme(t *testing.T, line int, s readmeStep, stdout, stderr string, code int) {
	t.Helper()
	var wantOut, wantErr []string
	var wantMsgs []string
	for _, w := range s.want {
		if e, ok := strings.CutSuffix(strings.TrimRight(w, " "), "(stderr)"); ok {
			wantErr = append(wantErr, strings.TrimSpace(e))
		} else if strings.HasPrefix(w, "boardgraph: ") {
			wantMsgs = append(wantMsgs, w) // the program's messages go to stderr
		} else {
			wantOut = append(wantOut, w)
		}
	}
	if len(s.want) == 0 {
		if code != exitOK && !strings.HasPrefix(s.cmd, "echo") {
			t.Errorf("line %d: %q exits %d:\n%s", line, s.cmd, code, stderr)
		}
		return
	}
	got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if stdout == "" {
		got = nil
	}
	if !linesMatch(wantOut, got) {
		t.Errorf("line %d: %q printed\n%s\nbut the doc shows\n%s", line, s.cmd, stdout, strings.Join(wantOut, "\n"))
	}
	msgs := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(wantMsgs) > 0 && !linesMatch(wantMsgs, msgs) {
		t.Errorf("line %d: %q: stderr\n%s\nbut the doc shows\n%s", line, s.cmd, stderr, strings.Join(wantMsgs, "\n"))
	}
	for _, w := range wantErr {
		head, _, _ := strings.Cut(w, ";")
		if !strings.Contains(stderr, head) {
			t.Errorf("line %d: %q: stderr\n%s\nlacks %q", line, s.cmd, stderr, head)
		}
	}
}

// linesMatch matches got against want, where a line "..." stands for any
// number of lines and "..." inside a line for any text.
func linesMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for k := 0; k <= len(got); k++ {
			if linesMatch(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 || !lineMatch(want[0], got[0]) {
		return false
	}
	return linesMatch(want[1:], got[1:])
}

func lineMatch(want, got string) bool {
	if !strings.Contains(want, "...") {
		return strings.TrimRight(want, " ") == strings.TrimRight(got, " ")
	}
	parts := strings.Split(want, "...")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// stripComment drops a trailing "# comment" (outside quotes).
func stripComment(cmd string) string {
	quote := byte(0)
	for i := 0; i < len(cmd); i++ {
		switch c := cmd[i]; {
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote == 0 && c == '#' && (i == 0 || cmd[i-1] == ' '):
			return strings.TrimSpace(cmd[:i])
		}
	}
	return strings.TrimSpace(cmd)
}

// parsePrintf reads "printf 'TEXT' > FILE" (with \n escapes).
func parsePrintf(cmd string) (text, file string, ok bool) {
	m := regexp.MustCompile(`^printf '([^']*)' > (\S+)$`).FindStringSubmatch(cmd)
	if m == nil {
		return "", "", false
	}
	return strings.ReplaceAll(m[1], `\n`, "\n"), m[2], true
}

// readmePath maps a file named in the README to this test's files.
func readmePath(dir, name string) string {
	if rest, ok := strings.CutPrefix(name, "cmd/boardgraph/"); ok {
		return rest
	}
	return filepath.Join(dir, name)
}

// readmeArg maps an argument that names a file.
func readmeArg(dir, a string) string {
	if strings.HasPrefix(a, "cmd/boardgraph/") || strings.HasSuffix(a, ".txt") || strings.HasSuffix(a, ".bgp") || strings.HasSuffix(a, ".json") || strings.HasSuffix(a, ".svg") || strings.HasSuffix(a, ".png") {
		if strings.HasPrefix(a, "-") {
			return a
		}
		return readmePath(dir, a)
	}
	return a
}

// TestReadmeCommands: every subcommand (numberlink's included) has a row
// in the README's table of commands.
func TestReadmeCommands(t *testing.T) {
	t.Parallel()
	readme := testfix.ReadFile(t, "../../README.md")
	for name := range commands {
		if !strings.Contains(string(readme), "| `"+name+"` |") && !strings.Contains(string(readme), "| `"+name+" ") {
			t.Errorf("README.md's table of commands lacks %q", name)
		}
	}
	for _, s := range nlSubs {
		if !strings.Contains(string(readme), "| `numberlink "+s.name+"` |") {
			t.Errorf("README.md's table of commands lacks \"numberlink %s\"", s.name)
		}
	}
}
