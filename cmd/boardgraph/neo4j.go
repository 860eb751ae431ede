package main

import (
	"cmp"
	"flag"
	"os"
	"time"

	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

func runNeo4j(e *env, fs *flag.FlagSet) func(pos []string) int {
	pf := newBoardFlags(fs, "", false)
	fs.DurationVar(&pf.Timeout, "timeout", 30*time.Second, "stop each query after `D`")
	limit := fs.Int("limit", 0, "return at most `N` paths (0: all)")
	strategy := fs.String("strategy", "all", "`STRATEGY`: raw, constructive, apoc (as published: NODE_GLOBAL), apoc-node-path, or all")
	printOnly := fs.Bool("print", false, "print the Cypher of each strategy and stop")
	kuzu := fs.Bool("kuzu", false, "with --print: write the queries in Kuzu's dialect")
	uri := fs.String("uri", os.Getenv("NEO4J_URI"), "the Neo4j server's `URI`, bolt://host:7687 (default $NEO4J_URI)")
	user := fs.String("user", cmp.Or(os.Getenv("NEO4J_USERNAME"), "neo4j"), "the Neo4j `USER` (default $NEO4J_USERNAME, else neo4j)")
	return func(pos []string) int {
		strategies, err := cypherq.ParseStrategies(*strategy)
		if err != nil {
			return fail(e, request.Inputf("--strategy: %w", err))
		}
		j, err := pf.load(e.ctx, e, pos, textJSON)
		if err != nil {
			return fail(e, err)
		}
		opt, err := j.CypherOptions(*limit, *kuzu)
		switch {
		case err != nil:
			return fail(e, err)
		case *printOnly:
			if err := cypherq.WriteQueries(e.stdout, strategies, j.Graph.N(), opt, j.Board.Spec()+" "+request.MovesLabel(j.Moves)); err != nil {
				return fail(e, request.Inputf("%w", err))
			}
			return exitOK
		case *kuzu:
			return fail(e, request.Inputf("--kuzu only changes what --print writes; Kuzu is embedded, not a server"))
		case *uri == "":
			return fail(e, request.Inputf("no Neo4j server: give --uri bolt://host:7687 (or set NEO4J_URI), or --print to see the queries"))
		}
		srv, err := cypherq.Connect(e.ctx, *uri, *user, os.Getenv("NEO4J_PASSWORD"))
		if err != nil {
			return fail(e, request.Inputf("%w", err))
		}
		defer srv.Close(e.ctx)
		table, err := j.CompareCypher(e.ctx, srv, opt, strategies, pf.Timeout)
		switch {
		case err != nil && e.ctx.Err() != nil:
			return fail(e, request.Stopped("interrupted"))
		case err != nil:
			return fail(e, err)
		}
		if err := table.WriteText(e.stdout); err != nil {
			return fail(e, err)
		}
		return exitOK
	}
}
