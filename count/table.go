package count

// key is one frontier state packed into 128 bits: the number of free path
// ends already fixed in the low two bits of lo, then one code per frontier
// vertex, bitsPer bits each, in frontier order.
type key struct{ lo, hi uint64 }

// table maps states to counts: open addressing with linear probing on a
// power-of-two array, keys and counts in parallel slices. A zero count marks
// an empty slot (every stored count is at least 1).
type table struct {
	keys   []key
	counts []uint64
	n      int
	mask   uint64
}

// entryBytes is the memory of one slot (a key and a count).
const entryBytes = 24

func newTable(capPow2 int) *table {
	return &table{keys: make([]key, capPow2), counts: make([]uint64, capPow2), mask: uint64(capPow2 - 1)}
}

func (k key) hash() uint64 {
	h := k.lo*0x9e3779b97f4a7c15 ^ k.hi*0xc2b2ae3d27d4eb4f
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// slot returns the index of k, or of the empty slot where it would go.
func (t *table) slot(k key) uint64 {
	i := k.hash() & t.mask
	for t.counts[i] != 0 && t.keys[i] != k {
		i = (i + 1) & t.mask
	}
	return i
}

// grow doubles the table, rehashing every entry.
func (t *table) grow() {
	old := *t
	size := 2 * len(old.keys)
	t.keys, t.counts, t.mask, t.n = make([]key, size), make([]uint64, size), uint64(size-1), 0
	for i, c := range old.counts {
		if c != 0 {
			j := t.slot(old.keys[i])
			t.keys[j], t.counts[j] = old.keys[i], c
			t.n++
		}
	}
}

// reset empties the table, keeping its size.
func (t *table) reset() {
	clear(t.counts)
	t.n = 0
}
