package hamilton

import (
	"errors"
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/graph"
)

// Problem describes the Hamiltonian paths or cycles wanted.
//
// Counting convention: a path is a sequence of vertices, so a path and its
// reverse are two paths (directed paths, the convention of the Diplomatico
// paper's table). A closed tour (Closed) is counted as a directed cycle up to
// rotation: each Hamiltonian cycle of the graph counts twice, once per
// direction. Callers that want undirected counts halve (see Undirected).
type Problem struct {
	G *graph.Graph
	// Start is the first vertex of every solution when FixStart is set, and
	// End the last when FixEnd is set. The zero value leaves both ends free.
	// With Closed, a fixed Start is where the tour is written from and End
	// must stay free.
	//
	// Why flags and not a sentinel: vertex 0 is a real vertex, so an int32
	// alone cannot make the zero Problem mean "free ends". A negative Start
	// or End without its flag (the old spelling, Start: -1) still means free;
	// a positive one without its flag is refused as ErrInvalid, so code that
	// sets Start but forgets FixStart fails loudly instead of searching the
	// wrong problem. WithEnds converts from the -1 convention.
	Start, End       int32
	FixStart, FixEnd bool
	// Closed asks for Hamiltonian cycles (closed tours) instead of paths.
	Closed bool
	// Givens, if not nil, has one entry per vertex: the 0-based position the
	// vertex must occupy in the path, or -1 (a Hidato-style clue).
	Givens []int32
	// Symmetries optionally lists automorphisms of G as vertex permutations
	// (perm[v] is the image of v), for example a board's rotations and
	// reflections. Counting uses those that fix every constrained vertex to
	// search one start per orbit; each is checked before use, so a wrong
	// entry costs speed, never correctness.
	Symmetries [][]int32
	// VertexName, if set, names vertices in messages (boards pass the
	// 1-based "row,col" of the cell); otherwise they read "vertex N".
	VertexName func(v int32) string
}

// Ends returns the fixed start and end vertices, -1 for a free end.
func (p *Problem) Ends() (start, end int32) {
	start, end = -1, -1
	if p.FixStart {
		start = p.Start
	}
	if p.FixEnd {
		end = p.End
	}
	return start, end
}

// WithEnds returns p with its start and end fixed; a negative value leaves
// that end free. It converts from the -1-means-free convention of flags and
// files: Problem{G: g}.WithEnds(s, -1) fixes only the start.
func (p Problem) WithEnds(start, end int32) Problem {
	p.Start, p.FixStart = max(start, 0), start >= 0
	p.End, p.FixEnd = max(end, 0), end >= 0
	return p
}

// name returns how messages refer to vertex v.
func (p *Problem) name(v int32) string {
	if p.VertexName != nil {
		return p.VertexName(v)
	}
	return fmt.Sprintf("vertex %d", v)
}

// Errors.
var (
	// ErrNoSolution means the search proved that no solution exists.
	ErrNoSolution = errors.New("no solution")
	// ErrInvalid reports a malformed problem (bad vertex, clashing givens).
	ErrInvalid = errors.New("invalid problem")
	// ErrLimit means a node budget ran out before the search finished.
	ErrLimit = errors.New("node limit reached")
)

// Stats are the statistics of a run, readable after it returns.
type Stats struct {
	Nodes      uint64        // search nodes expanded (vertices placed)
	Backtracks uint64        // vertices removed again
	Prunes     uint64        // moves rejected by a pruning rule
	MemoHits   uint64        // subtrees answered from the count memo
	Solutions  uint64        // solutions found or counted so far (saturates)
	Elapsed    time.Duration // wall time
	Restarts   uint64        // randomised restarts (Find)
	Workers    int           // goroutines that searched
	// UnitsDone of Units work units are searched to the end: the subtrees
	// below the first vertices or the split prefixes that Count,
	// CountPerStart, Enumerate and CountShard (its shard's units, those
	// taken from ShardOptions.Done included) deal to the workers. Units is
	// 0 where a call has no fixed list (Find). While a count runs,
	// Solutions holds the solutions of the finished units (a lower bound,
	// in the convention of Problem).
	UnitsDone, Units uint64
	// Share estimates the share of the work done, from 0 to 1: the
	// finished units plus, for each unit being searched, its position in
	// its subtree, read as if all subtrees at a depth were the same size.
	// It never decreases during a run and is 1 when every unit is done,
	// but subtrees differ, so it is a guide, not a clock. The
	// okuno-miyano strategy counts finished units only.
	Share float64
	// Pruned counts, per Okuno–Miyano rule (index by Rule), how often it
	// fired: edges deleted, edges forced, dead ends found (see Rule). Only
	// the okuno-miyano strategy fills it, at the end of the run.
	Pruned [NumRules]uint64
}

// Options tune a run. The zero value is a sensible default: all cores, no
// limit, progress off.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if set, is called about every ProgressEvery (default 1 s)
	// from a separate goroutine with a snapshot of the statistics.
	Progress      func(Stats)
	ProgressEvery time.Duration
	// Seed varies the tie-breaking of Find's move ordering (0 is a fixed,
	// deterministic choice).
	Seed uint64
	// Rank, if not nil, gives every vertex a static tie-break rank for
	// Warnsdorff ordering: among moves with equally few onward moves, lower
	// rank goes first. Boards pass "farther from the centre first".
	Rank []int32
	// MaxNodes stops Find after that many nodes (0: no limit).
	MaxNodes uint64
	// MemoBits sets the size of each worker's count memo to 2^MemoBits
	// buckets of four entries (default 18: 16 MiB; negative disables it).
	MemoBits int
	// Strategy selects the search algorithm: StrategyDefault (the zero
	// value) or StrategyOkunoMiyano, with its rules and visit order (see
	// Strategy). Workers, Seed, Rank, MaxNodes and Progress apply to both.
	Strategy Strategy
}

// Reason explains why a problem has no solution, found without search.
type Reason struct {
	Rule string // short name of the rule that fired
	Text string // one line for a person
	// Cert, when not nil, is a witness an independent checker rechecks
	// (verify.NoPath); the rules without one (conrad, the dynamic
	// program's "dp") leave it nil.
	Cert *Certificate
}

func (r *Reason) Error() string { return r.Text }

func (p *Problem) n() int32 { return int32(p.G.N()) }

// CheckEnds reports, as ErrInvalid, a fixed start or end outside the graph,
// a Start or End set without its FixStart or FixEnd flag, and a fixed end
// on a closed tour.
func (p *Problem) CheckEnds() error {
	n := int32(0)
	if p.G != nil {
		n = p.n()
	}
	for _, e := range []struct {
		name, flag string
		v          int32
		fixed      bool
	}{{"start", "FixStart", p.Start, p.FixStart}, {"end", "FixEnd", p.End, p.FixEnd}} {
		switch {
		case e.fixed && (e.v < 0 || e.v >= n):
			return fmt.Errorf("%w: %s vertex %d out of range 0..%d", ErrInvalid, e.name, e.v, n-1)
		case !e.fixed && e.v > 0:
			return fmt.Errorf("%w: %s vertex %d is set but %s is false; set %s to fix it, or leave it 0 for a free %s",
				ErrInvalid, e.name, e.v, e.flag, e.flag, e.name)
		}
	}
	if p.Closed && p.FixEnd {
		return fmt.Errorf("%w: a closed tour has no end; give only a start", ErrInvalid)
	}
	return nil
}

// validate checks the problem's fields and normalises givens to include the
// start and end. It returns the position->vertex table.
func (p *Problem) validate() (at []int32, err error) {
	n := p.n()
	if n == 0 {
		return nil, fmt.Errorf("%w: the graph has no vertices", ErrInvalid)
	}
	if err := p.CheckEnds(); err != nil {
		return nil, err
	}
	start, end := p.Ends()
	if p.Givens != nil && len(p.Givens) != int(n) {
		return nil, fmt.Errorf("%w: %d givens for %d vertices", ErrInvalid, len(p.Givens), n)
	}
	at = make([]int32, n)
	for i := range at {
		at[i] = -1
	}
	set := func(pos, v int32, what string) error {
		if pos < 0 || pos >= n {
			return fmt.Errorf("%w: %s: position %d outside 1..%d", ErrInvalid, what, pos+1, n)
		}
		if at[pos] >= 0 && at[pos] != v {
			return fmt.Errorf("%w: %s: position %d is already taken by another vertex", ErrInvalid, what, pos+1)
		}
		at[pos] = v
		return nil
	}
	for v, pos := range p.Givens {
		if pos >= 0 {
			if err := set(pos, int32(v), "given"); err != nil {
				return nil, err
			}
		}
	}
	if start >= 0 {
		if err := set(0, start, "start"); err != nil {
			return nil, err
		}
	}
	if end >= 0 {
		if err := set(n-1, end, "end"); err != nil {
			return nil, err
		}
	}
	seen := make(map[int32]int32)
	for pos, v := range at {
		if v < 0 {
			continue
		}
		if q, dup := seen[v]; dup {
			return nil, fmt.Errorf("%w: one vertex is required at positions %d and %d", ErrInvalid, q+1, pos+1)
		}
		seen[v] = int32(pos)
	}
	return at, nil
}
