package request

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// MaxAnalyzeOpen is the largest number of open cells CheckAnalyze accepts
// without a deadline: enumeration visits every path, and 6x6 Diplomatico
// (36 cells, 8.25 million paths) takes seconds while 7x7 would take far
// longer than anyone waits.
const MaxAnalyzeOpen = 40

// CheckAnalyze refuses an analysis that cannot work or would not finish:
// fixed ends or closed tours (the analysis covers every open path), more
// open cells than analysis.MaxVertices, or more than MaxAnalyzeOpen
// without a timeout.
func (l *Leaper) CheckAnalyze() error {
	b := l.Board
	switch open := b.Open(); {
	case l.Start != nil || l.End != nil || l.Closed:
		return fmt.Errorf("%w: analyze covers every open path of the board; drop --start, --end and --closed (closed tours are counted in the report)", ErrInput)
	case open > analysis.MaxVertices:
		return fmt.Errorf("%w: the %s board has %d open cells; analyze enumerates every path and takes at most %d (and finishes only up to about %d): use a smaller board", ErrInput, b.Spec(), open, analysis.MaxVertices, MaxAnalyzeOpen)
	case open > MaxAnalyzeOpen && l.Timeout == 0:
		return fmt.Errorf("%w: analysing the %s board (%d open cells) would not finish: analyze enumerates every path and is practical up to about %d cells; use a smaller board or add --timeout 10m for a partial report", ErrInput, b.Spec(), open, MaxAnalyzeOpen)
	}
	return nil
}

// KeyPath reads a solution (any format solve writes: ParseCells), checks
// it against the request with the independent verifier and returns it as
// engine vertices, for AnalyzeOptions.Key. file names it in messages.
func (s *Search) KeyPath(text []byte, file string) ([]int32, error) {
	cells, err := ParseCells(text)
	if err != nil {
		return nil, fmt.Errorf("--path %s: %w", file, err)
	}
	if err := verify.Path(s.Rules(), cells); err != nil {
		return nil, fmt.Errorf("%w: --path %s is not a solution of %s with %s: %w", ErrInput, file, s.Board.Spec(), MovesLabel(s.Moves), err)
	}
	return s.Vertices(cells), nil
}

// AnalyzeOptions are the options of Search.Analyze.
type AnalyzeOptions struct {
	analysis.Options
	// Key is the solution whose prefixes' completions are counted, as
	// engine vertices (KeyPath); nil: the smallest solution.
	Key []int32
}

// Analyze enumerates every directed Hamiltonian path of the request
// (analysis.Analyze), counts the completions of the prefixes of
// opt.Key, or of the smallest solution (analysis.Completions), and
// returns the report (without Stats, which the caller words). Every path
// the report shows passes the independent verifier first (an
// *UnverifiedError otherwise). When ctx ends, the report covers the
// paths enumerated so far and complete is false; err is then nil.
func (s *Search) Analyze(ctx context.Context, opt AnalyzeOptions) (rep *analysis.Report, complete bool, err error) {
	res, err := analysis.Analyze(ctx, s.Problem, opt.Options)
	if err != nil && (ctx.Err() == nil || res == nil) {
		return nil, false, err
	}
	complete = err == nil
	rep = &analysis.Report{Board: s.Board, Graph: s.Graph, Moves: MovesLabel(s.Moves), Problem: s.Describe("analyze"),
		Result: res, Structure: analysis.Structural(s.Graph)}
	if reason, _ := hamilton.Precheck(&s.Problem); reason != nil {
		rep.NoSolution = reason.Text
	}
	for _, p := range res.Canonical {
		if _, err := s.Verified(p); err != nil {
			return nil, false, err
		}
	}
	key := opt.Key
	if key == nil {
		key = res.Smallest
	}
	if !complete || key == nil {
		return rep, complete, nil
	}
	if _, err := s.Verified(key); err != nil {
		return nil, false, err
	}
	rep.Key = key
	rep.Completions, rep.Decided, err = analysis.Completions(ctx, s.Problem, key, hamilton.Options{Workers: opt.Workers})
	if err != nil && ctx.Err() == nil {
		return nil, false, err
	}
	return rep, ctx.Err() == nil, nil
}

// WriteAnalysis writes the report as JSON (analysis.Report.JSON) or text
// in one write, so that a report that cannot be worded writes nothing;
// complete false marks every count as a lower bound.
func WriteAnalysis(w io.Writer, rep *analysis.Report, json, complete bool) error {
	var buf bytes.Buffer
	var err error
	if json {
		err = format.WriteJSON(&buf, rep.JSON(complete))
	} else {
		err = rep.WriteText(&buf, complete)
	}
	if err == nil {
		_, err = w.Write(buf.Bytes())
	}
	return err
}
