package main

import (
	"flag"
	"fmt"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/request"
)

// runCountMerge is "count merge FILE..." (request.MergeFiles).
func runCountMerge(e *env, fs *flag.FlagSet) func(files []string) int {
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	form := fs.String("format", "", "output `FORMAT`: text or grid (the bare total, the default) or json")
	return func(files []string) int {
		name, err := textJSON.Parse(*form)
		if err != nil {
			return fail(e, err)
		}
		e.setJSON(name == "json")
		m, method, err := request.MergeFiles(files, *undirected)
		if err == nil && name == "json" {
			err = format.WriteJSON(e.stdout, m)
		} else if err == nil {
			_, err = fmt.Fprintln(e.stdout, m.Count)
		}
		if err != nil {
			return fail(e, err)
		}
		fmt.Fprintf(e.stderr, "%s %s on %s with %s: %d shards, %d work units, method %s, version %s\n", m.Count, m.Convention, m.Problem.Board, m.Problem.Moves, m.Shards, m.Units, method, m.Version)
		return exitOK
	}
}
