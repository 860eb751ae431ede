//go:build !(js && wasm)

package request

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/hamilton"
)

// CypherOptions returns the options of the paper's Cypher queries for the
// request: its start and end cells, at most limit paths (0: all), in
// Kuzu's dialect when kuzu is set. A negative limit is refused.
func (l *Leaper) CypherOptions(limit int, kuzu bool) (cypherq.Options, error) {
	opt := cypherq.Options{Limit: limit, Kuzu: kuzu}
	if limit < 0 {
		return opt, fmt.Errorf("%w: --limit %d: give a positive number of paths, or 0 for all", ErrInput, limit)
	}
	if c := l.Start; c != nil {
		opt.Start = &cypherq.Endpoint{Row: c.Row, Col: c.Col}
	}
	if c := l.End; c != nil {
		opt.End = &cypherq.Endpoint{Row: c.Row, Col: c.Col}
	}
	return opt, nil
}

// CompareCypher loads the board of s into the server (replacing every
// :Node), runs the strategies there, each under timeout, with every
// returned path verified (cypherq.RunBoard), and times boardgraph's own
// enumeration of the same task: the paths with the same start and end, at
// most opt.Limit of them. A path of boardgraph's that fails the
// independent verifier is an *UnverifiedError; one of the server's is
// cypherq.RunBoard's error. It returns the paper's table beside
// boardgraph's time.
func (s *Search) CompareCypher(ctx context.Context, srv *cypherq.Server, opt cypherq.Options, strategies []cypherq.Strategy, timeout time.Duration) (*cypherq.Comparison, error) {
	version, _ := srv.Version(ctx)
	if err := srv.Load(ctx, cypherq.BoardRows(s.Graph)); err != nil {
		return nil, err
	}
	res, err := cypherq.RunBoard(ctx, srv, s.Graph, opt, strategies, timeout)
	if err != nil {
		return nil, err
	}
	began := time.Now()
	var ours uint64
	var bad error
	_, _, err = hamilton.Enumerate(ctx, s.Problem, s.Options(), uint64(opt.Limit), func(p []int32) bool {
		if _, bad = s.Verified(p); bad != nil {
			return false
		}
		ours++
		return true
	})
	switch {
	case bad != nil:
		return nil, bad
	case err != nil && !errors.Is(err, hamilton.ErrNoSolution):
		return nil, err
	}
	return &cypherq.Comparison{Board: s.Board.Spec(), Label: s.Board.Spec() + ", " + MovesLabel(s.Moves), Server: version, Opt: opt,
		Timeout: timeout, Results: res, Ours: ours, OursTime: time.Since(began)}, nil
}
