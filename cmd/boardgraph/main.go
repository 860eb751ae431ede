// Command boardgraph models grid puzzles as graphs and solves, counts,
// analyses and verifies them. Run "boardgraph help" for the subcommands.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/pathio"
)

// Exit codes (docs/design.md): the CLI's words for request's kinds of failure.
const (
	exitOK       = 0  // success
	exitNone     = 1  // a proof that there is no solution (or, for a check, an invalid one)
	exitUsage    = 2  // bad input or usage: the user fixes the command or the file
	exitStopped  = 3  // stopped early (timeout, signal, limit), after the partial result
	exitInternal = 70 // a bug in boardgraph: for example a solution that failed verification
)

// exitCode is the exit code of a kind of failure (request.Classify).
func exitCode(k request.Kind) int {
	switch k {
	case request.KindInput:
		return exitUsage
	case request.KindStopped:
		return exitStopped
	case request.KindInternal:
		return exitInternal
	}
	return exitNone
}

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
	// progressEvery overrides the progress interval and the one-second
	// grace before the first progress line (tests); 0 means the defaults.
	progressEvery time.Duration
	// json is set when the command's output is JSON: failures are then
	// also reported on stdout as {"error": ..., "exit_code": N}.
	json bool
	// written counts the bytes written to stdout (see fail), when set.
	written *stdoutWriter
	// pending holds the output of --out FILE until the command ends
	// (redirect, finishOut).
	pending *pendingOut
	// help is the running command's -h text (parseArgs).
	help cmdHelp
	// began is when the command started: --timeout counts from it, so
	// that reading the input and planning the work are inside the
	// deadline (timeoutContext).
	began time.Time
}

// pendingOut is a command's result on its way to an --out file.
type pendingOut struct {
	name string
	buf  bytes.Buffer
}

// redirect sends the command's stdout to the file name, written whole (and
// atomically) by finishOut when the command ends; "" keeps stdout.
func (e *env) redirect(name string) {
	if name == "" || name == "-" {
		return
	}
	e.pending = &pendingOut{name: name}
	e.stdout = &e.pending.buf
}

// finishOut writes a redirected result to its file, unless the command
// failed on bad input or a bug, and returns the command's exit code (2
// when the file cannot be written).
func (e *env) finishOut(code int) int {
	p := e.pending
	if p == nil || code == exitUsage || code == exitInternal || p.buf.Len() == 0 {
		return code
	}
	e.pending = nil
	if err := pathio.WriteFileAtomicContext(e.ctx, p.name, func(w io.Writer) error { _, err := p.buf.WriteTo(w); return err }); err != nil {
		return fail(e, err)
	}
	return code
}

// wroteResult reports whether the command has written anything to stdout
// or to its --out buffer.
func (e *env) wroteResult() bool {
	return (e.written != nil && e.written.n > 0) || (e.pending != nil && e.pending.buf.Len() > 0)
}

// setJSON records whether the command writes JSON (see fail).
func (e *env) setJSON(on bool) { e.json = on }

// wantsJSON reports whether args ask for --format json (in any spelling
// the flag package accepts: -format or --format, "=" or a separate value,
// before any "--"), so that even a flag error is answered in JSON.
func wantsJSON(args []string) bool {
	for i, a := range args {
		if a == "--" {
			return false
		}
		n, v, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || n != "format" {
			continue
		}
		if !eq && i+1 < len(args) {
			v = args[i+1]
		}
		return strings.EqualFold(v, "json")
	}
	return false
}

// command is one subcommand, listed in commandList (commands.go); register
// loads its -h text, help/NAME.txt. A command either
// runs on its arguments itself (run), or has one flag set: setup defines
// its flags and returns its body, which start runs on the positional
// arguments after parseArgs. subs are its own subcommands ("count merge"),
// named by the first argument.
type command struct {
	name    string
	summary string
	run     func(e *env) int
	setup   func(e *env, fs *flag.FlagSet) func(pos []string) int
	subs    map[string]*command
	help    cmdHelp
}

// start runs the command c on e.args.
func (c *command) start(e *env) int {
	if len(e.args) > 0 && c.subs[e.args[0]] != nil {
		sub, s := *e, c.subs[e.args[0]]
		sub.args, sub.help = e.args[1:], s.help
		return s.start(&sub)
	}
	if c.run != nil {
		return c.run(e)
	}
	fs := newFlagSet(c.name)
	body := c.setup(e, fs)
	pos, code := parseArgs(e, fs)
	if code >= 0 {
		return code
	}
	return body(pos)
}

// fail prints err as one line prefixed with the program name and returns
// its exit code (request.Classify: 2 bad input, 1 no solution, 3 stopped
// early, 70 a bug). Under --format json the same message and code are also
// written to stdout as one JSON object (docs/json.md).
func fail(e *env, err error) int {
	msg, kind := request.Classify(err)
	code := exitCode(kind)
	fmt.Fprintf(e.stderr, "boardgraph: %s\n", msg)
	// A result already on stdout (a partial count, the solutions before
	// --limit) stands; the error object is for runs that wrote none.
	if e.json && !e.wroteResult() {
		var w io.Writer = e.stdout
		if e.written != nil {
			w = e.written // stdout, also when --out redirected the result
		}
		format.WriteJSON(w, format.Error{Error: msg, ExitCode: code})
	}
	return code
}

func main() {
	// Ctrl-C, SIGTERM (timeout, Kubernetes, Slurm) and SIGHUP all stop
	// the command the same way.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	// After the first signal the command winds down, removes its
	// temporary files and reports what it has; a second one kills the
	// process the usual way.
	go func() { <-ctx.Done(); stop() }()
	fi, _ := os.Stderr.Stat()
	tty := fi != nil && fi.Mode()&os.ModeCharDevice != 0
	os.Exit(run(&env{ctx: ctx, args: os.Args[1:], stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTTY: tty}))
}

// run runs the command line e.args and returns the exit code. A result
// that could not be written to stdout makes it 2 (stdoutWriter.check).
func run(e *env) int {
	if e.began.IsZero() {
		e.began = time.Now()
	}
	out := &stdoutWriter{w: e.stdout}
	sub := *e
	sub.stdout = out
	return out.check(e.stderr, dispatch(&sub))
}

// dispatch runs the subcommand (or the help) that e.args name.
func dispatch(e *env) int {
	if len(e.args) == 2 && e.args[0] == "help" && e.args[1] != "-h" && e.args[1] != "--help" {
		if _, ok := commands[e.args[1]]; ok {
			sub := *e
			sub.args = []string{e.args[1], "-h"}
			return dispatch(&sub)
		}
		fmt.Fprintf(e.stderr, "boardgraph: no command %q to explain; run 'boardgraph help' for the list\n", e.args[1])
		return exitUsage
	}
	if len(e.args) > 0 && (e.args[0] == "--version" || e.args[0] == "-version") {
		e.args = append([]string{"version"}, e.args[1:]...)
	}
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
	sub.args, sub.help = e.args[1:], c.help
	sub.json = wantsJSON(sub.args)
	sub.written = &stdoutWriter{w: e.stdout}
	sub.stdout = sub.written
	return sub.finishOut(c.start(&sub))
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "boardgraph: grid puzzles as graphs: solve, count, enumerate, verify, analyse.")
	fmt.Fprintln(w, "\nUsage: boardgraph <command> [flags] [args]\n\nCommands:")
	for _, c := range commandList {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'boardgraph <command> -h' for a command's flags and an example.")
}
