package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// This file is the --graph hook of solve, count, enumerate, verify and info:
// each of those commands calls graphInput first, and when its arguments
// hold --graph FILE the whole command runs here, on the graph in the file
// (edge list, DIMACS, TSPLIB HCP, GraphML or node-link JSON, detected by
// content) with its vertex names. It is kept apart so that the request
// layer can take it over later: graphJob is the graph counterpart of
// leaperJob.

// boardOnlyFlags need board geometry; with --graph they are refused by name.
var boardOnlyFlags = map[string]string{
	"board": "a board file", "moves": "a move set", "svg": "a picture of the board", "png": "a picture of the board",
	"per-start": "a table laid out on the board", "shard": "work units of the board search", "checkpoint": "work units of the board search",
	"units": "work units of the board search", "resume": "work units of the board search", "max-memory": "the board dynamic program's planner",
	"no-predict": "the board dynamic program's planner",
}

// hasGraphFlag reports whether args name --graph.
func hasGraphFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && (name == "graph" || strings.HasPrefix(name, "graph=")) {
			return true
		}
	}
	return false
}

// graphInput runs cmd on the graph named by --graph, when the arguments
// have one; handled is false otherwise and the command goes on as before.
func graphInput(e *env, cmd string) (code int, handled bool) {
	if !hasGraphFlag(e.args) {
		return 0, false
	}
	for _, a := range e.args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if what, ok := boardOnlyFlags[name]; ok && strings.HasPrefix(a, "-") {
			return fail(e, usagef("--%s needs %s; it does not apply to --graph (a graph has no board geometry)", name, what)), true
		}
		if cmd == "solve" && name == "method" && strings.HasPrefix(a, "-") {
			return fail(e, usagef("--method: constructions tile a board; with --graph, solve always searches (drop --method)")), true
		}
	}
	return runGraphCommand(e, cmd), true
}

// graphJob is a graph read from a file, the problem on it and the rules of
// the independent verifier.
type graphJob struct {
	file  string
	g     *graphio.Named
	prob  hamilton.Problem
	rules verify.GraphRules
}

// readGraphFile reads a graph file ('-' for stdin) in any format graphio
// reads; errors name the file and map to exit code 2.
func readGraphFile(e *env, file string) (*graphio.Named, error) {
	var r io.Reader
	if file == "-" {
		r = e.stdin
	} else {
		f, err := os.Open(file)
		if err != nil {
			return nil, usagef("cannot read the graph: %v; check the file name", err)
		}
		defer f.Close()
		r = f
	}
	g, err := graphio.Read(r, graphio.Limits{})
	if err != nil {
		if errors.Is(err, graphio.ErrFormat) || errors.Is(err, graphio.ErrTooLarge) {
			return nil, usagef("%s: %v", file, err)
		}
		return nil, usagef("cannot read the graph %s: %v", file, err)
	}
	return g, nil
}

func (gj *graphJob) vertex(flagName, name string) (int32, error) {
	if name == "" {
		return -1, nil
	}
	if v := gj.g.Index(name); v >= 0 {
		return v, nil
	}
	return -1, usagef("--%s %q: no vertex of that name in %s (names are as the file writes them: %s, ...)", flagName, name, gj.file, strings.Join(gj.g.Names[:min(3, len(gj.g.Names))], ", "))
}

// checked verifies an engine path with the independent verifier.
func (gj *graphJob) checked(path []int32) error {
	p := make([]int, len(path))
	for i, v := range path {
		p[i] = int(v)
	}
	if err := verify.GraphPath(gj.rules, p); err != nil {
		return &internalError{fmt.Sprintf("the engine returned a path that fails verification (%v); nothing was printed", err)}
	}
	return nil
}

func (gj *graphJob) names(path []int32) []string {
	out := make([]string, len(path))
	for i, v := range path {
		out[i] = gj.g.Names[v]
	}
	return out
}

func (gj *graphJob) what() string {
	return fmt.Sprintf("%s (%s, %d vertices, %d edges)", gj.file, gj.g.Format, gj.g.G.N(), gj.g.G.M())
}

func runGraphCommand(e *env, cmd string) int {
	fs := newFlagSet(cmd)
	file := fs.String("graph", "", "read the graph from `FILE` (edge list, DIMACS, TSPLIB HCP, GraphML, node-link JSON; '-' for stdin)")
	start := fs.String("start", "", "fix the first vertex (its `NAME` in the file)")
	end := fs.String("end", "", "fix the last vertex (its `NAME`)")
	closed := fs.Bool("closed", false, "Hamiltonian cycles instead of paths")
	timeout := fs.Duration("timeout", 0, "stop after `D`")
	workers := fs.Int("workers", 0, "search with `N` goroutines (default: all cores)")
	quiet := fs.Bool("quiet", false, "no summary on stderr")
	format := fs.String("format", "path", "output `FORMAT`: path (one vertex name per line), json, or for solve --closed tour (TSPLIB TOUR)")
	var (
		limit      *uint64
		undirected *bool
		method     *string
		seed       *uint64
		strategy   *string
		out        *string
	)
	switch cmd {
	case "solve":
		seed = fs.Uint64("seed", 0, "vary the search's tie-breaking with `S`")
		strategy = fs.String("strategy", "auto", "search `strategy`: default, okuno-miyano, or auto (okuno-miyano for --closed, whose rules solve the TSPLIB HCP instances in under a second where the default search does not finish in a minute; default otherwise)")
		out = fs.String("out", "", "write the solution to `FILE` (atomically) instead of stdout")
	case "count":
		undirected = fs.Bool("undirected", false, "count a path and its reverse once")
		method = fs.String("method", "auto", "counting `METHOD`: auto, dfs or dp")
	case "enumerate":
		limit = fs.Uint64("limit", 0, "stop after `N` solutions")
	}
	h := cmdHelp{name: cmd + " --graph", usage: "FILE [--start NAME] [--end NAME] [--closed] [flags]",
		about: `Runs ` + cmd + ` on a graph read from a file instead of a board: an edge list, DIMACS
('p edge'), TSPLIB HCP, GraphML or node-link JSON, detected by content.
Vertices keep the names the file gives them. Flags that need board
geometry (--moves, --board, --svg, --png, --per-start, shards) do not apply.`,
		examples: []string{"boardgraph solve --graph alb1000.hcp --closed --format tour --out alb1000.tour", "boardgraph count --graph g.dimacs", "boardgraph verify --graph g.hcp g.tour"}}
	pos, code := parseArgs(e, h, fs)
	if code >= 0 {
		return code
	}
	if cmd == "verify" {
		if len(pos) != 1 {
			return fail(e, usagef("verify --graph FILE PATHFILE: give one solution file (vertex names, one per line, or a TSPLIB TOUR)"))
		}
	} else if len(pos) > 0 {
		return fail(e, usagef("unexpected argument %q: with --graph the graph comes from the file", pos[0]))
	}
	g, err := readGraphFile(e, *file)
	if err != nil {
		return fail(e, err)
	}
	gj := &graphJob{file: *file, g: g}
	sv, err := gj.vertex("start", *start)
	if err != nil {
		return fail(e, err)
	}
	ev, err := gj.vertex("end", *end)
	if err != nil {
		return fail(e, err)
	}
	gj.prob = hamilton.Problem{G: g.G, Closed: *closed, VertexName: func(v int32) string { return "vertex " + g.Names[v] }}.WithEnds(sv, ev)
	if *closed && *end != "" {
		return fail(e, usagef("--closed with --end: a cycle has no end; give only --start"))
	}
	gj.rules = verify.GraphRules{N: g.G.N(), Start: int(sv), End: int(ev), Closed: *closed, Name: func(v int) string { return g.Names[v] }}
	for u := range int32(g.G.N()) {
		for _, v := range g.G.Neighbors(u) {
			if u < v {
				gj.rules.Edges = append(gj.rules.Edges, [2]int{int(u), int(v)})
			}
		}
	}
	switch *format {
	case "path", "text", "json":
	case "tour":
		if cmd != "solve" || !*closed {
			return fail(e, usagef("--format tour writes a Hamiltonian cycle: use it with solve --closed"))
		}
	default:
		return fail(e, usagef("unknown --format %q; use path, json or (solve --closed) tour", *format))
	}
	ctx, cancel := context.WithCancel(e.ctx)
	if *timeout > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, *timeout)
	}
	defer cancel()
	opt := hamilton.Options{Workers: *workers}
	switch cmd {
	case "info":
		return graphInfo(e, gj, *format)
	case "verify":
		return graphVerify(e, gj, pos[0], *format)
	case "solve":
		if *strategy == "auto" {
			*strategy = "default"
			if *closed {
				*strategy = "okuno-miyano"
			}
		}
		strat, err := hamilton.ParseStrategy(*strategy)
		if err != nil {
			return fail(e, usagef("--strategy: %v", err))
		}
		opt.Seed, opt.Strategy = *seed, strat
		return graphSolve(ctx, e, gj, opt, *format, *out, *quiet, *timeout)
	case "count":
		return graphCount(ctx, e, gj, opt, *method, *undirected, *format, *quiet, *timeout)
	case "enumerate":
		return graphEnumerate(ctx, e, gj, opt, *limit, *format, *quiet, *timeout)
	}
	return fail(e, usagef("--graph does not apply to %s", cmd))
}

func graphSolve(ctx context.Context, e *env, gj *graphJob, opt hamilton.Options, format, out string, quiet bool, timeout time.Duration) int {
	path, st, err := hamilton.Find(ctx, gj.prob, opt)
	kind := "Hamiltonian path"
	if gj.prob.Closed {
		kind = "Hamiltonian cycle"
	}
	switch {
	case errors.Is(err, hamilton.ErrNoSolution):
		var reason *hamilton.Reason
		if errors.As(err, &reason) {
			return fail(e, &noSolutionError{fmt.Sprintf("no %s in %s: %s", kind, gj.file, reason.Text)})
		}
		return fail(e, &noSolutionError{fmt.Sprintf("no %s in %s: the search examined every possibility (%d nodes)", kind, gj.file, st.Nodes)})
	case err != nil && ctx.Err() != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s before a solution was found (%d nodes searched)", stopReason(ctx, timeout), st.Nodes)})
	case err != nil:
		return fail(e, err)
	}
	if err := gj.checked(path); err != nil {
		return fail(e, err)
	}
	write := func(w io.Writer) error {
		switch format {
		case "tour":
			return graphio.WriteTour(w, strings.TrimSuffix(gj.g.Name, ".hcp")+".tour", gj.g.G.N(), path)
		case "json":
			return emitJSON(w, map[string]any{"graph": gj.file, "vertices": gj.g.G.N(), "edges": gj.g.G.M(), "closed": gj.prob.Closed,
				"path": gj.names(path), "verified": true, "stats": statsJSON(st)})
		}
		bw := bufio.NewWriter(w)
		for _, s := range gj.names(path) {
			bw.WriteString(s + "\n")
		}
		return bw.Flush()
	}
	if out != "" {
		err = writeAtomic(out, write)
	} else {
		err = write(e.stdout)
	}
	if err != nil {
		return fail(e, err)
	}
	if !quiet {
		fixed := ""
		if len(gj.g.Fixed) > 0 {
			fixed = fmt.Sprintf("; it uses %d of the file's %d FIXED_EDGES (the search does not force them)", fixedUsed(path, gj.g.Fixed, gj.prob.Closed), len(gj.g.Fixed))
		}
		fmt.Fprintf(e.stderr, "solved %s: a %s, verified%s; %d nodes, %v\n", gj.what(), kind, fixed, st.Nodes, st.Elapsed.Round(time.Microsecond))
	}
	return exitOK
}

// fixedUsed counts the fixed edges that path (a cycle when closed) uses.
func fixedUsed(path []int32, fixed [][2]int32, closed bool) int {
	pos := make(map[int32]int, len(path))
	for i, v := range path {
		pos[v] = i
	}
	n, k := len(path), 0
	for _, e := range fixed {
		d := pos[e[0]] - pos[e[1]]
		if d == 1 || d == -1 || closed && (d == n-1 || d == 1-n) {
			k++
		}
	}
	return k
}

func graphCount(ctx context.Context, e *env, gj *graphJob, opt hamilton.Options, method string, undirected bool, format string, quiet bool, timeout time.Duration) int {
	n := gj.g.G.N()
	if n > maxCountOpen && !gj.prob.FixStart && timeout == 0 && method != "dp" {
		return fail(e, usagef("%d vertices: an exact count by search would not finish; give --start, --timeout or --method dp", n))
	}
	var (
		c      uint64
		err    error
		used   string
		nodes  uint64
		began  = time.Now()
		choice count.Choice
	)
	switch method {
	case "auto", "dfs", "dp":
	default:
		return fail(e, usagef("unknown --method %q; use auto, dfs or dp", method))
	}
	var order []int32
	if method != "dfs" {
		order = count.OptimizeOrder(gj.g.G, nil, 1, 0)
		choice = count.Choose(gj.prob, order)
	}
	if method == "dp" || method == "auto" && choice.DP && timeout == 0 {
		used = "dp (frontier dynamic program)"
		var st count.Stats
		c, st, err = count.Count(ctx, gj.prob, count.Options{Order: order, Workers: opt.Workers})
		_ = st
	} else {
		used = "dfs (search)"
		var st hamilton.Stats
		c, st, err = hamilton.Count(ctx, gj.prob, opt)
		nodes = st.Nodes
	}
	complete := err == nil
	if err != nil && ctx.Err() == nil {
		if errors.Is(err, hamilton.ErrInvalid) || errors.Is(err, count.ErrInvalid) {
			return fail(e, usagef("%v", err))
		}
		return fail(e, err)
	}
	div := uint64(1)
	conv := "directed Hamiltonian paths (a path and its reverse count as two)"
	if gj.prob.Closed {
		conv = "directed Hamiltonian cycles (each cycle once per direction)"
	}
	if undirected {
		if gj.prob.Closed || !gj.prob.FixStart && !gj.prob.FixEnd {
			div = 2
		}
		conv = strings.Replace(strings.Replace(conv, "directed", "undirected", 1), "(a path and its reverse count as two)", "(a path and its reverse count once)", 1)
		conv = strings.Replace(conv, "(each cycle once per direction)", "(each cycle once)", 1)
	}
	c /= div
	if format == "json" {
		if err := emitJSON(e.stdout, map[string]any{"graph": gj.file, "vertices": n, "edges": gj.g.G.M(), "count": strconv.FormatUint(c, 10),
			"convention": conv, "complete": complete, "method": used}); err != nil {
			return fail(e, err)
		}
	} else if _, err := fmt.Fprintln(e.stdout, c); err != nil {
		return fail(e, err)
	}
	if !complete {
		return fail(e, &stoppedError{fmt.Sprintf("%s: %d %s so far in %s is a lower bound", stopReason(ctx, timeout), c, conv, gj.what())})
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "%d %s in %s; method %s; %d nodes, %v\n", c, conv, gj.what(), used, nodes, time.Since(began).Round(time.Microsecond))
	}
	return exitOK
}

func graphEnumerate(ctx context.Context, e *env, gj *graphJob, opt hamilton.Options, limit uint64, format string, quiet bool, timeout time.Duration) int {
	var (
		bad     error
		printed uint64
	)
	bw := bufio.NewWriter(e.stdout)
	yield := func(path []int32) bool {
		if err := gj.checked(path); err != nil {
			bad = err
			return false
		}
		if format == "json" {
			if err := emitJSON(bw, map[string]any{"index": printed + 1, "path": gj.names(path), "verified": true}); err != nil {
				bad = err
				return false
			}
		} else {
			if printed > 0 {
				bw.WriteString("\n")
			}
			for _, s := range gj.names(path) {
				bw.WriteString(s + "\n")
			}
		}
		printed++
		return true
	}
	_, st, err := hamilton.Enumerate(ctx, gj.prob, opt, limit, yield)
	if ferr := bw.Flush(); bad == nil && ferr != nil {
		bad = ferr
	}
	if bad != nil {
		return fail(e, bad)
	}
	if err != nil && ctx.Err() == nil {
		return fail(e, err)
	}
	sum := fmt.Sprintf("%s (directed) in %s; %d nodes, %v", plural(int(printed), "solution"), gj.what(), st.Nodes, st.Elapsed.Round(time.Microsecond))
	switch {
	case err != nil:
		return fail(e, &stoppedError{fmt.Sprintf("%s: printed %s, there may be more", stopReason(ctx, timeout), sum)})
	case limit > 0 && printed >= limit:
		return fail(e, &stoppedError{fmt.Sprintf("stopped at --limit %d: printed %s; there may be more", limit, sum)})
	case printed == 0:
		return fail(e, &noSolutionError{fmt.Sprintf("no solution in %s", gj.what())})
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "all %s, each verified\n", sum)
	}
	return exitOK
}

func graphInfo(e *env, gj *graphJob, format string) int {
	g := gj.g.G
	hist := map[string]int{}
	var degs []string
	for d, k := range g.DegreeHistogram() {
		if k > 0 {
			degs = append(degs, fmt.Sprintf("%d:%d", d, k))
			hist[strconv.Itoa(d)] = k
		}
	}
	_, comps := g.Components()
	_, bip := g.Bipartition()
	reasons, err := hamilton.PrecheckAll(&gj.prob)
	if err != nil {
		return fail(e, usagef("%v", err))
	}
	proofs := []jsonProof{}
	for _, r := range reasons {
		proofs = append(proofs, jsonProof{r.Rule, r.Text})
	}
	if format == "json" {
		if err := emitJSON(e.stdout, map[string]any{"graph": gj.file, "format": gj.g.Format, "name": gj.g.Name, "vertices": g.N(), "edges": g.M(),
			"degrees": hist, "components": comps, "bipartite": bip, "loops_dropped": gj.g.Loops, "duplicates_merged": gj.g.Duplicates,
			"unsolvable": len(proofs) > 0, "proofs": proofs}); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
	var sb strings.Builder
	line := func(key, f string, a ...any) { fmt.Fprintf(&sb, "%-11s %s\n", key, fmt.Sprintf(f, a...)) }
	line("graph", "%s: %s, %d vertices, %d edges", gj.file, gj.g.Format, g.N(), g.M())
	if gj.g.Name != "" {
		line("name", "%s", gj.g.Name)
	}
	if gj.g.Loops+gj.g.Duplicates > 0 {
		line("cleaned", "%d loops dropped, %d repeated edges merged", gj.g.Loops, gj.g.Duplicates)
	}
	line("degrees", "%s (degree:vertices)", strings.Join(degs, " "))
	line("components", "%d", comps)
	line("bipartite", "%v", bip)
	if len(proofs) == 0 {
		line("verdict", "no immediate proof of unsolvability (a search may still find none)")
	} else {
		line("verdict", "no solution")
		for _, p := range proofs {
			line("proof", "%s: %s", p.Rule, p.Text)
		}
	}
	if _, err := fmt.Fprint(e.stdout, sb.String()); err != nil {
		return fail(e, err)
	}
	return exitOK
}

// graphVerify checks a solution file against the graph: vertex names one
// per line, or a TSPLIB TOUR (TOUR_SECTION, vertex numbers 1..N, -1), which
// is checked as a cycle.
func graphVerify(e *env, gj *graphJob, file, format string) int {
	f, err := os.Open(file)
	if err != nil {
		return fail(e, usagef("cannot read the solution: %v; check the file name", err))
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, 1<<30+1))
	if err != nil || len(text) > 1<<30 {
		return fail(e, usagef("cannot read the solution %s (at most 1 GiB)", file))
	}
	var path []int
	kind := "path"
	if strings.Contains(string(text), "TOUR_SECTION") {
		kind = "TSPLIB tour"
		gj.rules.Closed = true
		_, sec, _ := strings.Cut(string(text), "TOUR_SECTION")
		for _, tok := range strings.Fields(sec) {
			if tok == "-1" || tok == "EOF" {
				break
			}
			x, err := strconv.Atoi(tok)
			if err != nil {
				return fail(e, usagef("%s: %q in TOUR_SECTION is not a vertex number", file, tok))
			}
			path = append(path, x-1)
		}
	} else {
		index := make(map[string]int, len(gj.g.Names))
		for i, s := range gj.g.Names {
			index[s] = i
		}
		for no, line := range strings.Split(string(text), "\n") {
			s := strings.TrimSpace(line)
			if s == "" || strings.HasPrefix(s, "#") {
				continue
			}
			v, ok := index[s]
			if !ok {
				return fail(e, usagef("%s line %d: %q is not a vertex of %s", file, no+1, s, gj.file))
			}
			path = append(path, v)
		}
	}
	err = verify.GraphPath(gj.rules, path)
	what := "a Hamiltonian path"
	if gj.rules.Closed {
		what = "a Hamiltonian cycle"
	}
	if format == "json" {
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if werr := emitJSON(e.stdout, map[string]any{"graph": gj.file, "solution": file, "kind": kind, "valid": err == nil, "error": msg}); werr != nil {
			return fail(e, werr)
		}
		if err != nil {
			return exitNone
		}
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(e.stdout, "invalid: %v\n", err)
		return exitNone
	}
	fmt.Fprintf(e.stdout, "valid: %s of %s, read as a %s\n", what, gj.what(), kind)
	return exitOK
}
