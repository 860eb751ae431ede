package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/numberlink"
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

// loadPuzzle reads and parses a puzzle (a file, "-" or "" for stdin, a
// Tatham game ID or URL, a puzz.link URL: request.PuzzleInput), applying
// the rule flags.
func (f *nlFlags) loadPuzzle(e *env, name string, from string) (*numberlink.Grid, numberlink.Rules, []byte, error) {
	ctx, cancel := f.loadContext(e)
	defer cancel()
	p, err := request.NewPuzzle(ctx, request.PuzzleFlags{Arg: name, From: from, K: f.k, NoLoops: f.noLoops, Disconnected: f.disconnected}, e.source())
	if err != nil {
		if ctx.Err() != nil {
			return nil, numberlink.Rules{}, nil, loadStopped(ctx, name)
		}
		return nil, numberlink.Rules{}, nil, err
	}
	return p.Grid, p.Rules, p.Data, nil
}

// nlFail prints err as one line and returns its exit code: 1 for a proof of
// unsolvability or a failed verification, 2 for bad input, 70 for a bug.
func nlFail(e *env, err error) int {
	if isInvalid(err) {
		return fail(e, &noSolutionError{"numberlink: " + err.Error()})
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

func isInvalid(err error) bool {
	for _, target := range []error{numberlink.ErrUnsolvable, numberlink.ErrBadBridge, numberlink.ErrNotNeighbours,
		numberlink.ErrOverLimit, numberlink.ErrCrossing, numberlink.ErrIncomplete, numberlink.ErrDisconnected, numberlink.ErrLoop} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
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

// nlWriteJSON writes v as one line of JSON (format.WriteJSON: snake_case
// keys, the program version).
func nlWriteJSON(w io.Writer, v any) { format.WriteJSON(w, v) }

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
	if *r < 2 || *r > 4 {
		return nlFail(e, usagef("--neighbours %d: Figure 5 has tables for 2, 3 and 4 neighbours", *r))
	}
	lo, hi := 1, *kmax
	if *k != 0 {
		lo, hi = *k, *k
	}
	if lo < 1 || hi > 100 || lo > hi {
		return nlFail(e, usagef("k range %d..%d: use k between 1 and 100", lo, hi))
	}
	type row struct {
		K      int      `json:"k"`
		Counts []uint64 `json:"counts"`
	}
	var rows []row
	for kk := lo; kk <= hi; kk++ {
		rows = append(rows, row{kk, numberlink.Figure5Row(*r, kk)})
	}
	if f.format == "json" {
		nlWriteJSON(e.stdout, map[string]any{"neighbours": *r, "rows": rows, "note": "counts[n-1] = configurations of a node of magnitude n (seed Figure 5)"})
		return exitOK
	}
	if *k == 0 {
		width := *r * hi
		fmt.Fprintf(e.stdout, "p has %d neighbours\tn\n", *r)
		fmt.Fprint(e.stdout, "k")
		for n := 1; n <= max(width, 40); n++ {
			fmt.Fprintf(e.stdout, "\t%d", n)
		}
		fmt.Fprintln(e.stdout)
	}
	for _, rw := range rows {
		var b strings.Builder
		b.WriteString(strconv.Itoa(rw.K))
		for _, c := range rw.Counts {
			b.WriteByte('\t')
			b.WriteString(strconv.FormatUint(c, 10))
		}
		fmt.Fprintln(e.stdout, b.String())
	}
	return exitOK
}

// tauJSON is the JSON output of "numberlink tau".
type tauJSON struct {
	Puzzle        numberlink.PuzzleJSON `json:"puzzle"`
	Steps         []tauStepJSON         `json:"steps"`
	Solved        bool                  `json:"solved"`
	Unique        bool                  `json:"unique"`
	Contradiction string                `json:"contradiction,omitempty"`
	Drawn         int                   `json:"connections_drawn"`
	Needed        int                   `json:"connections_needed"`
}

type tauStepJSON struct {
	Step  int    `json:"step"`
	Rule  string `json:"rule"`
	Node  [2]int `json:"node"`
	Word  string `json:"word"`
	Drawn []struct {
		To [2]int `json:"to"`
		N  int    `json:"n"`
	} `json:"drawn"`
}

// nlTau runs the τ algorithm of §3.2 and prints τ(Γ_k).
func nlTau(e *env, args []string) int {
	f := newNLFlags(e, "tau", true)
	trace := f.Bool("trace", false, "print every step: node, rule, connections drawn")
	name, code, ok := f.parseOne(e, args)
	if !ok {
		return code
	}
	g, rules, _, err := f.loadPuzzle(e, name, "")
	if err != nil {
		return nlFail(e, err)
	}
	if v := numberlink.Unsolvable(g, rules); v != nil {
		return nlFail(e, v)
	}
	res, err := numberlink.Tau(e.ctx, g, rules)
	stopped := err != nil
	s := res.State
	drawn, needed := 0, 0
	for _, n := range s.Conn {
		drawn += int(n)
	}
	for _, nd := range g.Nodes {
		needed += nd.Mag
	}
	needed /= 2
	if res.Solved {
		// Every printed solution passes the independent verifier.
		if verr := numberlink.VerifySolution(g, rules, s.Conn); verr != nil {
			return nlFail(e, &internalError{fmt.Sprintf("τ's solution fails verification: %v", verr)})
		}
	}
	if f.format == "json" {
		out := tauJSON{Puzzle: numberlink.ToJSON(g, rules, s.Conn), Solved: res.Solved, Unique: res.Solved, Drawn: drawn, Needed: needed}
		for _, st := range res.Steps {
			nd := g.Nodes[st.Node]
			sj := tauStepJSON{Step: st.Step, Rule: st.Rule, Node: [2]int{nd.Row + 1, nd.Col + 1}, Word: st.Word.String()}
			for d := range 4 {
				if st.Word[d] > 0 {
					q := g.Nodes[g.Nbr[st.Node][d]]
					sj.Drawn = append(sj.Drawn, struct {
						To [2]int `json:"to"`
						N  int    `json:"n"`
					}{[2]int{q.Row + 1, q.Col + 1}, st.Word[d]})
				}
			}
			out.Steps = append(out.Steps, sj)
		}
		if out.Steps == nil {
			out.Steps = []tauStepJSON{}
		}
		if res.Contradiction != nil {
			out.Contradiction = res.Contradiction.Error()
		}
		nlWriteJSON(e.stdout, out)
	} else {
		if *trace {
			for _, st := range res.Steps {
				fmt.Fprintln(e.stdout, st.Format(g))
			}
			if len(res.Steps) > 0 {
				fmt.Fprintln(e.stdout)
			}
		}
		fmt.Fprint(e.stdout, numberlink.Draw(g, s.Conn))
		switch {
		case res.Solved:
			fmt.Fprintf(e.stdout, "solved by τ in %d steps: the solution is unique (Theorem, §3.2)\n", len(res.Steps))
		case res.Contradiction == nil:
			fmt.Fprintf(e.stdout, "τ stopped after %d steps with %d of %d connections drawn: ω*(p) = ∅ for every incomplete node\n", len(res.Steps), drawn, needed)
		}
	}
	switch {
	case stopped:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink tau: %s after %d steps; the drawing above is as far as τ got", stopSentence(e.ctx, 0), len(res.Steps))})
	case res.Contradiction != nil:
		return nlFail(e, res.Contradiction)
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
	g, rules, data, err := f.loadPuzzle(e, pos[0], "")
	if err != nil {
		return nlFail(e, err)
	}
	var bridges []numberlink.Bridge
	if len(pos) == 1 {
		if numberlink.Detect(data) != numberlink.FormatJSONName {
			return nlFail(e, usagef("%s holds no solution: give the solution as a second file, or one JSON file with \"bridges\"", pos[0]))
		}
		p, _ := numberlink.UnmarshalPuzzle(data)
		bridges = p.Bridges
	} else {
		sdata, _, err := request.PuzzleInput(pos[1], e.source())
		if err != nil {
			return nlFail(e, err)
		}
		if bytes.HasPrefix(bytes.TrimSpace(sdata), []byte("{")) {
			p, err := numberlink.UnmarshalPuzzle(sdata)
			if err != nil {
				return nlFail(e, usagef("%s: %v", pos[1], err))
			}
			if !sameClues(p.Grid, g) {
				return nlFail(e, usagef("%s is a solution of another puzzle: its clues differ from %s", pos[1], pos[0]))
			}
			bridges = p.Bridges
		} else {
			bridges, err = numberlink.ParseDrawing(g, sdata)
			if err != nil {
				return nlFail(e, usagef("%s: %v", pos[1], err))
			}
		}
	}
	verr := numberlink.Verify(g.Rows, g.Cols, g.Clues(), g.K, rules, bridges)
	if f.format == "json" {
		out := map[string]any{"valid": verr == nil, "bridges": len(bridges), "k": g.K, "no_loops": rules.NoLoops, "allow_disconnected": rules.AllowDisconnected}
		if verr != nil {
			out["error"] = verr.Error()
		}
		nlWriteJSON(e.stdout, out)
	} else if verr != nil {
		fmt.Fprintf(e.stdout, "invalid: %s\n", oneLine(verr.Error()))
	} else {
		fmt.Fprintf(e.stdout, "ok: %d bridges, every rule holds (k=%d%s)\n", len(bridges), g.K, rulesSuffix(rules))
	}
	if verr != nil {
		return exitNone
	}
	return exitOK
}

func sameClues(a, b *numberlink.Grid) bool {
	if a.Rows != b.Rows || a.Cols != b.Cols {
		return false
	}
	ca, cb := a.Clues(), b.Clues()
	for i := range ca {
		if ca[i] != cb[i] {
			return false
		}
	}
	return true
}

func rulesSuffix(r numberlink.Rules) string {
	s := ""
	if r.NoLoops {
		s += ", no loops"
	}
	if r.AllowDisconnected {
		s += ", connectivity not required"
	}
	return s
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
	g, rules, _, err := f.loadPuzzle(e, name, *from)
	if err != nil {
		return nlFail(e, err)
	}
	out, err := numberlink.Encode(numberlink.Format(f.format), g, rules)
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
	g, rules, _, err := f.loadPuzzle(e, name, "")
	if err != nil {
		return nil, rules, nlFail(e, err), false
	}
	if code, ok := precheck(e, g, rules); !ok {
		return nil, rules, code, false
	}
	return g, rules, 0, true
}

// precheck reports a Proposition part (§2.1) that proves g unsolvable.
func precheck(e *env, g *numberlink.Grid, rules numberlink.Rules) (int, bool) {
	if v := numberlink.Unsolvable(g, rules); v != nil {
		return nlFail(e, v), false
	}
	return 0, true
}

// printSolution verifies sol independently and prints it; a failure is an
// internal error (exit 2 with the broken rule named), never a printed
// solution.
func printSolution(e *env, f *nlFlags, g *numberlink.Grid, rules numberlink.Rules, sol numberlink.Solution, extra map[string]any) error {
	if err := numberlink.VerifySolution(g, rules, sol); err != nil {
		return &internalError{fmt.Sprintf("the solver's solution fails verification: %v", err)}
	}
	if f.format == "json" {
		out := map[string]any{"puzzle": numberlink.ToJSON(g, rules, sol), "verified": true}
		for k, v := range extra {
			out[k] = v
		}
		nlWriteJSON(e.stdout, out)
		return nil
	}
	fmt.Fprint(e.stdout, numberlink.Draw(g, sol))
	return nil
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
	sol, st, err := numberlink.Solve(ctx, g, opt)
	done()
	switch {
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution (complete search, %d nodes)", numberlink.ErrUnsolvable, st.Nodes))
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink solve: %s, %d search nodes in, before a solution was found", stopSentence(ctx, *timeout), st.Nodes)})
	case err != nil:
		return nlFail(e, err)
	}
	if err := numberlink.VerifySolution(g, rules, sol); err != nil {
		return nlFail(e, &internalError{fmt.Sprintf("the solver's solution fails verification: %v", err)})
	}
	u := uniqueness{Verdict: "not_checked"}
	if *checkUnique {
		u = decideUnique(ctx, g, rules, *showSecond)
	}
	if u.second != nil {
		if err := numberlink.VerifySolution(g, rules, u.second); err != nil {
			return nlFail(e, &internalError{fmt.Sprintf("the second solution fails verification: %v", err)})
		}
	}
	if f.format == "json" {
		out := map[string]any{"puzzle": numberlink.ToJSON(g, rules, sol), "verified": true, "uniqueness": u.Verdict,
			"nodes": st.Nodes, "elapsed_ms": st.Elapsed.Milliseconds()}
		if u.second != nil {
			out["second"] = numberlink.ToJSON(g, rules, u.second).Bridges
		}
		if u.reason != "" {
			out["uniqueness_note"] = u.reason
		}
		nlWriteJSON(e.stdout, out)
	} else {
		fmt.Fprint(e.stdout, numberlink.Draw(g, sol))
		fmt.Fprintln(e.stdout, u.sentence())
		if u.second != nil {
			fmt.Fprint(e.stdout, "\na second solution:\n"+numberlink.Draw(g, u.second))
		}
	}
	// Only a verified solution is drawn.
	if pics.any() {
		wrote, err := pics.saveKGrid(g, sol)
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
		fmt.Fprintf(e.stderr, "solved in %s, %d search nodes; verified\n", st.Elapsed.Round(time.Microsecond), st.Nodes)
	}
	return exitOK
}

// uniqueness is numberlink solve's verdict on a second solution.
type uniqueness struct {
	Verdict string // "unique", "not_unique" or "not_checked"
	reason  string // why not checked, when stopped
	second  numberlink.Solution
}

// decideUnique counts up to two solutions (numberlink.Count with limit 2)
// and, when asked and there are two, finds the second.
func decideUnique(ctx context.Context, g *numberlink.Grid, rules numberlink.Rules, second bool) uniqueness {
	n, _, _, err := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: rules})
	switch {
	case err != nil:
		return uniqueness{Verdict: "not_checked", reason: fmt.Sprintf("the search for a second solution stopped (%v)", err)}
	case n < 2:
		return uniqueness{Verdict: "unique"}
	}
	u := uniqueness{Verdict: "not_unique"}
	if second {
		if sols, err := numberlink.Solutions(ctx, g, rules, 2); err == nil && len(sols) == 2 {
			u.second = sols[1]
		}
	}
	return u
}

// sentence words the verdict for the text output.
func (u uniqueness) sentence() string {
	switch u.Verdict {
	case "unique":
		return "the solution is unique (a complete search found no other)"
	case "not_unique":
		if u.second != nil {
			return "the solution is not unique: a second solution exists (shown below)"
		}
		return "the solution is not unique: a second solution exists (--show-second prints it)"
	}
	if u.reason != "" {
		return "uniqueness not checked: " + u.reason
	}
	return "uniqueness not checked (--unique=false)"
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
	n, first, st, err := numberlink.Count(ctx, g, *limit, numberlink.SolveOptions{Rules: rules, Progress: prog, ProgressEvery: nlProgressEvery(e)})
	done()
	if err != nil && ctx.Err() == nil {
		return nlFail(e, err)
	}
	if first != nil {
		if verr := numberlink.VerifySolution(g, rules, first); verr != nil {
			return nlFail(e, &internalError{fmt.Sprintf("the first solution fails verification: %v", verr)})
		}
	}
	stopped := err != nil
	atLimit := *limit > 0 && n >= *limit
	status := "complete"
	switch {
	case stopped:
		status = "stopped"
	case atLimit:
		status = "limit"
	}
	if f.format == "json" {
		nlWriteJSON(e.stdout, map[string]any{"solutions": n, "status": status, "at_least": stopped || atLimit,
			"unique": status == "complete" && n == 1, "nodes": st.Nodes, "elapsed_ms": st.Elapsed.Milliseconds()})
	} else {
		switch status {
		case "complete":
			if n == 1 {
				fmt.Fprintln(e.stdout, "1 solution (unique)")
			} else {
				fmt.Fprintf(e.stdout, "%d solutions\n", n)
			}
		case "limit":
			fmt.Fprintf(e.stdout, "at least %d solutions (stopped at --limit %d)\n", n, *limit)
		default:
			fmt.Fprintf(e.stdout, "at least %d solutions (%s)\n", n, stopSentence(ctx, *timeout))
		}
	}
	switch {
	case stopped || atLimit:
		return exitStopped
	case n == 0:
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
	tau, err := numberlink.Tau(ctx, g, rules)
	if err != nil {
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while τ ran; no grade", stopSentence(ctx, *timeout))})
	}
	if tau.Contradiction != nil {
		return nlFail(e, tau.Contradiction)
	}
	gr, err := numberlink.Rate(ctx, g, numberlink.SolveOptions{Rules: rules})
	switch {
	case errors.Is(err, numberlink.ErrNoSolution):
		return nlFail(e, fmt.Errorf("%w: no solution", numberlink.ErrUnsolvable))
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink grade: %s while grading; no grade", stopSentence(ctx, *timeout))})
	case err != nil:
		return nlFail(e, err)
	}
	grade := gr.String()
	if tau.Solved {
		grade = "tau"
	}
	if f.format == "json" {
		nlWriteJSON(e.stdout, map[string]any{"grade": grade, "tau_solves": tau.Solved, "tau_steps": len(tau.Steps),
			"level": gr.Level.String(), "solutions": gr.Solutions})
		return exitOK
	}
	if tau.Solved {
		fmt.Fprintf(e.stdout, "grade: tau (the τ algorithm of §3.2 alone solves it, %d steps; unique); solver stage: %s\n", len(tau.Steps), gr.Level)
	} else {
		fmt.Fprintf(e.stdout, "grade: %s (τ stops after %d steps)\n", gr, len(tau.Steps))
	}
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
	rs, cs, found := strings.Cut(*node, ",")
	r, err1 := strconv.Atoi(strings.TrimSpace(rs))
	c, err2 := strconv.Atoi(strings.TrimSpace(cs))
	if !found || err1 != nil || err2 != nil {
		return nlFail(e, usagef("--node %q: give the node as ROW,COL, 1-based, e.g. --node 5,1", *node))
	}
	g, rules, _, err := f.loadPuzzle(e, name, "")
	if err != nil {
		return nlFail(e, err)
	}
	p := g.NodeAt(r-1, c-1)
	if p < 0 {
		return nlFail(e, usagef("--node %d,%d is not a node of the %dx%d grid: pick a numbered cell", r, c, g.Rows, g.Cols))
	}
	s := numberlink.NewState(g, rules)
	for _, b := range builds {
		at, word, ok := strings.Cut(b, ":")
		br, bc, ok2 := strings.Cut(at, ",")
		rr, e1 := strconv.Atoi(strings.TrimSpace(br))
		cc, e2 := strconv.Atoi(strings.TrimSpace(bc))
		w, e3 := numberlink.ParseWord(word)
		if !ok || !ok2 || e1 != nil || e2 != nil || e3 != nil || g.NodeAt(rr-1, cc-1) < 0 {
			return nlFail(e, usagef("--after %q: write ROW,COL:WORD for a node, e.g. --after 5,1:12", b))
		}
		if err := s.Build(int(g.NodeAt(rr-1, cc-1)), w); err != nil {
			return nlFail(e, usagef("--after %q: %v", b, err))
		}
	}
	all := numberlink.Phi(g.K, s.Rem[p])
	feasible, rejected := s.PhiGammaAll(int(p))
	omega, _, okw := s.OmegaStar(int(p))
	words := func(ws []numberlink.Word) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w.String()
		}
		return out
	}
	if f.format == "json" {
		rej := map[string]int{}
		for _, x := range rejected {
			rej[x.Word.String()] = x.Condition
		}
		out := map[string]any{"node": [2]int{r, c}, "magnitude": s.Rem[p], "k": g.K, "phi": words(all),
			"feasible": words(feasible), "rejected_by": rej, "omega_star": omega.String(), "contradiction": !okw}
		nlWriteJSON(e.stdout, out)
		return exitOK
	}
	fmt.Fprintf(e.stdout, "node (%d,%d), magnitude %d, k = %d (1 up, 2 right, 3 down, 4 left)\n", r, c, s.Rem[p], g.K)
	fmt.Fprintf(e.stdout, "Φ_k[p]  (%d words): %s\n", len(all), strings.Join(words(all), " "))
	fmt.Fprintf(e.stdout, "Φ_Γk[p] (%d words): %s\n", len(feasible), strings.Join(words(feasible), " "))
	byCond := map[int][]string{}
	for _, x := range rejected {
		byCond[x.Condition] = append(byCond[x.Condition], x.Word.String())
	}
	for cond := 1; cond <= 6; cond++ {
		if len(byCond[cond]) > 0 {
			fmt.Fprintf(e.stdout, "  excluded by condition %d: %s\n", cond, strings.Join(byCond[cond], " "))
		}
	}
	if !okw {
		fmt.Fprintln(e.stdout, "ω*(p): none: no feasible configuration, the grid is unsolvable")
		return exitNone
	}
	fmt.Fprintf(e.stdout, "ω*(p) = %s\n", omega)
	return exitOK
}

// parseSize reads "RxC" (rows x columns).
func parseSize(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 1000 || cols > 1000 {
		return 0, 0, usagef("size %q: write ROWSxCOLS, e.g. 15x15 (1..1000 each)", s)
	}
	return rows, cols, nil
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
	rows, cols, err := parseSize(pos[0])
	if err != nil {
		return nlFail(e, err)
	}
	if *k < 1 || *k > numberlink.MaxK {
		return nlFail(e, usagef("--k %d: the bridge limit must be 1..%d", *k, numberlink.MaxK))
	}
	var level numberlink.Level
	if *difficulty != "" {
		if level, err = numberlink.ParseDifficulty(*difficulty); err != nil {
			return nlFail(e, usagef("--difficulty: %v", err))
		}
	}
	st, err := numberlink.ParseStyle(*style)
	if err != nil {
		return nlFail(e, usagef("--style: %v", err))
	}
	if *density < 0 || *density > 0.5 {
		return nlFail(e, usagef("--density %v: use a fraction in (0, 0.5], e.g. 0.2", *density))
	}
	rules := numberlink.Rules{NoLoops: *noLoops}
	ctx, cancel := withTimeout(e, *timeout)
	defer cancel()
	opt := numberlink.GenerateOptions{Rows: rows, Cols: cols, K: *k, Style: st, Density: *density, Islands: *islands, Seed: *seed, Difficulty: level, Rules: rules}
	if *progress {
		opt.Progress = generateProgress(e)
	}
	g, sol, err := numberlink.Generate(ctx, opt)
	if err != nil {
		if ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s before a puzzle was found", stopSentence(ctx, *timeout))})
		}
		if errors.Is(err, numberlink.ErrBadSize) || errors.Is(err, numberlink.ErrBadK) {
			return nlFail(e, usagef("%v", err))
		}
		return nlFail(e, err)
	}
	// Every emitted puzzle is re-proved unique by an independent count, and
	// its solution passes the independent verifier.
	if n, _, _, err := numberlink.Count(ctx, g, 2, numberlink.SolveOptions{Rules: rules}); err != nil || n != 1 {
		if ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s while proving the puzzle unique", stopSentence(ctx, *timeout))})
		}
		return nlFail(e, &internalError{fmt.Sprintf("the generated puzzle has %d solutions (%v)", n, err)})
	}
	if err := numberlink.VerifySolution(g, rules, sol); err != nil {
		return nlFail(e, &internalError{fmt.Sprintf("the generated solution fails verification: %v", err)})
	}
	out, err := numberlink.Encode(numberlink.Format(f.format), g, rules)
	if err != nil {
		return nlFail(e, usagef("%v", err))
	}
	e.stdout.Write(out)
	if *showSol {
		fmt.Fprint(e.stdout, "\n"+numberlink.Draw(g, sol))
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
