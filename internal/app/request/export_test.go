package request

import (
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestNewExport: the format and output checks name the fix.
func TestNewExport(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		f    ExportFlags
		want string
	}{
		{ExportFlags{Batch: 1}, "--to is required"},
		{ExportFlags{To: "png", Batch: 1}, "use graphml, dot"},
		{ExportFlags{To: "csv", Batch: 1}, "give --out PREFIX"},
		{ExportFlags{To: "cypher"}, "--batch 0"},
		// the plain formats have no attributes: a solution or analysis
		// asked for would be dropped silently
		{ExportFlags{To: "dimacs", Batch: 1, WithSolution: true}, "cannot carry --with-solution"},
		{ExportFlags{To: "edgelist", Batch: 1, WithAnalysis: true}, "cannot carry"},
		{ExportFlags{To: "HCP", Batch: 1, WithSolution: true}, "use graphml, dot, json, csv or cypher"},
		{ExportFlags{To: "dot", Format: "json", Batch: 1}, "--to dot and --format json name two formats, and export writes one: give only --to"},
	} {
		if _, err := NewExport(c.f); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.f, err, c.want)
		}
	}
	x, err := NewExport(ExportFlags{To: "GraphML", Batch: 7})
	if err != nil || x.Format != graphio.GraphML || x.Options.Batch != 7 {
		t.Fatalf("%+v %v", x, err)
	}
	// --format alone picks the format; with --to it may repeat it.
	for _, f := range []ExportFlags{{Format: "dot", Batch: 1}, {To: "dot", Format: "DOT", Batch: 1}} {
		if x, err := NewExport(f); err != nil || x.Format != graphio.DOT {
			t.Errorf("%+v: %+v %v", f, x, err)
		}
	}
}

// TestExportFromBoard: the move graph of 4x5 Diplomatico with a verified
// solution from the fixed start and the analysis counts; ends without
// --with-solution, ends with --with-analysis and a board without a
// solution are refused; a graph takes neither addition.
func TestExportFromBoard(t *testing.T) {
	t.Parallel()
	x, _ := NewExport(ExportFlags{To: "dot", Batch: 1, WithSolution: true})
	s := search(t, LeaperFlags{Spec: "4x5", Start: "1,1"})
	if err := x.FromBoard(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	if len(x.Source.Path) != 20 || s.Cells(x.Source.Path)[0].String() != "1,1" || !strings.HasPrefix(x.What, "4x5 hopido") {
		t.Errorf("path %v, what %q", x.Source.Path, x.What)
	}
	if got, want := x.Summary("stdout"), "exported "+x.What+" as dot to stdout, with a verified solution"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	x, _ = NewExport(ExportFlags{To: "dot", Batch: 1, WithAnalysis: true})
	if err := x.FromBoard(t.Context(), search(t, LeaperFlags{Spec: "4x5"})); err != nil {
		t.Fatal(err)
	}
	var total uint64
	for _, v := range x.Source.NodeProps[0].Values {
		total += v
	}
	if x.Source.NodeProps[0].Name != "paths_starting" || total == 0 || x.Source.EdgeProps[0].Name != "paths_using" {
		t.Errorf("analysis props %+v (total %d)", x.Source.NodeProps, total)
	}
	if got := x.Summary("g.dot"); !strings.HasSuffix(got, " to g.dot, with the analysis counts (directed paths)") {
		t.Errorf("Summary = %q", got)
	}
	if err := x.FromBoard(t.Context(), search(t, LeaperFlags{Spec: "4x5", End: "1,1"})); !errors.Is(err, ErrInput) {
		t.Errorf("ends with --with-analysis: %v", err)
	}
	x, _ = NewExport(ExportFlags{To: "dot", Batch: 1})
	if err := x.FromBoard(t.Context(), search(t, LeaperFlags{Spec: "4x5", Closed: true})); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "add --with-solution") {
		t.Errorf("ends without --with-solution: %v", err)
	}
	x, _ = NewExport(ExportFlags{To: "dot", Batch: 1, WithSolution: true})
	if err := x.FromBoard(t.Context(), search(t, LeaperFlags{Spec: "4x4"})); !errors.Is(err, hamilton.ErrNoSolution) {
		t.Errorf("4x4: %v", err)
	}
	if err := x.FromGraph("g.hcp", Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "need a board") {
		t.Errorf("graph with a solution: %v", err)
	}
	file := testfix.TempFile(t, "g.txt", "1 2\n2 3\n")
	x, _ = NewExport(ExportFlags{To: "graphml", Batch: 1})
	if err := x.FromGraph(file, Source{}); err != nil || x.Source.G.N() != 3 || !strings.Contains(x.What, "3 vertices, 2 edges") {
		t.Errorf("graph: %v %q", err, x.What)
	}
}

// TestCypherOptions: the request's ends become the queries' endpoints.
func TestCypherOptions(t *testing.T) {
	t.Parallel()
	l, err := NewLeaper(LeaperFlags{Spec: "4x5", Start: "1,1", End: "4,5"}, Source{}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := l.CypherOptions(3, true)
	if err != nil || *opt.Start != (cypherq.Endpoint{Row: 1, Col: 1}) || *opt.End != (cypherq.Endpoint{Row: 4, Col: 5}) || opt.Limit != 3 || !opt.Kuzu {
		t.Errorf("%+v %v", opt, err)
	}
	if _, err := l.CypherOptions(-1, false); !errors.Is(err, ErrInput) {
		t.Errorf("--limit -1: %v", err)
	}
}
