package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCLIGolden runs the fixed set of commands in testdata/cli/commands.txt
// and compares each one's exit code and standard output with its golden
// file, so that moving code between packages (issue 23) cannot change what
// the CLI prints. Standard error holds timings and is compared only for
// bad input (exit 2), whose one-line message is fixed.
func TestCLIGolden(t *testing.T) {
	t.Parallel()
	n := 0
	for line := range strings.Lines(string(testfix.ReadFile(t, "testdata/cli/commands.txt"))) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		name, args := fields[0], fields[1:]
		stdin := ""
		if last := args[len(args)-1]; strings.HasPrefix(last, "<") {
			b, err := os.ReadFile(last[1:])
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			stdin, args = string(b), args[:len(args)-1]
		}
		n++
		t.Run(name, func(t *testing.T) {
			r := cli(t, stdin, args...)
			got := "exit " + strconv.Itoa(r.code) + "\n" + r.stdout
			if r.code == exitUsage {
				got += "stderr:\n" + r.stderr
			}
			golden(t, filepath.Join("cli", name), got)
		})
	}
	if n < 20 {
		t.Fatalf("read %d commands from testdata/cli/commands.txt", n)
	}
}
