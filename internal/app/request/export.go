package request

import (
	"context"
	"errors"
	"fmt"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
)

// ExportFlags are the arguments of "boardgraph export" besides the board:
// what to write and where, and what to add to the move graph.
type ExportFlags struct {
	To string // --to: a graphio write format
	// Format is --format, another name for --to (every command has
	// --format): given alone it picks the format; given with --to it
	// must name the same one.
	Format string
	Out    string // --out FILE; for csv the prefix of the two files; "" for stdout
	Batch  int    // --batch: rows per UNWIND statement of a Cypher script
	// WithSolution adds a verified solution (with the request's --start,
	// --end and --closed); WithAnalysis adds the counts of every directed
	// path by start, end and edge.
	WithSolution, WithAnalysis bool
}

// Export is a checked export: the format, the writer's options, and the
// graph to write once FromBoard or FromGraph has made it.
type Export struct {
	Format  graphio.Format
	Options graphio.WriteOptions
	Out     string
	Source  *graphio.Source
	// What names the graph in messages: "4x5 hopido (3,0+2,2) (20 nodes,
	// 30 edges)" or "g.hcp (hcp, 10 vertices, 15 edges)".
	What string
	f    ExportFlags
}

// NewExport checks f: a known format (csv needs Out, the prefix of its two
// files) and a positive batch size.
func NewExport(f ExportFlags) (*Export, error) {
	switch {
	case f.To == "":
		f.To = f.Format
	case f.Format != "":
		to, err1 := graphio.ParseWriteFormat(f.To)
		fm, err2 := graphio.ParseWriteFormat(f.Format)
		if err1 != nil || err2 != nil || to != fm {
			return nil, fmt.Errorf("%w: --to %s and --format %s name two formats, and export writes one: give only --to (--format is another name for it)", ErrInput, clipName(f.To), clipName(f.Format))
		}
	}
	if f.To == "" {
		return nil, fmt.Errorf("%w: --to is required: %s", ErrInput, graphio.WriteFormats)
	}
	fm, err := graphio.ParseWriteFormat(f.To)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: --to %q: use %s", ErrInput, f.To, graphio.WriteFormats)
	case fm == graphio.CSV && f.Out == "":
		return nil, fmt.Errorf("%w: --to csv writes two files: give --out PREFIX (PREFIX.nodes.csv, PREFIX.relationships.csv) or --out DIR/ (DIR/nodes.csv, DIR/relationships.csv)", ErrInput)
	case (f.WithSolution || f.WithAnalysis) && !fm.Attributes():
		return nil, fmt.Errorf("%w: --to %s writes the bare graph, so it cannot carry --with-solution or --with-analysis: use graphml, dot, json, csv or cypher", ErrInput, fm)
	case f.Batch < 1:
		return nil, fmt.Errorf("%w: --batch %d: give a positive number of rows", ErrInput, f.Batch)
	}
	return &Export{Format: fm, Options: graphio.WriteOptions{Batch: f.Batch}, Out: f.Out, f: f}, nil
}

// FromGraph makes the export of the graph file named file (ReadGraph).
// A graph has no board: the solution and analysis additions are refused.
func (x *Export) FromGraph(file string, src Source) error {
	if x.f.WithSolution || x.f.WithAnalysis {
		return fmt.Errorf("%w: --with-solution and --with-analysis need a board; with --graph use 'boardgraph solve --graph'", ErrInput)
	}
	g, err := ReadGraph(file, src)
	if err != nil {
		return err
	}
	x.Source = graphio.NamedSource(g)
	x.What = fmt.Sprintf("%s (%s, %d vertices, %d edges)", file, g.Format, g.G.N(), g.G.M())
	return nil
}

// FromBoard makes the export of the move graph of s, with what the flags
// add: a solution found by hamilton.Find and checked by the independent
// verifier (an *UnverifiedError if it fails; hamilton's
// ErrNoSolution when there is none), and the analysis counts
// paths_starting, paths_ending and paths_using (directed paths:
// analysis.Analyze). When ctx ends first, the error wraps ctx.Err().
func (x *Export) FromBoard(ctx context.Context, s *Search) error {
	ends := s.Start != nil || s.End != nil || s.Closed
	if ends && !x.f.WithSolution {
		return fmt.Errorf("%w: --start, --end and --closed shape the solution: add --with-solution", ErrInput)
	}
	if ends && x.f.WithAnalysis {
		return fmt.Errorf("%w: --with-analysis covers every open path; drop --start, --end and --closed", ErrInput)
	}
	title := s.Board.Spec() + " " + MovesLabel(s.Moves)
	x.Source = graphio.BoardSource(s.Graph, title)
	x.What = fmt.Sprintf("%s (%d nodes, %d edges)", title, s.Graph.N(), s.Graph.M())
	if x.f.WithSolution {
		path, _, err := hamilton.Find(ctx, s.Problem, s.Options())
		if err != nil {
			return err
		}
		if _, err := s.Verified(path); err != nil {
			return err
		}
		x.Source.Path, x.Source.Closed = path, s.Closed
	}
	if x.f.WithAnalysis {
		res, err := analysis.Analyze(ctx, s.Problem, analysis.Options{})
		if err != nil {
			if errors.Is(err, analysis.ErrInvalid) {
				err = fmt.Errorf("%w: --with-analysis: %w", ErrInput, err)
			}
			return err
		}
		x.Source.NodeProps = []graphio.Prop{{Name: "paths_starting", Values: res.PerStart}, {Name: "paths_ending", Values: res.PerEnd}}
		x.Source.EdgeProps = []graphio.Prop{{Name: "paths_using", Values: res.EdgeUse}}
	}
	return nil
}

// Summary words a finished export for one line: the graph, the format,
// where it went (dest: "stdout" or the files) and what it carries
// besides the graph.
func (x *Export) Summary(dest string) string {
	extra := ""
	if x.Source.Path != nil {
		extra += ", with a verified solution"
	}
	if x.Source.NodeProps != nil {
		extra += ", with the analysis counts (directed paths)"
	}
	return fmt.Sprintf("exported %s as %s to %s%s", x.What, x.Format, dest, extra)
}
