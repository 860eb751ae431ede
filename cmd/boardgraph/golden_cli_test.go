package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCLIGolden runs the fixed set of commands in testdata/cli/commands.txt
// and compares each one's exit code and standard output with its golden
// file, so that moving code between packages (issue 23) cannot change what
// the CLI prints. Standard error holds timings and is compared only for
// bad input (exit 2), whose one-line message is fixed.
func TestCLIGolden(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/cli/commands.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
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
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("read %d commands from testdata/cli/commands.txt", n)
	}
}
