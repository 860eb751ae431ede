package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/request"
)

var exportHelp = cmdHelp{
	name:  "export",
	usage: "SPEC|--board FILE|--graph FILE [--moves M] --to graphml|dot|json|csv|cypher|edgelist|dimacs|hcp [--out FILE] [--with-solution [--start r,c] [--end r,c] [--closed]] [--with-analysis] [--batch N]",
	about: `Writes the move graph for other graph tools, streamed (a 1000x1000 board
is written without holding the output in memory). Every node carries its
row and col (1-based, the paper's v_{i,j}; node ids are n_i_j as in the
paper's Appendix B) and its degree.

  graphml   GraphML (NetworkX read_graphml, Gephi, yEd)
  dot       Graphviz (dot -Tsvg; neato -n keeps the board layout)
  json      node-link JSON: NetworkX node_link_graph(data, edges="links"), D3
  csv       neo4j-admin database import files: --out PREFIX writes
            PREFIX.nodes.csv and PREFIX.relationships.csv
  cypher    a cypher-shell script creating the paper's schema,
            (:Node {row, col})-[:MOVE]->(:Node), in UNWIND batches
  edgelist, dimacs, hcp   plain graph formats (TSPLIB HCP for Hamiltonian
            cycle solvers)

Every undirected edge is two MOVE relationships in the csv and cypher
exports (the paper's queries follow -[:MOVE]-> only). --with-solution finds
a solution (--start, --end, --closed as for solve), verifies it, and adds
its step numbers to the nodes and NEXT relationships (path_step on the
edges in graphml, dot and json). --with-analysis enumerates every solution
(small boards) and adds paths_starting and paths_ending to the nodes and
paths_using to the edges (directed paths). --graph FILE converts a graph
file (edge list, DIMACS, TSPLIB HCP, GraphML, node-link JSON) instead.
--out writes atomically; without it the output goes to stdout.`,
	examples: []string{
		"boardgraph export 4x5 --to graphml --out 4x5.graphml",
		"boardgraph export 10x10 --to cypher --with-solution | cypher-shell -u neo4j -p secret",
		"boardgraph export 4x5 --to csv --out 4x5   # 4x5.nodes.csv, 4x5.relationships.csv",
		"boardgraph export 5x5 --to dot --with-solution | dot -Tsvg > 5x5.svg",
		"boardgraph export --graph graph.hcp --to graphml",
	},
}

func init() {
	register(&command{name: "export", summary: "write the graph as GraphML, DOT, JSON, Neo4j CSV or Cypher", run: runExport})
}

func runExport(e *env) int {
	var pf problemFlags
	fs := newFlagSet("export")
	fs.StringVar(&pf.Board, "board", "", "read the board as a text `FILE` ('-' for stdin) instead of a size spec")
	fs.StringVar(&pf.Moves, "moves", "hopido", "move set `M`: hopido, knight, king, a leaper a,b, or a union such as 3,0+2,2")
	fs.StringVar(&pf.Start, "start", "", "with --with-solution: fix the first cell at `ROW,COL`")
	fs.StringVar(&pf.End, "end", "", "with --with-solution: fix the last cell at `ROW,COL`")
	fs.BoolVar(&pf.Closed, "closed", false, "with --with-solution: a closed tour")
	fs.DurationVar(&pf.Timeout, "timeout", 0, "give up the solution or analysis after `D`")
	fs.BoolVar(&pf.Quiet, "quiet", false, "no summary line on stderr")
	graphFile := fs.String("graph", "", "export the graph in `FILE` (any format boardgraph reads) instead of a board")
	to := fs.String("to", "", "output `FORMAT`: graphml, dot, json, csv, cypher, edgelist, dimacs or hcp")
	fs.StringVar(to, "format", "", "the same as --to")
	out := fs.String("out", "", "write to `FILE` (for csv: the prefix of the two files) instead of stdout")
	withSolution := fs.Bool("with-solution", false, "add a verified solution: step numbers and NEXT relationships")
	withAnalysis := fs.Bool("with-analysis", false, "add the per-cell and per-edge counts of every solution (small boards)")
	batch := fs.Int("batch", 1000, "rows per UNWIND statement of the cypher script")
	pos, code := parseArgs(e, exportHelp, fs)
	if code >= 0 {
		return code
	}
	if *to == "" {
		return fail(e, usagef("--to is required: %s", graphio.WriteFormats))
	}
	f, err := graphio.ParseWriteFormat(*to)
	if err != nil {
		return fail(e, usagef("--to %q: use %s", *to, graphio.WriteFormats))
	}
	if f == graphio.CSV && *out == "" {
		return fail(e, usagef("--to csv writes two files: give --out PREFIX (PREFIX.nodes.csv, PREFIX.relationships.csv)"))
	}
	if *batch < 1 {
		return fail(e, usagef("--batch %d: give a positive number of rows", *batch))
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	began := time.Now()
	var src *graphio.Source
	what := ""
	if *graphFile != "" {
		if len(pos) > 0 || pf.Board != "" {
			return fail(e, usagef("give either a board or --graph FILE, not both"))
		}
		if *withAnalysis || *withSolution {
			return fail(e, usagef("--with-solution and --with-analysis need a board; with --graph use 'boardgraph solve --graph'"))
		}
		g, err := request.ReadGraph(*graphFile, e.source())
		if err != nil {
			return fail(e, err)
		}
		src = graphio.NamedSource(g)
		what = fmt.Sprintf("%s (%s, %d vertices, %d edges)", *graphFile, g.Format, g.G.N(), g.G.M())
	} else {
		j, err := pf.load(e, pos, textJSON)
		if err != nil {
			return fail(e, err)
		}
		title := j.b.Spec() + " " + movesLabel(j.ms)
		src = graphio.BoardSource(j.bg, title)
		what = fmt.Sprintf("%s (%d nodes, %d edges)", title, j.bg.N(), j.bg.M())
		if (pf.Start != "" || pf.End != "" || pf.Closed) && !*withSolution {
			return fail(e, usagef("--start, --end and --closed shape the solution: add --with-solution"))
		}
		if *withSolution {
			path, _, err := hamilton.Find(ctx, j.prob, pf.options(j))
			switch {
			case errors.Is(err, hamilton.ErrNoSolution):
				return fail(e, &noSolutionError{fmt.Sprintf("no solution on %s with %s to export: %v", j.b.Spec(), movesLabel(j.ms), err)})
			case err != nil && ctx.Err() != nil:
				return fail(e, &stoppedError{fmt.Sprintf("%s before a solution was found; nothing was written", stopReason(ctx, pf.Timeout))})
			case err != nil:
				return fail(e, err)
			}
			if _, err := j.checked(path); err != nil {
				return fail(e, err)
			}
			src.Path, src.Closed = path, pf.Closed
		}
		if *withAnalysis {
			if pf.Closed || pf.Start != "" || pf.End != "" {
				return fail(e, usagef("--with-analysis covers every open path; drop --start, --end and --closed"))
			}
			p := j.prob
			p = p.WithEnds(-1, -1)
			res, err := analysis.Analyze(ctx, p, analysis.Options{})
			switch {
			case errors.Is(err, analysis.ErrInvalid):
				return fail(e, usagef("--with-analysis: %v", err))
			case err != nil && ctx.Err() != nil:
				return fail(e, &stoppedError{fmt.Sprintf("%s during the analysis; nothing was written", stopReason(ctx, pf.Timeout))})
			case err != nil:
				return fail(e, err)
			}
			src.NodeProps = []graphio.Prop{{Name: "paths_starting", Values: res.PerStart}, {Name: "paths_ending", Values: res.PerEnd}}
			src.EdgeProps = []graphio.Prop{{Name: "paths_using", Values: res.EdgeUse}}
		}
	}
	opt := graphio.WriteOptions{Batch: *batch}
	var written []string
	if f == graphio.CSV {
		nodes, rels := *out+".nodes.csv", *out+".relationships.csv"
		err = pathio.WriteFilesAtomic(nodes, rels, func(nw, rw io.Writer) error { return graphio.WriteCSV(ctx, nw, rw, src) })
		written = []string{nodes, rels}
	} else if *out != "" {
		err = pathio.WriteFileAtomic(*out, func(w io.Writer) error { return graphio.Write(ctx, w, f, src, opt) })
		written = []string{*out}
	} else {
		err = graphio.Write(ctx, e.stdout, f, src, opt)
	}
	if err != nil {
		if ctx.Err() != nil {
			return fail(e, &stoppedError{fmt.Sprintf("%s while writing; no file was left", stopReason(ctx, pf.Timeout))})
		}
		return fail(e, err)
	}
	if !pf.Quiet {
		extra := ""
		if src.Path != nil {
			extra += ", with a verified solution"
		}
		if src.NodeProps != nil {
			extra += ", with the analysis counts (directed paths)"
		}
		dest := "stdout"
		if len(written) > 0 {
			dest = strings.Join(written, " and ")
		}
		fmt.Fprintf(e.stderr, "exported %s as %s to %s%s; %v, peak memory %.1f MB\n", what, f, dest, extra, time.Since(began).Round(time.Millisecond), float64(peakRSS())/1e6)
	}
	return exitOK
}
