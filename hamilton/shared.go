package hamilton

import "sync/atomic"

// shared is the state all workers of one run share: the stop flag and the
// progress counters. Workers add to the counters in batches so that the hot
// loop touches only its own memory.
type shared struct {
	stop      atomic.Bool
	nodes     atomic.Uint64
	backs     atomic.Uint64
	prunes    atomic.Uint64
	memoHits  atomic.Uint64
	solutions atomic.Uint64
	// units is the number of work units of the call (Stats.Units);
	// skipped of them were done before it (CountShard's Done); slots
	// holds each worker's finished units and position (see unitSlot).
	units   atomic.Uint64
	skipped uint64
	slots   []atomic.Uint64
}

// tally is a worker's own count of search nodes and backtracks, moved
// into the shared atomics in batches (flushTo) and at the end (absorbInto).
type tally struct {
	nodes      uint64
	backs      uint64
	flushNodes uint64 // nodes when last flushed
}

// flushTo adds the nodes counted since the last flush to sh.
func (t *tally) flushTo(sh *shared) {
	sh.nodes.Add(t.nodes - t.flushNodes)
	t.flushNodes = t.nodes
}

// absorbInto adds a finished worker's remaining nodes and its backtracks
// to sh.
func (t *tally) absorbInto(sh *shared) {
	t.flushTo(sh)
	sh.backs.Add(t.backs)
	t.backs = 0
}

// unitSlot publishes one worker's progress through a count or an
// enumeration in a single atomic word, so that a reader never sees a unit
// both finished and in progress: the units the worker finished in the
// high 32 bits, its position in the current unit (a fraction of 2^32) in
// the low 32. Only the worker's own goroutine writes it; a nil slot (Find)
// publishes nothing.
type unitSlot struct{ p *atomic.Uint64 }

// finish records a finished unit, with position 0 in the next.
func (s unitSlot) finish() {
	if s.p != nil {
		s.p.Store((s.p.Load()>>32 + 1) << 32)
	}
}

// at records the position f (0 <= f < 1) in the current unit.
func (s unitSlot) at(f float64) {
	if s.p != nil {
		s.p.Store(s.p.Load()>>32<<32 | uint64(min(f*(1<<32), 1<<32-1)))
	}
}

// slot returns worker w's slot in count and enumerate modes (nil
// otherwise).
func (sh *shared) slot(m mode, w int) unitSlot {
	if (m == modeCount || m == modeEnumerate) && w < len(sh.slots) {
		return unitSlot{&sh.slots[w]}
	}
	return unitSlot{}
}

// progress returns the units finished and the estimated share done (see
// Stats.Share), from the workers' slots.
func (sh *shared) progress() (done uint64, share float64) {
	units := sh.units.Load()
	if units == 0 {
		return 0, 0
	}
	var frac float64
	done = sh.skipped
	for i := range sh.slots {
		x := sh.slots[i].Load()
		done += x >> 32
		frac += float64(x&(1<<32-1)) / (1 << 32)
	}
	return done, min((float64(done)+frac)/float64(units), 1)
}
