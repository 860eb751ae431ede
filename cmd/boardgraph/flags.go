package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// cmdHelp describes a subcommand for its -h output.
type cmdHelp struct {
	name     string
	usage    string // after "boardgraph NAME "
	about    string // a paragraph
	examples []string
}

// newFlagSet returns a flag set that reports errors through its return
// value only (the caller prints one line).
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// printUsage writes a subcommand's -h text: usage, description, examples and
// flags (shown with two dashes; one dash works too).
func printUsage(w io.Writer, h cmdHelp, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: boardgraph %s %s\n\n%s\n\nExamples:\n", h.name, h.usage, strings.TrimSpace(h.about))
	for _, ex := range h.examples {
		fmt.Fprintf(w, "  %s\n", ex)
	}
	fmt.Fprintln(w, "\nFlags (before or after the arguments):")
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if arg != "" {
			name += " " + arg
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			def = fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  %-20s %s%s\n", name, usage, def)
	})
}

// parseArgs parses flags that may come before or after the positional
// arguments (-h prints e.help). It returns the positional arguments, or a non-negative exit
// code when the command should end now (after -h, or a bad flag).
func parseArgs(e *env, fs *flag.FlagSet) (pos []string, code int) {
	h := e.help
	args := e.args
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(e.stdout, h, fs)
			return nil, exitOK
		}
		if err != nil {
			return nil, fail(e, request.Inputf("%s: %s; run 'boardgraph %s -h' for the flags", h.name, numberWanted(fs, err), h.name))
		}
		rest := fs.Args()
		if len(rest) == 0 || len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			// After a literal "--" everything is positional.
			if err := emptyFileFlag(fs); err != nil {
				return nil, fail(e, err)
			}
			if f := fs.Lookup("moves"); f != nil && flagGiven(fs, "moves") {
				if err := request.CheckGivenMoves(f.Value.String()); err != nil {
					return nil, fail(e, err)
				}
			}
			return append(pos, rest...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// emptyFileFlag refuses a file flag given an empty name (--out=), which
// would otherwise read as not given: the output would go to stdout. A
// flag whose default is a name (--tmp) takes "" as a value of its own.
func emptyFileFlag(fs *flag.FlagSet) (err error) {
	fs.Visit(func(f *flag.Flag) {
		if arg, _ := flag.UnquoteUsage(f); err == nil && f.Value.String() == "" && f.DefValue == "" && (arg == "FILE" || arg == "DIR" || arg == "PREFIX") {
			err = request.Inputf("--%s '': an empty %s name; give a name or drop the flag", f.Name, strings.ToLower(arg))
		}
	})
	return err
}

// problemFlags are the flags every leaper command shares; they fill a
// request.LeaperFlags, which request.NewLeaper checks once.
type problemFlags struct {
	request.LeaperFlags
}

// newProblemFlags defines in fs the problem flags of the commands that
// search a board (analyze, count, enumerate, solve); formats words the
// values of --format.
func newProblemFlags(fs *flag.FlagSet, formats string) *problemFlags {
	pf := new(problemFlags)
	f := &pf.LeaperFlags
	fs.StringVar(&f.Board, "board", "", "read the board as a text `FILE` ('.' open, '#' blocked, numbers are givens; Rosetta Code's layout, '0' open and '.' blocked, reads too; '-' for stdin) instead of a size spec")
	fs.StringVar(&f.Moves, "moves", "hopido", request.MovesHelp())
	fs.StringVar(&f.Start, "start", "", "fix the first cell at `ROW,COL` (counted from 1)")
	fs.StringVar(&f.End, "end", "", "fix the last cell at `ROW,COL`")
	fs.BoolVar(&f.Closed, "closed", false, "closed tours: the last cell is one move from the first")
	durationVar(fs, &f.Timeout, "timeout", "stop after `D` (for example 30s, 5m) and report what was done so far")
	fs.IntVar(&f.Workers, "workers", 0, "search with `N` goroutines (default: all cores)")
	fs.StringVar(&f.Format, "format", "", "output `FORMAT`: "+formats)
	fs.BoolVar(&f.Quiet, "quiet", false, "no progress or summary lines on stderr")
	return pf
}

// newBoardFlags defines in fs the board flags of the commands that take a
// board but not the search flags (export, info, neo4j, verify): --board,
// --moves, --start, --end and, with closed, --closed; what begins the
// help of the last three ("with --with-solution: ", or "").
func newBoardFlags(fs *flag.FlagSet, what string, closed bool) *problemFlags {
	pf := new(problemFlags)
	fs.StringVar(&pf.Board, "board", "", "read the board as a text `FILE` ('-' for stdin) instead of a size spec")
	fs.StringVar(&pf.Moves, "moves", "hopido", request.MovesHelp())
	fs.StringVar(&pf.Start, "start", "", what+"the first cell is `ROW,COL`")
	fs.StringVar(&pf.End, "end", "", what+"the last cell is `ROW,COL`")
	if closed {
		fs.BoolVar(&pf.Closed, "closed", false, what+"a closed tour (the last cell one move from the first)")
	}
	return pf
}

// reportVars defines --format (text or json), --out and --quiet, worded by
// quiet, for the commands that write a report (info, verify).
func (pf *problemFlags) reportVars(fs *flag.FlagSet, quiet string) {
	fs.StringVar(&pf.Format, "format", "", "output `FORMAT`: text (the default) or json")
	outVar(fs, &pf.Out)
	fs.BoolVar(&pf.Quiet, "quiet", false, quiet)
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// outVar defines --out FILE for commands whose result is what they print:
// the result goes to FILE instead of stdout, written whole or not at all
// (env.redirect).
func outVar(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "out", "", "write the result to `FILE` instead of stdout (atomically: the file appears whole or not at all)")
}

// durationVar defines a duration flag read by request.ParseDuration, whose
// errors suggest the fix ("--timeout 10": give a unit, 10s).
func durationVar(fs *flag.FlagSet, p *time.Duration, name, usage string) {
	fs.Var(&request.DurationValue{P: p, Name: name}, name, usage)
}

// source is where request reads named inputs: files, and e.stdin for "-".
func (e *env) source() request.Source { return request.Source{Stdin: e.stdin} }

// flags returns the typed problem with the positional arguments (at most
// one, the size spec).
func (pf *problemFlags) flags(pos []string) (request.LeaperFlags, error) {
	f := pf.LeaperFlags
	if len(pos) > 1 {
		return f, request.Inputf("unexpected argument %q; give one board (a size such as 5x5 or --board FILE)", pos[1])
	}
	if len(pos) == 1 {
		f.Spec = pos[0]
	}
	return f, nil
}

// request checks the flags and the positional arguments once and returns
// the request.
func (pf *problemFlags) request(e *env, pos []string, names format.Names) (*request.Leaper, error) {
	f, err := pf.flags(pos)
	if err != nil {
		return nil, err
	}
	l, err := request.NewLeaper(f, e.source(), names)
	if err != nil {
		return nil, err
	}
	e.setJSON(l.Output.JSON())
	return l, nil
}

// load checks the request and builds the move graph for a search,
// stopping (exit 3) when ctx ends first.
func (pf *problemFlags) load(ctx context.Context, e *env, pos []string, names format.Names) (*request.Search, error) {
	l, err := pf.request(e, pos, names)
	if err != nil {
		return nil, err
	}
	j, err := l.SearchContext(ctx)
	return j, request.StoppedPreparing(ctx, pf.Timeout, err, "before any result")
}

// context applies --timeout to the command's context.
func (pf *problemFlags) context(e *env) (context.Context, context.CancelFunc) {
	return timeoutContext(e, pf.Timeout)
}

// timeoutContext derives a command's context, ending d after the command
// began (e.began) when d > 0: every phase, from reading the input to
// writing the result, runs inside the one deadline, wherever its context
// is made.
func timeoutContext(e *env, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithDeadline(e.ctx, e.began.Add(d))
	}
	return context.WithCancel(e.ctx)
}

// numberWanted words the flag package's "parse error" and "value out of
// range" by the kind of value the flag takes ("invalid value "-1" for flag
// -seed: parse error" named no fix).
func numberWanted(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "invalid boolean value") && strings.HasSuffix(msg, ": parse error") {
		return strings.TrimSuffix(msg, ": parse error") + ": give true or false, or the flag alone for true"
	}
	if head, ok := strings.CutSuffix(msg, ": value out of range"); ok {
		return head + ": out of range; give a smaller number"
	}
	head, ok := strings.CutSuffix(msg, ": parse error")
	_, name, found := strings.Cut(head, " for flag -")
	f := fs.Lookup(name)
	if !ok || !found || f == nil {
		return msg
	}
	switch f.Value.(flag.Getter).Get().(type) {
	case uint, uint64:
		return head + ": give a whole number, 0 or more"
	case int, int64:
		return head + ": give a whole number"
	case float64:
		return head + ": give a number such as 0.2"
	}
	return msg
}
