package count

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// run returns the count as a 128-bit number (hi, lo); with one count word
// per state hi is 0 (an overflow of a state's count is an error). Each
// step turns the current layer into the next one, in memory (stepMemory)
// or, once the layers outgrow Options.MaxBytes and Options.SpillDir is
// set, through bucket files on disk (stepSpill; see spill.go).
func (r *dp) run(ctx context.Context) (lo, hi uint64, err error) {
	kw := r.initTables()
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
	start, cur, disk, partial, err := r.firstLayer(ws, kw)
	if err != nil {
		return 0, 0, err
	}
	lastReport := time.Now()
	for i := start; i < len(r.steps); i++ {
		r.i = i
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		r.filterStep = r.shards > 1 && i == r.splitStep
		if cur, disk, err = r.placeLayer(i, cur, disk, partial, ws[0]); err != nil {
			return 0, 0, err
		}
		if cur, disk, partial, err = r.advance(ctx, i, cur, disk, partial, ws); err != nil {
			return 0, 0, err
		}
		if err := r.afterStep(i, start, cur, disk); err != nil {
			return 0, 0, err
		}
		if r.opt.Progress != nil && time.Since(lastReport) >= r.opt.ProgressEvery {
			lastReport = time.Now()
			r.st.Elapsed = time.Since(r.t0)
			r.opt.Progress(r.st)
		}
	}
	if lo, hi, err = r.sumLayer(cur, disk); err != nil && !(errors.Is(err, ErrOverflow) && cur != nil && r.canWiden()) {
		return 0, 0, err
	}
	// A sum past 2^128 (or past 2^127, doubled), or any sum of residues:
	// the last layer widens to residues and is summed modulo the primes.
	for cur != nil && r.canWiden() && (err != nil || r.double && hi>>63 != 0) {
		if cur, err = r.widen(cur); err != nil {
			return 0, 0, err
		}
		if r.mem.mods == nil {
			lo, hi, err = r.sumLayer(cur, nil)
			if err != nil && !errors.Is(err, ErrOverflow) {
				return 0, 0, err
			}
		}
	}
	if cur != nil && r.mem.mods != nil {
		r.residues = r.sumMods(cur)
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

// initTables sets up the state store for run and returns the words of a
// key (1 or 2).
func (r *dp) initTables() (kw int) {
	kw, cw := 1, 1
	if r.keyBits() > 64 || r.forceWide || r.opt.wideTables {
		kw = 2
	}
	if r.wideCount {
		cw = 2
	}
	if m := r.opt.arith.mods; len(m) > 0 {
		cw = len(m)
	}
	r.narrowKey = r.keyBits() <= 64
	// States whose codes fit one word are packed and pruned with masks
	// (emitNarrow), keys of up to 66 bits included; forceWide (tests)
	// packs with emitWide, the path of wider codes, so that the oracle
	// tests cover it.
	r.swarEmit = r.codeSWAR && !r.forceWide
	// Closed counts of one-word states build them from the word expanded
	// (expandClosed); slowClosed (tests) renumbers them as the others.
	r.wordClosed = r.swarEmit && r.closed && r.fBits == 0 && !r.opt.slowClosed
	// Open counts likewise (expandOpen) where the frontier is wide
	// enough to gain; slowOpen (tests) renumbers, wordOpen (tests) builds
	// from words at any width.
	r.wordOpen = r.swarEmit && !r.closed && !r.opt.slowOpen && (r.width >= openWordWidth || r.opt.wordOpen)
	r.mem = newStore(kw, cw, r.opt.MaxBytes)
	r.mem.mod, r.mem.float = r.opt.arith.mod, r.opt.arith.float
	if m := r.opt.arith.mods; len(m) > 0 {
		r.mem.mods = m
	}
	if k := r.opt.arith.keep; k != nil {
		k.r = r
	}
	return kw
}

// firstLayer returns the step run starts at and its layer: the one a
// checkpoint resumes (in memory, cur, or on disk, disk, with a resumed
// step's partial next layer), or before step 1 the one state of the empty
// frontier with no ends fixed.
func (r *dp) firstLayer(ws []*worker, kw int) (start int, cur *layer, disk, partial *spillSet, err error) {
	if r.ck != nil {
		if start, cur, disk, partial, err = r.resume(ws[0]); err != nil {
			return 0, nil, nil, nil, err
		}
		// Progress inside the first step names the resumed layer, not an
		// empty one before step 1.
		r.st.Step = start
		switch {
		case cur != nil:
			r.st.States = cur.states()
		case disk != nil:
			r.st.States = int(disk.Records()) // not yet summed: an upper bound
		}
		r.st.PeakStates = max(r.st.PeakStates, r.st.States)
	}
	if start == 0 {
		var ok bool
		if cur, ok = r.mem.newLayer(0, 1); !ok {
			return 0, nil, nil, nil, r.memoryError()
		}
		// One state: the empty frontier with no ends fixed.
		cur.parts[0].a[kw] = 1 // count 1 (low word)
		if r.mem.float {
			cur.parts[0].a[kw] = math.Float64bits(1)
		}
		for m := range r.mem.mods {
			cur.parts[0].a[kw+m] = 1 // 1 modulo every prime
		}
		cur.parts[0].n = 1
	}
	return start, cur, disk, partial, nil
}

// placeLayer moves the layer before step i between memory (cur) and disk
// (disk): to disk when it outgrows memory and Options.SpillDir is set,
// back to memory when it fits again. A resumed step (partial not nil)
// stays on disk.
func (r *dp) placeLayer(i int, cur *layer, disk, partial *spillSet, w *worker) (*layer, *spillSet, error) {
	var err error
	if partial != nil {
		// A resumed step goes on on disk.
	} else if cur != nil && r.spillDir != "" && r.shouldSpill(cur) {
		if disk, err = r.dump(cur, w); err != nil {
			return nil, nil, err
		}
		cur = nil
	} else if disk != nil && r.shouldLoad(disk) {
		if cur, err = r.loadAll(disk); err != nil {
			return nil, nil, err
		}
		if r.ck != nil && i > 0 {
			// The checkpoint names disk's files: replace it first.
			if err := r.saveCheckpoint(i, cur); err != nil {
				return nil, nil, err
			}
		}
		disk.Remove()
		disk = nil
	}
	return cur, disk, nil
}

// advance makes step i, in memory (stepMemory) when the layer is there
// and the next one fits, else on disk (stepSpill), and returns the next
// layer (cur or disk) and partial, nil once used.
func (r *dp) advance(ctx context.Context, i int, cur *layer, disk, partial *spillSet, ws []*worker) (*layer, *spillSet, *spillSet, error) {
	if cur != nil {
		if e := r.opt.arith.widenEvery; e > 0 && i > 0 && i%e == 0 && r.canWiden() {
			var err error
			if cur, err = r.widen(cur); err != nil {
				return nil, nil, nil, err
			}
		}
		next, err := r.stepMemory(ctx, i, cur, ws)
		for errors.Is(err, ErrOverflow) && r.canWiden() && !cur.freed {
			// A state's count passed its words: the layer before the
			// step, still exact, widens and the step runs again.
			var werr error
			if cur, werr = r.widen(cur); werr != nil {
				return nil, nil, nil, werr
			}
			next, err = r.stepMemory(ctx, i, cur, ws)
		}
		if errors.Is(err, errFull) && r.spillDir != "" && !cur.freed {
			// The next layer outgrew the limit: redo the step on disk.
			if disk, err = r.dump(cur, ws[0]); err != nil {
				return nil, nil, nil, err
			}
			cur = nil
		} else if errors.Is(err, errFull) {
			return nil, nil, nil, r.memoryError() // freed as read: no redo
		} else if err != nil {
			return nil, nil, nil, err
		} else {
			r.mem.recycle(cur)
			cur = next
			if cur.bytes() >= r.compactFrom() && r.mem.compact(cur) >= freeGC {
				// The tables dropped are reused before the next layer
				// asks the system for more (peak RSS).
				runtime.GC()
			}
			if r.mem.float {
				r.rescale(cur)
			}
			if k := r.opt.arith.keep; k != nil {
				if err := k.add(r, cur); err != nil {
					return nil, nil, nil, err
				}
			}
		}
	}
	if cur == nil {
		var err error
		disk, err = r.stepSpill(ctx, i, disk, partial, ws)
		partial = nil
		if err != nil {
			return nil, nil, nil, err
		}
	}
	return cur, disk, partial, nil
}

// afterStep records step i's layer (cur or disk) in the stats, checks
// Options.MaxStates, makes the prediction once enough states are seen
// (stopping with errStopped for an estimate, or refusing a count that
// would not fit), and saves a checkpoint when one is due.
func (r *dp) afterStep(i, start int, cur *layer, disk *spillSet) error {
	states := 0
	if cur != nil {
		states = cur.states()
	} else {
		states = int(disk.Records()) // not yet summed: an upper bound
	}
	r.st.Step, r.st.States = i+1, states
	r.st.Layers = append(r.st.Layers, states)
	r.st.PeakStates = max(r.st.PeakStates, states)
	r.st.PeakBytes = atomic.LoadInt64(&r.mem.peak)
	r.st.SpillWritten, r.st.SpillRecords = r.spillW.Load(), r.spillR.Load()
	if r.opt.MaxStates > 0 && states > r.opt.MaxStates {
		return r.memoryError()
	}
	r.prof = append(r.prof, states)
	r.st.StatesDone += uint64(states)
	if r.st.Predicted.ProbeSteps == 0 && r.opt.ProbeStates >= 0 && states >= r.probeStates() && start == 0 && disk == nil {
		r.st.Predicted = r.predict(r.prof)
		if !r.estimateOnly && r.spillDir == "" && !r.st.Predicted.Exact && r.st.Predicted.Bytes > float64(r.opt.MaxBytes) {
			return r.refusal(r.st.Predicted)
		}
		if r.estimateOnly {
			return errStopped
		}
	}
	if r.ck != nil && cur != nil && i+1 < len(r.steps) && time.Since(r.ck.last) >= r.ck.every {
		// (A spilled layer's checkpoint is its manifest, written by
		// stepSpill.)
		if err := r.saveCheckpoint(i+1, cur); err != nil {
			return err
		}
	}
	return nil
}

// sumLayer returns the sum of the last layer's counts (cur in memory or
// disk on disk, which it removes).
func (r *dp) sumLayer(cur *layer, disk *spillSet) (lo, hi uint64, err error) {
	if cur == nil {
		lo, hi, err = disk.sum(r)
		disk.Remove()
		if err != nil {
			return 0, 0, err
		}
	} else if r.mem.mods != nil {
		// run sums residues (sumMods).
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

// compactFrom is the bytes of tables from which a finished layer is
// compacted (store.compact), and the garbage collector run at once on the
// tables it drops: without it the runtime may hold as much again as the
// live tables before it collects (GOGC), and the next layer's tables
// would come from the system instead. Smaller layers keep their tables,
// which the next layer reuses from the pool: compacting them cost 15% of
// the CPU of hopido 6x6 (fresh arrays to zero, the collector), and with
// layers of 32 MiB compacted and freed as read hopido 7x7 open (BoardOrder)
// took up to 19% longer (best of three on a loaded machine), for memory
// that does not matter.
const compactFrom = 48 << 20

// compactFrom returns the bytes of tables from which a finished layer is
// compacted: the constant compactFrom, or Options.compactFrom (tests).
func (r *dp) compactFrom() int64 {
	if r.opt.compactFrom > 0 {
		return r.opt.compactFrom
	}
	return compactFrom
}

// freeGC is the bytes of partitions a step frees as it reads them
// (freeAsRead) after which it runs the garbage collector, so that the
// next layer's tables reuse that memory rather than the system's.
const freeGC = 32 << 20

// crossedGC reports whether adding b bytes to a running total of memory
// given up, which is now total, passed another multiple of freeGC: the
// moment to run the collector (or ask for it) once more.
func crossedGC(total, b int64) bool { return total/freeGC != (total-b)/freeGC }

// freeAsRead reports whether step expanding cur may free each partition
// of cur once expanded, so that the peak of the two layers is less than
// their sum: cur is dense (a large layer), and nothing will read it again
// however the step ends. A step that outgrows memory is redone on disk
// from cur (Options.SpillDir), so with a spill directory the memory left
// must be far more than the next layer can take (should it not be, the
// count stops with ErrMemory); one whose counts overflow is redone
// wider from cur (widen) unless the count is not one that widens, holds
// residues (which never overflow), or its largest count is 8 bits or more
// below its words' limit. Should that last guess fail, the overflow
// stops the pass (CountExact then counts by its other passes).
func (r *dp) freeAsRead(cur *layer) bool {
	if !cur.dense || r.opt.arith.keep != nil || r.ck != nil || r.x != nil {
		return false
	}
	if r.spillDir != "" {
		// Only with room for a next layer eight times this one's states
		// (twice the growth shouldSpill allows for), where the redo on
		// disk does not come.
		need := float64(atomic.LoadInt64(&r.mem.bytes)) + 8*float64(cur.states())*bytesPerState(r.mem.stride)
		if need > float64(r.opt.MaxBytes) {
			return false
		}
	}
	if !r.opt.arith.auto || r.mem.mods != nil || r.mem.mod != 0 || r.mem.float {
		return true
	}
	return cur.top < 1<<56
}

// errFull is stepMemory's answer when the next layer would pass the memory
// limit.
var errFull = errors.New("layer over the memory limit")

// stepMemory expands layer cur by step i into a new layer in memory.
func (r *dp) stepMemory(ctx context.Context, i int, cur *layer, ws []*worker) (*layer, error) {
	curN := cur.states()
	// The next layer starts sized for as many states as this one, or, when
	// this one goes as it is read, for a quarter as many: its tables grow
	// as this one's partitions go, and the two do not peak together.
	cur.freed = r.freeAsRead(cur)
	expect := curN
	if cur.freed {
		expect = curN / 4
	}
	next, ok := r.mem.newLayer(partBits(3*curN), expect)
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
	for _, w := range ws[:nw] {
		w.start(next, nil)
	}
	ctxErr := r.expandParts(ctx, i, cur, curN, ws[:nw])
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

// expandParts expands the partitions of cur (states states) by step i
// with the workers ws, started by the caller: each takes the next
// partition until all are done or one must stop (memory, overflow, a
// write error, ctx cancelled), then flushes its buffers. It reports the
// step's progress meanwhile and returns ctx's error if that stopped
// them.
func (r *dp) expandParts(ctx context.Context, i int, cur *layer, states int, ws []*worker) error {
	var idx atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	var ctxErr error
	var once sync.Once
	var partsDone, expanded, freed atomic.Int64
	stepStart := time.Now()
	for _, w := range ws {
		wg.Go(func() {
			for !stop.Load() {
				pi := int(idx.Add(1) - 1)
				if pi >= len(cur.parts) {
					break
				}
				if !w.expandPart(&r.steps[i], &cur.parts[pi]) {
					stop.Store(true)
					break
				}
				if cur.freed {
					// Its states are expanded: the partition goes.
					b := int64(len(cur.parts[pi].a)) * 8
					cur.parts[pi].a = nil
					atomic.AddInt64(&r.mem.bytes, -b)
					if crossedGC(freed.Add(b), b) {
						runtime.GC() // reuse it for the next layer's tables
					}
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
		})
	}
	r.waitStep(&wg, stepStart, func(s *Stats) {
		s.StepParts, s.StepPartsDone = len(cur.parts), int(partsDone.Load())
		s.StepExpanded = expanded.Load()
		s.StepShare = float64(s.StepExpanded) / float64(max(states, 1))
		s.StepLeft = stepLeft(s.StepElapsed, s.StepShare, 0)
	})
	return ctxErr
}

// expandPart expands every state of partition p; false when the worker
// must stop (memory, overflow, a write error).
func (w *worker) expandPart(st *step, p *part) bool {
	a := p.a
	sd, kw, cw := w.mem.stride, w.mem.kw, w.mem.cw
	for j := 0; j < len(a); j += sd {
		c, cHi := a[j+kw], uint64(0)
		if cw >= 2 {
			cHi = a[j+kw+1]
		}
		if c == 0 && cHi == 0 {
			continue
		}
		w.cnt, w.cntHi = c, cHi
		if cw > 2 {
			copy(w.cntMore[:cw-2], a[j+kw+2:j+sd])
		}
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

// memoryError says where the count stopped, what it would have needed and
// the bound Estimate gives.
func (r *dp) memoryError() error {
	what := fmt.Sprintf("needed more than %s of tables (limit %s)", fmtBytes(float64(atomic.LoadInt64(&r.mem.bytes))), fmtBytes(float64(r.opt.MaxBytes)))
	if r.opt.MaxStates > 0 && r.st.States > r.opt.MaxStates {
		what = fmt.Sprintf("reached %d states (limit %d)", r.st.States, r.opt.MaxStates)
	}
	return fmt.Errorf("%w: at step %d of %d a layer %s; the frontier is %d vertices wide (the estimate bounds a layer by %.3g states, %s); raise the memory limit, or count a narrower board",
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

// openWordWidth is the narrowest frontier (plan.width) at which open
// counts build their states from words (expandOpen): the renumbering it
// replaces costs a step per code, the recoding about as much as twelve
// of them. Measured by instructions (cachegrind, docs/results.md, issue
// 38): 0.81 of them on knight 4x7 in row-major order (15 wide), 0.86 on
// knight 5x6 (13 wide), 0.99 on knight 6x6 (12 wide), 1.01 on hopido
// 6x6 (9 wide); wall and user times on the shared machine do not
// separate them.
const openWordWidth = 13
