package request

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

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
		return s, inputf("--strategy: %v", err)
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
		return graphio.WriteTour(w, strings.TrimSuffix(gr.Named.Name, ".hcp")+".tour", gr.Named.G.N(), path)
	case "json":
		return format.WriteJSON(w, map[string]any{"graph": gr.File, "vertices": gr.Named.G.N(), "edges": gr.Named.G.M(), "closed": gr.Problem.Closed,
			"path": gr.Names(path), "verified": true, "stats": stats})
	}
	return writeNames(w, gr.Names(path))
}

// WriteEnumerated writes the index-th (from 1) verified solution of an
// enumeration in f: json, one object per line, or the vertex names one
// per line, a blank line before every solution but the first.
func (gr *Graph) WriteEnumerated(w io.Writer, f string, index uint64, path []int32) error {
	if f == "json" {
		return format.WriteJSON(w, map[string]any{"index": index, "path": gr.Names(path), "verified": true})
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

// WriteCount writes a count of the graph's solutions in f: the bare count,
// or a JSON object with the convention, the method and whether it is
// complete.
func (gr *Graph) WriteCount(w io.Writer, f string, res GraphCount) error {
	if f == "json" {
		return format.WriteJSON(w, map[string]any{"graph": gr.File, "vertices": gr.Named.G.N(), "edges": gr.Named.G.M(), "count": strconv.FormatUint(res.Count, 10),
			"convention": res.Convention, "complete": res.Complete, "method": res.Method})
	}
	_, err := fmt.Fprintln(w, res.Count)
	return err
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
// checks it. An unreadable file is an error; an invalid solution is a
// verdict.
func (gr *Graph) VerifyFile(file string, src Source) (*GraphVerdict, error) {
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
		return format.WriteJSON(w, map[string]any{"graph": v.Graph.File, "solution": v.File, "kind": v.Solution.Kind, "valid": v.Err == nil, "error": msg})
	}
	if v.Err != nil {
		_, err := fmt.Fprintf(w, "invalid: %v\n", v.Err)
		return err
	}
	what := "a Hamiltonian path"
	if v.Cycle {
		what = "a Hamiltonian cycle"
	}
	_, err := fmt.Fprintf(w, "valid: %s of %s, read as a %s\n", what, v.Graph.Label(), v.Solution.Kind)
	return err
}
