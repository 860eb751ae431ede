package request

// The pictures of an analysis report, drawn by render.

import (
	"fmt"
	"math"
	"strconv"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/render"
)

// Figure is one picture of a report with the suffix that names it
// ("start", "end", "edges").
type Figure struct {
	Suffix  string
	Picture *render.Picture
}

// AnalysisPictures draws an analysis report's figures: heatmaps of the directed paths by
// start cell and by end cell, and the edge-usage picture (paths using each
// move). Blocked cells stay blank. Package analysis computes the
// numbers; drawing them is render's, called here (docs/design.md).
func AnalysisPictures(r *analysis.Report) ([]Figure, error) {
	b, res := r.Board, r.Result
	heat := func(per []uint64) ([]float64, []string) {
		vals := make([]float64, b.Cells())
		labels := make([]string, b.Cells())
		for i := range vals {
			vals[i] = math.NaN()
		}
		for v, c := range r.Graph.CellOf {
			vals[c] = float64(per[v])
			labels[c] = strconv.FormatUint(per[v], 10)
		}
		return vals, labels
	}
	name := b.Spec() + " " + r.Moves
	var out []Figure
	add := func(pic *render.Picture, err error, suffix string) error {
		if err != nil {
			return fmt.Errorf("drawing the %s picture: %w", suffix, err)
		}
		out = append(out, Figure{suffix, pic})
		return nil
	}
	v, l := heat(res.PerStart)
	pic, err := render.Heatmap(b, v, l, render.HeatOptions{Title: name + ": directed paths by start cell"})
	if err := add(pic, err, "start"); err != nil {
		return out, err
	}
	v, l = heat(res.PerEnd)
	pic, err = render.Heatmap(b, v, l, render.HeatOptions{Title: name + ": directed paths by end cell"})
	if err := add(pic, err, "end"); err != nil {
		return out, err
	}
	edges := make([]render.Edge, len(res.Edges))
	for k, ed := range res.Edges {
		edges[k] = render.Edge{A: r.Graph.CellOf[ed[0]], B: r.Graph.CellOf[ed[1]], Weight: float64(res.EdgeUse[k])}
	}
	pic, err = render.EdgeUsage(b, edges, render.HeatOptions{Title: name + ": paths using each move"})
	return out, add(pic, err, "edges")
}
