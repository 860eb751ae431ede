package main

import (
	"fmt"

	"github.com/boardgraph/boardgraph/request"
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

// runCountMerge is "count merge FILE..." (request.MergeFiles).
func runCountMerge(e *env) int {
	fs := newFlagSet("count merge")
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	form := fs.String("format", "grid", "output `FORMAT`: grid (the bare total) or json")
	files, code := parseArgs(e, countMergeHelp, fs)
	if code >= 0 {
		return code
	}
	if *form != "grid" && *form != "json" {
		return fail(e, usagef("unknown --format %q; use grid or json", *form))
	}
	m, method, err := request.MergeFiles(files, *undirected)
	if err != nil {
		return fail(e, err)
	}
	if *form == "json" {
		err = emitJSON(e.stdout, m)
	} else {
		_, err = fmt.Fprintln(e.stdout, m.Count)
	}
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stderr, "%s %s on %s with %s: %d shards, %d work units, method %s, version %s\n", m.Count, m.Convention, m.Problem.Board, m.Problem.Moves, m.Shards, m.Units, method, m.Version)
	return exitOK
}
