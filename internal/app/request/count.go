package request

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/shard"
)

// Counting methods (CountFlags.Method and Count.Method).
const (
	MethodAuto = "auto" // pick by predicted cost (PickMethod)
	MethodDFS  = "dfs"  // the depth-first search, hamilton.Count
	MethodDP   = "dp"   // the frontier dynamic program, count.Count
)

// MaxCountOpen is the largest number of open cells a search count accepts
// without a fixed start or a deadline: exact counting is exponential, and
// beyond it a count would not finish in a lifetime (7x7 Diplomatico, 49
// cells, is already out of reach of any published count).
const MaxCountOpen = 64

// autoNarrowWidth is the widest frontier at which auto still prefers the
// dynamic program under a deadline: that narrow, it finishes in well under
// a second per thousand cells, so a lower bound is not worth the search.
const autoNarrowWidth = 9

// autoCheapDP is the dynamic program's predicted cost (count.Choice.Cost,
// the sum over steps of 3^frontier) below which auto counts with it even
// on the small graphs count.Choose leaves to the search: measured on 2
// cores, a cost of 10^4 takes about 30 ms (king 5x5, 9.1e3) and 2.5e5
// about 0.7 s (knight 6x6), while the search's time grows with the number
// of paths and is unbounded by the board's size (king 5x5: 729,237,344
// paths, 40 s).
const autoCheapDP = 1e5

// CountFlags are the choices of a count beside its problem (LeaperFlags),
// as typed. The zero value is a plain directed count by the auto method
// within DefaultMaxMemory.
type CountFlags struct {
	PerStart   bool   // --per-start: directed counts by first cell
	Undirected bool   // --undirected: a path and its reverse count once
	Method     string // --method: auto (""), dfs or dp
	MaxMemory  string // --max-memory SIZE ("": DefaultMaxMemory)
	SpillDir   string // --tmp DIR: where the DP's layers spill ("": never)
	NoPredict  bool   // --no-predict: no early prediction of the DP's peak
	// OrderSeed is --order-seed N: the seed that anneals the DP's vertex
	// order (count.BoardOrderSeed; 0: count.DefaultOrderSeed).
	OrderSeed uint64

	Shard      string // --shard I/N ("": the whole count)
	Out        string // --out FILE: the shard result file
	Checkpoint string // --checkpoint FILE
	Resume     bool   // --resume: go on from the checkpoint
	Units      int    // --units N: at least N work units (0: hamilton.DefaultMinUnits)

	// Cooperative DP shards (count.Options.Exchange): --shared DIR, the
	// directory all shards exchange their layers through; --shared-sync,
	// sync every layer file before announcing it; --shared-wait D, the
	// longest wait for the other shards at one layer (0:
	// count.DefaultExchangeWait).
	Shared     string
	SharedSync bool
	SharedWait time.Duration

	// PrimeIndex is --prime-index I ("": none): count modulo prime I of
	// count.Prime's sequence and write a residue file to Out
	// (countprime.go). PrimesNeeded is --primes-needed: say how many
	// primes the count's proven bound needs, and count nothing.
	PrimeIndex   string
	PrimesNeeded bool

	// Manifest is --manifest FILE: write the results manifest of a
	// finished count by the dynamic program to FILE (countmanifest.go).
	Manifest string
}

// Sharded reports whether the count is sharded or checkpointed; a run
// modulo a prime (PrimeRun) is a task of its own, never sharded, whose
// --checkpoint checkPrimeFlags checks.
func (f CountFlags) Sharded() bool {
	if f.PrimeRun() {
		return false
	}
	return f.Shard != "" || f.Out != "" && f.PrimeIndex == "" || f.Checkpoint != "" || f.Resume || f.Units != 0 || f.Shared != ""
}

// MethodNeeds are what PickMethod looks at beside the dynamic program's
// verdict on the board.
type MethodNeeds struct {
	Givens   bool // the board has givens (the DP takes none)
	PerStart bool // counts by first cell (search only)
	Sharded  bool // shards and checkpoints of search work units
	Bounded  bool // a deadline: a stopped count should leave a lower bound
}

// PickMethod is the rule of --method auto, in order:
//  1. givens, counts by first cell, shards and checkpoints need the search
//     (MethodDFS);
//  2. a predicted cost of the dynamic program of at most 10^5 picks it,
//     whatever the size of the graph;
//  3. otherwise dp (count.Choose's verdict) decides from the frontier of
//     the board's order: the search for graphs of at most 30 vertices and
//     for frontiers too wide for the dynamic program, the dynamic program
//     otherwise;
//  4. under a deadline a frontier wider than 9 picks the search: stopped,
//     it reports a lower bound, while the DP has no partial count.
//
// It returns the method and the reason, in words.
func PickMethod(dp count.Choice, n MethodNeeds) (method, why string) {
	switch {
	case n.Givens:
		return MethodDFS, "givens need the search"
	case n.PerStart:
		return MethodDFS, "--per-start needs the search"
	case n.Sharded:
		return MethodDFS, "shards and checkpoints split the search"
	case !dp.DP && dp.Cost > 0 && dp.Cost <= autoCheapDP:
		return MethodDP, fmt.Sprintf("frontier %d wide, predicted cost %.3g: the dynamic program takes milliseconds, the search grows with the number of paths", dp.Width, dp.Cost)
	case !dp.DP:
		return MethodDFS, dp.Reason
	case n.Bounded && dp.Width > autoNarrowWidth:
		return MethodDFS, "--timeout wants a lower bound if stopped, which only the search gives"
	}
	return MethodDP, dp.Reason
}

// MinMaxMemory is the smallest --max-memory NewCount takes, 1 MiB: below
// it the DP's share of the limit rounded to no limit at all (1 to 9
// bytes) or refused the first layer in the library's words.
const MinMaxMemory = 1 << 20

// ParseMemory parses a memory size: a number of bytes with an optional K,
// M, G or T suffix (powers of 1024, an optional B after it, any case),
// e.g. 12G. flag names the flag in the error.
func ParseMemory(flag, s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	shift := 0
	if n := len(t); n > 0 {
		if k := strings.IndexByte("KMGT", t[n-1]); k >= 0 {
			shift, t = 10*(k+1), t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil || v == 0 || v > (1<<62)>>shift {
		return 0, inputf("--%s %q: give a size such as 800M, 12G or 17179869184 (bytes)", flag, s)
	}
	return int64(v << shift), nil
}

// StartFixed reports whether the first cell is fixed, by a start or by a
// given 1.
func (s *Search) StartFixed() bool {
	if s.Problem.FixStart {
		return true
	}
	for _, p := range s.Problem.Givens {
		if p == 0 {
			return true
		}
	}
	return false
}

// FreeCells measures how little the givens constrain a count, for the
// guard against counts that would not finish: the positions before the
// first given and after the last (path ends the search must explore
// freely) plus the longest gap between two givens (a stretch whose both
// ends are fixed, far narrower than a free one). With no givens it is the
// number of vertices.
func (s *Search) FreeCells() int {
	n := s.Board.Open()
	if s.Problem.Givens == nil {
		return n
	}
	given := make([]bool, n)
	for _, pos := range s.Problem.Givens {
		if pos >= 0 && int(pos) < n {
			given[pos] = true
		}
	}
	first, last, gap, prev := -1, -1, 0, -1
	for pos, g := range given {
		if !g {
			continue
		}
		if first < 0 {
			first = pos
		} else {
			gap = max(gap, pos-prev-1)
		}
		prev, last = pos, pos
	}
	if first < 0 {
		return n
	}
	return first + (n - 1 - last) + gap
}

// ClosedGivensOK refuses closed tours with givens but no given 1: the
// numbers of a closed tour are relative to the cell it is written from.
func (s *Search) ClosedGivensOK() error {
	if !s.Problem.Closed || s.Problem.Givens == nil || s.StartFixed() {
		return nil
	}
	return inputf("a closed tour with givens is numbered from its first cell: put the given 1 on the board or use --start")
}

// Divisor is 2 when every solution's reverse is also a solution (then
// directed counts see each undirected one twice) and 1 when at most one
// direction can satisfy the constraints. Open paths (n >= 2): the reverse
// of a path moves position p to n-1-p, so a fixed start or end, or any
// given off the middle position, pins the direction. Closed tours written
// from a fixed first cell: the reverse moves position p to n-p, so givens
// other than at 0 and n/2 pin it.
func (s *Search) Divisor() uint64 {
	p := &s.Problem
	n := int32(s.Graph.N())
	if n < 2 {
		return 1
	}
	if !p.Closed && (p.FixStart || p.FixEnd) {
		return 1
	}
	for _, g := range p.Givens {
		if g < 0 {
			continue
		}
		if p.Closed && g != 0 && 2*g != n {
			return 1
		}
		if !p.Closed && 2*g != n-1 {
			return 1
		}
	}
	return 2
}

// Convention says in words what a count of the request counts: directed
// solutions, or undirected ones (a solution and its reverse once).
func (s *Search) Convention(undirected bool) string {
	if undirected && !s.Closed && s.Graph.N() < 2 {
		return "undirected Hamiltonian paths (one cell: its one path is its own reverse, so directed = undirected)"
	}
	return ConventionOf(s.Closed, undirected, s.Divisor())
}

// ConventionOf words the counting convention of a leaper count: of closed
// tours or open paths, directed or undirected, with div the Divisor of
// the problem (2 when both directions of every solution are solutions).
func ConventionOf(closed, undirected bool, div uint64) string {
	switch {
	case closed && !undirected:
		return "directed closed tours (each tour counted once per direction)"
	case closed && div == 2:
		return "undirected closed tours (each tour counted once)"
	case closed:
		return "undirected closed tours (the fixed cells allow one direction only, so directed = undirected)"
	case !undirected:
		return "directed Hamiltonian paths (a path and its reverse count as two)"
	case div == 2:
		return "undirected Hamiltonian paths (a path and its reverse count once)"
	}
	return "undirected Hamiltonian paths (the fixed start, end or givens allow one direction only, so directed = undirected)"
}

// Count is a checked count request: the search, the count's flags, and
// what was decided from them. Build it with NewCount; treat it as
// read-only.
type Count struct {
	*Search
	Flags     CountFlags
	Method    string // MethodDFS or MethodDP
	Why       string // why the method: "asked for", or PickMethod's reason
	MaxMemory int64  // the DP process's memory limit, in bytes
	// Shard and Shards are --shard I/N (0 and 1 without it).
	Shard, Shards int
	// PrimeIndex is --prime-index I, -1 without it.
	PrimeIndex int
	order      []int32 // count.BoardOrderSeed of the graph, once computed (then refined: dpOrder)
	refined    bool    // order is count.RefineOrder's
	grid       count.Grid
	isGrid     bool // the graph is a grid graph (count.GridOf): see gridPath
}

// NewCount checks f against the request s once and resolves the method
// (PickMethod for auto) and the memory limit. The count must be bounded
// (s.Timeout) or have a fixed start to search boards of more than
// MaxCountOpen open cells.
func NewCount(s *Search, f CountFlags) (*Count, error) {
	return NewCountContext(context.Background(), s, f)
}

// NewCountContext is NewCount that stops with ctx's error when ctx ends
// while it orders the board for the auto method's choice (seconds on the
// largest boards).
func NewCountContext(ctx context.Context, s *Search, f CountFlags) (*Count, error) {
	if f.PerStart {
		switch {
		case s.Closed:
			return nil, inputf("--per-start counts open paths by first cell; drop --closed")
		case s.Start != nil:
			return nil, inputf("--per-start counts every first cell; drop --start")
		case f.Undirected:
			return nil, inputf("--per-start counts directed paths by first cell; drop --undirected")
		}
	}
	if err := s.ClosedGivensOK(); err != nil {
		return nil, err
	}
	if f.Sharded() && f.PerStart {
		return nil, inputf("--per-start prints one table; it does not combine with --shard, --out, --checkpoint or --units")
	}
	if f.Shard != "" && f.Undirected {
		return nil, inputf("a shard's count is directed (a shard may hold one direction of a path only): drop --undirected and give it to 'count merge'")
	}
	c := &Count{Search: s, Flags: f, Shards: 1, PrimeIndex: -1}
	c.findGrid()
	if f.PrimeRun() {
		if err := c.checkPrimeFlags(f.Method); err != nil {
			return nil, err
		}
		if f.Method == MethodAuto || f.Method == "" {
			f.Method = MethodDP // residues are counted by the dynamic program
		}
	}
	if f.Shared != "" && (f.Method == MethodAuto || f.Method == "") {
		f.Method = MethodDP // --shared shards the dynamic program
	}
	method, err := parseMethod(f.Method, f.Method, MethodAuto, MethodDFS, MethodDP)
	if err != nil {
		return nil, err
	}
	switch method {
	case MethodDFS:
		c.Method, c.Why = MethodDFS, "asked for"
	case MethodDP:
		switch {
		case f.PerStart:
			return nil, inputf("--per-start needs the search: use --method dfs (or auto)")
		case s.Problem.Givens != nil:
			return nil, inputf("the dynamic program does not take givens: use --method dfs (or auto)")
		}
		c.Method, c.Why = MethodDP, "asked for"
	case MethodAuto:
		needs := MethodNeeds{Givens: s.Problem.Givens != nil, PerStart: f.PerStart, Sharded: f.Sharded(), Bounded: s.Timeout > 0}
		if c.isGrid && f.OrderSeed == 0 {
			// The grid sweep needs no annealed order (count.ChooseGrid).
			c.Method, c.Why = PickMethod(count.ChooseGrid(s.Problem, c.grid), needs)
			break
		}
		// Stopped while annealing, the choice takes the order so far: the
		// count then stops at once with the method's usual message.
		if err := c.boardOrder(ctx); c.order == nil {
			return nil, err
		}
		c.Method, c.Why = PickMethod(count.Choose(s.Problem, c.order), needs)
	}
	if f.OrderSeed != 0 && c.Method != MethodDP {
		why := c.Why
		if f.Method == MethodDFS {
			why = "--method dfs"
		}
		return nil, orderSeedRefused(why)
	}
	if c.MaxMemory, _, err = MemoryLimit(f.MaxMemory); err != nil {
		return nil, err
	}
	if open, free := s.Board.Open(), s.FreeCells(); c.Method == MethodDFS && free > MaxCountOpen && !s.StartFixed() && s.Timeout == 0 {
		if free == open {
			return nil, inputf("counting the %s board (%d open cells) without a fixed start would not finish: exact counting is exponential and practical up to about %d cells; use a smaller board, fix --start, or add --timeout 10m to get a lower bound", s.Board.Spec(), open, MaxCountOpen)
		}
		return nil, inputf("counting the %s board (%d open cells) without a fixed start would not finish: its givens leave %d cells free (the numbers before the first given and after the last, and the longest gap between two), and exact counting is practical up to about %d; give more givens or the 1, fix --start, or add --timeout 10m to get a lower bound", s.Board.Spec(), open, free, MaxCountOpen)
	}
	if f.Sharded() {
		if err := c.checkShardFlags(); err != nil {
			return nil, err
		}
	}
	if f.Manifest != "" {
		if err := c.checkManifestFlag(); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// CountResult is the outcome of Count.Run.
type CountResult struct {
	// Directed is the directed count, a lower bound when !Complete.
	Directed *big.Int
	// Count is the count in the request's convention: Directed divided by
	// the Divisor for an undirected count.
	Count      *big.Int
	Convention string
	Complete   bool     // false: stopped early, Count is a lower bound
	PerStart   []uint64 // --per-start: directed counts by vertex (Graph.CellOf)
	// Stats are the search's statistics; for the DP, its elapsed time and
	// one worker. DP holds the dynamic program's own.
	Stats hamilton.Stats
	DP    count.Stats
}

// DPOptions are the run-time options of the dynamic program: its progress
// callback and interval, and for DP shards how often a checkpoint is saved
// (0: at every layer).
type DPOptions struct {
	Progress        func(count.Stats)
	ProgressEvery   time.Duration
	CheckpointEvery time.Duration
}

// Run counts by the request's method: the search with opt (its Progress
// and Workers; opt.Workers and Rank default to the request's), or the
// dynamic program with dp. A search stopped by ctx returns the partial
// count with Complete false and no error; the dynamic program has no
// partial count and returns ctx's error. Counts past 2^64-1 are exact
// from the DP (counted again exactly, count.CountExact); the search past
// 2^64-1, and a DP count past 2^128-1 with shards, spilling or
// checkpoints, return an *IncompleteError wrapping hamilton.ErrOverflow. Refusals of the DP's memory planner and
// files are ErrInput errors naming the fix. Run does not handle shards:
// see Count.PlanShard.
func (c *Count) Run(ctx context.Context, opt hamilton.Options, dp DPOptions) (*CountResult, error) {
	res := &CountResult{Convention: c.Convention(c.Flags.Undirected)}
	var (
		total uint64
		err   error
	)
	switch {
	case c.gridPath():
		res.Directed, res.DP, err = c.countGrid(ctx, dp)
		res.Stats = hamilton.Stats{Elapsed: res.DP.Elapsed, Workers: c.dpWorkers()}
	case c.Method == MethodDP:
		res.Directed, res.DP, err = c.countDP(ctx, dp, count.Options{Workers: c.Workers})
		res.Stats = hamilton.Stats{Elapsed: res.DP.Elapsed, Workers: c.dpWorkers()}
		if errors.Is(err, hamilton.ErrOverflow) {
			return res, &IncompleteError{Msg: "the count exceeds 2^128-1, the widest count of a dynamic program with shards, spilling or checkpoints; it reports no count rather than a wrapped one (count without them for an exact count at any size)", Err: err}
		}
		if err != nil {
			return res, err
		}
	case c.Flags.PerStart:
		res.PerStart, res.Stats, err = hamilton.CountPerStart(ctx, c.Problem, opt)
		for _, n := range res.PerStart {
			total += n // cannot overflow: CountPerStart reports overflow of the total
		}
	default:
		total, res.Stats, err = hamilton.Count(ctx, c.Problem, opt)
	}
	switch {
	case errors.Is(err, hamilton.ErrOverflow):
		return res, &IncompleteError{Msg: "the count exceeds 2^64-1 = 18446744073709551615; the search reports no count rather than a wrapped one: use --method dp, which counts to 2^128", Err: err}
	case err != nil && ctx.Err() == nil:
		return res, err
	}
	if res.Directed == nil {
		res.Directed = new(big.Int).SetUint64(total)
	}
	res.Complete = err == nil
	res.Count = res.Directed
	if c.Flags.Undirected {
		res.Count = new(big.Int).Quo(res.Directed, new(big.Int).SetUint64(c.Divisor()))
	}
	return res, nil
}

// Stopped words a count that ended early after reason ("timed out after
// 2s"): the dynamic program has no partial count; the search's count so
// far (res) is a lower bound.
func (c *Count) Stopped(reason string, res *CountResult) string {
	if c.Method == MethodDP {
		return reason + ": the dynamic program has no partial count (it adds up only at the last step); count with --method dfs for a lower bound"
	}
	return fmt.Sprintf("%s: counted %s so far, a lower bound on the number of %s on %s (the count is incomplete)", reason, c.what(res), res.Convention, c.Board.Spec())
}

// Summary words a complete count in one line: the count and its
// convention, the problem, the method and why it was chosen, the work
// and the time.
func (c *Count) Summary(res *CountResult) string {
	work := fmt.Sprintf("%d nodes", res.Stats.Nodes)
	switch {
	case c.gridPath():
		work = fmt.Sprintf("grid transfer matrix, frontier %d wide, %d states", res.DP.Width, res.DP.PeakStates)
	case c.Method == MethodDP:
		work = "frontier dynamic program"
	}
	return fmt.Sprintf("%s on %s with %s; method %s (%s); %s, %v", format.Counted(c.what(res), res.Convention), c.Board.Spec(), MovesLabel(c.Moves),
		c.Method, c.Why, work, res.Stats.Elapsed.Round(time.Microsecond))
}

// what is the count of res as the summaries name it.
func (c *Count) what(res *CountResult) string {
	if c.Flags.PerStart {
		return "per-start table, total " + res.Count.String()
	}
	return res.Count.String()
}

// orderSeed is the annealing seed of --order-seed N (0: the default).
func orderSeed(n uint64) uint64 {
	if n == 0 {
		return count.DefaultOrderSeed
	}
	return n
}

// orderSeedRefused is the error of --order-seed on a count the search
// makes (why: the method's reason).
func orderSeedRefused(why string) error {
	return inputf("--order-seed sets the dynamic program's vertex order, but this count uses the search (%s); use --method dp or drop --order-seed", why)
}

// boardOrder computes c.order (count.BoardOrderSeed with --order-seed)
// unless it has (a stopped one is kept: the count that uses it stops too).
func (c *Count) boardOrder(ctx context.Context) error {
	if c.order != nil {
		return nil
	}
	o, err := count.BoardOrderSeed(ctx, c.Graph, orderSeed(c.Flags.OrderSeed))
	c.order = o // the best order so far when ctx ended while annealing
	return err
}

// PrepareDP computes the dynamic program's vertex order now (BoardOrderSeed,
// then count.RefineOrder: up to about 20 seconds on 8x8 boards), which Run
// otherwise does before it counts, so that a caller can say what the
// count is doing meanwhile. It does nothing for a count by the search.
func (c *Count) PrepareDP(ctx context.Context) error {
	if c.Method != MethodDP || c.gridPath() {
		return nil
	}
	return c.dpOrder(ctx)
}

// dpOrder refines c.order for the dynamic program once (count.RefineOrder:
// a large count's order is annealed longer; Choose and the search take
// the order as BoardOrderSeed gives it).
func (c *Count) dpOrder(ctx context.Context) error {
	if err := c.boardOrder(ctx); err != nil {
		return err
	}
	if c.refined {
		return nil
	}
	o, err := count.RefineOrder(ctx, c.Graph.Graph, c.order, orderSeed(c.Flags.OrderSeed))
	c.order, c.refined = o, err == nil
	return err
}

// DPTableBytes is the share of the memory limit the DP's state tables
// may use (tableBytes, memory.go).
func (c *Count) DPTableBytes() int64 { return tableBytes(c.MaxMemory) }

// countDP runs the frontier DP with the request's memory, spill and
// prediction settings plus the shard and checkpoint fields of extra. A
// count alone (no shards or checkpoint) is count.CountExact's one pass,
// whose counts widen from 64 to 128 bits and past 2^128 to residues
// modulo primes joined by the Chinese remainder theorem; a sharded or
// checkpointed count that passes 2^64-1 is counted again exactly
// (count.CountExact), so the result is exact at any size.
func (c *Count) countDP(ctx context.Context, dp DPOptions, extra count.Options) (*big.Int, count.Stats, error) {
	opt := extra
	if err := c.dpOrder(ctx); err != nil {
		return nil, count.Stats{}, err
	}
	opt.Order = c.order
	opt.MaxBytes = c.DPTableBytes()
	opt.SpillDir = c.Flags.SpillDir
	if c.Flags.NoPredict {
		opt.ProbeStates = -1
	}
	opt.Progress, opt.ProgressEvery = dp.Progress, dp.ProgressEvery
	var total *big.Int
	if opt.Shards <= 1 && opt.Checkpoint == "" && opt.Exchange == "" {
		// One pass whose counts widen as they grow: 64 bits, 128 bits,
		// then residues modulo the primes the count's bound asks for.
		total, st, err := count.CountExact(ctx, c.Problem, opt)
		return total, st, dpError(err)
	}
	n, st, err := count.Count(ctx, c.Problem, opt)
	if err == nil {
		total = new(big.Int).SetUint64(n)
	} else if errors.Is(err, count.ErrOverflow) && opt.Exchange == "" {
		// Past 2^128 CountExact counts modulo primes in memory: the
		// spill directory is only where the DP may spill, so it goes.
		exact := opt
		if exact.Shards <= 1 && exact.Checkpoint == "" {
			exact.SpillDir = ""
		}
		total, st, err = count.CountExact(ctx, c.Problem, exact)
	} else if errors.Is(err, count.ErrOverflow) {
		// The other cooperative shards go on with 64-bit counts: this
		// one cannot switch alone.
		err = fmt.Errorf("%w; cooperative shards (--shared) count in 64 bits: count this board without --shared (independent shards switch to 128 bits by themselves)", err)
	}
	return total, st, dpError(err)
}

// dpError words the dynamic program's refusals as input errors naming
// the fix; other errors pass unchanged.
func dpError(err error) error {
	var refusal *count.RefusalError
	switch {
	case errors.As(err, &refusal):
		err = inputf("the dynamic program would not fit: %w (the prediction errs large: --no-predict runs until the tables really pass --max-memory)", err)
	case errors.Is(err, count.ErrTooWide):
		err = inputf("%w; count with --method dfs or use a smaller board (no memory limit helps)", err)
	case errors.Is(err, count.ErrMemory):
		err = inputf("%w; raise --max-memory, count with --method dfs, or use a smaller board", err)
	case errors.Is(err, count.ErrDisk) || errors.Is(err, count.ErrExchange) || errors.Is(err, shard.ErrCheckpoint) || errors.Is(err, shard.ErrLocked):
		err = inputf("%w", err)
	}
	return err
}

// dpWorkers is the number of goroutines the dynamic programs run with:
// --workers, or all cores (count.Options.Workers 0).
func (c *Count) dpWorkers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// WriteResult writes res in the request's output format: the bare count
// (or with --per-start the table of counts by first cell, '#' for blocked
// cells) as text, or one JSON object (format.Count) with stats.
func (c *Count) WriteResult(w io.Writer, res *CountResult, stats *format.Stats) error {
	var table [][]*string
	if res.PerStart != nil {
		b := c.Board
		table = make([][]*string, b.Rows)
		for r := range table {
			table[r] = make([]*string, b.Cols)
		}
		for v, cell := range c.Graph.CellOf {
			r, col := b.RowCol(cell)
			s := strconv.FormatUint(res.PerStart[v], 10)
			table[r][col] = &s
		}
	}
	if c.Output.JSON() {
		var moduli []string
		for _, q := range res.DP.Moduli {
			moduli = append(moduli, strconv.FormatUint(q, 10))
		}
		return format.WriteJSON(w, format.Count{Problem: c.Describe("count"), Count: res.Count.String(), Convention: res.Convention,
			Complete: res.Complete, PerStart: table, Stats: stats, Moduli: moduli, BoundBits: res.DP.BoundBits, Bound: res.DP.Bound})
	}
	if table == nil {
		_, err := fmt.Fprintln(w, res.Count)
		return err
	}
	return format.WriteTable(w, table)
}
