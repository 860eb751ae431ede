package request_test

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestAnalysisPictures(t *testing.T) {
	t.Parallel()
	bg := testfix.SpecGraph(t, "3x4", "knight")
	res, err := analysis.Analyze(context.Background(), hamilton.Problem{G: bg.Graph}, analysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := &analysis.Report{Board: bg.Board, Graph: bg, Moves: "knight", Result: res}
	figs, err := request.AnalysisPictures(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 3 || figs[0].Suffix != "start" || figs[1].Suffix != "end" || figs[2].Suffix != "edges" {
		t.Fatalf("%+v", figs)
	}
	// The start heatmap labels each cell with its count of directed paths.
	var svg bytes.Buffer
	if err := figs[0].Picture.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	corner := res.PerStart[bg.VertexOf[bg.Board.Cell(0, 0)]]
	if corner == 0 || !bytes.Contains(svg.Bytes(), []byte(">"+strconv.FormatUint(corner, 10)+"<")) {
		t.Fatalf("start heatmap lacks the corner's count %d", corner)
	}
}
