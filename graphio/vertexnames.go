package graphio

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"math"
	"strconv"
)

// vertexNames holds the names of a graph's vertices compactly. Files that
// number their vertices 1..N (DIMACS, TSPLIB) store nothing: vertex v is
// called v+1. Other files keep the names end to end in one buffer, where
// each ends (4 bytes) and an open-addressing hash index of at most 16
// bytes a vertex (4-byte slots, at most half full): about len(name)+12
// bytes a vertex, where a []string and a map[string]int32 took about 70
// (the 2,000,001-vertex path read in 395 MB). A file whose names so far
// are "1", "2", ... in order of first appearance, as most edge lists
// number their vertices, stores nothing either until a name breaks the
// pattern (then the names so far are written out and the file goes on as
// any other): the 2,000,001-vertex path reads in the memory of its edges.
type vertexNames struct {
	n        int  // vertices
	numbered bool // vertex v is named strconv.Itoa(v+1); nothing stored
	// stored is set once the names are kept in buf: before, every name
	// added was strconv.Itoa(v+1) and none is stored (as numbered, but
	// open to more).
	stored bool
	buf    []byte
	end    []uint32 // name v is buf[end[v-1]:end[v]] (end[-1] = 0)
	slot   []int32  // vertex+1 or 0 (empty); len a power of two, or 0
	seed   maphash.Seed
}

// numberedNames names n vertices "1".."n" without storing them.
func numberedNames(n int) vertexNames { return vertexNames{n: n, numbered: true} }

// name returns vertex v's name.
func (t *vertexNames) name(v int32) string {
	if t.numbered || !t.stored {
		return strconv.Itoa(int(v) + 1)
	}
	return string(t.bytes(v))
}

// bytes returns vertex v's name in the buffer (stored names only).
func (t *vertexNames) bytes(v int32) []byte {
	start := uint32(0)
	if v > 0 {
		start = t.end[v-1]
	}
	return t.buf[start:t.end[v]]
}

// index returns the vertex called name, or -1.
func (t *vertexNames) index(name []byte) int32 {
	if t.numbered || !t.stored {
		x, err := strconv.Atoi(string(name))
		if err != nil || x < 1 || x > t.n || strconv.Itoa(x) != string(name) {
			return -1
		}
		return int32(x - 1)
	}
	if len(t.slot) == 0 {
		return -1
	}
	mask := uint64(len(t.slot) - 1)
	for i := maphash.Bytes(t.seed, name) & mask; ; i = (i + 1) & mask {
		s := t.slot[i]
		if s == 0 {
			return -1
		}
		if bytes.Equal(t.bytes(s-1), name) {
			return s - 1
		}
	}
}

// add appends a vertex called name (not yet present) and returns it.
func (t *vertexNames) add(name []byte) (int32, error) {
	if !t.numbered && !t.stored {
		if next := strconv.Itoa(t.n + 1); string(name) == next {
			t.n++
			return int32(t.n - 1), nil
		}
		// The pattern breaks: keep the names so far, then this one.
		t.stored = true
		n := t.n
		t.n = 0
		for v := range n {
			if _, err := t.add([]byte(strconv.Itoa(v + 1))); err != nil {
				return 0, err
			}
		}
	}
	if uint64(len(t.buf))+uint64(len(name)) > math.MaxUint32 {
		return 0, fmt.Errorf("%w: the vertex names pass 4 GiB: give a smaller graph", ErrTooLarge)
	}
	if 2*(t.n+1) > len(t.slot) {
		t.grow()
	}
	v := int32(t.n)
	t.buf = append(t.buf, name...)
	t.end = append(t.end, uint32(len(t.buf)))
	t.n++
	t.put(v)
	return v, nil
}

// put enters vertex v in the hash index.
func (t *vertexNames) put(v int32) {
	mask := uint64(len(t.slot) - 1)
	i := maphash.Bytes(t.seed, t.bytes(v)) & mask
	for t.slot[i] != 0 {
		i = (i + 1) & mask
	}
	t.slot[i] = v + 1
}

// grow doubles the hash index (at least 64 slots) and enters every
// vertex again.
func (t *vertexNames) grow() {
	if len(t.slot) == 0 {
		t.seed = maphash.MakeSeed()
	}
	t.slot = make([]int32, max(64, 2*len(t.slot)))
	for v := range int32(t.n) {
		t.put(v)
	}
}
