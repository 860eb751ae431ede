package request

// The portfolio of solve: proofs, search and the frontier dynamic
// program run together, the first answer wins (issue 39).

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/verify"
)

// boardDPMaxCost is the largest order cost (count.Choice.Cost, the sum
// over steps of 3^width) at which a board's solve runs the frontier
// dynamic program beside the search: about a second of layers on one core.
const boardDPMaxCost = 3e7

// boardDPBytes bounds the tables the dynamic program of a board's solve
// keeps (its layers are kept for the walk back).
const boardDPBytes = 1 << 30

// Engine names which engine decided a solve.
type Engine string

// The engines of the portfolio.
const (
	EngineSearch Engine = "search"                       // the search found a path or examined every possibility
	EngineProof  Engine = "proof"                        // a polynomial proof with its certificate
	EngineDP     Engine = "the frontier dynamic program" // count.Find
)

// Decision is how a solve was decided: the engine and, for a proof, its
// reason (Reason.Cert is its certificate, rechecked by verify.NoPath).
type Decision struct {
	Engine Engine
	Reason *hamilton.Reason
	Width  int // the dynamic program's frontier, when it decided
}

// String says which engine decided, for the line a person reads.
func (d Decision) String() string {
	switch {
	case d.Engine == EngineDP:
		return fmt.Sprintf("decided by the frontier dynamic program (frontier %d wide)", d.Width)
	case d.Reason != nil && d.Reason.Cert != nil:
		return fmt.Sprintf("proved by the %s rule, certificate checked independently", d.Reason.Rule)
	case d.Reason != nil:
		return fmt.Sprintf("proved by the %s rule", d.Reason.Rule)
	}
	return "decided by the search"
}

// CheckCertificate rechecks the certificate of reason, a proof that p has
// no solution, with the independent checker (verify.NoPath, which shares
// no code with hamilton). A reason without a certificate passes; a
// certificate the checker rejects is an *UnverifiedError (a bug: exit 70).
func CheckCertificate(p *hamilton.Problem, reason *hamilton.Reason) error {
	if reason == nil || reason.Cert == nil {
		return nil
	}
	r, at := NoPathRules(p)
	if err := verify.NoPath(r, at, VerifyCertificate(reason.Cert)); err != nil {
		return &UnverifiedError{Solver: "the " + reason.Rule + " proof", Err: err}
	}
	return nil
}

// NoPathRules is p as the independent checker reads it: the edges as
// pairs, the fixed ends, and the fixed positions of the givens (nil
// without givens).
func NoPathRules(p *hamilton.Problem) (verify.GraphRules, []int) {
	g := p.G
	r := verify.GraphRules{N: g.N(), Start: -1, End: -1, Closed: p.Closed}
	for u := range int32(g.N()) {
		for _, v := range g.Neighbors(u) {
			if u < v {
				r.Edges = append(r.Edges, [2]int{int(u), int(v)})
			}
		}
	}
	if p.FixStart {
		r.Start = int(p.Start)
	}
	if p.FixEnd {
		r.End = int(p.End)
	}
	var at []int
	if p.Givens != nil {
		at = make([]int, g.N())
		for i := range at {
			at[i] = -1
		}
		for v, pos := range p.Givens {
			if pos >= 0 && int(pos) < len(at) {
				at[pos] = v
			}
		}
	}
	return r, at
}

// VerifyCertificate copies a prover's certificate into the checker's plain
// form.
func VerifyCertificate(c *hamilton.Certificate) verify.Certificate {
	ints := func(vs []int32) []int {
		out := make([]int, len(vs))
		for i, v := range vs {
			out[i] = int(v)
		}
		return out
	}
	side := make([]int, len(c.Side))
	for i, s := range c.Side {
		side[i] = int(s)
	}
	out := verify.Certificate{Kind: c.Kind, A: ints(c.A), B: ints(c.B), Cells: ints(c.Cells), From: int(c.From), To: int(c.To)}
	if c.Side != nil {
		out.Side = side
	}
	for _, pc := range c.Pockets {
		out.Pockets = append(out.Pockets, ints(pc))
	}
	return out
}

// reasonOf returns the proof inside err, if any.
func reasonOf(err error) *hamilton.Reason {
	var reason *hamilton.Reason
	if errors.As(err, &reason) {
		return reason
	}
	return nil
}

// dpOrder returns the cheaper of the row-major and column-major sweeps of
// the board for the frontier dynamic program, with count.Choose's verdict
// on it (linear time: no annealing, which takes seconds).
func (s *Search) dpOrder() ([]int32, count.Choice) {
	bg := s.Graph
	b := bg.Board
	row := make([]int32, len(bg.CellOf))
	for i := range row {
		row[i] = int32(i)
	}
	col := make([]int32, 0, len(bg.CellOf))
	for c := range b.Cols {
		for r := range b.Rows {
			if v := bg.VertexOf[b.Cell(r, c)]; v >= 0 {
				col = append(col, v)
			}
		}
	}
	best, bestCh := row, count.Choose(s.Problem, row)
	if ch := count.Choose(s.Problem, col); ch.DP && (!bestCh.DP || ch.Cost < bestCh.Cost) {
		best, bestCh = col, ch
	}
	return best, bestCh
}

// portfolio runs the search (hamilton.Find: the linear proofs first, the
// polynomial ones once its first attempt fails, then restarts) and, when
// the board's frontier is narrow enough (count.Choose's prediction,
// boardDPMaxCost), the frontier dynamic program beside it, with the same
// workers; the first to decide answers and stops the other.
func (s *Search) portfolio(ctx context.Context, opt hamilton.Options) ([]int32, hamilton.Stats, Decision, error) {
	type answer struct {
		path    []int32
		st      hamilton.Stats
		err     error
		dec     Decision
		decided bool
		search  bool
	}
	both, stop := context.WithCancel(ctx)
	defer stop()
	answers := make(chan answer, 2)
	var wg sync.WaitGroup // only starts the engines: nobody waits for a stopped one
	engines := 1
	if s.Problem.Givens == nil && s.Problem.G.N() > 30 {
		order, ch := s.dpOrder()
		if ch.DP && ch.Cost <= boardDPMaxCost {
			engines++
			wg.Go(func() {
				path, cst, err := count.Find(both, s.Problem, count.Options{Order: order, Workers: opt.Workers, MaxBytes: boardDPBytes})
				a := answer{path: path, err: err, dec: Decision{Engine: EngineDP, Width: ch.Width}}
				a.st.Elapsed = cst.Elapsed
				a.decided = err == nil || errors.Is(err, hamilton.ErrNoSolution)
				answers <- a
			})
		}
	}
	wg.Go(func() {
		path, st, err := hamilton.Find(both, s.Problem, opt)
		a := answer{path: path, st: st, err: err, decided: err == nil || errors.Is(err, hamilton.ErrNoSolution), search: true, dec: Decision{Engine: EngineSearch}}
		if r := reasonOf(err); r != nil {
			a.dec = Decision{Engine: EngineProof, Reason: r}
		}
		answers <- a
	})
	// The first decided answer returns at once: a stopped engine finishes
	// in the background (the dynamic program looks at ctx between steps
	// only), its answer dropped into the buffered channel.
	var got, search answer
	for range engines {
		a := <-answers
		if a.decided && !got.decided {
			got = a
			stop()
		}
		if a.search {
			search = a
		}
		if got.decided || search.search {
			break
		}
	}
	if !got.decided {
		got = search
	}
	if got.dec.Engine == EngineDP && got.err != nil {
		got.dec.Reason = reasonOf(got.err)
	}
	if search.search && got.dec.Engine == EngineDP {
		got.st.Nodes = search.st.Nodes
	}
	return got.path, got.st, got.dec, got.err
}
