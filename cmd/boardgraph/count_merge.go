package main

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/boardgraph/boardgraph/shard"
)

var countMergeHelp = cmdHelp{
	name:  "count merge",
	usage: "FILE... [--undirected] [--format grid|json]",
	about: `Adds up the shard result files of one count (written by
'boardgraph count --shard I/N --out FILE') and prints the total, a bare
integer, on stdout.

It refuses, with exit code 2 and one line naming the files, when a shard is
missing or given twice, when a file is damaged (its checksum fails), or when
the files come from different counts: another board, blocked cells, moves,
start, end or closed, another division into work units (--units), another
number of shards or another boardgraph version.

Totals are directed (a path and its reverse count twice, each closed tour
once per direction); --undirected halves them where every solution's
reverse is also one, as count --undirected does.`,
	examples: []string{
		"for i in 0 1 2 3; do boardgraph count 6x6 --shard $i/4 --out s$i.json; done",
		"boardgraph count merge s0.json s1.json s2.json s3.json   # 8250272",
		"boardgraph count merge --undirected s*.json               # 4125136",
	},
}

// jsonMerge is count merge's JSON result.
type jsonMerge struct {
	Problem    jsonProblem `json:"problem"`
	Count      string      `json:"count"`
	Convention string      `json:"convention"`
	Shards     int         `json:"shards"`
	Units      int         `json:"units"`
	Plan       string      `json:"plan"`
	Version    string      `json:"version"`
	ElapsedMS  float64     `json:"elapsed_ms"` // sum over the shards
}

// runCountMerge is "count merge FILE...".
func runCountMerge(e *env) int {
	fs := newFlagSet("count merge")
	var err error
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	format := fs.String("format", "grid", "output `FORMAT`: grid (the bare total) or json")
	files, code := parseArgs(e, countMergeHelp, fs)
	if code >= 0 {
		return code
	}
	if *format != "grid" && *format != "json" {
		return fail(e, usagef("unknown --format %q; use grid or json", *format))
	}
	if len(files) == 0 {
		return fail(e, usagef("no shard files: give the files 'count --shard I/N --out FILE' wrote"))
	}
	results := make([]*shard.Result, len(files))
	for i, name := range files {
		r, err := shard.ReadResultFile(name)
		if err != nil {
			return fail(e, usagef("%v", err))
		}
		results[i] = r
	}
	m, err := shard.Merge(results, files)
	if err != nil {
		return fail(e, usagef("%v", err))
	}
	first, total := m.First, m.Total
	conv := first.Convention
	if *undirected {
		total = new(big.Int).Quo(total, new(big.Int).SetUint64(first.Divisor))
		conv = undirectedConvention(first)
	}
	var prob jsonProblem
	if err := json.Unmarshal(first.Problem, &prob); err != nil {
		return fail(e, usagef("%s: the problem is not one this boardgraph wrote (%v)", files[0], err))
	}
	if *format == "json" {
		err = emitJSON(e.stdout, jsonMerge{prob, total.String(), conv, first.Of, first.Units, first.Plan, first.Version, m.ElapsedMS})
	} else {
		_, err = fmt.Fprintln(e.stdout, total)
	}
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stderr, "%s %s on %s with %s: %d shards, %d work units, method %s, version %s\n", total, conv, prob.Board, prob.Moves, first.Of, first.Units, first.Method, first.Version)
	return exitOK
}

// undirectedConvention words the convention of an undirected merged total.
func undirectedConvention(s *shard.Result) string {
	var p struct {
		Closed bool `json:"closed"`
	}
	json.Unmarshal(s.Problem, &p) // checked by the caller
	switch {
	case p.Closed && s.Divisor == 2:
		return "undirected closed tours (each tour counted once)"
	case p.Closed:
		return "undirected closed tours (the fixed cells allow one direction only, so directed = undirected)"
	case s.Divisor == 2:
		return "undirected Hamiltonian paths (a path and its reverse count once)"
	}
	return "undirected Hamiltonian paths (the fixed start, end or givens allow one direction only, so directed = undirected)"
}
