// Command boardgraph models grid puzzles as graphs and solves, counts,
// analyses and verifies them. Run "boardgraph help" for the subcommands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
)

// Exit codes (DESIGN.md): 0 success, 1 proven no solution (or invalid, for
// verify), 2 bad input or usage, 3 stopped early with partial results.
const (
	exitOK      = 0
	exitNone    = 1
	exitUsage   = 2
	exitStopped = 3
)

// env carries a command's streams and arguments, so that commands can be run
// in tests without a process.
type env struct {
	ctx    context.Context
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// stderrTTY reports whether stderr is a terminal (live progress line).
	stderrTTY bool
}

// command is one subcommand. Each lives in its own file and registers itself
// in init.
type command struct {
	name    string
	summary string
	run     func(e *env) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("boardgraph: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// usageError is an error the user can fix by changing the command line or the
// input; it maps to exit code 2.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// fail prints err as one line prefixed with the program name and returns the
// matching exit code: 2 for usage errors, 1 otherwise unless code says.
func fail(e *env, err error) int {
	fmt.Fprintf(e.stderr, "boardgraph: %s\n", oneLine(err.Error()))
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitUsage
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", "; ") }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fi, _ := os.Stderr.Stat()
	tty := fi != nil && fi.Mode()&os.ModeCharDevice != 0
	os.Exit(run(&env{ctx: ctx, args: os.Args[1:], stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTTY: tty}))
}

// run dispatches to a subcommand and returns the exit code.
func run(e *env) int {
	if len(e.args) == 0 || e.args[0] == "help" || e.args[0] == "-h" || e.args[0] == "--help" {
		printHelp(e.stdout)
		if len(e.args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	c, ok := commands[e.args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "boardgraph: unknown command %q; run 'boardgraph help' for the list\n", e.args[0])
		return exitUsage
	}
	sub := *e
	sub.args = e.args[1:]
	return c.run(&sub)
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "boardgraph: grid puzzles as graphs: solve, count, enumerate, verify, analyse.")
	fmt.Fprintln(w, "\nUsage: boardgraph <command> [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'boardgraph <command> -h' for a command's flags and an example.")
}
