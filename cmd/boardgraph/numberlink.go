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
Tatham ID, puzz.link URL, JSON) is detected from its content.`

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
			return s.run(e, e.args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "boardgraph: numberlink: unknown subcommand %q; run 'boardgraph numberlink -h'\n", e.args[0])
	return exitUsage
}

// nlFlags is a flag set for one subcommand with the shared flags: the rule
// flags (when the subcommand reads a puzzle), --format, --out and --quiet.
type nlFlags struct {
	*flag.FlagSet
	sub          nlSub
	e            *env
	help         func()
	names        format.Names
	k            int
	noLoops      bool
	disconnected bool
	format       string // canonical, after parse
	out          string
	quiet        bool
}

// Output formats of the numberlink subcommands.
var (
	nlTextJSON      = format.Names{Names: []string{"text", "json"}}
	nlPuzzleFormats = format.Names{Names: []string{"text", "has", "tatham", "puzzlink", "json"}, Aliases: map[string]string{"puzzle": "text", "puzz.link": "puzzlink"}}
)

func newNLFlags(e *env, name string, rules bool) *nlFlags {
	return newNLFlagsAs(e, name, rules, nlTextJSON)
}

// newNLFlagsAs is newNLFlags for a subcommand whose --format takes names.
func newNLFlagsAs(e *env, name string, rules bool, names format.Names) *nlFlags {
	var sub nlSub
	for _, s := range nlSubs {
		if s.name == name {
			sub = s
		}
	}
	f := &nlFlags{FlagSet: flag.NewFlagSet("numberlink "+name, flag.ContinueOnError), sub: sub, e: e, names: names}
	f.SetOutput(io.Discard)
	f.Usage = func() {}
	f.help = func() {
		fmt.Fprintf(e.stdout, "Usage: boardgraph numberlink %s\n\nExample:\n  %s\n\nFlags:\n", sub.usage, sub.example)
		f.SetOutput(e.stdout)
		f.PrintDefaults()
		f.SetOutput(io.Discard)
		if rules {
			fmt.Fprintln(e.stdout, "\n"+nlRuleHelp)
		}
	}
	if rules {
		f.IntVar(&f.k, "k", 0, "override the bridge limit k (0: the puzzle's own)")
		f.BoolVar(&f.noLoops, "noloops", false, "require the connections to form a tree (Tatham's L)")
		f.BoolVar(&f.disconnected, "disconnected", false, "do not require the nodes to be connected")
	}
	f.StringVar(&f.format, "format", "", "output format: "+strings.Join(names.Names, ", ")+" (default "+names.Names[0]+"; case-insensitive)")
	outVar(f.FlagSet, &f.out)
	f.BoolVar(&f.quiet, "quiet", false, "no progress or summary lines on stderr")
	return f
}

// parse parses flags placed before or after the positional arguments and
// checks --format. It returns the positional arguments, or an exit code
// when parsing ended the command (-h: 0, a bad flag: 2).
func (f *nlFlags) parse(args []string) ([]string, int, bool) {
	var pos []string
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				f.help()
				return nil, exitOK, false
			}
			return nil, nlFail(f.e, usagef("numberlink %s: %v; run 'boardgraph numberlink %s -h'", f.sub.name, err, f.sub.name)), false
		}
		args = f.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	name, err := f.names.Parse(f.format)
	if err != nil {
		return nil, nlFail(f.e, usagef("--format: %v", err)), false
	}
	f.format = name
	f.e.setJSON(name == "json")
	f.e.redirect(f.out)
	return pos, 0, true
}

// loadRequest reads and parses a puzzle (a file, "-" or "" for stdin, a
// Tatham game ID or URL, a puzz.link URL: request.NewPuzzle), applying the
// rule flags; a stop while loading is worded as such.
func (f *nlFlags) loadRequest(e *env, name string, from string) (*request.Puzzle, error) {
	ctx, cancel := f.loadContext(e)
	defer cancel()
	p, err := request.NewPuzzle(ctx, request.PuzzleFlags{Arg: name, From: from, K: f.k, NoLoops: f.noLoops, Disconnected: f.disconnected}, e.source())
	if err != nil && ctx.Err() != nil {
		return nil, loadStopped(ctx, name)
	}
	return p, err
}

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

// parseOne parses the flags and at most one puzzle name (empty: stdin); on
// failure the message is printed and ok is false, with the exit code.
func (f *nlFlags) parseOne(e *env, args []string) (name string, code int, ok bool) {
	pos, code, ok := f.parse(args)
	if !ok {
		return "", code, false
	}
	name, err := onePositional(pos)
	if err != nil {
		return "", nlFail(e, err), false
	}
	return name, 0, true
}

func onePositional(pos []string) (string, error) {
	switch len(pos) {
	case 0:
		return "", nil
	case 1:
		return pos[0], nil
	}
	return "", usagef("too many arguments %q: give one puzzle (a file, a Tatham game ID or URL, a puzz.link URL) or none for standard input", pos[1:])
}

// textReport is a library report: its JSON form is the value itself.
type textReport interface{ WriteText(io.Writer) error }

// write prints rep as --format asks: JSON (format.WriteJSON: snake_case
// keys, the program version) or its text form.
func (f *nlFlags) write(rep textReport) {
	if f.format == "json" {
		format.WriteJSON(f.e.stdout, rep)
	} else {
		rep.WriteText(f.e.stdout)
	}
}

// stopSentence words why a numberlink run stopped: "stopped by --timeout
// after 2s" or "interrupted".
func stopSentence(ctx context.Context, timeout time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("stopped by --timeout after %v", timeout)
	}
	return "interrupted"
}

// nlTable prints a Figure 5 table (§3.1): the number of connection
// configurations of a node with the given number of neighbours.
func nlTable(e *env, args []string) int {
	f := newNLFlags(e, "table", false)
	r := f.Int("neighbours", 4, "number of neighbours of the node: 2, 3 or 4")
	f.IntVar(r, "neighbors", 4, "same as --neighbours")
	k := f.Int("k", 0, "print only the row of this k (default: the seed's rows k = 1..10)")
	kmax := f.Int("kmax", 10, "last k to print when --k is not given")
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
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
	f := newNLFlags(e, "tau", true)
	trace := f.Bool("trace", false, "print every step: node, rule, connections drawn")
	name, code, ok := f.parseOne(e, args)
	if !ok {
		return code
	}
	p, err := f.loadRequest(e, name, "")
	if err != nil {
		return nlFail(e, err)
	}
	rep, err := report.Tau(e.ctx, p.Grid, p.Rules)
	if rep == nil {
		return nlFail(e, err)
	}
	rep.Trace = *trace
	f.write(rep)
	switch {
	case err != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink tau: %s after %d steps; the drawing above is as far as τ got", stopSentence(e.ctx, 0), len(rep.Steps))})
	case rep.Result.Contradiction != nil:
		return nlFail(e, rep.Result.Contradiction)
	}
	return exitOK
}

// nlCheck verifies a proposed solution with the independent verifier.
func nlCheck(e *env, args []string) int {
	f := newNLFlags(e, "check", true)
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if len(pos) == 0 || len(pos) > 2 {
		return nlFail(e, usagef("check needs PUZZLE [SOLUTION]: a JSON file with \"bridges\", or a puzzle and its drawing or JSON solution"))
	}
	p, err := f.loadRequest(e, pos[0], "")
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
	f := newNLFlagsAs(e, "convert", true, nlPuzzleFormats)
	f.StringVar(&f.format, "to", "", "the same as --format")
	from := f.String("from", "", "input format (default: detected)")
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	name, err := onePositional(pos)
	if err != nil {
		return nlFail(e, err)
	}
	p, err := f.loadRequest(e, name, *from)
	if err != nil {
		return nlFail(e, err)
	}
	out, err := puzzleio.Encode(puzzleio.Format(f.format), p.Grid, p.Rules)
	if err != nil {
		return nlFail(e, usagef("%v", err))
	}
	if _, err := e.stdout.Write(out); err != nil {
		return fail(e, usagef("writing the puzzle: %v", err))
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

// solveFlags adds the flags shared by the solver subcommands.
func (f *nlFlags) solveFlags() (timeout *time.Duration, quiet *bool) {
	timeout = new(time.Duration)
	durationVar(f.FlagSet, timeout, "timeout", "stop after `D` (for example 30s; 0: no limit)")
	return timeout, &f.quiet
}

// withTimeout derives the context of a run.
func withTimeout(e *env, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(e.ctx, d)
	}
	return context.WithCancel(e.ctx)
}

// progressFunc returns a SolveOptions.Progress callback printing to stderr: a
// live line on a terminal, plain lines otherwise; nil when quiet. The solver
// calls it from its own goroutine, one call at a time.
func progressFunc(e *env, quiet bool) (func(numberlink.SolveStats), func()) {
	if quiet {
		return nil, func() {}
	}
	live := false
	grace := time.Second
	if e.progressEvery > 0 {
		grace = e.progressEvery
	}
	report := func(st numberlink.SolveStats) {
		if st.Elapsed < grace {
			return
		}
		line := fmt.Sprintf("%s: %d nodes, %d backtracks, %d solutions, depth %d", st.Elapsed.Round(time.Millisecond), st.Nodes, st.Backtracks, st.Solutions, st.MaxDepth)
		if e.stderrTTY {
			fmt.Fprintf(e.stderr, "\r\033[K%s", line)
			live = true
		} else {
			fmt.Fprintln(e.stderr, line)
		}
	}
	done := func() {
		if live {
			fmt.Fprint(e.stderr, "\r\033[K")
		}
	}
	return report, done
}

// nlProgressEvery is the interval between progress reports: a quarter
// second for a live terminal line, a second for plain lines, or the tests'
// override.
func nlProgressEvery(e *env) time.Duration {
	switch {
	case e.progressEvery > 0:
		return e.progressEvery
	case e.stderrTTY:
		return 250 * time.Millisecond
	}
	return time.Second
}

// openPuzzle parses a subcommand's flags and its one puzzle argument, loads
// the puzzle and applies the Proposition checks. When ok is false the
// command exits with code (the message is already printed).
func (f *nlFlags) openPuzzle(e *env, args []string) (g *numberlink.Grid, rules numberlink.Rules, code int, ok bool) {
	name, code, ok := f.parseOne(e, args)
	if !ok {
		return nil, rules, code, false
	}
	p, err := f.loadRequest(e, name, "")
	if err != nil {
		return nil, rules, nlFail(e, err), false
	}
	if v := numberlink.Unsolvable(p.Grid, p.Rules); v != nil {
		return nil, rules, nlFail(e, v), false
	}
	return p.Grid, p.Rules, 0, true
}

func nlSolve(e *env, args []string) int {
	f := newNLFlags(e, "solve", true)
	timeout, quiet := f.solveFlags()
	checkUnique := f.Bool("unique", true, "also decide whether the solution is unique (a second, complete search for another; --unique=false skips it)")
	showSecond := f.Bool("show-second", false, "when the solution is not unique, print a second solution too")
	var pics pictureFlags
	pics.register(f.FlagSet)
	g, rules, code, ok := f.openPuzzle(e, args)
	if !ok {
		return code
	}
	if err := pics.check(); err != nil {
		return nlFail(e, err)
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	prog, done := progressFunc(e, *quiet)
	opt := numberlink.SolveOptions{Rules: rules, Progress: prog, ProgressEvery: nlProgressEvery(e)}
	rep, err := report.Solve(ctx, g, opt, report.UniqueOptions{Skip: !*checkUnique, Second: *showSecond})
	done()
	switch {
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution (complete search, %d nodes)", numberlink.ErrUnsolvable, rep.Nodes))
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink solve: %s, %d search nodes in, before a solution was found", stopSentence(ctx, *timeout), rep.Nodes)})
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	// Only a verified solution is drawn.
	if pics.any() {
		wrote, err := pics.saveKGrid(g, rep.Solution)
		if err != nil {
			return nlFail(e, err)
		}
		for _, name := range wrote {
			if !*quiet {
				fmt.Fprintf(e.stderr, "wrote %s\n", name)
			}
		}
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "solved in %s, %d search nodes; verified\n", rep.Stats.Elapsed.Round(time.Microsecond), rep.Nodes)
	}
	return exitOK
}

func nlCount(e *env, args []string) int {
	f := newNLFlags(e, "count", true)
	limit := f.Uint64("limit", 0, "stop after this many solutions (2 decides uniqueness; 0: count all)")
	timeout, quiet := f.solveFlags()
	g, rules, code, ok := f.openPuzzle(e, args)
	if !ok {
		return code
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	prog, done := progressFunc(e, *quiet)
	rep, err := report.Count(ctx, g, *limit, numberlink.SolveOptions{Rules: rules, Progress: prog, ProgressEvery: nlProgressEvery(e)})
	done()
	if err != nil {
		return nlFail(e, err)
	}
	rep.StopReason = stopSentence(ctx, *timeout)
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
	f := newNLFlags(e, "grade", true)
	timeout, _ := f.solveFlags()
	g, rules, code, ok := f.openPuzzle(e, args)
	if !ok {
		return code
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	rep, err := report.Grade(ctx, g, numberlink.SolveOptions{Rules: rules})
	switch {
	case err != nil && ctx.Err() != nil && rep == nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while τ ran; no grade", stopSentence(ctx, *timeout))})
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution", numberlink.ErrUnsolvable))
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while grading; no grade", stopSentence(ctx, *timeout))})
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	return exitOK
}

// nlPhi prints, for one node of the grid (with no connections drawn, or
// after the --after builder steps), Φ_k[p],
// Φ_Γk[p] with the condition that excludes each other word, and ω*(p)
// (§2.2, as in the worked example of §2.3).
func nlPhi(e *env, args []string) int {
	f := newNLFlags(e, "phi", true)
	node := f.String("node", "", "the node p as ROW,COL (1-based)")
	var builds []string
	f.Func("after", "apply the builder u(p, ω) first, as ROW,COL:WORD (e.g. 5,1:12); repeatable", func(v string) error {
		builds = append(builds, v)
		return nil
	})
	name, code, ok := f.parseOne(e, args)
	if !ok {
		return code
	}
	p, err := f.loadRequest(e, name, "")
	if err != nil {
		return nlFail(e, err)
	}
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
	f := newNLFlagsAs(e, "generate", false, nlPuzzleFormats)
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
	timeout := new(time.Duration)
	durationVar(f.FlagSet, timeout, "timeout", "stop after `D` (0: no limit)")
	pos, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return nlFail(e, usagef("generate needs one size argument, e.g. 15x15"))
	}
	opt, err := request.GenerateFlags{Size: pos[0], K: *k, Islands: *islands, Density: *density, Style: *style, Seed: *seed,
		Difficulty: *difficulty, NoLoops: *noLoops}.GenerateOptions()
	if err != nil {
		return nlFail(e, err)
	}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	if *progress {
		opt.Progress = generateProgress(e)
	}
	g, sol, err := report.Generate(ctx, opt)
	switch {
	case err != nil && ctx.Err() != nil && g != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s while proving the puzzle unique", stopSentence(ctx, *timeout))})
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s before a puzzle was found", stopSentence(ctx, *timeout))})
	case errors.Is(err, numberlink.ErrBadSize) || errors.Is(err, numberlink.ErrBadK):
		return nlFail(e, usagef("%v", err))
	case err != nil:
		return nlFail(e, err)
	}
	out, err := puzzleio.Encode(puzzleio.Format(f.format), g, opt.Rules)
	if err != nil {
		return nlFail(e, usagef("%v", err))
	}
	e.stdout.Write(out)
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
