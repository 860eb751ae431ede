package count

import (
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/boardgraph/boardgraph/count/internal/runs"
)

// A layer holds the states of one step and their counts. It is split by
// the top bits of each state's hash into partitions, each an
// open-addressing table with linear probing on one flat []uint64 array of
// records: the key's words (one for states of at most 64 bits, else two)
// followed by the count's (one, or two for 128-bit counts, low word
// first). A zero count marks an empty slot (every stored count is at
// least 1).
//
// Partitions keep each table small: workers batch new states per
// partition (worker.buf) and insert a batch into one table at a time, so
// inserts hit the cache; different partitions are filled in parallel under
// one lock each, and a table that grows moves only its own records.
type layer struct {
	parts []part
	shift uint // partition of hash h: h >> shift
	// dense: compact made each partition's array its records alone, in
	// no order (no empty slots, no probing): a layer to read, not to
	// insert into.
	dense bool
	// top is, for a dense layer of exact counts, the largest top word of
	// a count (the count, or its high word); freed says stepMemory freed
	// partitions of it as it expanded them (the layer is gone).
	top   uint64
	freed bool
}

type part struct {
	mu sync.Mutex
	a  []uint64
	n  int // records stored
	// touch keeps insert's loads that bring a chunk's slots into the
	// cache (a value no one reads, so that the loads stay).
	touch uint64
}

// touchRecs is the chunk of records insert brings into the cache at once.
const touchRecs = 16

// minSlots is the size a partition's table starts at.
const minSlots = 64

// store owns the memory of the two live layers: it counts the bytes of
// every table array and keeps the arrays of the layer before last for the
// next layer to reuse. Arrays a growing table leaves are given to the
// garbage collector; the Go runtime may keep up to about as much again
// before it collects them (GOGC), so resident memory can pass the bytes
// counted here.
type store struct {
	kw, cw int   // key words and count words per record (1 or 2 each)
	stride int   // words per record
	bytes  int64 // atomic: bytes of all table arrays held (layers and pool)
	peak   int64 // atomic: the largest value bytes had
	limit  int64
	// mod and float change how the counts of equal states are added
	// (wide.go): residues modulo mod kept in [1, mod] (never 0, the mark
	// of an empty slot), or float64 values (their bits); 0 and false:
	// exact integers with overflow detection.
	mod   uint64
	float bool
	// mods, when set, are the primes of a count held as one residue per
	// prime (cw = len(mods) words, residue j modulo mods[j], each kept in
	// [1, mods[j]]): the representation a count widens to when it passes
	// 128 bits (widen, wide.go).
	mods []uint64
	// dropped is the bytes of tables grow has left to the collector, and
	// gcDue says it passed another multiple of freeGC since the last
	// collection flush ran (flush runs it outside the partition's lock).
	dropped atomic.Int64
	gcDue   atomic.Bool
	mu      sync.Mutex
	pool    map[int][][]uint64 // free arrays by length
}

func newStore(kw, cw int, limit int64) *store {
	return &store{kw: kw, cw: cw, stride: kw + cw, limit: limit, pool: map[int][][]uint64{}}
}

// slotOf returns the slot of a table of 2^sbits slots where the state of
// hash h starts its probe: the bits of h just below the top 12, which
// pick the partition of a layer in memory (partBits) or the bucket of a
// spilled layer (at most 10). A spilled bucket's runs are sorted by h, so
// reading one into its table probes the slots in increasing order, a few
// sweeps a run, instead of at random across a table far larger than the
// caches (the insertions were 11-14% of a spilled knight 8x8 step).
func slotOf(h uint64, sbits uint) int {
	return int(h << 12 >> (64 - sbits))
}

// hashKey mixes a state key: runs.Hash, which spilled runs invert.
func hashKey(lo, hi uint64) uint64 { return runs.Hash(lo, hi) }

// newLayer returns an empty layer of 2^pbits partitions with tables sized
// for about expect states in all, or false when they would pass the memory
// limit.
func (s *store) newLayer(pbits uint, expect int) (*layer, bool) {
	l := &layer{parts: make([]part, 1<<pbits), shift: 64 - pbits}
	if pbits == 0 {
		l.shift = 63 // h >> 63 is 0 or 1; keep one partition: see partOf
	}
	slots := minSlots
	for per := expect >> pbits; 3*slots < 4*per; slots *= 2 {
	}
	for i := range l.parts {
		a, ok := s.alloc(slots * s.stride)
		if !ok {
			return nil, false
		}
		l.parts[i].a = a
	}
	return l, true
}

// partOf returns the partition of hash h.
func (l *layer) partOf(h uint64) int {
	if len(l.parts) == 1 {
		return 0
	}
	return int(h >> l.shift)
}

// alloc returns a zeroed array of n words, from the pool when it holds
// one, or false when a new one would pass the limit.
func (s *store) alloc(n int) ([]uint64, bool) {
	s.mu.Lock()
	if fl := s.pool[n]; len(fl) > 0 {
		a := fl[len(fl)-1]
		s.pool[n] = fl[:len(fl)-1]
		s.mu.Unlock()
		clear(a)
		return a, true
	}
	s.mu.Unlock()
	b := atomic.AddInt64(&s.bytes, int64(n)*8)
	if s.limit > 0 && b > s.limit {
		atomic.AddInt64(&s.bytes, -int64(n)*8)
		return nil, false
	}
	for {
		p := atomic.LoadInt64(&s.peak)
		if b <= p || atomic.CompareAndSwapInt64(&s.peak, p, b) {
			break
		}
	}
	return make([]uint64, n), true
}

// free returns an array to the pool.
func (s *store) free(a []uint64) {
	s.mu.Lock()
	s.pool[len(a)] = append(s.pool[len(a)], a)
	s.mu.Unlock()
}

// release gives every pooled array back to the garbage collector.
func (s *store) release() {
	s.mu.Lock()
	for n, fl := range s.pool {
		atomic.AddInt64(&s.bytes, -int64(n)*8*int64(len(fl)))
		delete(s.pool, n)
	}
	s.mu.Unlock()
}

// recycle moves every table of l into the pool; a dense layer's arrays
// (of no table's size) go to the garbage collector.
func (s *store) recycle(l *layer) {
	for i := range l.parts {
		if l.dense || l.parts[i].a == nil { // dense, or freed as read
			atomic.AddInt64(&s.bytes, -int64(len(l.parts[i].a))*8)
		} else {
			s.free(l.parts[i].a)
		}
		l.parts[i].a = nil
	}
}

// compact makes l dense: each partition's table is replaced by an array
// of its records alone, and the tables go to the garbage collector; it
// returns their bytes. A finished layer is only read (expanded,
// summed, written out), so its empty slots, a quarter to five eighths of
// a table, are memory for nothing: the peak of two live layers, the one
// read and the one filled, falls by about a third (issue 31, lean
// layers). The copy costs one pass over the layer, small beside the
// layer's expansion.
func (s *store) compact(l *layer) (dropped int64) {
	if l.dense {
		return 0
	}
	st := s.stride
	for i := range l.parts {
		p := &l.parts[i]
		d := make([]uint64, 0, p.n*st)
		for b := 0; b < len(p.a); b += st {
			if s.used(p.a, b) {
				d = append(d, p.a[b:b+st]...)
				l.top = max(l.top, p.a[b+st-1])
			}
		}
		b := atomic.AddInt64(&s.bytes, int64(len(d))*8)
		for {
			pk := atomic.LoadInt64(&s.peak)
			if b <= pk || atomic.CompareAndSwapInt64(&s.peak, pk, b) {
				break
			}
		}
		atomic.AddInt64(&s.bytes, -int64(len(p.a))*8)
		b = int64(len(p.a)) * 8
		if dropped += b; crossedGC(dropped, b) {
			// The tables copied so far are garbage: collect them, so
			// that the copies reuse their memory (peak RSS).
			runtime.GC()
		}
		p.a = d
	}
	l.dense = true
	return dropped
}

// bytes returns the bytes of l's arrays.
func (l *layer) bytes() int64 {
	var b int64
	for i := range l.parts {
		b += int64(len(l.parts[i].a)) * 8
	}
	return b
}

// states returns the number of states in l.
func (l *layer) states() int {
	n := 0
	for i := range l.parts {
		n += l.parts[i].n
	}
	return n
}

// insert adds the records of buf (stride words each: key, then count) to
// partition p, growing its table at three quarters full. It reports
// overflow of a count, and false when growing would pass the memory limit
// (the records not inserted are lost: the count is abandoned).
func (s *store) insert(p *part, buf []uint64) (overflow, ok bool) {
	if s.mods != nil {
		return false, s.insertMods(p, buf)
	}
	st, kw, wideCount := s.stride, s.kw, s.cw == 2
	inexact := s.mod != 0 || s.float
	p.mu.Lock()
	defer p.mu.Unlock()
	// The table's slots, and the records it may hold before it grows at
	// three quarters full: computed once per table, not per record (st is
	// not a compile-time constant, so len/st is a division).
	a := p.a
	slots := len(a) / st
	mask, most := slots-1, 3*slots/4
	sbits := uint(bits.TrailingZeros(uint(slots)))
	var slot [touchRecs]int
	for r0 := 0; r0 < len(buf); r0 += touchRecs * st {
		// A chunk of records: first their slots, each touched, so that
		// the cache misses of the chunk overlap (the table is larger
		// than the caches; one miss after the other was 30% of a king
		// 9x9 count), then the inserts, which find the lines loaded.
		end := min(r0+touchRecs*st, len(buf))
		for p.n+(end-r0)/st > most {
			if !s.grow(p) {
				return overflow, false
			}
			a = p.a
			slots = len(a) / st
			mask, most = slots-1, 3*slots/4
			sbits = uint(bits.TrailingZeros(uint(slots)))
		}
		var touch uint64
		for r, k := r0, 0; r < end; r, k = r+st, k+1 {
			hi := uint64(0)
			if kw == 2 {
				hi = buf[r+1]
			}
			slot[k] = slotOf(hashKey(buf[r], hi), sbits)
			touch += a[slot[k]*st]
		}
		p.touch = touch
		for r, k := r0, 0; r < end; r, k = r+st, k+1 {
			lo, hi := buf[r], uint64(0)
			if kw == 2 {
				hi = buf[r+1]
			}
			c, cHi := buf[r+kw], uint64(0)
			if wideCount {
				cHi = buf[r+kw+1]
			}
			i := slot[k]
			for {
				b := i * st
				x := a[b+kw]
				if x == 0 && (!wideCount || a[b+kw+1] == 0) {
					a[b] = lo
					if kw == 2 {
						a[b+1] = hi
					}
					a[b+kw] = c
					if wideCount {
						a[b+kw+1] = cHi
					}
					p.n++
					break
				}
				if a[b] == lo && (kw == 1 || a[b+1] == hi) {
					if inexact {
						a[b+kw] = s.addInexact(x, c)
						break
					}
					var carry uint64
					a[b+kw], carry = bits.Add64(x, c, 0)
					if wideCount {
						a[b+kw+1], carry = bits.Add64(a[b+kw+1], cHi, carry)
					}
					overflow = overflow || carry != 0
					break
				}
				i = (i + 1) & mask
			}
		}
	}
	return overflow, true
}

// insertMods is insert for counts held as residues (s.mods): the words
// of equal states add modulo their primes. It returns false when growing
// would pass the memory limit.
func (s *store) insertMods(p *part, buf []uint64) bool {
	st, kw, mods := s.stride, s.kw, s.mods
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.a
	slots := len(a) / st
	mask, most := slots-1, 3*slots/4
	sbits := uint(bits.TrailingZeros(uint(slots)))
	for r := 0; r < len(buf); r += st {
		lo, hi := buf[r], uint64(0)
		if kw == 2 {
			hi = buf[r+1]
		}
		if p.n+1 > most {
			if !s.grow(p) {
				return false
			}
			a = p.a
			slots = len(a) / st
			mask, most = slots-1, 3*slots/4
			sbits = uint(bits.TrailingZeros(uint(slots)))
		}
		i := slotOf(hashKey(lo, hi), sbits)
		for {
			b := i * st
			if a[b+kw] == 0 {
				copy(a[b:b+st], buf[r:r+st])
				p.n++
				break
			}
			if a[b] == lo && (kw == 1 || a[b+1] == hi) {
				c := a[b+kw : b+st]
				for j, q := range mods[:len(c)] {
					if x := c[j] + buf[r+kw+j]; x > q { // both in [1, q], q < 2^63
						c[j] = x - q
					} else {
						c[j] = x
					}
				}
				break
			}
			i = (i + 1) & mask
		}
	}
	return true
}

// addInexact adds two counts of the store's modular or float kind.
func (s *store) addInexact(x, c uint64) uint64 {
	if s.float {
		return math.Float64bits(math.Float64frombits(x) + math.Float64frombits(c))
	}
	if x += c; x > s.mod { // x, c <= mod < 2^63: no overflow
		x -= s.mod
	}
	return x
}

// used reports whether the record at word b of a holds a state.
func (s *store) used(a []uint64, b int) bool {
	return a[b+s.kw] != 0 || (s.cw == 2 && a[b+s.kw+1] != 0)
}

// grow doubles p's table.
func (s *store) grow(p *part) bool {
	st, kw := s.stride, s.kw
	old := p.a
	a, ok := s.alloc(2 * len(old))
	if !ok {
		return false
	}
	mask := len(a)/st - 1
	sbits := uint(bits.TrailingZeros(uint(mask + 1)))
	for r := 0; r < len(old); r += st {
		if !s.used(old, r) {
			continue
		}
		lo, hi := old[r], uint64(0)
		if kw == 2 {
			hi = old[r+1]
		}
		i := slotOf(hashKey(lo, hi), sbits)
		for s.used(a, i*st) {
			i = (i + 1) & mask
		}
		b := i * st
		for w := range st {
			a[b+w] = old[r+w]
		}
	}
	p.a = a
	b := int64(len(old)) * 8
	// To the collector, which runs after every freeGC bytes of them
	// once the tables are large (compactFrom and more in all): smaller
	// counts leave it to the runtime's pacing.
	if atomic.AddInt64(&s.bytes, -b) >= compactFrom {
		if crossedGC(s.dropped.Add(b), b) {
			s.gcDue.Store(true)
		}
	}
	return true
}
