package count

import "math/bits"

// key is one frontier state packed into 128 bits: the number of free path
// ends already fixed in the low two bits of lo, then one code per frontier
// vertex, bitsPer bits each, in frontier order.
type key struct{ lo, hi uint64 }

// entry is one slot of a table: a state and its count. A zero count marks
// an empty slot (every stored count is at least 1).
type entry struct {
	k key
	c uint64
}

// table maps states to counts: open addressing with linear probing on an
// array of entries (a lookup touches one cache line or two). The home slot
// of a key is its hash scaled to the array's length (Lemire's multiply-shift
// range reduction), so the array can grow by half rather than double.
type table struct {
	e []entry
	n int
}

// entryBytes is the memory of one slot.
const entryBytes = 24

func newTable(size int) *table { return &table{e: make([]entry, size)} }

// home returns the first slot to probe for hash h in a table of size slots.
func home(h uint64, size int) int {
	hi, _ := bits.Mul64(h, uint64(size))
	return int(hi)
}

// grownSize is the size a table of size slots grows to.
func grownSize(size int) int { return size + size/2 }

func (k key) hash() uint64 {
	h := k.lo*0x9e3779b97f4a7c15 ^ k.hi*0xc2b2ae3d27d4eb4f
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// slot returns the index of k, or of the empty slot where it would go.
func (t *table) slot(k key) int {
	i := home(k.hash(), len(t.e))
	for t.e[i].c != 0 && t.e[i].k != k {
		if i++; i == len(t.e) {
			i = 0
		}
	}
	return i
}

// grow makes the table half as large again, rehashing every entry.
func (t *table) grow() {
	old := t.e
	t.e = make([]entry, grownSize(len(old)))
	for _, x := range old {
		if x.c != 0 {
			t.e[t.slot(x.k)] = x
		}
	}
}

// reset empties the table, keeping its size.
func (t *table) reset() {
	clear(t.e)
	t.n = 0
}

// entry64 and table64 are entry and table for states that fit 64 bits
// (Plan.KeyBits <= 64): two thirds of the memory per slot. The code is
// table's, repeated for the narrower key so that the hot path stays free of
// indirect calls.
type entry64 struct{ k, c uint64 }

type table64 struct {
	e []entry64
	n int
}

const entry64Bytes = 16

func newTable64(size int) *table64 { return &table64{e: make([]entry64, size)} }

func hash64(k uint64) uint64 {
	h := k * 0x9e3779b97f4a7c15
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

func (t *table64) slot(k uint64) int {
	i := home(hash64(k), len(t.e))
	for t.e[i].c != 0 && t.e[i].k != k {
		if i++; i == len(t.e) {
			i = 0
		}
	}
	return i
}

func (t *table64) grow() {
	old := t.e
	t.e = make([]entry64, grownSize(len(old)))
	for _, x := range old {
		if x.c != 0 {
			t.e[t.slot(x.k)] = x
		}
	}
}

func (t *table64) reset() {
	clear(t.e)
	t.n = 0
}
