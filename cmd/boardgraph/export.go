package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
	lines "github.com/boardgraph/boardgraph/progress"
)

func runExport(e *env, fs *flag.FlagSet) func(pos []string) int {
	var xf request.ExportFlags
	pf := newBoardFlags(fs, "with --with-solution: ", true)
	fs.DurationVar(&pf.Timeout, "timeout", 0, "give up the solution or analysis after `D`")
	fs.BoolVar(&pf.Quiet, "quiet", false, "no summary line on stderr")
	graphFile := fs.String("graph", "", "export the graph in `FILE` (any format boardgraph reads) instead of a board")
	fs.StringVar(&xf.To, "to", "", "output `FORMAT`: graphml, dot, json, csv, cypher, edgelist, dimacs or hcp")
	fs.StringVar(&xf.Format, "format", "", "another name for --to (given with --to, it must name the same format)")
	fs.StringVar(&xf.Out, "out", "", "write to `FILE` (for csv: the prefix of the two files, or a directory for DIR/nodes.csv and DIR/relationships.csv) instead of stdout")
	fs.BoolVar(&xf.WithSolution, "with-solution", false, "add a verified solution: step numbers and NEXT relationships")
	fs.BoolVar(&xf.WithAnalysis, "with-analysis", false, "add the per-cell and per-edge counts of every solution (small boards)")
	fs.IntVar(&xf.Batch, "batch", 1000, "rows per UNWIND statement of the cypher script")
	return func(pos []string) int {
		x, err := request.NewExport(xf)
		if err != nil {
			return fail(e, err)
		}
		ctx, cancel := pf.context(e)
		defer cancel()
		began := time.Now()
		var j *request.Search
		switch {
		case *graphFile != "" && (len(pos) > 0 || pf.Board != ""):
			err = request.Inputf("give either a board or --graph FILE, not both")
		case *graphFile != "":
			err = x.FromGraph(*graphFile, e.source())
		default:
			if j, err = pf.load(ctx, e, pos, textJSON); err == nil {
				err = x.FromBoard(ctx, j)
			}
		}
		switch {
		case errors.Is(err, hamilton.ErrNoSolution) && j != nil:
			return fail(e, request.NoSolution(fmt.Sprintf("no solution on %s to export: %s", x.Source.Title, j.NoSolutionReason())))
		case err != nil && ctx.Err() != nil:
			return fail(e, request.Stopped(fmt.Sprintf("%s before the export was ready; nothing was written", request.StopReason(ctx, pf.Timeout))))
		case err != nil:
			return fail(e, err)
		}
		dest := "stdout"
		if x.Out == "" {
			err = graphio.Write(ctx, e.stdout, x.Format, x.Source, x.Options)
		} else {
			var written []string
			written, err = graphio.WriteFile(ctx, x.Out, x.Format, x.Source, x.Options)
			dest = strings.Join(written, " and ")
		}
		if err != nil {
			if ctx.Err() != nil {
				return fail(e, request.Stopped(fmt.Sprintf("%s while writing; no file was left", request.StopReason(ctx, pf.Timeout))))
			}
			return fail(e, err)
		}
		if !pf.Quiet {
			fmt.Fprintf(e.stderr, "%s; %v, peak memory %.1f MB\n", x.Summary(dest), time.Since(began).Round(time.Millisecond), float64(lines.PeakRSS())/1e6)
		}
		return exitOK
	}
}
