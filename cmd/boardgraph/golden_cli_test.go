package main

import (
	"os"
	"path/filepath"
	"regexp"
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
// elapsedMS matches the elapsed time of a JSON result, which the goldens
// keep as 0.
var elapsedMS = regexp.MustCompile(`"elapsed_ms":[0-9]+`)

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
			// The time a command took is the one field that varies
			// from run to run (1 ms or more on a loaded machine).
			got := "exit " + strconv.Itoa(r.code) + "\n" + elapsedMS.ReplaceAllString(r.stdout, `"elapsed_ms":0`)
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
