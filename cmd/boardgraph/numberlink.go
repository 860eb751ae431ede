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
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/numberlink/report"
	"github.com/boardgraph/boardgraph/request"
)

func init() {
	register(&command{name: "numberlink", summary: "numbered k-grids (Hashiwokakero): table, tau, check, convert, solve, count, grade, generate, formula, min-k, tau-steps", run: runNumberlink})
}

// nlSub is one "numberlink" subcommand.
type nlSub struct {
	name, usage, example string
	run                  func(e *env, args []string) int
}

var nlSubs []nlSub

func nlRegister(s nlSub) { nlSubs = append(nlSubs, s) }

func init() {
	nlRegister(nlSub{"table", "table --neighbours 2|3|4 [--k K] [--format text|json]",
		"boardgraph numberlink table --neighbours 4 --k 2   # 4 10 16 19 16 10 4 1 (Figure 5)", nlTable})
	nlRegister(nlSub{"tau", "tau [--trace] [--format text|json] [rule flags] [FILE]",
		"boardgraph numberlink tau --trace puzzle.txt", nlTau})
	nlRegister(nlSub{"phi", "phi --node R,C [--after R,C:WORD ...] [--format text|json] [rule flags] [FILE]",
		"boardgraph numberlink phi --node 3,3 --after 5,1:12 puzzle.txt   # Φ_k[p], Φ_Γk[p] with reasons, ω*(p) (§2.2)", nlPhi})
	nlRegister(nlSub{"check", "check [--format text|json] [rule flags] PUZZLE [SOLUTION]",
		"boardgraph numberlink check puzzle.txt drawing.txt   # or one JSON file with \"bridges\"", nlCheck})
	nlRegister(nlSub{"convert", "convert --format text|has|tatham|puzzlink|json (alias --to) [--from FORMAT] [--out F] [rule flags] [PUZZLE]",
		"boardgraph numberlink convert --format tatham Hs_16_100_25_00_001.has", nlConvert})
}

const nlRuleHelp = `Rule flags: --k K overrides the puzzle's bridge limit; --noloops requires a
tree (Tatham's L); --disconnected drops connectivity.
PUZZLE: a file, '-' or nothing for standard input, a Tatham game ID
(7x7m2:a1a3...; Tatham writes width x height, boardgraph rows x columns
elsewhere), the URL of Tatham's page (.../bridges.html#7x7m2:...) or a
puzz.link hashikake URL; a file's format (our text format, Coelho .has,
Tatham ID, puzz.link URL, JSON) is detected from its content.
Hexagonal grids (six neighbours per node): a puzzle whose first line is
"hex k=K", or --grid hex; see 'boardgraph numberlink solve --grid hex -h'.`

func runNumberlink(e *env) int {
	if len(e.args) == 0 || e.args[0] == "-h" || e.args[0] == "--help" || e.args[0] == "help" {
		w := e.stdout
		if len(e.args) == 0 {
			w = e.stderr
		}
		fmt.Fprintln(w, "Usage: boardgraph numberlink <subcommand> [flags] [args]\n\nSubcommands:")
		for _, s := range nlSubs {
			fmt.Fprintf(w, "  %s\n", s.usage)
		}
		fmt.Fprintln(w, "\n"+nlRuleHelp+"\n\nExit codes: 0 ok, 1 provably unsolvable or invalid, 2 bad input, 3 stopped early.")
		if len(e.args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, s := range nlSubs {
		if s.name == e.args[0] {
			code, rest, hex := nlHexRoute(e, s.name, e.args[1:])
			if hex {
				return code
			}
			return s.run(e, rest)
		}
	}
	fmt.Fprintf(e.stderr, "boardgraph: numberlink: unknown subcommand %q; run 'boardgraph numberlink -h'\n", e.args[0])
	return exitUsage
}

// nlFlags is a flag set for one subcommand with the shared flags: the rule
// flags (when the subcommand reads a puzzle), --format, --out and --quiet,
// and --timeout when the subcommand asks for it (timeoutVar).
type nlFlags struct {
	*flag.FlagSet
	sub     nlSub
	e       *env
	rules   bool
	names   format.Names
	puzzle  request.PuzzleFlags // the rule flags; the argument is set by open
	timeout time.Duration
	format  string // canonical, after parse
	out     string
	quiet   bool
	// ctx is the run's context after parse: the command's, ending after
	// --timeout; cancel releases it.
	ctx    context.Context
	cancel context.CancelFunc
}

// Output formats of the numberlink subcommands.
var (
	nlTextJSON      = format.Names{Names: []string{"text", "json"}}
	nlPuzzleFormats = format.Names{Names: []string{"text", "has", "tatham", "puzzlink", "json"}, Aliases: map[string]string{"puzzle": "text", "puzz.link": "puzzlink"}}
)

// newNLFlags returns the flag set of the subcommand name, whose --format
// takes names; rules adds the rule flags.
func newNLFlags(e *env, name string, rules bool, names format.Names) *nlFlags {
	var sub nlSub
	for _, s := range nlSubs {
		if s.name == name {
			sub = s
		}
	}
	f := &nlFlags{FlagSet: newFlagSet("numberlink " + name), sub: sub, e: e, rules: rules, names: names}
	if rules {
		f.IntVar(&f.puzzle.K, "k", 0, "override the bridge limit k (0: the puzzle's own)")
		f.BoolVar(&f.puzzle.NoLoops, "noloops", false, "require the connections to form a tree (Tatham's L)")
		f.BoolVar(&f.puzzle.Disconnected, "disconnected", false, "do not require the nodes to be connected")
	}
	f.StringVar(&f.format, "format", "", "output format: "+strings.Join(names.Names, ", ")+" (default "+names.Names[0]+"; case-insensitive)")
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
	about := "See 'boardgraph numberlink -h' for the subcommands and README.md for the formats."
	if f.rules {
		about = nlRuleHelp
	}
	_, usage, _ := strings.Cut(f.sub.usage, " ")
	sub := *f.e
	sub.args = args
	pos, code := parseArgs(&sub, cmdHelp{name: "numberlink " + f.sub.name, usage: usage, about: about, examples: []string{f.sub.example}}, f.FlagSet)
	if code >= 0 {
		return nil, code, false
	}
	name, err := f.names.Parse(f.format)
	if err != nil {
		return nil, nlFail(f.e, usagef("--format: %v", err)), false
	}
	f.format = name
	f.e.setJSON(name == "json")
	f.e.redirect(f.out)
	f.ctx, f.cancel = timeoutContext(f.e, f.timeout)
	return pos, 0, true
}

// load reads and parses a puzzle (a file, "-" or "" for stdin, a Tatham
// game ID or URL, a puzz.link URL: request.NewPuzzle) with the rule flags;
// a stop while loading is worded as such.
func (f *nlFlags) load(name, from string) (*request.Puzzle, error) {
	pf := f.puzzle
	pf.Arg, pf.From = name, from
	p, err := request.NewPuzzle(f.ctx, pf, f.e.source())
	if err != nil && f.ctx.Err() != nil {
		return nil, &stoppedError{fmt.Sprintf("numberlink: %s while loading the puzzle %s; nothing was solved", stopReason(f.ctx, f.timeout), displayName(name))}
	}
	return p, err
}

// open parses the flags and at most one puzzle argument (none: stdin) and
// loads the puzzle; with prove, the Propositions' checks refuse a puzzle
// they show unsolvable (exit 1). When p is nil the command exits with code
// (the message is printed); otherwise the caller defers f.cancel.
func (f *nlFlags) open(args []string, prove bool) (p *request.Puzzle, code int) {
	pos, code, ok := f.parse(args)
	if !ok {
		return nil, code
	}
	name, err := onePuzzle(pos)
	if err == nil {
		p, err = f.load(name, "")
	}
	if err == nil && prove {
		if v := numberlink.Unsolvable(p.Grid, p.Rules); v != nil {
			err = v
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
		return "", usagef("too many arguments %q: give one puzzle (a file, a Tatham game ID or URL, a puzz.link URL) or none for standard input", pos[1:])
	}
	return strings.Join(pos, ""), nil
}

// stopped words why the run's context ended: "timed out after 2s" or
// "interrupted".
func (f *nlFlags) stopped() string { return stopReason(f.ctx, f.timeout) }

// nlFail prints err as one line and returns its exit code: 1 for a proof of
// unsolvability or a failed verification, 2 for bad input, 70 for a bug.
func nlFail(e *env, err error) int {
	if numberlink.Invalid(err) {
		return fail(e, &noSolutionError{"numberlink: " + err.Error()})
	}
	if errors.Is(err, report.ErrSelfCheck) {
		return fail(e, &internalError{strings.TrimPrefix(err.Error(), report.ErrSelfCheck.Error()+": ")})
	}
	var (
		ie *internalError
		se *stoppedError
	)
	if errors.As(err, &ie) || errors.As(err, &se) || isUsage(err) {
		return fail(e, err)
	}
	return fail(e, usagef("numberlink: %v", err))
}

// textReport is a library report: its JSON form is the value itself.
type textReport interface{ WriteText(io.Writer) error }

// writeReport writes rep to w as JSON (format.WriteJSON: snake_case keys,
// the program version) or in its text form.
func writeReport(w io.Writer, rep textReport, json bool) error {
	if json {
		return format.WriteJSON(w, rep)
	}
	return rep.WriteText(w)
}

// write prints rep as --format asks.
func (f *nlFlags) write(rep textReport) { writeReport(f.e.stdout, rep, f.format == "json") }

// writePuzzle prints g in the --format the subcommand was given.
func (f *nlFlags) writePuzzle(g *numberlink.Grid, rules numberlink.Rules) error {
	out, err := puzzleio.Encode(puzzleio.Format(f.format), g, rules)
	if err != nil {
		return usagef("%v", err)
	}
	if _, err := f.e.stdout.Write(out); err != nil {
		return usagef("writing the puzzle: %v", err)
	}
	return nil
}

// progress returns search options with the rules and, unless --quiet,
// the shared progress lines (a live line on a terminal, plain lines
// otherwise); the caller calls done on the progress before printing.
func (f *nlFlags) progress(rules numberlink.Rules) (numberlink.SolveOptions, *progress) {
	pr := newProgress(f.e, "numberlink "+f.sub.name, f.quiet)
	opt := numberlink.SolveOptions{Rules: rules}
	if !f.quiet {
		opt.ProgressEvery = pr.interval()
		opt.Progress = func(st numberlink.SolveStats) {
			pr.line(st.Elapsed, fmt.Sprintf("%d nodes, %d backtracks, %d solutions, depth %d", st.Nodes, st.Backtracks, st.Solutions, st.MaxDepth))
		}
	}
	return opt, pr
}

// nlTable prints a Figure 5 table (§3.1): the number of connection
// configurations of a node with the given number of neighbours.
func nlTable(e *env, args []string) int {
	f := newNLFlags(e, "table", false, nlTextJSON)
	r := f.Int("neighbours", 4, "number of neighbours of the node: 2, 3 or 4")
	f.IntVar(r, "neighbors", 4, "same as --neighbours")
	k := f.Int("k", 0, "print only the row of this k (default: the seed's rows k = 1..10)")
	kmax := f.Int("kmax", 10, "last k to print when --k is not given")
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	defer f.cancel()
	if len(pos) > 0 {
		return nlFail(e, usagef("table takes no arguments, got %q", pos))
	}
	t, err := request.Figure5(*r, *k, *kmax)
	if err != nil {
		return nlFail(e, err)
	}
	t.Header = *k == 0
	f.write(t)
	return exitOK
}

// nlTau runs the τ algorithm of §3.2 and prints τ(Γ_k).
func nlTau(e *env, args []string) int {
	f := newNLFlags(e, "tau", true, nlTextJSON)
	trace := f.Bool("trace", false, "print every step: node, rule, connections drawn")
	p, code := f.open(args, false)
	if p == nil {
		return code
	}
	defer f.cancel()
	rep, err := report.Tau(f.ctx, p.Grid, p.Rules)
	if rep == nil {
		return nlFail(e, err)
	}
	rep.Trace = *trace
	f.write(rep)
	switch {
	case err != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink tau: %s after %d steps; the drawing above is as far as τ got", f.stopped(), len(rep.Steps))})
	case rep.Result.Contradiction != nil:
		return nlFail(e, rep.Result.Contradiction)
	}
	return exitOK
}

// nlCheck verifies a proposed solution with the independent verifier.
func nlCheck(e *env, args []string) int {
	f := newNLFlags(e, "check", true, nlTextJSON)
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	defer f.cancel()
	if len(pos) == 0 || len(pos) > 2 {
		return nlFail(e, usagef("check needs PUZZLE [SOLUTION]: a JSON file with \"bridges\", or a puzzle and its drawing or JSON solution"))
	}
	p, err := f.load(pos[0], "")
	if err != nil {
		return nlFail(e, err)
	}
	bridges, err := request.SolutionBridges(p, pos[0], strings.Join(pos[1:], ""), e.source())
	if err != nil {
		return nlFail(e, err)
	}
	rep := report.Check(p.Grid, p.Rules, bridges)
	f.write(rep)
	if !rep.Valid {
		return exitNone
	}
	return exitOK
}

// nlConvert converts a puzzle between formats.
func nlConvert(e *env, args []string) int {
	f := newNLFlags(e, "convert", true, nlPuzzleFormats)
	f.StringVar(&f.format, "to", "", "the same as --format")
	from := f.String("from", "", "input format (default: detected)")
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	defer f.cancel()
	name, err := onePuzzle(pos)
	var p *request.Puzzle
	if err == nil {
		p, err = f.load(name, *from)
	}
	if err == nil {
		err = f.writePuzzle(p.Grid, p.Rules)
	}
	if err != nil {
		return nlFail(e, err)
	}
	return exitOK
}

func init() {
	nlRegister(nlSub{"solve", "solve [--format text|json] [--unique=false] [--show-second] [--svg F] [--png F] [--out F] [--timeout D] [--quiet] [rule flags] [PUZZLE]",
		"boardgraph numberlink solve Hs_16_100_25_00_001.has   # also says whether the solution is unique", nlSolve})
	nlRegister(nlSub{"count", "count [--limit N] [--format text|json] [--timeout D] [--quiet] [rule flags] [FILE]",
		"boardgraph numberlink count --limit 2 puzzle.txt   # uniqueness: exit 0 if exactly one", nlCount})
	nlRegister(nlSub{"grade", "grade [--format text|json] [--timeout D] [rule flags] [FILE]",
		"boardgraph numberlink grade puzzle.txt   # tau, bounds, crossing, ..., search", nlGrade})
	nlRegister(nlSub{"generate", "generate RxC [--k K] [--style hashi|puzzledom] [--density F] [--islands N] [--seed S] [--difficulty D] [--format FORMAT] [--solution] [--noloops] [--progress] [--out F]",
		"boardgraph numberlink generate 15x15 --k 2 --seed 7 --format tatham   # sizes RxC are rows x columns; Tatham IDs write width x height", nlGenerate})
}

func nlSolve(e *env, args []string) int {
	f := newNLFlags(e, "solve", true, nlTextJSON)
	f.timeoutVar()
	checkUnique := f.Bool("unique", true, "also decide whether the solution is unique (a second, complete search for another; --unique=false skips it)")
	showSecond := f.Bool("show-second", false, "when the solution is not unique, print a second solution too")
	var pics pictureFlags
	pics.register(f.FlagSet)
	p, code := f.open(args, true)
	if p == nil {
		return code
	}
	defer f.cancel()
	if err := pics.check(); err != nil {
		return nlFail(e, err)
	}
	opt, pr := f.progress(p.Rules)
	rep, err := report.Solve(f.ctx, p.Grid, opt, report.UniqueOptions{Skip: !*checkUnique, Second: *showSecond})
	pr.done()
	switch {
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution (complete search, %d nodes)", numberlink.ErrUnsolvable, rep.Nodes))
	case err != nil && f.ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink solve: %s, %d search nodes in, before a solution was found", f.stopped(), rep.Nodes)})
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	// Only a verified solution is drawn.
	if err := pics.saveKGrid(e, p.Grid, rep.Solution, f.quiet); err != nil {
		return nlFail(e, err)
	}
	if !f.quiet {
		fmt.Fprintf(e.stderr, "solved in %s, %d search nodes; verified\n", rep.Stats.Elapsed.Round(time.Microsecond), rep.Nodes)
	}
	return exitOK
}

func nlCount(e *env, args []string) int {
	f := newNLFlags(e, "count", true, nlTextJSON)
	limit := f.Uint64("limit", 0, "stop after this many solutions (2 decides uniqueness; 0: count all)")
	f.timeoutVar()
	p, code := f.open(args, true)
	if p == nil {
		return code
	}
	defer f.cancel()
	opt, pr := f.progress(p.Rules)
	rep, err := report.Count(f.ctx, p.Grid, *limit, opt)
	pr.done()
	if err != nil {
		return nlFail(e, err)
	}
	rep.StopReason = f.stopped()
	f.write(rep)
	switch {
	case rep.AtLeast:
		return exitStopped
	case rep.Solutions == 0:
		fmt.Fprintln(e.stderr, "boardgraph: numberlink count: no solution (complete search)")
		return exitNone
	}
	return exitOK
}

func nlGrade(e *env, args []string) int {
	f := newNLFlags(e, "grade", true, nlTextJSON)
	f.timeoutVar()
	p, code := f.open(args, true)
	if p == nil {
		return code
	}
	defer f.cancel()
	rep, err := report.Grade(f.ctx, p.Grid, numberlink.SolveOptions{Rules: p.Rules})
	switch {
	case err != nil && f.ctx.Err() != nil && rep == nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while τ ran; no grade", f.stopped())})
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution", numberlink.ErrUnsolvable))
	case err != nil && f.ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while grading; no grade", f.stopped())})
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}

// nlPhi prints, for one node of the grid (with no connections drawn, or
// after the --after builder steps), Φ_k[p], Φ_Γk[p] with the condition that
// excludes each other word, and ω*(p) (§2.2, as in the worked example of
// §2.3).
func nlPhi(e *env, args []string) int {
	f := newNLFlags(e, "phi", true, nlTextJSON)
	node := f.String("node", "", "the node p as ROW,COL (1-based)")
	var builds []string
	f.Func("after", "apply the builder u(p, ω) first, as ROW,COL:WORD (e.g. 5,1:12); repeatable", func(v string) error {
		builds = append(builds, v)
		return nil
	})
	p, code := f.open(args, false)
	if p == nil {
		return code
	}
	defer f.cancel()
	rep, err := request.Phi(p, request.PhiFlags{Node: *node, After: builds})
	if err != nil {
		return nlFail(e, err)
	}
	f.write(rep)
	if rep.Contradiction && f.format != "json" {
		return exitNone
	}
	return exitOK
}

func nlGenerate(e *env, args []string) int {
	f := newNLFlags(e, "generate", false, nlPuzzleFormats)
	k := f.Int("k", 2, "bridge limit k (>= 1)")
	islands := f.Int("islands", 0, "number of islands (0: from --density)")
	density := f.Float64("density", 0, "fraction of cells holding an island, in (0, 0.5] (0: 0.2)")
	style := f.String("style", "hashi", "layout style: hashi (no adjacent islands, as Tatham's Bridges needs) or puzzledom (adjacent islands allowed, the paper's model)")
	seed := f.Int64("seed", 1, "random seed; the same seed gives the same puzzle")
	difficulty := f.String("difficulty", "", "exact difficulty: easy, medium, hard, expert, or a stage bounds, crossing, isolation, bridges, probe, search, or 1..6 (default: any up to hard)")
	f.StringVar(&f.format, "to", "", "the same as --format")
	showSol := f.Bool("solution", false, "also print the solution's drawing after the puzzle")
	noLoops := f.Bool("noloops", false, "generate for the no-loops rule (Tatham's L)")
	progress := f.Bool("progress", false, "report repair rounds on stderr")
	f.timeoutVar()
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	defer f.cancel()
	if len(pos) != 1 {
		return nlFail(e, usagef("generate needs one size argument, e.g. 15x15"))
	}
	opt, err := request.GenerateFlags{Size: pos[0], K: *k, Islands: *islands, Density: *density, Style: *style, Seed: *seed,
		Difficulty: *difficulty, NoLoops: *noLoops}.GenerateOptions()
	if err != nil {
		return nlFail(e, err)
	}
	pr := newProgress(e, "generate", !*progress)
	pr.grace, pr.every = 0, 200*time.Millisecond // asked for: every round, from the first
	opt.Progress = func(p numberlink.GenerateProgress) {
		pr.line(p.Elapsed, fmt.Sprintf("layout %d, round %d: %d islands, %d pairs undecided", p.Attempt, p.Round, p.Islands, p.Open))
	}
	g, sol, err := report.Generate(f.ctx, opt)
	pr.done()
	switch {
	case err != nil && f.ctx.Err() != nil && g != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s while proving the puzzle unique", f.stopped())})
	case err != nil && f.ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s before a puzzle was found", f.stopped())})
	case errors.Is(err, numberlink.ErrBadSize) || errors.Is(err, numberlink.ErrBadK):
		return nlFail(e, usagef("%v", err))
	case err != nil:
		return nlFail(e, err)
	}
	if err := f.writePuzzle(g, opt.Rules); err != nil {
		return nlFail(e, err)
	}
	if *showSol {
		fmt.Fprint(e.stdout, "\n"+puzzleio.Draw(g, sol))
	}
	return exitOK
}

// displayName names a puzzle argument in messages.
func displayName(name string) string {
	if name == "" || name == "-" {
		return "stdin"
	}
	return name
}
