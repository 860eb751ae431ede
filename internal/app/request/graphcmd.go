package request

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
)

// Strategy resolves the search strategy of solve on the graph: "auto" is
// okuno-miyano for cycles, whose rules solve the TSPLIB HCP instances in
// under a second where the default search does not finish in a minute,
// and the default search for paths; any other name is
// hamilton.ParseStrategy's.
func (gr *Graph) Strategy(name string) (hamilton.Strategy, error) {
	if name == "auto" {
		name = "default"
		if gr.Problem.Closed {
			name = "okuno-miyano"
		}
	}
	s, err := hamilton.ParseStrategy(name)
	if err != nil {
		return s, inputf("--strategy: %w", err)
	}
	return s, nil
}

// CheckFormat checks the output format of command on the graph: path
// (vertex names one per line, also called text), json, or for solve on a
// cycle tour (a TSPLIB TOUR).
func (gr *Graph) CheckFormat(command, f string) error {
	switch f {
	case "path", "text", "json":
		return nil
	case "tour":
		if command != "solve" || !gr.Problem.Closed {
			return inputf("--format tour writes a Hamiltonian cycle: use it with solve --closed")
		}
		return nil
	}
	return inputf("unknown --format %q; use path, json or (solve --closed) tour", f)
}

// WriteSolution writes a verified solution in f: path (the vertex names,
// one per line), json (with stats), or tour (a TSPLIB TOUR).
func (gr *Graph) WriteSolution(w io.Writer, f string, path []int32, stats *format.Stats) error {
	switch f {
	case "tour":
		return graphio.WriteTour(w, gr.tourName(), gr.Named.G.N(), path)
	case "json":
		return format.WriteResult(w, gr.Describe("solve"), map[string]any{"graph": gr.File, "vertices": gr.Named.G.N(), "edges": gr.Named.G.M(), "closed": gr.Problem.Closed,
			"path": gr.Names(path), "verified": true, "stats": stats})
	}
	return writeNames(w, gr.Names(path))
}

// Describe returns the "problem" object of command's JSON on the graph.
func (gr *Graph) Describe(command string) format.GraphProblem {
	name := func(v int) *string {
		if v < 0 {
			return nil
		}
		s := gr.Named.VertexName(int32(v))
		return &s
	}
	return format.GraphProblem{Command: command, Kind: format.KindGraph, Graph: gr.File, Vertices: gr.Named.G.N(), Edges: gr.Named.G.M(),
		Closed: gr.Rules.Closed, Start: name(gr.Rules.Start), End: name(gr.Rules.End)}
}

// tourName is the NAME of a TSPLIB tour: the graph's own name, else the
// file's base name without its extension ("graph" for stdin), plus
// ".tour" (an edge list has no name, and the tour was named ".tour").
func (gr *Graph) tourName() string {
	name := strings.TrimSuffix(gr.Named.Name, ".hcp")
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(gr.File), filepath.Ext(gr.File))
	}
	if name == "" || name == "-" || name == "." {
		name = "graph"
	}
	return name + ".tour"
}

// WriteEnumerated writes the index-th (from 1) verified solution of an
// enumeration in f: json, one object per line, or the vertex names one
// per line, a blank line before every solution but the first.
func (gr *Graph) WriteEnumerated(w io.Writer, f string, index uint64, path []int32) error {
	if f == "json" {
		return format.WriteResult(w, gr.Describe("enumerate"), map[string]any{"index": index, "path": gr.Names(path), "verified": true})
	}
	if index > 1 {
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return writeNames(w, gr.Names(path))
}

// writeNames writes one vertex name per line.
func writeNames(w io.Writer, names []string) error {
	bw := bufio.NewWriter(w)
	for _, s := range names {
		bw.WriteString(s + "\n")
	}
	return bw.Flush()
}

// GraphVerdict is the independent verifier's verdict on a solution file
// of the graph.
type GraphVerdict struct {
	Graph    *Graph
	File     string
	Solution GraphSolution
	Cycle    bool  // checked as a cycle (closed, or a TSPLIB tour)
	Err      error // nil: valid
}

// maxSolutionBytes bounds a graph solution file.
const maxSolutionBytes = 1 << 30

// VerifyFile reads the solution file (vertex names one per line, or a
// TSPLIB TOUR, which is checked as a cycle; at most 1 GiB) through src and
// checks it; file "" or "-" is stdin, as for verify without --graph
// (refused when the graph came from stdin too). An unreadable file is an
// error; an invalid solution is a verdict.
func (gr *Graph) VerifyFile(file string, src Source) (*GraphVerdict, error) {
	if file == "" {
		file = "-"
	}
	if file == "-" && gr.File == "-" {
		return nil, inputf("the graph already comes from stdin (--graph -): give the solution as a file, verify --graph - PATHFILE")
	}
	text, err := src.Read(file, "the solution", maxSolutionBytes)
	if err != nil {
		return nil, err
	}
	sol, err := gr.ReadSolution(text, file)
	if err != nil {
		return nil, err
	}
	rules, err := gr.Verify(sol)
	return &GraphVerdict{Graph: gr, File: file, Solution: sol, Cycle: rules.Closed, Err: err}, nil
}

// Write writes the verdict in f: json, or one line of text ("valid: a
// Hamiltonian path of ...", or "invalid: " and the reason).
func (v *GraphVerdict) Write(w io.Writer, f string) error {
	if f == "json" {
		msg := ""
		if v.Err != nil {
			msg = v.Err.Error()
		}
		return format.WriteResult(w, v.Graph.Describe("verify"), map[string]any{"graph": v.Graph.File, "solution": v.File, "kind": v.Solution.Kind, "valid": v.Err == nil, "error": msg})
	}
	what := "a Hamiltonian path"
	if v.Cycle {
		what = "a Hamiltonian cycle"
	}
	return writeValidity(w, v.Err, fmt.Sprintf("%s of %s, read as a %s", what, v.Graph.Label(), v.Solution.Kind))
}

// boardOnly are the flags that need board geometry, with what each needs:
// a command on a graph file refuses them by name (CheckGraphArgs).
var boardOnly = map[string]string{
	"board": "a board file", "moves": "a move set", "svg": "a picture of the board", "png": "a picture of the board",
	"per-start": "a table laid out on the board", "shard": "work units of the board search", "checkpoint": "work units of the board search",
	"units": "work units of the board search", "resume": "work units of the board search",
	"no-predict": "the board dynamic program's planner", "shared": "shards of the board dynamic program",
	"shared-sync": "shards of the board dynamic program", "shared-wait": "shards of the board dynamic program",
	"prime-index": "per-prime runs of the board dynamic program", "primes-needed": "per-prime runs of the board dynamic program",
}

// CheckGraphArgs checks the command line of command (solve, count,
// enumerate, verify, info) on a graph file: flags are the names of the
// flags given, without dashes, and pos the positional arguments. Flags
// that need a board are refused by name, as is --method for solve (a
// graph is always searched); verify takes one solution file, the others
// no argument.
func CheckGraphArgs(command string, flags, pos []string) error {
	for _, f := range flags {
		if what, ok := boardOnly[f]; ok {
			return inputf("--%s needs %s; it does not apply to --graph (a graph has no board geometry)", f, what)
		}
		if command == "solve" && f == "method" {
			return inputf("--method: constructions tile a board; with --graph, solve always searches (drop --method)")
		}
	}
	switch {
	case command == "verify" && len(pos) > 1:
		return inputf("verify --graph FILE [PATHFILE]: give one solution file (vertex names, one per line, or a TSPLIB TOUR), or none to read it from stdin")
	case command != "verify" && len(pos) > 0:
		return inputf("unexpected argument %q: with --graph the graph comes from the file", pos[0])
	}
	return nil
}

// SolveSummary words a verified solution found in st: what it is, how
// many of the file's FIXED_EDGES it uses (the search does not force them),
// the nodes and the time.
func (gr *Graph) SolveSummary(path []int32, st hamilton.Stats) string {
	fixed := ""
	if len(gr.Named.Fixed) > 0 {
		fixed = fmt.Sprintf("; it uses %d of the file's %d FIXED_EDGES (the search does not force them)", gr.FixedUsed(path), len(gr.Named.Fixed))
	}
	if gr.byDP != "" {
		return fmt.Sprintf("solved %s: a %s, verified%s; found by %s, %v", gr.Label(), gr.Kind(), fixed, gr.byDP, st.Elapsed.Round(time.Microsecond))
	}
	return fmt.Sprintf("solved %s: a %s, verified%s; %d nodes, %v", gr.Label(), gr.Kind(), fixed, st.Nodes, st.Elapsed.Round(time.Microsecond))
}
