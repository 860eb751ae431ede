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
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
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

// DefaultMaxBytes is the table memory a count may use when
// Options.MaxBytes is 0.
const DefaultMaxBytes = 4 << 30

// Options tune a count. The zero value processes vertices in vertex order
// (row-major on a board graph) with at most DefaultMaxBytes of tables.
type Options struct {
	// Order is the order in which vertices are processed, a permutation of
	// the vertices; nil means 0, 1, 2, ... BoardOrder gives a good one for
	// a board.
	Order []int32
	// MaxStates limits the number of states in one layer (0: no limit
	// beyond MaxBytes).
	MaxStates int
	// MaxBytes limits the memory of the state tables (0: DefaultMaxBytes).
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
	if p.Closed && end >= 0 {
		return nil, fmt.Errorf("%w: a closed tour has no end; give only a start", ErrInvalid)
	}
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
	r.st.Plan = pl.public()
	r.st.Steps = n
	if r.opt.MaxBytes == 0 {
		r.opt.MaxBytes = DefaultMaxBytes
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
			return 0, 0, Stats{}, fmt.Errorf("%w: cooperative shards (Options.Exchange) checkpoint through their layer files; drop Options.Checkpoint", ErrInvalid)
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
	// floatExp: float64 counts (wide.go) are stored divided by
	// 2^floatExp (rescale).
	floatExp int
	// sink, with filterStep set, takes every state emitted instead of
	// the next layer (Find's walk back, find.go).
	sink func(key)
	// partTick carries partDone's requests to waitStep (nil unless
	// Options.stepEachPart with a Progress callback).
	partTick chan chan struct{}
}

// worker expands states of the current layer into the next one.
type worker struct {
	*dp
	next     *layer
	buf      []uint64   // per partition of next: bufRecs records
	sc       runScratch // sorts and encodes runs of spilled records
	fill     []int32    // words used in each partition's buffer
	cnt      uint64     // the count of the state being expanded (low word)
	cntHi    uint64     // its high word (128-bit counts)
	trans    uint64
	overflow bool
	ownOnly  bool      // expand only this shard's states (cooperative split step)
	full     bool      // an insert passed the memory limit
	out      *spillSet // bucket files the next layer goes to (spilled steps)
	raw      []byte    // a block of a cooperative shard's layer file (reused)
	ioErr    error     // writing out failed
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

// run returns the count as a 128-bit number (hi, lo); with one count word
// per state hi is 0 (an overflow of a state's count is an error). Each
// step turns the current layer into the next one, in memory (stepMemory)
// or, once the layers outgrow Options.MaxBytes and Options.SpillDir is
// set, through bucket files on disk (stepSpill; see spill.go).
func (r *dp) run(ctx context.Context) (lo, hi uint64, err error) {
	kw, cw := 1, 1
	if r.keyBits() > 64 || r.forceWide || r.opt.wideTables {
		kw = 2
	}
	if r.wideCount {
		cw = 2
	}
	r.narrowKey = r.keyBits() <= 64
	// States whose codes fit one word are packed and pruned with masks
	// (emitNarrow), keys of up to 66 bits included; forceWide (tests)
	// packs with emitWide, the path of wider codes, so that the oracle
	// tests cover it.
	r.swarEmit = r.codeSWAR && !r.forceWide
	r.mem = newStore(kw, cw, r.opt.MaxBytes)
	r.mem.mod, r.mem.float = r.opt.arith.mod, r.opt.arith.float
	if k := r.opt.arith.keep; k != nil {
		k.r = r
	}
	defer r.mem.release()
	defer r.removeSpill()
	ws := make([]*worker, r.workers)
	for i := range ws {
		ws[i] = &worker{dp: r}
	}
	if r.x != nil {
		lo, hi, err = r.runExchange(ctx, ws)
		r.st.ExchangeBytes = r.x.bytes
		return lo, hi, err
	}
	start := 0
	var cur *layer
	var disk, partial *spillSet // a resumed step's partial next layer
	if r.ck != nil {
		if start, cur, disk, partial, err = r.resume(ws[0]); err != nil {
			return 0, 0, err
		}
		// Progress inside the first step names the resumed layer, not an
		// empty one before step 1.
		r.st.Step = start
		switch {
		case cur != nil:
			r.st.States = cur.states()
		case disk != nil:
			r.st.States = int(disk.records()) // not yet summed: an upper bound
		}
		r.st.PeakStates = max(r.st.PeakStates, r.st.States)
	}
	if start == 0 {
		var ok bool
		if cur, ok = r.mem.newLayer(0, 1); !ok {
			return 0, 0, r.memoryError()
		}
		// One state: the empty frontier with no ends fixed.
		cur.parts[0].a[kw] = 1 // count 1 (low word)
		if r.mem.float {
			cur.parts[0].a[kw] = math.Float64bits(1)
		}
		cur.parts[0].n = 1
	}
	lastReport := time.Now()
	for i := start; i < len(r.steps); i++ {
		r.i = i
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		r.filterStep = r.shards > 1 && i == r.splitStep
		if partial != nil {
			// A resumed step goes on on disk.
		} else if cur != nil && r.spillDir != "" && r.shouldSpill(cur) {
			if disk, err = r.dump(cur, ws[0]); err != nil {
				return 0, 0, err
			}
			cur = nil
		} else if disk != nil && r.shouldLoad(disk) {
			if cur, err = r.loadAll(disk); err != nil {
				return 0, 0, err
			}
			if r.ck != nil && i > 0 {
				// The checkpoint names disk's files: replace it first.
				if err := r.saveCheckpoint(i, cur); err != nil {
					return 0, 0, err
				}
			}
			disk.remove()
			disk = nil
		}
		if cur != nil {
			next, err := r.stepMemory(ctx, i, cur, ws)
			if errors.Is(err, errFull) && r.spillDir != "" {
				// The next layer outgrew the limit: redo the step on disk.
				if disk, err = r.dump(cur, ws[0]); err != nil {
					return 0, 0, err
				}
				cur = nil
			} else if err != nil {
				return 0, 0, err
			} else {
				r.mem.recycle(cur)
				cur = next
				if r.mem.float {
					r.rescale(cur)
				}
				if k := r.opt.arith.keep; k != nil {
					if err := k.add(r, cur); err != nil {
						return 0, 0, err
					}
				}
			}
		}
		if cur == nil {
			disk, err = r.stepSpill(ctx, i, disk, partial, ws)
			partial = nil
			if err != nil {
				return 0, 0, err
			}
		}
		states := 0
		if cur != nil {
			states = cur.states()
		} else {
			states = int(disk.records()) // not yet summed: an upper bound
		}
		r.st.Step, r.st.States = i+1, states
		r.st.PeakStates = max(r.st.PeakStates, states)
		r.st.PeakBytes = atomic.LoadInt64(&r.mem.peak)
		r.st.SpillWritten, r.st.SpillRecords = r.spillW.Load(), r.spillR.Load()
		if r.opt.MaxStates > 0 && states > r.opt.MaxStates {
			return 0, 0, r.memoryError()
		}
		r.prof = append(r.prof, states)
		r.st.StatesDone += uint64(states)
		if r.st.Predicted.ProbeSteps == 0 && r.opt.ProbeStates >= 0 && states >= r.probeStates() && start == 0 && disk == nil {
			r.st.Predicted = r.predict(r.prof)
			if !r.estimateOnly && r.spillDir == "" && !r.st.Predicted.Exact && r.st.Predicted.Bytes > float64(r.opt.MaxBytes) {
				return 0, 0, r.refusal(r.st.Predicted)
			}
			if r.estimateOnly {
				return 0, 0, errStopped
			}
		}
		if r.ck != nil && cur != nil && i+1 < len(r.steps) && time.Since(r.ck.last) >= r.ck.every {
			// (A spilled layer's checkpoint is its manifest, written by
			// stepSpill.)
			if err := r.saveCheckpoint(i+1, cur); err != nil {
				return 0, 0, err
			}
		}
		if r.opt.Progress != nil && time.Since(lastReport) >= r.opt.ProgressEvery {
			lastReport = time.Now()
			r.st.Elapsed = time.Since(r.t0)
			r.opt.Progress(r.st)
		}
	}
	if cur == nil {
		lo, hi, err = disk.sum(r)
		disk.remove()
		if err != nil {
			return 0, 0, err
		}
	} else if r.mem.mod != 0 || r.mem.float {
		lo = r.sumInexact(cur)
	} else {
		for pi := range cur.parts {
			var err error
			if lo, hi, err = r.addCounts(lo, hi, cur.parts[pi].a); err != nil {
				return 0, 0, err
			}
		}
	}
	if r.st.Predicted.ProbeSteps == 0 && start == 0 {
		r.st.Predicted = r.predict(r.prof) // exact: the count is done
	}
	r.finished = true
	if r.ck != nil && r.ck.manifest {
		os.Remove(r.ck.path) // it names spill files that go now
	}
	return lo, hi, nil
}

// stepTick is the least time between two in-step progress calls
// (Stats.InStep), whatever Options.ProgressEvery says.
const stepTick = time.Second

// waitStep waits for the workers of a step (wg). Meanwhile, with a
// Progress callback, it calls it every ProgressEvery (at least stepTick)
// from this goroutine with the in-step fields of Stats, which fill sets
// from the workers' counters (atomics); start is when the step began.
func (r *dp) waitStep(wg *sync.WaitGroup, start time.Time, fill func(*Stats)) {
	if r.opt.Progress == nil {
		wg.Wait()
		return
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	report := func() {
		s := r.st
		s.InStep = true
		s.Elapsed = time.Since(r.t0)
		s.StepElapsed = time.Since(start)
		fill(&s)
		s.StepShare = min(max(s.StepShare, 0), 1)
		r.opt.Progress(s)
	}
	t := time.NewTicker(max(r.opt.ProgressEvery, stepTick))
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			report()
		case ack := <-r.partTick:
			report()
			close(ack)
		}
	}
}

// partDone is called by a worker that has finished a partition or
// bucket. With Options.stepEachPart (tests) and a Progress callback, it
// has waitStep report the step's progress now and waits until it has; it
// does nothing otherwise.
func (r *dp) partDone() {
	if r.partTick == nil {
		return
	}
	ack := make(chan struct{})
	r.partTick <- ack
	<-ack
}

// stepLeft predicts the time a step still takes when a share of it is
// done, before0 of it before this call began (a resumed step), after
// elapsed of this call: 0 when nothing is done yet.
func stepLeft(elapsed time.Duration, share, before0 float64) time.Duration {
	now := share - before0
	if now <= 0 || elapsed <= 0 || share >= 1 {
		return 0
	}
	left := elapsed.Seconds() * (1 - share) / now
	return time.Duration(min(left, 1e9) * float64(time.Second))
}

// errFull is stepMemory's answer when the next layer would pass the memory
// limit.
var errFull = errors.New("layer over the memory limit")

// stepMemory expands layer cur by step i into a new layer in memory.
func (r *dp) stepMemory(ctx context.Context, i int, cur *layer, ws []*worker) (*layer, error) {
	curN := cur.states()
	// The next layer starts sized for as many states as this one.
	next, ok := r.mem.newLayer(partBits(3*curN), curN)
	if !ok {
		if r.spillDir == "" {
			return nil, r.memoryError()
		}
		return nil, errFull
	}
	r.mem.release() // what the new layer did not reuse
	nw := 1
	if curN >= 1<<14 {
		nw = r.workers
	}
	var idx atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	var ctxErr error
	var once sync.Once
	var partsDone, expanded atomic.Int64
	stepStart := time.Now()
	for _, w := range ws[:nw] {
		w.start(next, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				pi := int(idx.Add(1) - 1)
				if pi >= len(cur.parts) {
					break
				}
				if !w.expandPart(&r.steps[i], &cur.parts[pi]) {
					stop.Store(true)
					break
				}
				expanded.Add(int64(cur.parts[pi].n))
				partsDone.Add(1)
				r.partDone()
				if err := ctx.Err(); err != nil {
					once.Do(func() { ctxErr = err })
					stop.Store(true)
				}
			}
			w.flushAll()
			if w.full || w.overflow {
				stop.Store(true)
			}
		}()
	}
	r.waitStep(&wg, stepStart, func(s *Stats) {
		s.StepParts, s.StepPartsDone = len(cur.parts), int(partsDone.Load())
		s.StepExpanded = expanded.Load()
		s.StepShare = float64(s.StepExpanded) / float64(max(curN, 1))
		s.StepLeft = stepLeft(s.StepElapsed, s.StepShare, 0)
	})
	if err := r.collect(ws[:nw]); err != nil {
		if errors.Is(err, errFull) {
			r.mem.recycle(next)
		}
		return nil, err
	}
	if ctxErr != nil {
		return nil, ctxErr
	}
	return next, nil
}

// expandPart expands every state of partition p; false when the worker
// must stop (memory, overflow, a write error).
func (w *worker) expandPart(st *step, p *part) bool {
	a := p.a
	sd, kw, cw := w.mem.stride, w.mem.kw, w.mem.cw
	for j := 0; j < len(a); j += sd {
		c, cHi := a[j+kw], uint64(0)
		if cw == 2 {
			cHi = a[j+kw+1]
		}
		if c == 0 && cHi == 0 {
			continue
		}
		w.cnt, w.cntHi = c, cHi
		k := key{lo: a[j]}
		if kw == 2 {
			k.hi = a[j+1]
		}
		if w.ownOnly && w.shardOf(k) != w.shard {
			continue // another shard expands it (Options.Exchange)
		}
		w.expand(st, k)
		if w.full || w.overflow || w.ioErr != nil {
			return false
		}
	}
	return true
}

// collect gathers the workers' transitions and failures after a step.
func (r *dp) collect(ws []*worker) error {
	var err error
	for _, w := range ws {
		r.st.Transitions += w.trans
		w.trans = 0
		switch {
		case err != nil:
		case w.ioErr != nil:
			err = w.ioErr
		case w.full:
			err = errFull
		case w.overflow:
			err = fmt.Errorf("%w: a state's count passed 2^64-1 at step %d of %d (CountBig counts in 128 bits)", ErrOverflow, r.i+1, len(r.steps))
		}
		w.full, w.overflow, w.ioErr = false, false, nil
	}
	if errors.Is(err, errFull) && r.spillDir == "" {
		return r.memoryError()
	}
	return err
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

// start prepares w to fill layer next: its tables, or, when out is not
// nil, out's bucket files (next then only partitions the keys).
func (w *worker) start(next *layer, out *spillSet) {
	w.next, w.out = next, out
	n := len(next.parts) * bufRecs * w.mem.stride
	if cap(w.buf) < n {
		w.buf = make([]uint64, n)
		w.fill = make([]int32, len(next.parts))
	}
	w.buf = w.buf[:n]
	w.fill = w.fill[:len(next.parts)]
	clear(w.fill)
}

// add adds the count being expanded (w.cnt) to state k of the next layer.
func (w *worker) add(k key) {
	if w.full {
		return
	}
	if w.filterStep {
		if w.sink != nil {
			w.sink(k) // Find's walk back (find.go)
			return
		}
		if w.shardOf(k) != w.shard {
			return // another shard's state (Options.Shard)
		}
	}
	var p int
	if w.out != nil && w.out.route {
		p = w.shardOf(k) // its owner's file (Options.Exchange)
	} else {
		p = w.next.partOf(hashKey(k.lo, k.hi))
	}
	sd, kw := w.mem.stride, w.mem.kw
	base := p * bufRecs * sd
	f := int(w.fill[p])
	b := w.buf[base+f:]
	b[0] = k.lo
	if kw == 2 {
		b[1] = k.hi
	}
	b[kw] = w.cnt
	if w.mem.cw == 2 {
		b[kw+1] = w.cntHi
	}
	f += sd
	if f == bufRecs*sd {
		w.flush(p, f)
		f = 0
	}
	w.fill[p] = int32(f)
}

func (w *worker) flush(p, f int) {
	base := p * bufRecs * w.mem.stride
	if w.out != nil {
		if err := w.out.write(p, w.buf[base:base+f], &w.sc); err != nil {
			w.ioErr = err
			w.full = true
		}
		return
	}
	ov, ok := w.mem.insert(&w.next.parts[p], w.buf[base:base+f])
	w.overflow = w.overflow || ov
	w.full = w.full || !ok
}

func (w *worker) flushAll() {
	for p, f := range w.fill {
		if f > 0 && !w.full {
			w.flush(p, int(f))
		}
		w.fill[p] = 0
	}
}

// memoryError says where the count stopped, what it would have needed and
// the bound Estimate gives.
func (r *dp) memoryError() error {
	what := fmt.Sprintf("needed more than %s of tables (limit %s)", fmtBytes(float64(atomic.LoadInt64(&r.mem.bytes))), fmtBytes(float64(r.opt.MaxBytes)))
	if r.opt.MaxStates > 0 && r.st.States > r.opt.MaxStates {
		what = fmt.Sprintf("reached %d states (limit %d)", r.st.States, r.opt.MaxStates)
	}
	return fmt.Errorf("%w: at step %d of %d a layer %s; the frontier is %d vertices wide (Estimate bounds a layer by %.3g states, %s); raise Options.MaxBytes or MaxStates, or count a narrower board",
		ErrMemory, r.i+1, r.n, what, r.st.Width, r.st.StateBound, fmtBytes(r.st.BoundBytes))
}

// fmtBytes writes a byte count with a binary unit: 64 KiB, 3.2 GiB.
func fmtBytes(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	u := 0
	for b >= 1024 && u < len(units)-1 {
		b /= 1024
		u++
	}
	if b == float64(int64(b)) || b >= 100 {
		return fmt.Sprintf("%.0f %s", b, units[u])
	}
	return fmt.Sprintf("%.3g %s", b, units[u])
}

// expand applies every choice of edges from st.v to its processed
// neighbours to one state and adds the count to the next layer.
func (r *worker) expand(st *step, k key) {
	var cells [maxWidth + 2]uint8
	w := st.in
	lo, hi := k.lo, k.hi
	var f uint8
	if r.fBits != 0 {
		f = uint8(lo & 3)
		lo, hi = lo>>2|hi<<62, hi>>2
	}
	bp := r.bitsPer
	mask := uint64(1)<<bp - 1
	if hi == 0 {
		// A key of at most 64 bits, or a wider one whose high word is 0:
		// one word to shift.
		for j := w - 1; j >= 0; j-- {
			cells[j] = uint8(lo & mask)
			lo >>= bp
		}
	} else {
		for j := w - 1; j >= 0; j-- {
			cells[j] = uint8(lo & mask)
			lo = lo>>bp | hi<<(64-bp)
			hi >>= bp
		}
	}
	cells[w] = codeEmpty
	vReq := st.req>>w&1 != 0
	nb := st.nbrPos
	// canTake reports whether the vertex at position a may take one more
	// edge: not full, and not a required end that already has one.
	canTake := func(a uint8) bool {
		x := cells[a]
		return x != codeFull && (x == codeEmpty || st.req>>a&1 == 0)
	}
	x0 := cells
	r.emit(st, &x0, f) // no edge
	for ai, a := range nb {
		if !canTake(a) {
			continue
		}
		// One edge v-a.
		x := cells
		r.trans++
		if x[a] == codeEmpty {
			x[a], x[w] = codeNew, codeNew // a new path a-v; codes are renumbered on emit
		} else {
			x[w], x[a] = x[a], codeFull
		}
		r.emit(st, &x, f)
		if vReq {
			continue // a required end takes one edge
		}
		for _, b := range nb[ai+1:] {
			if !canTake(b) {
				continue
			}
			// Two edges a-v-b: v is full.
			x := cells
			r.trans++
			ca, cb := x[a], x[b]
			x[w] = codeFull
			switch {
			case ca == codeEmpty && cb == codeEmpty:
				x[a], x[b] = codeNew, codeNew
			case ca == codeEmpty:
				x[a], x[b] = cb, codeFull
			case cb == codeEmpty:
				x[b], x[a] = ca, codeFull
			case ca == codeTail && cb == codeTail:
				// Both fixed ends are now joined: the path is complete,
				// which only the last vertex may do.
				if r.closed || r.i != r.n-1 {
					continue
				}
				x[a], x[b] = codeFull, codeFull
			case ca == cb:
				// The two ends of one partial path: this closes a cycle,
				// allowed only as the whole tour at the last vertex.
				if !r.closed || r.i != r.n-1 {
					continue
				}
				x[a], x[b] = codeFull, codeFull
			case ca == codeTail || cb == codeTail:
				other := ca
				if ca == codeTail {
					other = cb
				}
				x[a], x[b] = codeFull, codeFull
				for j := 0; j <= w; j++ {
					if x[j] == other {
						x[j] = codeTail
					}
				}
			default:
				// Two partial paths merge: the far end of b's takes a's code.
				x[a], x[b] = codeFull, codeFull
				for j := 0; j <= w; j++ {
					if x[j] == cb {
						x[j] = ca
					}
				}
			}
			r.emit(st, &x, f)
		}
	}
}

// emit retires the vertices that leave the frontier after st, then packs
// the state (codes renumbered in order of first appearance) and adds the
// count being expanded to it in the next layer.
//
// x is the caller's scratch copy, which emit changes: passed by pointer,
// not by value, so that the codes just written are not copied again (a
// 64-byte copy that read them back, on the hottest path).
func (r *worker) emit(st *step, x *[maxWidth + 2]uint8, f uint8) {
	for _, j := range st.remove {
		switch code := x[j]; code {
		case codeEmpty:
			return // a vertex no path visits
		case codeFull:
		default:
			// A path end leaves: it must be a fixed end of the path.
			if r.closed {
				return
			}
			if st.req>>j&1 == 0 {
				if f >= r.freeEnds {
					return
				}
				f++
			}
			if code == codeTail {
				// Both ends fixed: complete, only at the last vertex.
				if r.i != r.n-1 {
					return
				}
			} else {
				for k := 0; k <= st.in; k++ {
					if k != int(j) && x[k] == code {
						x[k] = codeTail
					}
				}
			}
			x[j] = codeFull
		}
	}
	if r.swarEmit {
		r.emitNarrow(st, x, f)
		return
	}
	r.emitWide(st, x, f)
}

// emitNarrow packs a state whose codes fit 64 bits after emit's
// retirement and applies the pruning rules of emitWide with masks over
// the packed codes (one bit per field, the field's top bit; see step.sw).
func (r *worker) emitNarrow(st *step, x *[maxWidth + 2]uint8, f uint8) {
	b := r.bitsPer & 63
	// lab: the new code+1 of each old code, 0 for a pair code not seen
	// yet; the codes below codePair keep theirs. Masked indexes and the
	// flag arithmetic below keep the loop free of bounds checks and of
	// the branches on the code (the hottest loop of the 8x8 counts).
	lab := [128]uint8{codeEmpty + 1, codeFull + 1, codeTail + 1}
	ns := uint8(codePair + 1)
	var lo uint64
	for _, j := range st.kept {
		code := x[j&63] & 127
		l := lab[code]
		var unseen uint8
		if l == 0 {
			unseen = 1
		}
		l |= ns & -unseen
		ns += unseen
		lab[code] = l
		lo = lo<<b | uint64(l-1)
	}
	sw := &st.sw
	zero := func(y uint64) uint64 { return ^(((y & sw.low) + sw.low) | y) & sw.used }
	empty := zero(lo)
	full := zero(lo ^ sw.ones)
	tail := zero(lo ^ sw.ones<<1)
	end := sw.used &^ (empty | full) // degree 1: a tail or a pair end
	if empty&sw.rem0 != 0 {
		return // a vertex no path can visit any more
	}
	if r.closed && (end&sw.rem0 != 0 || empty&sw.rem1 != 0) {
		return
	}
	forced := uint8(bits.OnesCount64(end&sw.rem0&^sw.req) + bits.OnesCount64(empty&sw.rem1&^sw.req))
	if f+forced > r.freeEnds {
		return
	}
	nE := bits.OnesCount64(empty)
	frags := nE + bits.OnesCount64(tail) + bits.OnesCount64(end&^tail)/2
	if frags-1 > st.unproc && st.unproc > 0 {
		return
	}
	open := empty | end&^sw.req
	for _, u := range st.starve {
		fromF := uint8(bits.OnesCount64(u.fmask & open))
		a := fromF + u.unp
		if a >= 2 {
			continue
		}
		if a == 0 || r.closed {
			return
		}
		if !u.req {
			if forced++; f+forced > r.freeEnds {
				return
			}
		}
	}
	if st.capCheck {
		need := 2*nE - bits.OnesCount64(empty&sw.req) + bits.OnesCount64(end&^sw.req) - int(r.freeEnds-f)
		if need > 0 {
			capacity := 0
			for _, u := range st.watch {
				capacity += min(bits.OnesCount64(u.fmask&open), 2)
			}
			if need > capacity {
				return
			}
		}
	}
	var hi uint64
	if r.fBits != 0 {
		// Codes of 63 or 64 bits pass their top bits to hi (a 65- or
		// 66-bit key, as emitWide packs it; 0 in fact, since the first
		// code is at most codePair once renumbered).
		hi = lo >> 62
		lo = lo<<2 | uint64(f)
	}
	r.add(key{lo: lo, hi: hi})
}

// emitWide packs a state of up to 128 bits after emit's retirement and
// applies the pruning rules.
func (r *worker) emitWide(st *step, xp *[maxWidth + 2]uint8, f uint8) {
	x := xp
	// Pack the kept vertices, refusing states in which some vertex cannot
	// reach degree 2 from its unprocessed neighbours and too many must
	// therefore be path ends.
	forced := uint8(0)
	var open uint64 // positions that can take one more edge
	// need: edges the frontier must still get from unprocessed vertices
	// (before free ends are subtracted); frags: partial paths and empty
	// vertices the rest of the path must join.
	var need, frags, pairEnds int
	var lab [maxWidth + 4]uint8 // new code+1 of each old pair code, 0: not seen
	ns := uint8(codePair)
	// The kept codes are packed into lo, hi as they are read, first to
	// last from the high end (emit calls emitWide only for keys over 64
	// bits; the shifts give the same key for shorter ones).
	b := r.bitsPer
	var lo, hi uint64
	for _, j := range st.kept {
		code := x[j]
		isReq := st.req>>j&1 != 0
		var deg uint8
		switch {
		case code == codeEmpty:
			open |= 1 << j
			frags++
			need += 2
			if isReq {
				need--
			}
		case code == codeFull:
			deg = 2
		default:
			deg = 1
			if code >= codePair {
				pairEnds++
				if lab[code] == 0 {
					lab[code] = ns + 1
					ns++
				}
				code = lab[code] - 1
			} else {
				frags++ // a tail
			}
			if !isReq {
				open |= 1 << j
				need++
			}
		}
		hi = hi<<b | lo>>(64-b)
		lo = lo<<b | uint64(code)
		if rem := st.rem[j]; deg+rem < 2 {
			if r.closed || deg+rem == 0 {
				return
			}
			if !isReq {
				forced++
			}
		}
	}
	if f+forced > r.freeEnds {
		return
	}
	frags += pairEnds / 2
	// Fragments are joined only through unprocessed vertices: the path
	// alternates between them and pieces of at least one vertex each.
	if frags-1 > st.unproc && st.unproc > 0 {
		return
	}
	// An unprocessed vertex whose neighbours cannot give it two edges must
	// be a path end (one) or cannot be visited (none); one that can takes
	// at most two of the edges the frontier needs.
	for _, u := range st.starve {
		fromF := uint8(bits.OnesCount64(u.mask & open))
		a := fromF + u.unp
		if a >= 2 {
			continue
		}
		if a == 0 || r.closed {
			return
		}
		if !u.req {
			if forced++; f+forced > r.freeEnds {
				return
			}
		}
	}
	if need -= int(r.freeEnds - f); st.capCheck && need > 0 {
		capacity := 0
		for _, u := range st.watch {
			capacity += min(bits.OnesCount64(u.mask&open), 2)
		}
		if need > capacity {
			return
		}
	}
	if r.fBits != 0 {
		hi = hi<<2 | lo>>62
		lo = lo<<2 | uint64(f)
	}
	r.add(key{lo, hi})
}
