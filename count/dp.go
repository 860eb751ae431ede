package count

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/runs"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/base/membudget"
)

// Errors. ErrInvalid and ErrOverflow are hamilton's, so callers test one
// value whichever method counted.
var (
	ErrInvalid  = hamilton.ErrInvalid
	ErrOverflow = hamilton.ErrOverflow
	// ErrTooWide means the frontier does not fit a state key.
	ErrTooWide = errors.New("frontier too wide for the dynamic program")
	// ErrMemory means the state tables would pass Options.MaxStates or
	// Options.MaxBytes.
	ErrMemory = errors.New("state tables over the memory limit")
)

// defaultMaxBytes is the table memory a count may use when
// Options.MaxBytes is 0: the state tables' share of the default memory
// limit, as the command line gives it (package membudget: 60% of three
// quarters of the memory available).
func defaultMaxBytes() int64 { return membudget.Tables(membudget.Default()) }

// Options tune a count. The zero value processes vertices in vertex order
// (row-major on a board graph) with the state tables' share of the
// default memory limit (60% of three quarters of the memory available).
type Options struct {
	// Order is the order in which vertices are processed, a permutation of
	// the vertices; nil means 0, 1, 2, ... BoardOrder gives a good one for
	// a board.
	Order []int32
	// MaxStates limits the number of states in one layer (0: no limit
	// beyond MaxBytes).
	MaxStates int
	// MaxBytes limits the memory of the state tables (0: 60% of three
	// quarters of the memory available, as the command line's default;
	// the grid sweeps take 90% of it for their layers).
	MaxBytes int64
	// ProbeStates is the layer size at which the count predicts the peak
	// of its layers and refuses to go on when the prediction passes
	// MaxBytes (0: DefaultProbeStates; negative: never).
	ProbeStates int
	// Workers is the number of goroutines that expand a layer (0: GOMAXPROCS).
	Workers int
	// Progress, if set, is called from the counting goroutine after a step
	// when ProgressEvery (default 1 s) has passed since the last call, and
	// inside a step that lasts longer, every ProgressEvery but at most once
	// a second, with Stats.InStep set (the share of the step done, its
	// time left; see Stats).
	Progress      func(Stats)
	ProgressEvery time.Duration

	// SpillDir, if set, lets a count whose layers outgrow MaxBytes go on
	// with them in files under this directory instead of failing (see
	// spill.go for the design and its I/O cost); the prediction then does
	// not refuse. A count that fits MaxBytes never writes there.
	SpillDir string

	// Shard and Shards split the count into Shards shards whose results
	// add up to the whole (Shards 0 or 1: no split). Every shard runs the
	// steps up to the split step (Stats.SplitStep, the first whose
	// frontier passes about 1024 x Shards states) alone.
	//
	// With Exchange, a directory every shard can reach, the shards
	// cooperate (exchange.go): shard I owns the states of every later
	// layer whose hash is I mod Shards, and at each step the shards pass
	// the states they emit to their owners through files in Exchange and
	// wait for each other. Every state is expanded once, so the shards'
	// total work is about one count's plus the files' I/O, and each needs
	// memory for its own class only; but all shards must run at the same
	// time, and a restarted shard resumes from the layer files.
	//
	// Without Exchange the shards are independent: each keeps the states
	// of the layer after the split whose hash is Shard mod Shards and goes
	// on with those alone, so they may run at any time, one after the
	// other; but layers after the split overlap between shards, so their
	// total work is several times one count's (5.9x on hopido 7x7 in 8
	// shards, docs/results.md), and each needs up to the memory of the
	// whole count.
	Shard, Shards int
	Exchange      string
	// ExchangeWait bounds how long a cooperative shard waits for the
	// others to finish one layer (0: DefaultExchangeWait).
	ExchangeWait time.Duration
	// ExchangeSync makes cooperative shards sync every layer file before
	// they announce it, so that a machine crash (not only a killed
	// process) loses nothing announced (exchange.go).
	ExchangeSync bool
	// splitPer replaces the 1024 states per shard of the split rule
	// (tests split small boards early).
	splitPer float64
	// quick: cooperative shards poll every 20 ms at most (tests).
	quick bool
	// spillRound (tests): a checkpointed spilled step's rounds are this
	// many buckets instead of spillRoundEvery. killAfter (tests): the
	// count stops with errKilled, leaving its files as a kill -9 would,
	// when it is about to expand its killAfter+1st spilled bucket.
	spillRound, killAfter int
	// foldAlways (tests): a spilled step folds its next layer at the end
	// of every round, not only when the disk is tight (fold.go).
	foldAlways bool
	// noSync (tests): spilled layers and their manifests are not synced
	// (a killed process loses nothing written; a crashed machine could).
	noSync bool
	// stepEachPart (tests): in-step progress is also reported each time a
	// worker has finished a partition or bucket, in step with the workers
	// (partDone), so that a fast machine does not skip it.
	stepEachPart bool
	// wideTables (benchmarks): two-word keys in the tables although the
	// states fit one, packed as the knight's 8x8 (66-bit keys) are.
	wideTables bool
	// slowClosed (tests): closed counts renumber every next state's codes
	// (emitNarrow) instead of building them from words (expandClosed).
	slowClosed bool
	// slowOpen (tests): open counts renumber every next state's codes
	// (emit, emitNarrow) instead of building them from words
	// (expandOpen); wordOpen (tests): they build them from words at any
	// frontier width (see openWordWidth).
	slowOpen, wordOpen bool
	// compactFrom (tests): finished layers of at least this many bytes
	// of tables are compacted (0: compactFrom's default).
	compactFrom int64
	// arith (wide.go, find.go): counts modulo a prime or in float64, and
	// the layers kept for Find; the zero value counts exactly.
	arith arith

	// Checkpoint, if set, is a file the count writes its current layer to
	// at layer boundaries, at most every CheckpointEvery (0: every
	// layer), replacing it atomically; with Resume an existing checkpoint
	// of the same count is read back and the count goes on from there.
	// CheckpointKey is mixed into the count's name in the file (for
	// example the code version): a checkpoint of another count is refused.
	Checkpoint      string
	CheckpointEvery time.Duration
	CheckpointKey   string
	Resume          bool
}

// Stats describe a count, readable after it returns.
type Stats struct {
	Plan
	Step, Steps int           // steps done (one per vertex) and in all
	States      int           // states in the current layer
	PeakStates  int           // the largest layer
	PeakBytes   int64         // the largest memory of the state tables (both layers)
	Transitions uint64        // state transitions tried
	Elapsed     time.Duration // wall time
	// Predicted is the prediction made when a layer first reached
	// Options.ProbeStates; when none did, the finished count's exact peak
	// (Predicted.Exact).
	Predicted Prediction
	// Fingerprint names the count's plan (graph, order, problem, shards):
	// shards of one count share it. SplitStep is the step after which a
	// sharded count keeps its shard's states (see Options.Shard).
	Fingerprint string
	SplitStep   int
	// Spilled says the layers went to disk (Options.SpillDir); SpillBytes
	// is the most the spill files held at once. Checkpoints counts the
	// layer checkpoints written; ResumedAt is the step a resumed count
	// started from (0: from the beginning).
	Spilled    bool
	SpillBytes int64
	// SpillWritten and SpillRecords are the bytes and records written to
	// spill bucket files in all (compact runs: their ratio is the bytes
	// a record takes on disk).
	SpillWritten, SpillRecords int64
	// Folds counts the bucket files folded because the disk was tight
	// (fold.go).
	Folds int
	// States and PeakStates count a spilled layer's records before their
	// counts are summed (an upper bound). A spilled step that reads a
	// whole layer in one process sums it exactly: LayerSummed is the
	// number of states of the last layer so read and LayerSummedStep the
	// step that made it (0: none yet, or only layers of a step resumed
	// midway); PeakSummed and PeakSummedStep are the largest of them.
	LayerSummed, LayerSummedStep int
	PeakSummed, PeakSummedStep   int
	Checkpoints                  int
	ResumedAt                    int
	// Layers holds the states of every layer made in this run, in step
	// order (Layers[0] is the layer after step ResumedAt+1): exact for a
	// layer in memory, the records (an upper bound) for a spilled one. The
	// same order and problem give the same layers, so their list is a
	// checksum of a count's work (a results manifest records it); another
	// order gives other layers.
	Layers []int
	// Cooperative shards (Options.Exchange): ExchangeBytes is what this
	// shard wrote to the shared directory in all, Waited the time it
	// spent waiting for the others; while it waits, Progress is called
	// with Waiting (the shards that have not finished layer WaitLayer)
	// set, and nil otherwise. States and PeakStates count this shard's
	// own class.
	ExchangeBytes int64
	Waited        time.Duration
	Waiting       []int
	WaitLayer     int
	// In-step progress: while a step runs longer than ProgressEvery (and
	// at least stepTick, a second), Progress is also called from inside
	// it with InStep set, Step still the steps finished, and these
	// fields: StepShare is the share of the running step (step Step+1)
	// done, by states expanded (a step in memory) or by bytes of the
	// spilled layer's files expanded (buckets done before a resume
	// included); StepLeft the time the step is predicted to take still,
	// at this call's pace since StepElapsed ago, when it started (0 before
	// any part is done); StepParts and StepPartsDone the partitions (in
	// memory) or buckets (spilled) of the layer and those expanded;
	// StepRead the bytes of the spilled layer's files read, StepExpanded
	// the states expanded and StepEmitted the records written to the next
	// layer's files (spilled steps: an upper bound on its states) by this
	// call so far. Outside a step, InStep is false and these are zero.
	InStep                   bool
	StepShare                float64
	StepLeft, StepElapsed    time.Duration
	StepParts, StepPartsDone int
	StepRead, StepExpanded   int64
	StepEmitted              int64
	// StatesDone is the number of states of the layers built so far by
	// this call (a resumed count starts from its checkpoint's layer): with
	// Elapsed it gives the time per state, and the steps left times States
	// an estimate of the work left.
	StatesDone uint64
	// Moduli are the primes a modular count (CountGrid) was made modulo,
	// and BoundBits the bits of the proven bound on the count that set
	// their number: their product passes 2^BoundBits.
	Moduli    []uint64
	BoundBits int
	// Bound names the theorem of that bound (CountBound's names), where
	// a count widened to residues (CountExact) says it.
	Bound string
	// residues are the count modulo Moduli, in [0, q), when CountExact's
	// count widened to residues (widen).
	residues []uint64
}

// check validates p and returns the vertices that must be path ends.
func check(p *hamilton.Problem) ([]int32, error) {
	if p.G == nil || p.G.N() == 0 {
		return nil, fmt.Errorf("%w: the graph has no vertices", ErrInvalid)
	}
	if err := p.CheckEnds(); err != nil {
		return nil, err
	}
	start, end := p.Ends()
	if p.Givens != nil {
		return nil, fmt.Errorf("%w: the dynamic program does not take givens; count with the search instead", ErrInvalid)
	}
	if p.Closed {
		return nil, nil
	}
	var req []int32
	if start >= 0 {
		req = append(req, start)
	}
	if end >= 0 && end != start {
		req = append(req, end)
	}
	return req, nil
}

// Count returns the number of Hamiltonian paths or cycles p asks for, in
// hamilton's convention: directed open paths (a path and its reverse are
// two; on one vertex there is one path), closed tours as directed cycles up
// to rotation (each undirected cycle twice), paths with a given start or
// end counted once per path that has it. Givens and Symmetries are not
// used (Givens are refused).
//
// It is the frontier ("transfer-matrix", "plug") dynamic program: vertices
// are processed in opt.Order; a state records, for each processed vertex
// that still has an unprocessed neighbour, its degree in the partial
// solution and which pairs of such vertices are the two ends of one partial
// path, plus how many free path ends have been fixed. Processing a vertex
// chooses which of its edges to processed vertices are in the solution
// (none, one or two); a vertex leaves the frontier with degree 2, or 1 when
// it is a path end (the given start and end must be; at most two in all);
// an edge joining the ends of one partial path is refused unless it closes
// the whole tour at the last vertex. A state is dropped as soon as it
// cannot be completed by these necessary conditions: a frontier vertex
// that cannot reach degree 2 from its unprocessed neighbours must be a
// path end, and so must an unprocessed vertex with fewer than two
// neighbours (unprocessed, or on the frontier and able to take an edge)
// left, and no more ends may be needed than remain allowed; the partial
// paths and empty frontier vertices can only be joined through unprocessed
// vertices, one at least between two of them; and the frontier's missing
// degree, less the free ends left, cannot exceed what its unprocessed
// neighbours can give (two edges each). Counts add along transitions in
// uint64; a sum above 2^64-1 returns ErrOverflow.
// This is the transfer-matrix method used for Hamiltonian walks and chains
// on grids (J. L. Jacobsen, J. Phys. A 40, 2007) and the frontier-based
// search of Knuth's SIMPATH, generalised to any graph and vertex order: the
// "plug" of a vertex is its code (empty, full, tail or pair label, see
// codeEmpty), and tails stand for partial paths already anchored at one of
// the two ends of an open path.
//
// Time is O(n * S * d^2) and memory O(S) for S states in the largest
// layer and d the largest degree; S grows exponentially with the frontier
// width (about 3 times per vertex), not with n, so the order matters most:
// BoardOrder anneals one (OptimizeOrder). Layers are hash tables split
// into partitions and expanded by opt.Workers goroutines. When a layer
// first reaches opt.ProbeStates the count predicts its peak (Predict) and
// refuses with a *RefusalError (ErrMemory) if the prediction passes
// opt.MaxBytes; a layer that passes opt.MaxStates or opt.MaxBytes anyway
// stops the count with ErrMemory naming the step and sizes. On
// cancellation it returns 0 and ctx.Err(): no partial count exists.
func Count(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	lo, hi, st, err := countWith(ctx, p, opt, false, false, false)
	if err == nil && hi != 0 {
		return 0, st, fmt.Errorf("%w: the count is %v, over 2^64-1; use CountBig", ErrOverflow, toBig(lo, hi))
	}
	return lo, st, err
}

// CountBig is Count with 128-bit counts for every state (8 more bytes per
// state), for counts that pass 2^64-1: it returns ErrOverflow only past
// 2^128-1 (Count detects its overflow and says to use CountBig).
func CountBig(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	lo, hi, st, err := countWith(ctx, p, opt, false, false, true)
	if err != nil {
		return nil, st, err
	}
	return toBig(lo, hi), st, nil
}

// toBig returns hi*2^64 + lo.
func toBig(lo, hi uint64) *big.Int {
	x := new(big.Int).SetUint64(hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(lo))
}

// countWith is Count; forceWide keeps 128-bit states even when they would
// fit 64 bits (tests run both table kinds on the oracle table).
// With estimateOnly it stops after the prediction.
// With wideCount every state's count has two words. It returns the count
// as hi*2^64 + lo.
func countWith(ctx context.Context, p hamilton.Problem, opt Options, forceWide, estimateOnly, wideCount bool) (lo, hi uint64, st Stats, err error) {
	t0 := time.Now()
	req, err := check(&p)
	if err != nil {
		return 0, 0, Stats{}, err
	}
	n := p.G.N()
	if start, end := p.Ends(); start >= 0 && start == end && n > 1 {
		return 0, 0, Stats{Steps: n}, nil // one vertex cannot be both ends of a longer path
	}
	if n == 1 {
		if p.Closed || opt.Shards > 1 && opt.Shard != 0 {
			return 0, 0, Stats{Steps: 1}, nil
		}
		return 1, 0, Stats{Steps: 1, Step: 1}, nil
	}
	if p.Closed && n < 3 {
		return 0, 0, Stats{Steps: n}, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, Stats{}, err
	}
	pl, err := newPlan(ctx, p.G, opt.Order, req, !p.Closed && len(req) < 2)
	if err != nil {
		return 0, 0, Stats{}, err
	}
	r := &dp{plan: pl, closed: p.Closed, freeEnds: uint8(2 - len(req)), opt: opt, forceWide: forceWide, estimateOnly: estimateOnly, wideCount: wideCount, workers: opt.Workers}
	if r.workers <= 0 {
		r.workers = runtime.GOMAXPROCS(0)
	}
	if opt.arith.auto {
		r.bound = func() Bound { return CountBound(p, nil) }
	}
	r.double = p.Closed || len(req) == 0
	r.st.Plan = pl.public()
	r.st.Steps = n
	if r.opt.MaxBytes == 0 {
		r.opt.MaxBytes = defaultMaxBytes()
	}
	if r.opt.ProgressEvery == 0 {
		r.opt.ProgressEvery = time.Second
	}
	r.t0 = t0
	if opt.stepEachPart && opt.Progress != nil {
		r.partTick = make(chan chan struct{})
	}
	if opt.Shards < 0 || opt.Shards > 1<<24 || (opt.Shards > 1 && (opt.Shard < 0 || opt.Shard >= opt.Shards)) {
		return 0, 0, Stats{}, fmt.Errorf("%w: shard %d of %d: shards are numbered 0..N-1", ErrInvalid, opt.Shard, opt.Shards)
	}
	r.shard, r.shards = opt.Shard, max(opt.Shards, 1)
	r.splitStep = r.chooseSplit()
	r.st.SplitStep = r.splitStep + 1
	r.st.Fingerprint = r.fingerprint(p)
	if opt.SpillDir != "" {
		if fi, err := os.Stat(opt.SpillDir); err != nil || !fi.IsDir() {
			return 0, 0, Stats{}, fmt.Errorf("%w: the spill directory %s does not exist; create it or choose another (--tmp)", ErrDisk, opt.SpillDir)
		}
		r.spillDir = opt.SpillDir
	}
	if opt.Exchange != "" && r.shards > 1 && !estimateOnly {
		if opt.Checkpoint != "" {
			return 0, 0, Stats{}, fmt.Errorf("%w: cooperative shards checkpoint through their layer files: give no checkpoint file", ErrInvalid)
		}
		x, err := r.openExchange(opt.Exchange, r.st.Fingerprint+"-"+opt.CheckpointKey, opt.ExchangeWait)
		if err != nil {
			return 0, 0, Stats{}, err
		}
		r.x = x
		defer x.close()
	}
	if opt.Checkpoint != "" && !estimateOnly {
		if err := r.openCheckpoint(opt.Checkpoint, fmt.Sprintf("%s-%d-%s", r.st.Fingerprint, r.shard, opt.CheckpointKey), opt.CheckpointEvery, opt.Resume); err != nil {
			return 0, 0, Stats{}, err
		}
		defer r.ck.close()
	}
	lo, hi, err = r.run(ctx)
	r.st.Elapsed = time.Since(t0)
	if err == errStopped {
		return 0, 0, r.st, nil
	}
	if err != nil {
		return 0, 0, r.st, err
	}
	if r.mem.float && !p.Closed && len(req) != 0 {
		hi = uint64(r.floatExp)
	}
	if r.mem.mods != nil {
		// Counted as residues (widen): each is doubled below its prime.
		res := r.residues
		for m, q := range r.mem.mods {
			if r.double {
				if res[m] += res[m]; res[m] >= q {
					res[m] -= q
				}
			}
		}
		r.st.residues = res
		return 0, 0, r.st, nil
	}
	if p.Closed || len(req) == 0 {
		// Each undirected solution is two directed ones.
		if opt.arith.mod != 0 || opt.arith.float {
			return r.mem.addInexact(lo, lo), uint64(r.floatExp), r.st, nil
		}
		if hi>>63 != 0 {
			return 0, 0, r.st, fmt.Errorf("%w: over 2^127 undirected solutions", ErrOverflow)
		}
		hi, lo = hi<<1|lo>>63, lo<<1
	}
	return lo, hi, r.st, nil
}

// key is one frontier state packed into 128 bits: the number of free path
// ends already fixed in the low two bits of lo, then one code per frontier
// vertex, bitsPer bits each, in frontier order. States of at most 64 bits
// are stored with lo alone.
type key struct{ lo, hi uint64 }

type dp struct {
	*plan
	closed    bool
	freeEnds  uint8 // path ends that are not required
	opt       Options
	st        Stats
	mem       *store
	i         int // the step being processed
	workers   int
	forceWide bool
	// estimateOnly stops the count once Stats.Predicted is made.
	estimateOnly bool
	wideCount    bool // two words per count
	t0           time.Time
	prof         []int // states after each step
	narrowKey    bool  // states fit 64 bits: hi is always 0
	swarEmit     bool  // emit packs with emitNarrow (see run)
	wordClosed   bool  // expand builds closed states from words (expandClosed)
	wordOpen     bool  // expand builds open states from words (expandOpen)
	// shard, shards: this count keeps only the states of layer
	// splitStep+1 whose hash is shard mod shards (Options.Shard);
	// filterStep is true while step splitStep runs.
	shard, shards, splitStep int
	filterStep               bool
	spillDir                 string        // Options.SpillDir
	spillRoot                string        // the run's own directory inside it, once made
	ck                       *dpCheckpoint // Options.Checkpoint, once opened
	finished                 bool          // the count is done: its checkpoint's spill files may go
	killCount                atomic.Int64  // buckets started (the test hook Options.killAfter)
	spillW, spillR           atomic.Int64  // Stats.SpillWritten, SpillRecords
	x                        *exchange     // Options.Exchange, once opened
	// foldBefore and foldAfter are the bytes of the buckets folded,
	// before and after (fold.go: the shrink expected of the next folds).
	foldBefore, foldAfter int64
	// prevRecs is the records of the layer the last spilled step read
	// (stepDisk: the growth of records, not of summed states).
	prevRecs int64
	// stateShare is the states of the last spilled layer read whole per
	// record of its files (0: none read yet); loadBucket sizes a bucket's
	// table by it.
	stateShare float64
	// floatExp: float64 counts (wide.go) are stored divided by
	// 2^floatExp (rescale).
	floatExp int
	// sink, with filterStep set, takes every state emitted instead of
	// the next layer (Find's walk back, find.go).
	sink func(key)
	// bound returns the count's proven bound (set for arith.auto: widen
	// asks it for the number of primes); double: the count of the last
	// layer is doubled (each undirected solution is two directed ones);
	// residues: the last layer's sum modulo mem.mods (widen).
	bound    func() Bound
	double   bool
	residues []uint64
	// partTick carries partDone's requests to waitStep (nil unless
	// Options.stepEachPart with a Progress callback).
	partTick chan chan struct{}
}

// worker expands states of the current layer into the next one.
type worker struct {
	*dp
	next     *layer
	buf      []uint64            // per partition of next: bufRecs records
	sc       runs.Scratch        // sorts and encodes runs of spilled records
	fill     []int32             // words used in each partition's buffer
	cnt      uint64              // the count of the state being expanded (low word)
	cntHi    uint64              // its high word (128-bit counts), or its second residue
	cntMore  [maxMods - 2]uint64 // its third residue and on (store.mods)
	trans    uint64
	overflow bool
	ownOnly  bool      // expand only this shard's states (cooperative split step)
	full     bool      // an insert passed the memory limit
	out      *spillSet // bucket files the next layer goes to (spilled steps)
	raw      []byte    // a block of a cooperative shard's layer file (reused)
	ioErr    error     // writing out failed
	open     openState // expandOpen's view of the state it expands
}

// bufRecs is the number of records a worker batches per partition.
const bufRecs = 64

// partBits returns how many partition bits a layer expected to hold about
// n states gets: partitions of at most about 2^15 states.
func partBits(n int) uint {
	b := uint(0)
	for b < 12 && n>>(15+b) > 0 {
		b++
	}
	return b
}

// shardSalt makes the hash that deals states to shards independent of the
// one that places them in partitions and buckets.
const shardSalt = 0xa0761d6478bd642f

// chooseSplit returns the step whose emitted states are dealt to shards:
// the first whose input frontier is wide enough that 3^width passes 1024
// states per shard (a plan-only rule, so every shard picks the same step
// whatever its memory); -1 without shards.
func (r *dp) chooseSplit() int {
	if r.shards <= 1 {
		return -1
	}
	per := 1024.0
	if r.opt.splitPer > 0 {
		per = r.opt.splitPer
	}
	want := per * float64(r.shards)
	for i := 1; i < len(r.steps); i++ {
		if math.Pow(orderCostBase, float64(len(r.steps[i-1].kept))) >= want {
			return i
		}
	}
	return len(r.steps) - 1
}

// putGraph feeds g to a hash through put: its size, then each vertex's
// degree and neighbours.
func putGraph(put func(int64), g *graph.Graph) {
	put(int64(g.N()))
	for v := range int32(g.N()) {
		put(int64(len(g.Neighbors(v))))
		for _, w := range g.Neighbors(v) {
			put(int64(w))
		}
	}
}

// fingerprint hashes what decides the count's layers: the graph, the
// order, open or closed, the required ends, the number of shards and the
// layout of the records (not which shard: shards of one count share it).
func (r *dp) fingerprint(p hamilton.Problem) string {
	h := sha256.New()
	var b []byte
	put := func(x int64) { b = binary.LittleEndian.AppendUint64(b[:0], uint64(x)); h.Write(b) }
	putGraph(put, p.G)
	for _, st := range r.steps {
		put(int64(st.v))
	}
	s, e := p.Ends()
	put(int64(s))
	put(int64(e))
	put(int64(b2i(p.Closed)))
	put(int64(r.shards))
	if r.shards > 1 && r.opt.Exchange != "" {
		put(-1) // cooperative shards own other states than independent ones
	}
	put(int64(b2i(r.forceWide)))
	put(int64(b2i(r.wideCount)))
	if r.opt.wideTables {
		put(-2) // benchmarks only: another record layout
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// errStopped ends a Predict probe.
var errStopped = errors.New("stopped after the prediction")

func (r *dp) probeStates() int {
	if r.opt.ProbeStates == 0 {
		return DefaultProbeStates
	}
	return r.opt.ProbeStates
}
