package main

import (
	"flag"
	"fmt"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// runCountMerge is "count merge FILE..." (request.MergeCountFiles): shard
// results add up, residue files join by the Chinese remainder theorem.
func runCountMerge(e *env, fs *flag.FlagSet) func(files []string) int {
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	form := fs.String("format", "", "output `FORMAT`: text or grid (the bare total, the default) or json")
	return func(files []string) int {
		name, err := textJSON.Parse(*form)
		if err != nil {
			return fail(e, err)
		}
		e.setJSON(name == "json")
		m, err := request.MergeCountFiles(files, *undirected)
		if err != nil {
			return fail(e, err)
		}
		var res any = m.Shards
		total := ""
		switch {
		case m.Manifests != nil:
			res, total = m.Manifests, m.Manifests.Count
		case m.Residues != nil:
			res, total = m.Residues, m.Residues.Count
		default:
			total = m.Shards.Count
		}
		if name == "json" {
			err = format.WriteJSON(e.stdout, res)
		} else {
			_, err = fmt.Fprintln(e.stdout, total)
		}
		if err != nil {
			return fail(e, err)
		}
		if r := m.Manifests; r != nil {
			agreed := "its manifest rechecked"
			if r.Manifests > 1 {
				agreed = fmt.Sprintf("%d manifests agree (%s, %s)", r.Manifests, format.Plural(r.Orders, "vertex order"), format.Plural(r.Layers, "distinct layer list"))
			}
			switch k := len(r.PrimeIndexes); {
			case k == 1:
				agreed += fmt.Sprintf("; the residue file of prime index %d agrees with it", r.PrimeIndexes[0])
			case k > 1:
				agreed += fmt.Sprintf("; %d residue files (prime indexes %v) agree with it", k, r.PrimeIndexes)
			}
			fmt.Fprintf(e.stderr, "%s %s on %s with %s: %s; version %s\n", r.Count, r.Convention, r.Problem.Board, r.Problem.Moves, agreed, r.Version)
			return exitOK
		}
		if r := m.Residues; r != nil {
			fmt.Fprintf(e.stderr, "%s %s on %s with %s: joined from %s by the Chinese remainder theorem (prime indexes %v; the %s bound puts the count below 2^%d, so %s needed), version %s\n",
				r.Count, r.Convention, r.Problem.Board, r.Problem.Moves, format.Plural(len(r.Primes), "residue"), r.PrimeIndexes, r.Bound, r.BoundBits, format.Plural(r.PrimesNeeded, "prime"), r.Version)
			return exitOK
		}
		s := m.Shards
		fmt.Fprintf(e.stderr, "%s %s on %s with %s: %d shards, %d work units, method %s, version %s\n", s.Count, s.Convention, s.Problem.Board, s.Problem.Moves, s.Shards, s.Units, m.Method, s.Version)
		return exitOK
	}
}
