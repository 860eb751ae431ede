package request

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/render"
	"github.com/boardgraph/boardgraph/verify"
)

// SolveFormats are solve's output formats: the numbered grid (also called
// text), the path (one row,col per line), JSON, and with an --out file the
// binary path format (also called bgp).
var SolveFormats = format.Names{Names: []string{"grid", "path", "json", "binary"}, Text: "grid", Aliases: map[string]string{"bgp": "binary"}}

// SolveFlags are solve's choices beside its problem, as typed. The zero
// value is the auto method with the default search.
type SolveFlags struct {
	Method   string // --method: auto (""), search or construct
	Strategy string // --strategy: "" (not given), default or okuno-miyano
	Seed     uint64 // --seed: vary the search's tie-breaking (0: the fixed order)
}

// Solve is a checked solve request. Build it with NewSolve; treat it as
// read-only.
type Solve struct {
	*Leaper
	Method   string // auto, search or construct (Leaper.Construction)
	Strategy hamilton.Strategy
	Seed     uint64
}

// NewSolve checks lf and f once (NewLeaper with SolveFormats). A strategy
// given makes the auto method search; a strategy or a seed with the
// construct method is refused (a construction has neither). The format defaults to the grid
// and, with an --out file, to the path format (binary for a name ending in
// .bgp); the binary format needs --out and a move set it can hold
// (Leaper.BinaryHolds), refused before any search.
func NewSolve(lf LeaperFlags, f SolveFlags, src Source) (*Solve, error) {
	strat, err := hamilton.ParseStrategy(f.Strategy)
	if err != nil {
		return nil, inputf("--strategy: %w", err)
	}
	sv := &Solve{Strategy: strat, Seed: f.Seed}
	if sv.Method, err = parseMethod(f.Method, strings.ToLower(f.Method), "auto", "search", "construct"); err != nil {
		return nil, err
	}
	if f.Strategy != "" && sv.Method == "auto" {
		sv.Method = "search" // a search strategy asks for search
	}
	if sv.Method == "construct" && (f.Strategy != "" || f.Seed != 0) {
		what := "--strategy " + f.Strategy
		if f.Strategy == "" {
			what = fmt.Sprintf("--seed %d", f.Seed)
		}
		return nil, inputf("%s with --method construct: a construction does not search, so it has no strategy or seed; drop %s, or use --method search", what, strings.Fields(what)[0])
	}
	names := SolveFormats
	if lf.Out != "" {
		names.Default = "path"
		if strings.HasSuffix(strings.ToLower(lf.Out), ".bgp") {
			names.Default = "binary"
		}
	}
	if sv.Leaper, err = NewLeaper(lf, src, names); err != nil {
		return nil, err
	}
	if sv.Output.Format == "binary" {
		if sv.Output.Out == "" {
			return nil, inputf("--format binary writes a file: give --out FILE")
		}
		if err := sv.BinaryHolds(); err != nil {
			return nil, err
		}
	}
	return sv, nil
}

// SearchOptions returns the engine options of a search for the request:
// s's (Search.Options) with the seed and the strategy.
func (sv *Solve) SearchOptions(s *Search) hamilton.Options {
	opt := s.Options()
	opt.Seed, opt.Strategy = sv.Seed, sv.Strategy
	return opt
}

// Solve finds one solution with the search (opt: Search.Options plus the
// caller's seed, strategy and progress) and checks it with the
// independent verifier. A proof that there is none is an error wrapping
// hamilton.ErrNoSolution that says why ("no solution on 5x5 with ...: "
// and the reason); a path the verifier rejects is an *UnverifiedError.
// When ctx ends first it returns ctx's error.
//
// It is the portfolio of issue 39: the search (with the linear proofs
// before it and the polynomial ones, the 2-matching flow bound and the
// pair separators, once its first attempt fails) and, when the board's
// frontier is narrow enough, the frontier dynamic program beside it; the
// first to decide answers. A proof's certificate is rechecked by the
// independent checker (verify.NoPath) before the answer leaves: a rejected
// one is an *UnverifiedError. SolveDecided also says which engine decided.
func (s *Search) Solve(ctx context.Context, opt hamilton.Options) ([]verify.Cell, hamilton.Stats, error) {
	cells, st, _, err := s.SolveDecided(ctx, opt)
	return cells, st, err
}

// SolveDecided is Solve that also returns how the answer was decided.
func (s *Search) SolveDecided(ctx context.Context, opt hamilton.Options) ([]verify.Cell, hamilton.Stats, Decision, error) {
	path, st, dec, err := s.portfolio(ctx, opt)
	if err != nil {
		if errors.Is(err, hamilton.ErrNoSolution) {
			if cerr := CheckCertificate(&s.Problem, dec.Reason); cerr != nil {
				return nil, st, dec, cerr
			}
		}
		err = noSolution(err, "no solution on "+s.Label(), st)
		if dec.Reason != nil && dec.Reason.Cert != nil {
			err = &wordedError{err.Error() + " (" + dec.String() + ")", err}
		}
		return nil, st, dec, err
	}
	cells, err := s.Verified(path)
	return cells, st, dec, err
}

// ProofPicture draws the witness of a proof that the board has no path
// (render.Proof): a Hall-type witness's cells X marked and the cells Y they
// can only be reached from tinted; a separator's, a flow cut's or the dead
// ends' cells marked. Proofs about the whole board (colour classes) draw
// the board alone.
func (s *Search) ProofPicture(reason *hamilton.Reason) (*render.Picture, error) {
	var marks, others []int32
	if reason != nil && reason.Cert != nil {
		c := reason.Cert
		switch c.Kind {
		case "hall":
			marks, others = s.Graph.Cells(c.Cells), s.Graph.Cells(c.A)
		case "givens":
			marks = s.Graph.Cells(c.Cells)
		case "pockets":
			marks, others = s.Graph.Cells(c.Witness()), s.Graph.Cells(c.Cells)
		default:
			marks = s.Graph.Cells(c.Witness())
		}
	}
	return render.Proof(s.Board, marks, others, render.ProofOptions{})
}

// Solve finds one solution and checks it with the independent verifier.
// Beside the search, the frontier dynamic program runs when the graph's
// frontier is narrow (count.GraphOrder's order, a cost of at most
// findMaxCost by count.Choose's measure; count.Find): it finds a solution
// or proves there is none in time that grows with the frontier, not with
// the search tree (GP(101,2), no Hamiltonian cycle: milliseconds, where
// the search ran for minutes). The first of the two to decide answers and
// the other is stopped. An immediate proof (Graph.Proof) answers before
// either starts. Memory: the search needs at most 512 bytes a vertex
// (graphSearchBytesPerVertex) and is refused above gr.MaxMemory; the
// dynamic program runs beside it only when its plan (about 1,200 bytes a
// vertex) fits half of what the search leaves, its tables 60% of the
// rest (graphDPBudget). A proof that
// there is none is an error wrapping hamilton.ErrNoSolution that says
// why; a path the verifier rejects is an *UnverifiedError. When ctx ends
// first it returns ctx's error.
func (gr *Graph) Solve(ctx context.Context, opt hamilton.Options) ([]int32, hamilton.Stats, error) {
	type answer struct {
		path    []int32
		st      hamilton.Stats
		err     error
		byDP    string // the dynamic program's name when it answered
		decided bool
		search  bool // the search's answer
	}
	// A graph that is one path or cycle answers by itself; an immediate
	// proof answers before anything per vertex is made.
	if path, st, ok, err := gr.solveWalked(); ok {
		return path, st, err
	}
	proof, err := gr.proofContext(ctx)
	if err != nil {
		return nil, hamilton.Stats{}, err
	}
	if proof != nil {
		return nil, hamilton.Stats{}, noSolution(errors.Join(hamilton.ErrNoSolution, proof), fmt.Sprintf("no %s in %s", gr.Kind(), gr.File), hamilton.Stats{})
	}
	if err := ctx.Err(); err != nil {
		return nil, hamilton.Stats{}, err // stopped while proving
	}
	n := int64(gr.Named.G.N())
	if err := fits(n*graphSearchBytesPerVertex, gr.MaxMemory, gr.memoryHow, fmt.Sprintf("searching %s (%d vertices, about %d bytes a vertex)", gr.File, n, graphSearchBytesPerVertex), "give --max-memory SIZE if the machine has it, or a smaller graph"); err != nil {
		return nil, hamilton.Stats{}, err
	}
	// The dynamic program runs beside the search only when both fit.
	tables, dpFits := graphDPBudget(n, gr.MaxMemory-n*graphSearchBytesPerVertex)
	both, stop := context.WithCancel(ctx)
	defer stop()
	answers := make(chan answer, 2)
	go func() {
		if !dpFits {
			answers <- answer{}
			return
		}
		path, st, width, ok, err := gr.solveDP(both, opt.Workers, tables)
		a := answer{path: path, st: st, err: err, decided: ok && (err == nil || errors.Is(err, hamilton.ErrNoSolution))}
		if a.decided {
			a.byDP = fmt.Sprintf("the frontier dynamic program (frontier %d vertices wide)", width)
		}
		answers <- a
	}()
	go func() {
		path, st, err := hamilton.Find(both, gr.Problem, opt)
		answers <- answer{path: path, st: st, err: err, decided: err == nil || errors.Is(err, hamilton.ErrNoSolution), search: true}
	}()
	var got, search answer
	for range 2 {
		a := <-answers
		if a.decided && !got.decided {
			got = a
			stop() // the other one
		}
		if a.search {
			search = a // the search's stop (its nodes, ctx's error)
		}
	}
	if !got.decided {
		got = search
	}
	gr.byDP = got.byDP
	if got.err != nil {
		if errors.Is(got.err, hamilton.ErrNoSolution) {
			// A proof found while searching carries a certificate: the
			// independent checker rechecks it (issue 39).
			if cerr := CheckCertificate(&gr.Problem, reasonOf(got.err)); cerr != nil {
				return nil, got.st, cerr
			}
		}
		return nil, got.st, noSolution(got.err, fmt.Sprintf("no %s in %s", gr.Kind(), gr.File), got.st)
	}
	return got.path, got.st, gr.Verified(got.path)
}

// noSolution words an error of hamilton.Find that proves there is no
// solution: what ("no solution on 5x5 with ...") and the reason, or the
// nodes of a complete search. Other errors pass unchanged.
func noSolution(err error, what string, st hamilton.Stats) error {
	if !errors.Is(err, hamilton.ErrNoSolution) {
		return err
	}
	var reason *hamilton.Reason
	if errors.As(err, &reason) {
		return &wordedError{what + ": " + reason.Text, err}
	}
	return &wordedError{fmt.Sprintf("%s: the search examined every possibility (%d nodes)", what, st.Nodes), err}
}

// wordedError is err with another text.
type wordedError struct {
	msg string
	err error
}

func (e *wordedError) Error() string { return e.msg }
func (e *wordedError) Unwrap() error { return e.err }

// WriteEnumerated writes the index-th (from 1) verified solution of an
// enumeration in the request's format: grids and paths with a blank line
// before every solution but the first, JSON one object per line.
func (l *Leaper) WriteEnumerated(w io.Writer, index uint64, cells []verify.Cell) error {
	if !l.Output.JSON() && index > 1 {
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return l.WriteSolution(w, l.Output.Format, "enumerate", cells, format.Result{Index: index})
}

// NoSolutionReason says why a complete search found no solution: the
// proof of one of hamilton's prechecks, or that the search examined
// every possibility.
func (s *Search) NoSolutionReason() string {
	if r, _ := hamilton.Prove(&s.Problem); r != nil {
		return r.Text
	}
	return "the search examined every possibility"
}

// findMaxCost is the largest order cost (count.Choice.Cost: the sum over
// steps of 3^width) at which solve runs the dynamic program beside the
// search: about ten million states, seconds and some hundreds of MB of
// kept layers at most.
const findMaxCost = 1e7

// solveDP runs count.Find when the graph's frontier is narrow enough;
// ok is false when it did not run (too wide, or too small for it to
// matter); width is its order's frontier.
func (gr *Graph) solveDP(ctx context.Context, workers int, tables int64) (path []int32, st hamilton.Stats, width int, ok bool, err error) {
	began := time.Now()
	order, oerr := count.GraphOrder(ctx, gr.Problem.G, count.DefaultOrderSeed)
	if oerr != nil {
		return nil, st, 0, false, oerr
	}
	ch := count.Choose(gr.Problem, order)
	if !ch.DP || ch.Cost > findMaxCost {
		return nil, st, 0, false, nil
	}
	path, _, err = count.Find(ctx, gr.Problem, count.Options{Order: order, Workers: workers, MaxBytes: tables})
	st.Elapsed = time.Since(began)
	return path, st, ch.Width, true, err
}
