package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/report"
	lines "github.com/boardgraph/boardgraph/progress"
	"github.com/boardgraph/boardgraph/render"
)

// nlSub is one "numberlink" subcommand: its -h text
// (help/numberlink-NAME.txt), what it reads, whether it handles hex grids
// too, its --format names, and setup, which defines its own flags and
// returns its body.
type nlSub struct {
	name  string
	help  cmdHelp
	kind  nlKind
	hex   bool
	names format.Names
	setup func(f *nlFlags) nlBody
}

// nlKind says what a subcommand reads before its body runs.
type nlKind int

const (
	nlArgs   nlKind = iota // its arguments only (no rule flags)
	nlRules                // its arguments, with the rule flags (it loads the puzzles)
	nlPuzzle               // one puzzle, loaded (none: stdin)
	nlProved               // one puzzle, loaded and refused when the Proposition shows it unsolvable
)

// nlBody is a subcommand's work, after its flags were parsed: p is the
// loaded puzzle (nlPuzzle, nlProved), pos the arguments (nlArgs, nlRules).
type nlBody func(p *request.Puzzle, pos []string) int

var nlHelp = loadHelp("numberlink")

// run parses the subcommand's flags, loads what it reads and runs its
// body with the run's context (--timeout), released at the end.
func (s nlSub) run(e *env, args []string) int {
	f := newNLFlags(e, s)
	body := s.setup(f)
	var (
		p    *request.Puzzle
		pos  []string
		code int
		ok   bool
	)
	if s.kind >= nlPuzzle {
		p, code = f.open(args, s.kind == nlProved)
		ok = p != nil
	} else {
		pos, code, ok = f.parse(args)
	}
	if !ok {
		return code
	}
	defer f.cancel()
	return body(p, pos)
}

func runNumberlink(e *env) int {
	if len(e.args) == 0 || e.args[0] == "-h" || e.args[0] == "--help" || e.args[0] == "help" {
		w := e.stdout
		if len(e.args) == 0 {
			w = e.stderr
		}
		fmt.Fprintf(w, "Usage: boardgraph numberlink %s\n\nSubcommands:\n", nlHelp.usage)
		for _, s := range nlSubs {
			fmt.Fprintf(w, "  %s %s\n", s.name, s.help.usage)
		}
		fmt.Fprintln(w, "\n"+nlHelp.about)
		if len(e.args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, s := range nlSubs {
		if s.name == e.args[0] {
			return s.run(e, e.args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "boardgraph: numberlink: unknown subcommand %q; run 'boardgraph numberlink -h'\n", e.args[0])
	return exitUsage
}

// nlFlags is a flag set for one subcommand with the shared flags: the rule
// flags and --grid (when the subcommand reads a puzzle), --format, --out
// and --quiet, and --timeout when the subcommand asks for it (timeoutVar).
type nlFlags struct {
	*flag.FlagSet
	sub     nlSub
	e       *env
	rules   bool                // the rule flags apply (sub.kind != nlArgs)
	puzzle  request.PuzzleFlags // the rule flags; the argument is set by open
	timeout time.Duration
	format  string // canonical, after parse
	out     string
	quiet   bool
	// ctx is the run's context after parse: the command's, ending after
	// --timeout; cancel releases it.
	ctx    context.Context
	cancel context.CancelFunc
	// problem is the JSON problem object of the puzzle loaded, if any.
	problem *format.PuzzleProblem
}

// nlTextJSON are the output formats of the numberlink subcommands that
// write reports (request.PuzzleFormats: those that write puzzles).
var nlTextJSON = format.Names{Names: []string{"text", "json"}}

// newNLFlags returns the flag set of the subcommand sub with the shared
// flags.
func newNLFlags(e *env, sub nlSub) *nlFlags {
	f := &nlFlags{FlagSet: newFlagSet("numberlink " + sub.name), sub: sub, e: e, rules: sub.kind != nlArgs}
	if f.rules {
		f.IntVar(&f.puzzle.K, "k", 0, "override the bridge limit k (0: the puzzle's own)")
		f.BoolVar(&f.puzzle.NoLoops, "noloops", false, "require the connections to form a tree (Tatham's L)")
		f.BoolVar(&f.puzzle.Disconnected, "disconnected", false, "do not require the nodes to be connected")
		f.StringVar(&f.puzzle.Grid, "grid", "", "`GRID`: square or hex (default: detected from the puzzle)")
	}
	f.StringVar(&f.format, "format", "", "output format: "+strings.Join(sub.names.Names, ", ")+" (default "+sub.names.Names[0]+"; case-insensitive)")
	outVar(f.FlagSet, &f.out)
	f.BoolVar(&f.quiet, "quiet", false, "no progress or summary lines on stderr")
	return f
}

// timeoutVar adds --timeout: it ends the run's context, loading included.
func (f *nlFlags) timeoutVar() {
	durationVar(f.FlagSet, &f.timeout, "timeout", "stop after `D` (for example 30s; 0: no limit)")
}

// parse parses flags placed before or after the positional arguments
// (parseArgs, with the subcommand's -h), checks --format and starts the
// run's context (the caller defers f.cancel). It returns the positional
// arguments, or an exit code when parsing ended the command (-h: 0, a bad
// flag: 2).
func (f *nlFlags) parse(args []string) ([]string, int, bool) {
	h := f.sub.help
	if f.rules {
		h.about += "\n\n" + nlHelp.about
	}
	sub := *f.e
	sub.args, sub.help = args, h
	pos, code := parseArgs(&sub, f.FlagSet)
	if code >= 0 {
		return nil, code, false
	}
	name, err := f.sub.names.Parse(f.format)
	if err != nil {
		return nil, nlFail(f.e, request.Inputf("--format: %w", err)), false
	}
	f.format = name
	f.e.setJSON(name == "json")
	f.e.redirect(f.out)
	f.ctx, f.cancel = timeoutContext(f.e, f.timeout)
	return pos, 0, true
}

// load reads and parses a puzzle (a file, "-" or "" for stdin, a Tatham
// game ID or URL, a puzz.link URL, on a square or a hex grid:
// request.NewPuzzle) with the rule flags; a stop while loading is worded
// as such, and a hex puzzle is refused by the subcommands that handle
// square grids only.
func (f *nlFlags) load(name string) (*request.Puzzle, error) {
	pf := f.puzzle
	pf.Arg = name
	p, err := request.NewPuzzle(f.ctx, pf, f.e.source())
	if err != nil && f.ctx.Err() != nil {
		return nil, request.Stopped(fmt.Sprintf("numberlink: %s while loading the puzzle %s; nothing was solved", request.StopReason(f.ctx, f.timeout), request.DisplayName(name)))
	}
	if err == nil && !f.sub.hex {
		err = p.SquareOnly(f.sub.name)
	}
	if err == nil {
		pr := p.Problem("numberlink " + f.sub.name)
		f.problem = &pr
	}
	return p, err
}

// open parses the flags and at most one puzzle argument (none: stdin) and
// loads the puzzle; with prove, the Propositions' checks refuse a puzzle
// they show unsolvable (exit 1). When p is nil the command exits
// with code (the message is printed); otherwise the caller defers
// f.cancel.
func (f *nlFlags) open(args []string, prove bool) (p *request.Puzzle, code int) {
	pos, code, ok := f.parse(args)
	if !ok {
		return nil, code
	}
	name, err := onePuzzle(pos)
	if err == nil {
		p, err = f.load(name)
	}
	if err == nil && prove {
		if err = p.Unsolvable(f.ctx); err != nil && f.ctx.Err() != nil && !errors.Is(err, numberlink.ErrUnsolvable) {
			err = request.Stopped(fmt.Sprintf("numberlink %s: %s while checking the Proposition (§2.1) on %s; nothing was solved", f.sub.name, f.stopped(), request.DisplayName(name)))
		}
	}
	if err != nil {
		f.cancel()
		return nil, nlFail(f.e, err)
	}
	return p, 0
}

// onePuzzle returns the one puzzle argument, "" (stdin) for none.
func onePuzzle(pos []string) (string, error) {
	if len(pos) > 1 {
		return "", request.Inputf("too many arguments %q: give one puzzle (a file, a Tatham game ID or URL, a puzz.link URL) or none for standard input", pos[1:])
	}
	return strings.Join(pos, ""), nil
}

// stopped words why the run's context ended: "timed out after 2s" or
// "interrupted".
func (f *nlFlags) stopped() string { return request.StopReason(f.ctx, f.timeout) }

// nlFail prints err as one line and returns its exit code
// (request.PuzzleError: 1 unsolvable or invalid, 2 bad input, 70 a bug).
func nlFail(e *env, err error) int { return fail(e, request.PuzzleError(err)) }

// write prints rep as --format asks.
// Its JSON carries the problem object of the puzzle read (f.problem), or
// names only the command when it read none.
func (f *nlFlags) write(rep request.Report) {
	var pr any = f.problem
	if f.problem == nil {
		pr = format.PuzzleProblem{Command: "numberlink " + f.sub.name, Kind: format.KindNumberlink}
	}
	request.WriteReport(f.e.stdout, rep, f.format == "json", pr)
}

// progress returns search options that, unless --quiet, show the shared
// progress lines (a live line on a terminal, plain lines otherwise); the
// caller calls Done on the progress before printing.
func (f *nlFlags) progress() (request.SearchOptions, *lines.Printer) {
	pr := newProgress(f.e, "numberlink "+f.sub.name, f.quiet)
	opt := request.SearchOptions{StopReason: f.stopped}
	if !f.quiet {
		opt.Progress, opt.ProgressEvery = pr.Line, pr.Interval()
	}
	return opt, pr
}

// nlTable prints a Figure 5 table (§3.1): the number of connection
// configurations of a node with the given number of neighbours.
func nlTable(f *nlFlags) nlBody {
	r := f.Int("neighbours", 4, "number of neighbours of the node: 2, 3 or 4")
	f.IntVar(r, "neighbors", 4, "same as --neighbours")
	k := f.Int("k", 0, "print only the row of this k (default: the seed's rows k = 1..10)")
	kmax := f.Int("kmax", 10, "last k to print when --k is not given")
	return func(_ *request.Puzzle, pos []string) int {
		if len(pos) > 0 {
			return nlFail(f.e, request.Inputf("table takes no arguments, got %q", pos))
		}
		t, err := request.Figure5(*r, *k, *kmax)
		if err != nil {
			return nlFail(f.e, err)
		}
		t.Header = *k == 0
		f.write(t)
		return exitOK
	}
}

// nlTau runs the τ algorithm of §3.2 and prints τ(Γ_k).
func nlTau(f *nlFlags) nlBody {
	trace := f.Bool("trace", false, "print every step: node, rule, connections drawn")
	return func(p *request.Puzzle, _ []string) int {
		run, err := p.Tau(f.ctx, *trace)
		if run == nil {
			return nlFail(f.e, err)
		}
		f.write(run.Report)
		switch {
		case err != nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink tau: %s after %d steps; the drawing above is as far as τ got", f.stopped(), run.Steps)))
		case run.Contradiction != nil:
			return nlFail(f.e, run.Contradiction)
		}
		return exitOK
	}
}

// nlCheck verifies a proposed solution with the independent verifier.
func nlCheck(f *nlFlags) nlBody {
	return func(_ *request.Puzzle, pos []string) int {
		if len(pos) == 0 || len(pos) > 2 {
			return nlFail(f.e, request.Inputf("check needs PUZZLE [SOLUTION]: a JSON file with \"bridges\", or a puzzle and its drawing or JSON solution (hex: lines \"R1,C1 R2,C2 N\")"))
		}
		p, err := f.load(pos[0])
		if err != nil {
			return nlFail(f.e, err)
		}
		rep, valid, err := p.Check(pos[0], strings.Join(pos[1:], ""), f.e.source())
		if err != nil {
			return nlFail(f.e, err)
		}
		f.write(rep)
		if !valid {
			return exitNone
		}
		return exitOK
	}
}

// nlConvert converts a puzzle between formats.
func nlConvert(f *nlFlags) nlBody {
	f.StringVar(&f.format, "to", "", "the same as --format")
	f.StringVar(&f.puzzle.From, "from", "", "input format (default: detected)")
	return func(p *request.Puzzle, _ []string) int {
		out, err := p.Encode(f.format)
		if err == nil {
			_, err = f.e.stdout.Write(out)
		}
		if err != nil {
			return nlFail(f.e, err)
		}
		return exitOK
	}
}

func nlSolve(f *nlFlags) nlBody {
	f.timeoutVar()
	checkUnique := f.Bool("unique", true, "also decide whether the solution is unique (a second, complete search for another; --unique=false skips it)")
	showSecond := f.Bool("show-second", false, "when the solution is not unique, print a second solution too")
	var pics pictureFlags
	pics.register(f.FlagSet)
	return func(p *request.Puzzle, _ []string) int {
		if err := pics.Check(); err != nil {
			return nlFail(f.e, err)
		}
		opt, pr := f.progress()
		s, err := p.Solve(f.ctx, opt, report.UniqueOptions{Skip: !*checkUnique, Second: *showSecond})
		pr.Done()
		switch {
		case err != nil && f.ctx.Err() != nil && !numberlink.Invalid(err):
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink solve: %s, %d search nodes in, before a solution was found", f.stopped(), s.Nodes)))
		case err != nil:
			return nlFail(f.e, err)
		}
		f.write(s.Report)
		// Only a verified solution is drawn.
		if err := pics.save(f.ctx, f.e, s.Picture, f.quiet); err != nil {
			return nlFail(f.e, err)
		}
		if !f.quiet {
			fmt.Fprintf(f.e.stderr, "solved in %s, %s; verified\n", s.Elapsed.Round(time.Microsecond), format.Plural(int(s.Nodes), "search node"))
		}
		return exitOK
	}
}

func nlCount(f *nlFlags) nlBody {
	limit := f.Uint64("limit", 0, "stop after this many solutions (2 decides uniqueness; 0: count all)")
	f.timeoutVar()
	return func(p *request.Puzzle, _ []string) int {
		opt, pr := f.progress()
		c, err := p.Count(f.ctx, *limit, opt)
		pr.Done()
		if err != nil {
			return nlFail(f.e, err)
		}
		f.write(c.Report)
		switch {
		case c.AtLeast:
			return exitStopped
		case c.Solutions == 0:
			fmt.Fprintln(f.e.stderr, "boardgraph: numberlink count: no solution (complete search)")
			return exitNone
		}
		return exitOK
	}
}

func nlGrade(f *nlFlags) nlBody {
	f.timeoutVar()
	return func(p *request.Puzzle, _ []string) int {
		g, rules := p.KGrid()
		rep, err := report.Grade(f.ctx, g, numberlink.SolveOptions{Rules: rules})
		switch {
		case err != nil && f.ctx.Err() != nil && rep == nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink grade: %s while τ ran; no grade", f.stopped())))
		case errors.Is(err, numberlink.ErrNoSolution):
			return nlFail(f.e, fmt.Errorf("%w: no solution", numberlink.ErrUnsolvable))
		case err != nil && f.ctx.Err() != nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink grade: %s while grading; no grade", f.stopped())))
		case err != nil:
			return nlFail(f.e, err)
		}
		f.write(rep)
		return exitOK
	}
}

// nlPhi prints, for one node of the grid (with no connections drawn, or
// after the --after builder steps), Φ_k[p], Φ_Γk[p] with the condition that
// excludes each other word, and ω*(p) (§2.2, as in the worked example of
// §2.3).
func nlPhi(f *nlFlags) nlBody {
	node := f.String("node", "", "the node p as ROW,COL (1-based)")
	var builds []string
	f.Func("after", "apply the builder u(p, ω) first, as ROW,COL:WORD (e.g. 5,1:12); repeatable", func(v string) error {
		builds = append(builds, v)
		return nil
	})
	return func(p *request.Puzzle, _ []string) int {
		rep, err := request.Phi(p, request.PhiFlags{Node: *node, After: builds})
		if err != nil {
			return nlFail(f.e, err)
		}
		f.write(rep)
		if rep.Contradiction && f.format != "json" {
			return exitNone
		}
		return exitOK
	}
}

func nlGenerate(f *nlFlags) nlBody {
	var gf request.GenerateFlags
	f.StringVar(&gf.Grid, "grid", "square", "`GRID`: square or hex")
	f.IntVar(&gf.K, "k", 2, "bridge limit k (>= 1)")
	f.IntVar(&gf.Islands, "islands", 0, "number of islands (0: from --density)")
	f.Float64Var(&gf.Density, "density", 0, "fraction of cells holding an island, in (0, 0.5] (0: 0.2; hex: 0.3)")
	f.StringVar(&gf.Style, "style", "hashi", "layout style: hashi (no adjacent islands, as Tatham's Bridges needs) or puzzledom (adjacent islands allowed, the paper's model)")
	f.Int64Var(&gf.Seed, "seed", 1, "random seed; the same seed gives the same puzzle")
	f.StringVar(&gf.Difficulty, "difficulty", "", "exact difficulty: easy, medium, hard, expert, or a stage bounds, crossing, isolation, bridges, probe, search, or 1..6 (default: any up to hard)")
	f.StringVar(&f.format, "to", "", "the same as --format")
	showSol := f.Bool("solution", false, "also print the solution's drawing after the puzzle (and draw it in the pictures)")
	f.BoolVar(&gf.NoLoops, "noloops", false, "generate for the no-loops rule (Tatham's L)")
	progress := f.Bool("progress", false, "report repair rounds on stderr")
	var pics pictureFlags
	pics.register(f.FlagSet)
	f.timeoutVar()
	return func(_ *request.Puzzle, pos []string) int {
		if len(pos) != 1 {
			return nlFail(f.e, request.Inputf("generate needs one size argument RxC (rows x columns), for example 15x15 (Tatham IDs and the JSON problem size are width x height)"))
		}
		if err := pics.Check(); err != nil {
			return nlFail(f.e, err)
		}
		gf.Size = pos[0]
		pr := newProgress(f.e, "generate", !*progress)
		pr.Grace, pr.Every = 0, 200*time.Millisecond // asked for: every round, from the first
		g, err := gf.Generate(f.ctx, func(p numberlink.GenerateProgress) { pr.Line(p.Elapsed, p.String()) })
		pr.Done()
		switch {
		case err != nil && f.ctx.Err() != nil && g != nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink generate: %s while proving the puzzle unique", f.stopped())))
		case err != nil && f.ctx.Err() != nil:
			return fail(f.e, request.Stopped(fmt.Sprintf("numberlink generate: %s before a puzzle was found", f.stopped())))
		case err != nil:
			return nlFail(f.e, err)
		}
		if err := g.Write(f.e.stdout, f.format, *showSol); err != nil {
			return nlFail(f.e, err)
		}
		if err := pics.save(f.ctx, f.e, func() (*render.Picture, error) { return g.Picture(*showSol) }, f.quiet); err != nil {
			return nlFail(f.e, err)
		}
		if !f.quiet {
			fmt.Fprintln(f.e.stderr, g.Summary())
		}
		return exitOK
	}
}
