package request

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/base/readcap"
	"github.com/boardgraph/boardgraph/verify"
)

// GraphFlags are the inputs of a command on a graph file instead of a
// board: the file ('-' for stdin), the names of fixed first and last
// vertices (as the file writes them; empty: free) and cycles instead of
// paths. MaxMemory is --max-memory, the memory count and solve may use
// ("": DefaultMaxMemory), as typed.
type GraphFlags struct {
	File, Start, End string
	Closed           bool
	MaxMemory        string
}

// Graph is a graph read from a file (edge list, DIMACS, TSPLIB HCP,
// GraphML or node-link JSON, detected by content), the Hamiltonian problem
// on it and the rules of the independent verifier. It is the graph
// counterpart of Leaper.
type Graph struct {
	File    string
	Named   *graphio.Named
	Problem hamilton.Problem
	Rules   verify.GraphRules
	// MaxMemory is the memory count and solve may use, in bytes
	// (GraphFlags.MaxMemory, or DefaultMaxMemory); the caller gives it to
	// debug.SetMemoryLimit.
	MaxMemory int64
	// memoryHow says how MaxMemory was given (MemoryLimit), for refusals.
	memoryHow string
	// byDP names the dynamic program when Solve decided by it (for
	// SolveSummary); "" after a search.
	byDP string
}

// NewGraph reads the graph file f.File from src and resolves the fixed
// vertices by name. Every error wraps ErrInput.
func NewGraph(f GraphFlags, src Source) (*Graph, error) {
	return NewGraphContext(context.Background(), f, src)
}

// NewGraphContext is NewGraph that stops reading when ctx ends (the
// command's deadline counts the reading too); it then returns ctx's
// error.
func NewGraphContext(ctx context.Context, f GraphFlags, src Source) (*Graph, error) {
	limit, how, err := MemoryLimit(f.MaxMemory)
	if err != nil {
		return nil, err
	}
	g, err := ReadGraphContext(ctx, f.File, src)
	if err != nil {
		return nil, err
	}
	gr := &Graph{File: f.File, Named: g, MaxMemory: limit, memoryHow: how}
	sv, err := gr.vertex("start", f.Start)
	if err != nil {
		return nil, err
	}
	ev, err := gr.vertex("end", f.End)
	if err != nil {
		return nil, err
	}
	if sv >= 0 && sv == ev && g.G.N() > 1 {
		return nil, inputf("--start and --end are both vertex %s, but a path over %d vertices ends on another: give another --end, or --closed (and no --end) for a cycle", f.Start, g.G.N())
	}
	gr.Problem = hamilton.Problem{G: g.G, Closed: f.Closed, VertexName: func(v int32) string { return "vertex " + g.VertexName(v) }}.WithEnds(sv, ev)
	if f.Closed && f.End != "" {
		return nil, inputf("--closed with --end: a cycle has no end; give only --start")
	}
	// The verifier's edges are listed when a path is checked (rules), not
	// held beside the graph: 16 bytes an edge (issue 33).
	gr.Rules = verify.GraphRules{N: g.G.N(), Start: int(sv), End: int(ev), Closed: f.Closed, Name: func(v int) string { return g.VertexName(int32(v)) }}
	return gr, nil
}

// MaxGraphBytes bounds a graph read by ReadGraph, from a file or from
// standard input alike: a regular file over it is refused from its size,
// before reading; any other input is refused once it passes it.
var MaxGraphBytes int64 = 1 << 30

// ReadGraph reads a graph file ('-' for stdin) in any format graphio
// reads, streamed within graphio's default limits and MaxGraphBytes;
// errors name the file and wrap ErrInput.
func ReadGraph(file string, src Source) (*graphio.Named, error) {
	return ReadGraphContext(context.Background(), file, src)
}

// ReadGraphContext is ReadGraph that stops when ctx ends, returning ctx's
// error.
func ReadGraphContext(ctx context.Context, file string, src Source) (*graphio.Named, error) {
	var r io.Reader
	name := file
	if file == "-" {
		r, name = src.Stdin, "the graph on standard input"
		if r == nil {
			r = strings.NewReader("")
		}
	} else {
		f, err := src.open(file)
		if err != nil {
			return nil, inputf("cannot read the graph: %w; check the file name", err)
		}
		defer f.Close()
		if st, ok := f.(interface{ Stat() (os.FileInfo, error) }); ok {
			if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxGraphBytes {
				return nil, inputf("%s: %w: the file is larger than %s, the limit of a graph; give a smaller graph", file, graphio.ErrTooLarge, readcap.Size(MaxGraphBytes))
			}
		}
		r = f
	}
	g, err := graphio.Read(ctxReader{ctx, r}, graphio.Limits{MaxBytes: MaxGraphBytes})
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil && file == "-" && errors.Is(err, graphio.ErrTooLarge) {
		return nil, inputf("%s: %w", name, err)
	}
	if err != nil {
		if errors.Is(err, graphio.ErrFormat) || errors.Is(err, graphio.ErrTooLarge) {
			return nil, inputf("%s: %w", file, err)
		}
		return nil, inputf("cannot read the graph %s: %w", file, err)
	}
	return g, nil
}

// ctxReader is r that fails with ctx's error once ctx ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func (gr *Graph) vertex(flagName, name string) (int32, error) {
	if name == "" {
		return -1, nil
	}
	if v := gr.Named.Index(name); v >= 0 {
		return v, nil
	}
	var some []string
	for v := range int32(min(3, gr.Named.G.N())) {
		some = append(some, gr.Named.VertexName(v))
	}
	return -1, inputf("--%s %q: no vertex of that name in %s (names are as the file writes them: %s, ...)", flagName, name, gr.File, strings.Join(some, ", "))
}

// rules returns the verifier's rules with the graph's edges listed (Rules
// holds none).
func (gr *Graph) rules() verify.GraphRules {
	r := gr.Rules
	g := gr.Named.G
	r.Edges = make([][2]int, 0, g.M())
	for u := range int32(g.N()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				r.Edges = append(r.Edges, [2]int{int(u), int(v)})
			}
		}
	}
	return r
}

// Check verifies an engine's path (vertex indices) with the independent
// verifier.
func (gr *Graph) Check(path []int32) error {
	p := make([]int, len(path))
	for i, v := range path {
		p[i] = int(v)
	}
	return verify.GraphPath(gr.rules(), p)
}

// Names returns the file's names of the vertices of path.
func (gr *Graph) Names(path []int32) []string {
	out := make([]string, len(path))
	for i, v := range path {
		out[i] = gr.Named.VertexName(v)
	}
	return out
}

// Label describes the graph in one phrase: "g.hcp (TSPLIB HCP, 10
// vertices, 15 edges)". The self-loops the reader dropped and the repeated
// edges it merged (graphio.Named; a Hamiltonian path uses neither) are
// named, so that they are never dropped silently: "g.dimacs (dimacs, 3
// vertices, 2 edges; 1 self-loop ignored)".
func (gr *Graph) Label() string {
	var cleaned []string
	if n := gr.Named.Loops; n > 0 {
		cleaned = append(cleaned, plural(n, "self-loop")+" ignored")
	}
	if n := gr.Named.Duplicates; n > 0 {
		cleaned = append(cleaned, plural(n, "repeated edge")+" merged")
	}
	note := ""
	if len(cleaned) > 0 {
		note = "; " + strings.Join(cleaned, ", ")
	}
	return fmt.Sprintf("%s (%s, %d vertices, %d edges%s)", gr.File, gr.Named.Format, gr.Named.G.N(), gr.Named.G.M(), note)
}

// plural writes n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Kind names what the problem asks for: "Hamiltonian path" or
// "Hamiltonian cycle".
func (gr *Graph) Kind() string {
	if gr.Problem.Closed {
		return "Hamiltonian cycle"
	}
	return "Hamiltonian path"
}

// FixedUsed counts the file's FIXED_EDGES (TSPLIB) that path uses, as a
// cycle when the problem is closed.
func (gr *Graph) FixedUsed(path []int32) int {
	pos := make(map[int32]int, len(path))
	for i, v := range path {
		pos[v] = i
	}
	n, k := len(path), 0
	for _, e := range gr.Named.Fixed {
		d := pos[e[0]] - pos[e[1]]
		if d == 1 || d == -1 || gr.Problem.Closed && (d == n-1 || d == 1-n) {
			k++
		}
	}
	return k
}

// GraphSolution is a solution file read against a graph.
type GraphSolution struct {
	Path []int  // vertex indices in order
	Kind string // "path" (vertex names, one per line) or "TSPLIB tour"
	// Start and End are the fixed ends a JSON solution's problem names
	// (vertex indices, -1: free); Verify checks them when the command
	// line fixes none.
	Start, End int
}

// ReadSolution parses a solution to the graph: vertex names one per line
// ('#' starts a comment line), or a TSPLIB TOUR (TOUR_SECTION, vertex
// numbers 1..N ending with -1), which is a cycle. file names the solution
// in messages; errors wrap ErrInput.
func (gr *Graph) ReadSolution(text []byte, file string) (GraphSolution, error) {
	sol := GraphSolution{Kind: "path", Start: -1, End: -1}
	if t := bytes.TrimSpace(text); len(t) > 0 && t[0] == '{' {
		return gr.readSolutionJSON(t, file)
	}
	if strings.Contains(string(text), "TOUR_SECTION") {
		sol.Kind = "TSPLIB tour"
		_, sec, _ := strings.Cut(string(text), "TOUR_SECTION")
		for _, tok := range strings.Fields(sec) {
			if tok == "-1" || tok == "EOF" {
				break
			}
			x, err := strconv.Atoi(tok)
			if err != nil {
				return sol, inputf("%s: %q in TOUR_SECTION is not a vertex number", file, tok)
			}
			sol.Path = append(sol.Path, x-1)
		}
		if len(sol.Path) == 0 {
			return sol, inputf("%s: the TOUR_SECTION holds no vertices: give the tour", file)
		}
		return sol, nil
	}
	gap := 0 // the line of a blank line after a vertex: enumerate's separator
	for no, line := range strings.Split(string(text), "\n") {
		s := strings.TrimSpace(line)
		if s == "" && len(sol.Path) > 0 && gap == 0 {
			gap = no + 1
		}
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if gap > 0 {
			return sol, inputf("%s line %d: a blank line between vertices (line %d) separates two paths, as enumerate writes them: give one path per file", file, no+1, gap)
		}
		v := int(gr.Named.Index(s))
		if v < 0 {
			return sol, inputf("%s line %d: %q is not a vertex of %s", file, no+1, s, gr.File)
		}
		sol.Path = append(sol.Path, v)
	}
	if len(sol.Path) == 0 {
		return sol, inputf("%s holds no vertices: give the path, one vertex name per line", file)
	}
	return sol, nil
}

// readSolutionJSON reads the JSON that solve --graph (or one line of
// enumerate --graph) writes: "path", the vertex names in order, and
// "closed" for a cycle. verify --graph used to take the whole object for
// one vertex name ("{...} is not a vertex of g").
func (gr *Graph) readSolutionJSON(text []byte, file string) (GraphSolution, error) {
	var in struct {
		Path    []string             `json:"path"`
		Closed  bool                 `json:"closed"`
		Problem *format.GraphProblem `json:"problem"`
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	if dec.Decode(&in) == nil {
		if _, err := dec.Token(); err != io.EOF {
			return GraphSolution{}, inputf("%s: more follows the first JSON object (enumerate --format json writes one per solution): give one solution per file", file)
		}
	}
	if err := json.Unmarshal(text, &in); err != nil || in.Path == nil {
		return GraphSolution{}, inputf("%s: a JSON solution to a graph needs \"path\", the vertex names in order, as solve --graph --format json writes", file)
	}
	sol := GraphSolution{Kind: "JSON path", Start: -1, End: -1}
	if in.Closed {
		sol.Kind = "JSON cycle"
	}
	if p := in.Problem; p != nil && p.Kind == format.KindGraph {
		// The problem the solution answered: the same graph, and its ends.
		if p.Vertices != gr.Named.G.N() || p.Edges != gr.Named.G.M() {
			return sol, inputf("%s answers a graph of %d vertices and %d edges (%s), but %s has %d and %d: give the graph it was solved on", file, p.Vertices, p.Edges, clipName(p.Graph), gr.File, gr.Named.G.N(), gr.Named.G.M())
		}
		for _, e := range []struct {
			name *string
			to   *int
			flag string
		}{{p.Start, &sol.Start, "start"}, {p.End, &sol.End, "end"}} {
			if e.name == nil {
				continue
			}
			v := gr.Named.Index(*e.name)
			if v < 0 {
				return sol, inputf("%s: the problem's %s %q is not a vertex of %s", file, e.flag, clipName(*e.name), gr.File)
			}
			*e.to = int(v)
		}
		if p.Closed {
			sol.Kind = "JSON cycle"
		}
	}
	for i, name := range in.Path {
		v := gr.Named.Index(name)
		if v < 0 {
			return sol, inputf("%s: path entry %d, %q, is not a vertex of %s", file, i+1, name, gr.File)
		}
		sol.Path = append(sol.Path, int(v))
	}
	return sol, nil
}

// Verify checks sol with the independent verifier; a TSPLIB tour, or a
// JSON solution marked closed, is checked as a cycle whatever the problem
// says. It returns the rules used.
func (gr *Graph) Verify(sol GraphSolution) (verify.GraphRules, error) {
	rules := gr.rules()
	if sol.Kind == "TSPLIB tour" || sol.Kind == "JSON cycle" {
		rules.Closed = true
	}
	// The ends the solution's JSON problem fixed, unless the command line
	// fixes its own.
	if rules.Start < 0 && rules.End < 0 {
		rules.Start, rules.End = sol.Start, sol.End
		if rules.Closed {
			rules.End = -1
		}
	}
	return rules, verify.GraphPath(rules, sol.Path)
}

// Proof is one immediate proof that no solution exists (a rule of
// hamilton's prechecks and its text).
type Proof struct {
	Rule string `json:"rule"`
	Text string `json:"text"`
}

// Proof returns an immediate proof that the problem has no solution, or
// nil: first the cheapest, which needs nothing per vertex, fewer than n-1
// edges (a graph needs n-1 to be connected), then hamilton.Precheck (a
// vertex of degree < 2 for cycles, more than two of degree 1 for paths,
// components, a cut vertex that splits a cycle, ...: O(V+E) time and a
// few words a vertex). count and solve ask it before any dynamic program
// or search, so that a graph info proves unsolvable is answered at once
// (issue 33: 16,000,000 vertices and one edge took 5.4 GB and a minute).
// Its error is the problem's own (hamilton.ErrInvalid), as an input
// error.
func (gr *Graph) Proof() (*hamilton.Reason, error) {
	g := gr.Named.G
	if n, m := g.N(), g.M(); n >= 2 && m < n-1 {
		return &hamilton.Reason{Rule: "disconnected", Text: fmt.Sprintf("the graph has %d vertices and only %d edges, fewer than the %d a connected graph needs, so it falls apart into at least %d components and no single path visits every vertex", n, m, n-1, n-m)}, nil
	}
	r, err := hamilton.Precheck(&gr.Problem)
	if err != nil {
		return nil, inputf("%w", err)
	}
	return r, nil
}

// proofContext is Proof that returns ctx's error as soon as ctx ends:
// the prechecks take no context and take a second or more on a large
// graph, so they run aside, and a deadline or signal does not wait for
// them (their answer is then dropped).
func (gr *Graph) proofContext(ctx context.Context) (*hamilton.Reason, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type answer struct {
		r   *hamilton.Reason
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := gr.Proof()
		done <- answer{r, err}
	}()
	select {
	case a := <-done:
		return a.r, a.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Proofs runs every precheck of p and returns the proofs found (an empty,
// non-nil slice when there are none).
func Proofs(p *hamilton.Problem) ([]Proof, error) {
	reasons, err := hamilton.PrecheckAll(p)
	if err != nil {
		return nil, err
	}
	proofs := []Proof{}
	for _, r := range reasons {
		proofs = append(proofs, Proof{r.Rule, r.Text})
	}
	return proofs, nil
}

// GraphFacts are the facts info reports about a graph file.
type GraphFacts struct {
	// Fields in the order of their JSON keys (sorted, as the CLI has
	// always written them).
	Bipartite  bool           `json:"bipartite"`
	Components int            `json:"components"`
	Degrees    map[string]int `json:"degrees"` // degree -> vertices, non-zero counts only
	Duplicates int            `json:"duplicates_merged"`
	Edges      int            `json:"edges"`
	Format     string         `json:"format"`
	Graph      string         `json:"graph"`
	Loops      int            `json:"loops_dropped"`
	Name       string         `json:"name"`
	Proofs     []Proof        `json:"proofs"`
	Unsolvable bool           `json:"unsolvable"`
	Vertices   int            `json:"vertices"`
	degrees    []string
}

// Facts computes the graph's facts and the immediate proofs that the
// problem has no solution.
func (gr *Graph) Facts() (*GraphFacts, error) {
	g := gr.Named.G
	f := &GraphFacts{Graph: gr.File, Format: string(gr.Named.Format), Name: gr.Named.Name, Vertices: g.N(), Edges: g.M(),
		Degrees: map[string]int{}, Loops: gr.Named.Loops, Duplicates: gr.Named.Duplicates}
	for d, k := range g.DegreeHistogram() {
		if k > 0 {
			f.degrees = append(f.degrees, fmt.Sprintf("%d:%d", d, k))
			f.Degrees[strconv.Itoa(d)] = k
		}
	}
	_, f.Components = g.Components()
	_, f.Bipartite = g.Bipartition()
	var err error
	if f.Proofs, err = Proofs(&gr.Problem); err != nil {
		return nil, inputf("%w", err)
	}
	f.Unsolvable = len(f.Proofs) > 0
	return f, nil
}

// WriteText writes the facts as info's text report, one "key value" line
// each.
func (f *GraphFacts) WriteText(w io.Writer) error {
	var sb strings.Builder
	line := func(key, fm string, a ...any) { fmt.Fprintf(&sb, "%-11s %s\n", key, fmt.Sprintf(fm, a...)) }
	line("graph", "%s: %s, %d vertices, %d edges", f.Graph, f.Format, f.Vertices, f.Edges)
	if f.Name != "" {
		line("name", "%s", f.Name)
	}
	if f.Loops+f.Duplicates > 0 {
		line("cleaned", "%d loops dropped, %d repeated edges merged", f.Loops, f.Duplicates)
	}
	line("degrees", "%s (degree:vertices)", strings.Join(f.degrees, " "))
	line("components", "%d", f.Components)
	line("bipartite", "%v", f.Bipartite)
	writeVerdict(line, f.Proofs)
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeVerdict writes the verdict lines of an info report.
func writeVerdict(line func(key, fm string, a ...any), proofs []Proof) {
	if len(proofs) == 0 {
		line("verdict", "no immediate proof of unsolvability (a search may still find none)")
		return
	}
	line("verdict", "no solution")
	for _, p := range proofs {
		line("proof", "%s: %s", p.Rule, p.Text)
	}
}
