package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
	"github.com/boardgraph/boardgraph/render"
)

// Hexagonal k-grids (package hexgrid) share the numberlink subcommands:
// "--grid hex" asks for them, and a puzzle whose text starts with the
// header "hex" (or JSON with "grid": "hex") is detected.

// nlHexSubs are the subcommands that handle hex grids.
var nlHexSubs = map[string]func(e *env, args []string) int{
	"solve":    nlHexSolve,
	"count":    nlHexCount,
	"check":    nlHexCheck,
	"convert":  nlHexConvert,
	"tau":      nlHexTau,
	"generate": nlHexGenerate,
}

// nlNoPuzzle are the numberlink subcommands that read no puzzle (and so
// detect nothing).
var nlNoPuzzle = map[string]bool{"table": true, "formula": true, "generate": true}

// nlValueFlags are the numberlink flags that take a separate value, so
// that nlHexRoute can tell a flag's value from a puzzle argument.
var nlValueFlags = map[string]bool{"k": true, "format": true, "to": true, "from": true, "out": true, "timeout": true,
	"svg": true, "png": true, "limit": true, "node": true, "after": true, "neighbours": true, "grid": true,
	"seed": true, "density": true, "islands": true, "difficulty": true, "style": true, "n": true, "r": true, "cell": true}

// nlHexRoute runs the numberlink subcommand sub on a hex grid when args
// hold --grid hex or the puzzle (a file, or standard input when no puzzle
// argument is given) is a hex puzzle; ok is false otherwise, and then args
// lose any "--grid square" and standard input is left as it was.
func nlHexRoute(e *env, sub string, args []string) (code int, rest []string, ok bool) {
	grid, rest := "", make([]string, 0, len(args))
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "grid" {
			if !hasVal {
				if i+1 >= len(args) {
					return nlFail(e, usagef("numberlink %s: --grid needs a value: square or hex", sub)), nil, true
				}
				i++
				val = args[i]
			}
			grid = strings.ToLower(val)
			continue
		}
		rest = append(rest, a)
		switch {
		case a == "-" || !strings.HasPrefix(a, "-"):
			pos = append(pos, a)
		case !hasVal && nlValueFlags[name] && i+1 < len(args):
			i++
			rest = append(rest, args[i])
		}
	}
	switch grid {
	case "", "square":
	case "hex", "hexagonal":
		return nlHexRun(e, sub, rest), nil, true
	default:
		return nlFail(e, usagef("numberlink %s: --grid %q: use square or hex", sub, grid)), nil, true
	}
	if grid == "square" || nlNoPuzzle[sub] {
		return 0, rest, false
	}
	// Detect a hex puzzle: the first positional argument's file, or
	// standard input when there is none.
	var head []byte
	switch {
	case len(pos) == 0 || pos[0] == "-":
		// Read at most what a hex puzzle may hold and put it back in front
		// of the rest, so that the other readers see the whole input.
		data, err := io.ReadAll(io.LimitReader(e.stdin, hexgrid.MaxInput+1))
		e.stdin = io.MultiReader(bytes.NewReader(data), e.stdin)
		if err != nil {
			return 0, rest, false
		}
		head = data
	default:
		// Only a regular file is peeked: reading from a pipe or device
		// would take input away from the square reader (use --grid hex).
		if st, err := os.Stat(pos[0]); err != nil || !st.Mode().IsRegular() {
			return 0, rest, false
		}
		f, err := os.Open(pos[0])
		if err != nil {
			return 0, rest, false
		}
		head, _ = io.ReadAll(io.LimitReader(f, 1<<16))
		f.Close()
	}
	if !hexgrid.IsHex(head) {
		return 0, rest, false
	}
	return nlHexRun(e, sub, rest), nil, true
}

func nlHexRun(e *env, sub string, args []string) int {
	run := nlHexSubs[sub]
	if run == nil {
		return nlFail(e, usagef("numberlink %s does not handle hex grids; for hex use solve, count, check, convert, tau or generate", sub))
	}
	return run(e, args)
}

// hexFlags is the flag set of one hex subcommand.
type hexFlags struct {
	*flag.FlagSet
	e            *env
	sub          string
	k            int
	noloops      bool
	disconnected bool
	format       string
	out          string
	quiet        bool
	timeout      time.Duration
}

func newHexFlags(e *env, sub string, names format.Names) (*hexFlags, *format.Names) {
	f := &hexFlags{FlagSet: flag.NewFlagSet("numberlink "+sub+" --grid hex", flag.ContinueOnError), e: e, sub: sub}
	f.SetOutput(io.Discard)
	f.Usage = func() {}
	f.IntVar(&f.k, "k", 0, "override the bridge limit k (0: the puzzle's own)")
	f.BoolVar(&f.noloops, "noloops", false, "require the connections to form a tree")
	f.BoolVar(&f.disconnected, "disconnected", false, "do not require the nodes to be connected")
	f.StringVar(&f.format, "format", "", "output format: "+strings.Join(names.Names, ", "))
	outVar(f.FlagSet, &f.out)
	f.BoolVar(&f.quiet, "quiet", false, "no progress or summary lines on stderr")
	durationVar(f.FlagSet, &f.timeout, "timeout", "stop after `D` (0: no limit)")
	return f, &names
}

const hexHelp = `Hex grids (--grid hex, or a puzzle whose first line is "hex k=K"): rows of
cells in odd-r offset layout, every 2nd, 4th, ... row shifted half a cell
right; '.' empty, a number a node. Each node links to the nearest node in
the six directions E, SE, SW, W, NW, NE. Example:
  hex k=2
  2 . 4 . 1
   . 2 . . .
  2 . 5 . 2
Solutions are lines "R1,C1 R2,C2 N" (1-based cells) or JSON with "bridges".`

// parse parses flags before or after the arguments and returns the
// positional ones; ok false means the command has ended with code.
func (f *hexFlags) parse(args []string, names *format.Names) (pos []string, code int, ok bool) {
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintf(f.e.stdout, "Usage: boardgraph numberlink %s --grid hex [flags] [PUZZLE]\n\n%s\n\nFlags:\n", f.sub, hexHelp)
				f.SetOutput(f.e.stdout)
				f.PrintDefaults()
				return nil, exitOK, false
			}
			return nil, nlFail(f.e, usagef("numberlink %s --grid hex: %v; run 'boardgraph numberlink %s --grid hex -h'", f.sub, err, f.sub)), false
		}
		args = f.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	name, err := names.Parse(f.format)
	if err != nil {
		return nil, nlFail(f.e, usagef("--format: %v", err)), false
	}
	f.format = name
	f.e.setJSON(name == "json")
	f.e.redirect(f.out)
	return pos, 0, true
}

// load reads the puzzle named by arg ("" or "-": standard input) and
// applies the rule flags.
func (f *hexFlags) load(arg string) (*hexgrid.Puzzle, error) {
	var r io.Reader = f.e.stdin
	if arg != "" && arg != "-" {
		file, err := os.Open(arg)
		if err != nil {
			return nil, usagef("numberlink %s: cannot open the puzzle: %v", f.sub, err)
		}
		defer file.Close()
		r = file
	}
	p, err := hexgrid.Read(r)
	if err != nil {
		return nil, usagef("numberlink %s: %s: %v", f.sub, displayName(arg), err)
	}
	if f.k != 0 {
		g, err := hexgrid.NewGrid(p.Grid.Rows, p.Grid.Cols, f.k, p.Grid.Clues())
		if err != nil {
			return nil, usagef("--k %d: %v", f.k, err)
		}
		p.Grid = g
	}
	p.Rules.NoLoops = p.Rules.NoLoops || f.noloops
	p.Rules.AllowDisconnected = p.Rules.AllowDisconnected || f.disconnected
	return p, nil
}

func (f *hexFlags) write(rep textReport) {
	if f.format == "json" {
		format.WriteJSON(f.e.stdout, rep)
	} else {
		rep.WriteText(f.e.stdout)
	}
}

func (f *hexFlags) options(rules hexgrid.Rules) (hexgrid.SolveOptions, *progress) {
	pr := newProgress(f.e, "numberlink "+f.sub, f.quiet)
	opt := hexgrid.SolveOptions{Rules: rules}
	if !f.quiet {
		var h hamilton.Options
		pr.set(&h)
		opt.ProgressEvery = h.ProgressEvery
		opt.Progress = func(st hexgrid.SolveStats) {
			pr.line(st.Elapsed, fmt.Sprintf("%d nodes, %d backtracks, %d solutions", st.Nodes, st.Backtracks, st.Solutions))
		}
	}
	return opt, pr
}

func nlHexSolve(e *env, args []string) int {
	f, names := newHexFlags(e, "solve", nlTextJSON)
	unique := f.Bool("unique", true, "also decide whether the solution is unique")
	var pics pictureFlags
	pics.register(f.FlagSet)
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	name, err := onePuzzle(pos)
	if err != nil {
		return nlFail(e, err)
	}
	if err := pics.check(); err != nil {
		return nlFail(e, err)
	}
	p, err := f.load(name)
	if err != nil {
		return nlFail(e, err)
	}
	if err := hexgrid.Unsolvable(p.Grid); err != nil {
		return fail(e, &noSolutionError{"numberlink " + f.sub + ": " + err.Error()})
	}
	ctx, cancel := timeoutContext(e, f.timeout)
	defer cancel()
	opt, pr := f.options(p.Rules)
	rep, err := hexgrid.SolveAndReport(ctx, p.Grid, opt, !*unique)
	pr.done()
	switch {
	case errors.Is(err, hexgrid.ErrNoSolution):
		return fail(e, &noSolutionError{fmt.Sprintf("numberlink solve: the hex puzzle has no solution (complete search, %d search nodes)", rep.Nodes)})
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink solve: %s, %d search nodes in, before a solution was found", stopReason(ctx, f.timeout), rep.Nodes)})
	case errors.Is(err, hexgrid.ErrSelfCheck):
		return fail(e, &internalError{err.Error()})
	case err != nil:
		return nlFail(e, err)
	}
	f.write(rep)
	if pics.any() {
		pic, err := render.HexGrid(p.Grid, rep.Sol, render.HexGridOptions{})
		if err == nil {
			err = saveNamed(e, pics.Files, pic, f.quiet)
		}
		if err != nil {
			return nlFail(e, err)
		}
	}
	if !f.quiet {
		fmt.Fprintf(e.stderr, "solved in %d ms, %d search nodes; verified\n", rep.ElapsedMS, rep.Nodes)
	}
	return exitOK
}

func nlHexCount(e *env, args []string) int {
	f, names := newHexFlags(e, "count", nlTextJSON)
	limit := f.Uint64("limit", 0, "stop after this many solutions (2 decides uniqueness; 0: count all)")
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	name, err := onePuzzle(pos)
	if err != nil {
		return nlFail(e, err)
	}
	p, err := f.load(name)
	if err != nil {
		return nlFail(e, err)
	}
	if err := hexgrid.Unsolvable(p.Grid); err != nil {
		return fail(e, &noSolutionError{"numberlink " + f.sub + ": " + err.Error()})
	}
	ctx, cancel := timeoutContext(e, f.timeout)
	defer cancel()
	opt, pr := f.options(p.Rules)
	rep, err := hexgrid.CountAndReport(ctx, p.Grid, *limit, opt)
	pr.done()
	if errors.Is(err, hexgrid.ErrSelfCheck) {
		return fail(e, &internalError{err.Error()})
	}
	if err != nil {
		return nlFail(e, err)
	}
	f.write(rep)
	switch {
	case rep.Stopped:
		return exitStopped
	case rep.Solutions == 0:
		fmt.Fprintln(e.stderr, "boardgraph: numberlink count: no solution (complete search)")
		return exitNone
	}
	return exitOK
}

func nlHexCheck(e *env, args []string) int {
	f, names := newHexFlags(e, "check", nlTextJSON)
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	if len(pos) == 0 || len(pos) > 2 {
		return nlFail(e, usagef("numberlink check --grid hex needs PUZZLE [SOLUTION]: a JSON file with \"bridges\", or a puzzle and a file of lines \"R1,C1 R2,C2 N\""))
	}
	p, err := f.load(pos[0])
	if err != nil {
		return nlFail(e, err)
	}
	bridges := p.Bridges
	if len(pos) == 2 {
		var r io.Reader = e.stdin
		if pos[1] != "-" {
			file, err := os.Open(pos[1])
			if err != nil {
				return nlFail(e, usagef("numberlink check: cannot open the solution: %v", err))
			}
			defer file.Close()
			r = file
		}
		data, err := io.ReadAll(io.LimitReader(r, hexgrid.MaxInput+1))
		if err == nil {
			bridges, err = hexgrid.ParseSolution(data)
		}
		if err != nil {
			return nlFail(e, usagef("numberlink check: %s: %v", displayName(pos[1]), err))
		}
	} else if bridges == nil {
		return nlFail(e, usagef("numberlink check: %s has no bridges: give the solution as a second file", displayName(pos[0])))
	}
	rep := hexgrid.Check(p.Grid, p.Rules, bridges)
	f.write(rep)
	if !rep.Valid {
		return exitNone
	}
	return exitOK
}

func nlHexConvert(e *env, args []string) int {
	f, names := newHexFlags(e, "convert", format.Names{Names: []string{"text", "json"}})
	f.StringVar(&f.format, "to", "", "the same as --format")
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	name, err := onePuzzle(pos)
	if err != nil {
		return nlFail(e, err)
	}
	p, err := f.load(name)
	if err != nil {
		return nlFail(e, err)
	}
	if f.format == "json" {
		format.WriteJSON(e.stdout, hexgrid.ToJSON(p.Grid, p.Rules, nil))
	} else {
		e.stdout.Write(hexgrid.Format(p.Grid, p.Rules))
	}
	return exitOK
}

func nlHexTau(e *env, args []string) int {
	f, names := newHexFlags(e, "tau", nlTextJSON)
	f.Bool("trace", true, "print every step (hex τ always does)")
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	name, err := onePuzzle(pos)
	if err != nil {
		return nlFail(e, err)
	}
	p, err := f.load(name)
	if err != nil {
		return nlFail(e, err)
	}
	ctx, cancel := timeoutContext(e, f.timeout)
	defer cancel()
	res, err := hexgrid.Tau(ctx, p.Grid, p.Rules)
	if err != nil {
		return fail(e, &stoppedError{fmt.Sprintf("numberlink tau: %s after %d steps", stopReason(ctx, f.timeout), len(res.Steps))})
	}
	f.write(hexgrid.NewTauReport(p.Grid, res))
	if res.Contradiction != nil {
		return exitNone
	}
	return exitOK
}

func nlHexGenerate(e *env, args []string) int {
	f, names := newHexFlags(e, "generate", format.Names{Names: []string{"text", "json"}})
	seed := f.Uint64("seed", 1, "random seed (the same seed gives the same puzzle)")
	density := f.Float64("density", 0, "share of cells holding a node (0: 0.3)")
	solution := f.Bool("solution", false, "also print the solution")
	var pics pictureFlags
	pics.register(f.FlagSet)
	pos, code, ok := f.parse(args, names)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return nlFail(e, usagef("numberlink generate --grid hex needs one size RxC (rows x columns), e.g. 8x8"))
	}
	var rows, cols int
	if n, err := fmt.Sscanf(strings.ToLower(pos[0]), "%dx%d", &rows, &cols); n != 2 || err != nil || fmt.Sprintf("%dx%d", rows, cols) != strings.ToLower(pos[0]) {
		return nlFail(e, usagef("numberlink generate --grid hex: size %q: write RxC, e.g. 8x8", pos[0]))
	}
	if err := pics.check(); err != nil {
		return nlFail(e, err)
	}
	k := f.k
	if k == 0 {
		k = 2
	}
	ctx, cancel := timeoutContext(e, f.timeout)
	defer cancel()
	rules := hexgrid.Rules{NoLoops: f.noloops, AllowDisconnected: f.disconnected}
	g, sol, err := hexgrid.Generate(ctx, hexgrid.GenerateOptions{Rows: rows, Cols: cols, K: k, Rules: rules, Density: *density, Seed: *seed})
	switch {
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("numberlink generate: %s before a unique puzzle was found", stopReason(ctx, f.timeout))})
	case err != nil:
		return nlFail(e, usagef("%v", err))
	}
	// The generator proved uniqueness; the solution is checked again here.
	if err := hexgrid.Verify(g, rules, sol); err != nil {
		return fail(e, &internalError{err.Error()})
	}
	var shown hexgrid.Solution
	if *solution {
		shown = sol
	}
	if f.format == "json" {
		format.WriteJSON(e.stdout, hexgrid.ToJSON(g, rules, shown))
	} else {
		e.stdout.Write(hexgrid.Format(g, rules))
		if *solution {
			fmt.Fprintln(e.stdout, "# solution (unique): R1,C1 R2,C2 N")
			e.stdout.Write(hexgrid.FormatSolution(g, sol))
		}
	}
	if pics.any() {
		pic, err := render.HexGrid(g, shown, render.HexGridOptions{})
		if err == nil {
			err = saveNamed(e, pics.Files, pic, f.quiet)
		}
		if err != nil {
			return nlFail(e, err)
		}
	}
	if !f.quiet {
		fmt.Fprintf(e.stderr, "generated a %dx%d hex %d-grid with %d nodes; unique (proved by the exact counter), verified\n", rows, cols, k, len(g.Nodes))
	}
	return exitOK
}
