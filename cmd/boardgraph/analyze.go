package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/request"
	"github.com/boardgraph/boardgraph/verify"
)

// maxAnalyzeOpen is the largest number of open cells analyze enumerates
// without --timeout: enumeration visits every path, and 6x6 Diplomatico (36
// cells, 8.25 million paths) takes seconds while 7x7 would take far longer
// than anyone waits.
const maxAnalyzeOpen = 40

var analyzeHelp = cmdHelp{
	name:  "analyze",
	usage: "SPEC|--board FILE [--moves M] [--canonical] [--path FILE] [--svg PREFIX] [--png PREFIX] [--timeout D] [--workers N] [--format text|json]",
	about: `Enumerates every directed Hamiltonian path of the move graph (a path and
its reverse count as two, the Diplomatico paper's convention) and reports the
solution space: counts by start cell, end cell and (start, end) pair; closed
tours (directed: once per direction; undirected: once); how often each move
edge is used, the edges every solution uses and none uses, the cells that
never end a path; the solutions up to the board's symmetries and reversal
(Burnside's lemma: the number of orbits and how many orbits have each size;
--canonical lists the lexicographically smallest path of each orbit, by
cells in row-major order); structural facts (degrees, the components of each
leaper on its own, cut cells, bipartiteness); and key states: how many paths
have each cell at each step, and for one solution (--path FILE, else the
smallest) how many solutions share each prefix, down to the step after which
it is the only one.

Only one start cell per symmetry class is enumerated; the statistics are
carried to the other cells by the symmetries. Boards over 40 open cells are
refused without --timeout. On --timeout or Ctrl-C the report covers the
paths seen so far (lower bounds) and the exit code is 3.

--svg PREFIX and --png PREFIX write three pictures each: PREFIX-start,
PREFIX-end (heatmaps of the counts by start and end cell) and PREFIX-edges
(the edge-usage map). --format json prints one object; its fields are listed
in the README (counts are decimal strings).`,
	examples: []string{
		"boardgraph analyze 5x5                         # 12400 paths, 552 per corner, 352 at the centre",
		"boardgraph analyze --moves knight 5x5          # 304 per corner, 0 on the minority colour",
		"boardgraph analyze 5x5 --canonical --format json",
		"boardgraph analyze 6x6 --png out/6x6           # out/6x6-start.png, -end.png, -edges.png",
	},
}

func init() {
	register(&command{name: "analyze", summary: "analyse the whole solution space (counts, edges, symmetry classes, key states)", run: runAnalyze})
}

func runAnalyze(e *env) int {
	var pf problemFlags
	fs := newFlagSet("analyze")
	pf.register(fs, "text (a report, the default) or json")
	canonical := fs.Bool("canonical", false, "list the canonical representative of every symmetry class (up to 10000)")
	outVar(fs, &pf.Out)
	pathFile := fs.String("path", "", "count the completions of the prefixes of the solution in `FILE` (a path or numbered grid, as verify reads; '-' for stdin) instead of the smallest solution")
	svg := fs.String("svg", "", "write `PREFIX`-start.svg, PREFIX-end.svg and PREFIX-edges.svg")
	png := fs.String("png", "", "write `PREFIX`-start.png, PREFIX-end.png and PREFIX-edges.png")
	pos, code := parseArgs(e, analyzeHelp, fs)
	if code >= 0 {
		return code
	}
	e.redirect(pf.Out)
	if pf.Start != "" || pf.End != "" || pf.Closed {
		return fail(e, usagef("analyze covers every open path of the board; drop --start, --end and --closed (closed tours are counted in the report)"))
	}
	j, err := pf.load(e, pos, textJSON)
	if err != nil {
		return fail(e, err)
	}
	format := j.out.Format
	if open := j.b.Open(); open > analysis.MaxVertices {
		return fail(e, usagef("the %s board has %d open cells; analyze enumerates every path and takes at most %d (and finishes only up to about %d): use a smaller board", j.b.Spec(), open, analysis.MaxVertices, maxAnalyzeOpen))
	}
	if open := j.b.Open(); open > maxAnalyzeOpen && pf.Timeout == 0 {
		return fail(e, usagef("analysing the %s board (%d open cells) would not finish: analyze enumerates every path and is practical up to about %d cells; use a smaller board or add --timeout 10m for a partial report", j.b.Spec(), open, maxAnalyzeOpen))
	}
	for _, f := range []struct{ flag, prefix string }{{"svg", *svg}, {"png", *png}} {
		if f.prefix == "" {
			continue
		}
		if dir := filepath.Dir(f.prefix); dir != "." {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fail(e, usagef("--%s %q: the directory %s does not exist; create it first", f.flag, f.prefix, dir))
			}
		}
	}
	var given []int32
	if *pathFile != "" {
		given, err = j.readPath(e, *pathFile)
		if err != nil {
			return fail(e, err)
		}
	}
	ctx, cancel := pf.context(e)
	defer cancel()
	opt := analysis.Options{Workers: pf.Workers, Canonical: *canonical, MaxCanonical: 10000}
	pr := newProgress(e, "analyze", pf.Quiet)
	var hopt hamilton.Options
	pr.set(&hopt)
	opt.Progress, opt.ProgressEvery = hopt.Progress, hopt.ProgressEvery
	res, err := analysis.Analyze(ctx, j.prob, opt)
	pr.done()
	stopped := err != nil && ctx.Err() != nil && res != nil
	if err != nil && !stopped {
		return fail(e, err)
	}
	rep := &analysis.Report{Board: j.b, Graph: j.bg, Moves: movesLabel(j.ms), Problem: j.jsonProblem("analyze"),
		Stats: statsJSON(res.Stats), Result: res, Structure: analysis.Structural(j.bg)}
	if reason, _ := hamilton.Precheck(&j.prob); reason != nil {
		rep.NoSolution = reason.Text
	}
	// Every path that leaves the program passes the verifier.
	for _, p := range res.Canonical {
		if _, err := j.checked(p); err != nil {
			return fail(e, err)
		}
	}
	if !stopped {
		key := res.Smallest
		if given != nil {
			key = given
		}
		if key != nil {
			if _, err := j.checked(key); err != nil {
				return fail(e, err)
			}
			rep.Key = key
			rep.Completions, rep.Decided, err = analysis.Completions(ctx, j.prob, key, hamilton.Options{Workers: pf.Workers})
			if err != nil && ctx.Err() == nil {
				return fail(e, err)
			}
			stopped = ctx.Err() != nil
		}
	}
	var buf bytes.Buffer
	if format == "json" {
		err = emitJSON(&buf, rep.JSON(!stopped))
	} else {
		err = rep.WriteText(&buf, !stopped)
	}
	if err != nil {
		return fail(e, err)
	}
	if _, err := e.stdout.Write(buf.Bytes()); err != nil {
		return fail(e, err)
	}
	for _, f := range []struct{ prefix, ext string }{{*svg, ".svg"}, {*png, ".png"}} {
		if f.prefix == "" {
			continue
		}
		wrote, err := pictures(rep, f.prefix, f.ext)
		if err != nil {
			return fail(e, err)
		}
		if !pf.Quiet {
			for _, name := range wrote {
				fmt.Fprintf(e.stderr, "wrote %s\n", name)
			}
		}
	}
	if stopped {
		return fail(e, &stoppedError{fmt.Sprintf("%s: the report covers the %d paths enumerated so far (every count is a lower bound)", stopReason(ctx, pf.Timeout), res.Stats.Solutions)})
	}
	if !pf.Quiet && format == "text" {
		fmt.Fprintf(e.stderr, "analysed %s with %s: %s, %v\n", j.b.Spec(), movesLabel(j.ms), plural(int(res.Total), "directed path"), res.Stats.Elapsed.Round(time.Millisecond))
	}
	return exitOK
}

// readPath reads a solution (any format solve writes) and returns it as
// engine vertices after checking it with the verifier.
func (j *leaperJob) readPath(e *env, file string) ([]int32, error) {
	text, err := readSolution(e, file)
	if err != nil {
		return nil, err
	}
	cells, err := request.ParseCells(text)
	if err != nil {
		return nil, fmt.Errorf("--path %s: %w", file, err)
	}
	if err := verify.Path(j.rules, cells); err != nil {
		return nil, usagef("--path %s is not a solution of %s with %s: %v", file, j.b.Spec(), movesLabel(j.ms), err)
	}
	return j.Vertices(cells), nil
}

// pictures writes the report's figures as PREFIX-start, PREFIX-end and
// PREFIX-edges with the given extension.
func pictures(r *analysis.Report, prefix, ext string) ([]string, error) {
	figs, err := r.Pictures()
	if err != nil {
		return nil, &internalError{err.Error()}
	}
	var wrote []string
	for _, f := range figs {
		file := prefix + "-" + f.Suffix + ext
		if err := f.Picture.Save(file); err != nil {
			if errors.Is(err, render.ErrTooLarge) {
				return wrote, usagef("%s: %v", file, err)
			}
			if errors.Is(err, pathio.ErrWrite) || errors.Is(err, pathio.ErrSpecialFile) {
				return wrote, err // names the file
			}
			return wrote, fmt.Errorf("writing %s: %w", file, err)
		}
		wrote = append(wrote, file)
	}
	return wrote, nil
}
