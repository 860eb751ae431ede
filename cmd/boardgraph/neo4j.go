package main

import (
	"cmp"
	"os"
	"time"

	"github.com/boardgraph/boardgraph/cypherq"
)

var neo4jHelp = cmdHelp{
	name:  "neo4j",
	usage: "SPEC|--board FILE [--moves M] [--start r,c] [--end r,c] [--limit N] [--strategy raw|constructive|apoc|apoc-node-path|all] [--print] [--kuzu] [--uri URI --user U] [--timeout D]",
	about: `The Diplomatico paper's Neo4j implementations (Section III): the Raw query
(one variable-length MATCH filtered to distinct nodes), the Constructive
query (a chain of MATCH clauses, each excluding the nodes used) and the
APOC query (apoc.path.expandConfig). --print writes each strategy's Cypher
for the board; --kuzu writes it for Kuzu instead (two changes to Raw, see
the README).

With a server (--uri, or NEO4J_URI; the user from --user or
NEO4J_USERNAME, default neo4j; the password from NEO4J_PASSWORD) it loads
the board as the paper's schema, replacing every :Node, runs the strategies
with --timeout each (default 30s, the paper's cut-off), checks every
returned path with the independent verifier, and prints the paper's table
beside boardgraph's own time for the same task (count or enumerate with the
same start, end and limit).

The paper's APOC query uses uniqueness NODE_GLOBAL, which lets the
traversal from a start node visit each node once in all, so it returns no
Hamiltonian path on the paper's boards (breadth first, APOC's default) and
never more than one per start: the paper's mistake, reproduced as
"apoc"; "apoc-node-path" is the same query with NODE_PATH, which does
enumerate them.`,
	examples: []string{
		"boardgraph neo4j 4x5 --print",
		"boardgraph neo4j 4x5 --strategy constructive --start 1,1 --print",
		"NEO4J_PASSWORD=secret boardgraph neo4j 4x5 --uri bolt://localhost:7687 --limit 1",
		"boardgraph neo4j 5x5 --start 1,1 --end 5,5 --strategy all --uri bolt://localhost:7687",
	},
}

func init() {
	register(&command{name: "neo4j", summary: "the paper's Cypher strategies: print them or run them on Neo4j", run: runNeo4j})
}

func runNeo4j(e *env) int {
	var pf problemFlags
	fs := newFlagSet("neo4j")
	pf.registerBoard(fs, "", false)
	fs.DurationVar(&pf.Timeout, "timeout", 30*time.Second, "stop each query after `D`")
	limit := fs.Int("limit", 0, "return at most `N` paths (0: all)")
	strategy := fs.String("strategy", "all", "`STRATEGY`: raw, constructive, apoc (as published: NODE_GLOBAL), apoc-node-path, or all")
	printOnly := fs.Bool("print", false, "print the Cypher of each strategy and stop")
	kuzu := fs.Bool("kuzu", false, "with --print: write the queries in Kuzu's dialect")
	uri := fs.String("uri", os.Getenv("NEO4J_URI"), "the Neo4j server's `URI`, bolt://host:7687 (default $NEO4J_URI)")
	user := fs.String("user", cmp.Or(os.Getenv("NEO4J_USERNAME"), "neo4j"), "the Neo4j `USER` (default $NEO4J_USERNAME, else neo4j)")
	pos, code := parseArgs(e, neo4jHelp, fs)
	if code >= 0 {
		return code
	}
	strategies, err := cypherq.ParseStrategies(*strategy)
	if err != nil {
		return fail(e, usagef("--strategy: %v", err))
	}
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	opt, err := j.CypherOptions(*limit, *kuzu)
	switch {
	case err != nil:
		return fail(e, err)
	case *printOnly:
		if err := cypherq.WriteQueries(e.stdout, strategies, j.bg.N(), opt, j.b.Spec()+" "+movesLabel(j.ms)); err != nil {
			return fail(e, usagef("%v", err))
		}
		return exitOK
	case *kuzu:
		return fail(e, usagef("--kuzu only changes what --print writes; Kuzu is embedded, not a server"))
	case *uri == "":
		return fail(e, usagef("no Neo4j server: give --uri bolt://host:7687 (or set NEO4J_URI), or --print to see the queries"))
	}
	srv, err := cypherq.Connect(e.ctx, *uri, *user, os.Getenv("NEO4J_PASSWORD"))
	if err != nil {
		return fail(e, usagef("%v", err))
	}
	defer srv.Close(e.ctx)
	table, err := j.CompareCypher(e.ctx, srv, opt, strategies, pf.Timeout)
	switch {
	case err != nil && e.ctx.Err() != nil:
		return fail(e, &stoppedError{"interrupted"})
	case err != nil:
		return fail(e, err)
	}
	if err := table.WriteText(e.stdout); err != nil {
		return fail(e, err)
	}
	return exitOK
}
