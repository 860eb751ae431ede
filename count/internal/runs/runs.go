package runs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
)

// Scratch is a worker's memory for writing runs; the zero value is
// ready to use.
type Scratch struct {
	tmp  []uint64
	cnt  []int32
	cnt2 []int32 // the second level's counters (sortTwoLevels)
	Enc  []byte  // a buffer for Encode's output, kept between runs
	// Spare is a run buffer the writer swaps for a full one (package
	// spill's Write), kept between runs.
	Spare []uint64
}

// maxRadixBits bounds the counting pass of sortRun (2^20 counters: the
// runs of folded buckets hold millions of records).
const maxRadixBits = 20

// Sort sorts the records of a (sd words each, the mixed key first) by
// their mixed key and returns them sorted, in a or in sc.tmp. Every key
// has the same top bits (its bucket's), which the counting pass skips.
func Sort(a []uint64, sd int, bits uint, sc *Scratch) []uint64 {
	n := len(a) / sd
	if n < 2 {
		return a
	}
	if sd == 2 && n > 1<<cacheRadixBits && bits+2*cacheRadixBits <= 64 {
		return sortTwoLevels(a, bits, sc)
	}
	d := radixBits(n)
	cnt := counters(&sc.cnt, d)
	if cap(sc.tmp) < len(a) {
		sc.tmp = make([]uint64, len(a))
	}
	out := sc.tmp[:len(a)]
	if sd == 2 {
		// One key word and one count word, the knight's and most
		// counts: moved as two words, not by copy (a call per record).
		scatter(a, out, bits, d, cnt)
	} else {
		digit := func(m uint64) int { return int(m << bits >> (64 - d)) }
		for j := 0; j < len(a); j += sd {
			cnt[digit(a[j])+1]++
		}
		for g := 1; g < len(cnt); g++ {
			cnt[g] += cnt[g-1]
		}
		for j := 0; j < len(a); j += sd {
			g := digit(a[j])
			copy(out[int(cnt[g])*sd:], a[j:j+sd])
			cnt[g]++
		}
	}
	// Each group (one digit) is now contiguous; sort within it.
	sortGroups(out, cnt[:1<<d], sd)
	if sd == 2 {
		// The small groups: one insertion pass over the whole run
		// instead of a call per group.
		insertionPass(out)
	}
	return out
}

// sortGroups sorts the groups of out that end at ends (in records of sd
// words): every group of more than one record, or for two-word records
// only those of more than smallGroup, which insertionPass would take
// long over (many distinct keys with one digit, which mixed keys make
// improbable); insertionPass finishes the others.
func sortGroups(out []uint64, ends []int32, sd int) {
	start := 0
	for _, e := range ends {
		end := int(e)
		if end-start > 1 && (sd != 2 || end-start > smallGroup) {
			sortGroup(out[start*sd:end*sd], sd)
		}
		start = end
	}
}

// smallGroup is the largest group Sort sorts by insertion (sortGroup).
const smallGroup = 32

// cacheRadixBits is the digit of a counting pass whose counters and
// output streams stay in the processor's caches: Sort sorts a larger run
// of two-word records in two levels (sortTwoLevels), where one pass over
// a digit as wide as the run scattered its records across memory.
const cacheRadixBits = 11

// sortTwoLevels sorts a run of more than 2^cacheRadixBits two-word
// records (mixed key, count) of a bucket of 2^bits: first by the
// cacheRadixBits bits below the bucket's into sc.tmp, then each of those
// groups, which fits the caches, by the next bits back into a, finished
// by insertion. It returns a.
func sortTwoLevels(a []uint64, bits uint, sc *Scratch) []uint64 {
	const d1 = cacheRadixBits
	if cap(sc.tmp) < len(a) {
		sc.tmp = make([]uint64, len(a))
	}
	tmp := sc.tmp[:len(a)]
	top := counters(&sc.cnt, d1)
	scatter(a, tmp, bits, d1, top)
	// Each group of tmp: by its digit of d2 bits below the first, back
	// into a (a group holds about n/2^d1 records, and 2^d2 is about as
	// many).
	start := 0
	for g := range 1 << d1 {
		end := int(top[g])
		if m := end - start; m > smallGroup {
			d2 := radixBits(m)
			cnt := counters(&sc.cnt2, d2)
			out := a[2*start : 2*end]
			scatter(tmp[2*start:2*end], out, bits+d1, d2, cnt)
			sortGroups(out, cnt[:1<<d2], 2)
		} else {
			copy(a[2*start:2*end], tmp[2*start:2*end])
		}
		start = end
	}
	insertionPass(a)
	return a
}

// radixBits returns the digit of a counting pass over n records: about
// log2(n) bits, at most maxRadixBits.
func radixBits(n int) uint {
	d := uint(1)
	for d < maxRadixBits && 1<<d < n {
		d++
	}
	return d
}

// counters returns 2^d+1 zeroed counters from *buf, grown when short.
func counters(buf *[]int32, d uint) []int32 {
	if cap(*buf) < 1<<d+1 {
		*buf = make([]int32, 1<<d+1)
	}
	c := (*buf)[:1<<d+1]
	clear(c)
	return c
}

// scatter moves the two-word records of src into dst in order of their
// digit of d bits below the top skip bits of the key (a counting sort:
// cnt, of 2^d+1 zeros, ends as the end of every digit's group).
func scatter(src, dst []uint64, skip, d uint, cnt []int32) {
	digit := func(m uint64) int { return int(m << skip >> (64 - d)) }
	for j := 0; j < len(src); j += 2 {
		cnt[digit(src[j])+1]++
	}
	for g := 1; g < len(cnt); g++ {
		cnt[g] += cnt[g-1]
	}
	for j := 0; j < len(src); j += 2 {
		g := digit(src[j])
		i := int(cnt[g]) * 2
		dst[i], dst[i+1] = src[j], src[j+1]
		cnt[g]++
	}
}

// insertionPass finishes sorting two-word records whose groups are in
// order (each record moves back only within its group).
func insertionPass(out []uint64) {
	for i := 2; i < len(out); i += 2 {
		m, c := out[i], out[i+1]
		j := i
		for j > 0 && out[j-2] > m {
			out[j], out[j+1] = out[j-2], out[j-1]
			j -= 2
		}
		out[j], out[j+1] = m, c
	}
}

// sortGroup sorts a small group of records by mixed key: insertion sort,
// or the library's sort for a large group (keys are uniform, so groups
// hold a few records; only many copies of one key make a large one).
func sortGroup(g []uint64, sd int) {
	n := len(g) / sd
	if n > smallGroup {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(x, y int) int {
			a, b := g[x*sd], g[y*sd]
			switch {
			case a < b:
				return -1
			case a > b:
				return 1
			}
			return 0
		})
		c := make([]uint64, len(g))
		for i, j := range idx {
			copy(c[i*sd:], g[j*sd:j*sd+sd])
		}
		copy(g, c)
		return
	}
	var t [4]uint64
	for i := 1; i < n; i++ {
		m := g[i*sd]
		j := i
		for j > 0 && g[(j-1)*sd] > m {
			j--
		}
		if j == i {
			continue
		}
		copy(t[:sd], g[i*sd:])
		copy(g[(j+1)*sd:(i+1)*sd], g[j*sd:i*sd])
		copy(g[j*sd:], t[:sd])
	}
}

// Encode appends the run of the sorted records a (sd words each:
// mixed key, hi when kw is 2, count words) of a bucket whose keys start at
// base and span 2^(64-nb), adding up adjacent records of equal key. It
// returns the bytes and the number of records written.
func Encode(dst []byte, a []uint64, sd, kw, cw int, nb uint, base uint64) ([]byte, int) {
	// Add up equal keys in place.
	n := 0
	for j := 0; j < len(a); j += sd {
		if n > 0 {
			p := (n - 1) * sd
			if a[p] == a[j] && (kw == 1 || a[p+1] == a[j+1]) {
				lo, c := bits.Add64(a[p+kw], a[j+kw], 0)
				var hi, c2 uint64
				if cw == 2 {
					hi, c2 = bits.Add64(a[p+kw+1], a[j+kw+1], c)
				}
				if cw == 1 && c == 0 || cw == 2 && c2 == 0 {
					a[p+kw] = lo
					if cw == 2 {
						a[p+kw+1] = hi
					}
					continue
				}
				// The sum would overflow: keep both; the table reports it.
			}
		}
		if n*sd != j {
			copy(a[n*sd:], a[j:j+sd])
		}
		n++
	}
	// Raw low bytes: the mean gap is 2^(64-nb)/n; keep about 6 bits of
	// it for the varint.
	lg := 64 - int(nb) - (63 - lz(uint64(n)))
	rb := 0
	if lg > 5 {
		rb = min((lg-5)/8, 7)
	}
	dst = binary.AppendUvarint(dst, uint64(n))
	dst = append(dst, byte(rb))
	// Grow once and write in place: a record takes at most rb raw bytes
	// and kw+cw varints, and the raw bytes are written as a whole word
	// (8 bytes of slack at the end).
	dst = slices.Grow(dst, n*(rb+(kw+cw)*binary.MaxVarintLen64)+8)
	out := dst[len(dst):cap(dst)]
	pos := 0
	prev := base
	for j := 0; j < n*sd; j += sd {
		d := a[j] - prev
		prev = a[j]
		binary.LittleEndian.PutUint64(out[pos:], d)
		pos += rb
		pos += binary.PutUvarint(out[pos:], d>>(8*rb))
		if kw == 2 {
			pos += binary.PutUvarint(out[pos:], a[j+1])
		}
		pos += binary.PutUvarint(out[pos:], a[j+kw])
		if cw == 2 {
			pos += binary.PutUvarint(out[pos:], a[j+kw+1])
		}
	}
	return dst[:len(dst)+pos], n
}

// lz returns the leading zeros of x (64 for 0).
func lz(x uint64) int { return bits.LeadingZeros64(x) }

// ErrDamaged is a damaged run.
var ErrDamaged = errors.New("damaged run")

// runReader decodes the runs of one bucket file.
type runReader struct {
	r      io.Reader
	buf    []byte // bytes read from r, buf[pos:] not yet decoded
	pos    int
	left   int64 // bytes not yet decoded
	kw, cw int
	bits   uint
	bucket uint64
}

// byte returns the next byte: from the buffer (small enough to inline:
// it is called for every byte of a spilled layer), or through fill.
func (rr *runReader) byte() (byte, error) {
	if rr.pos < len(rr.buf) && rr.left > 0 {
		c := rr.buf[rr.pos]
		rr.pos++
		rr.left--
		return c, nil
	}
	return rr.fill()
}

// fill reads the next block into the buffer and returns its first byte.
func (rr *runReader) fill() (byte, error) {
	if rr.left <= 0 {
		return 0, ErrDamaged
	}
	n, _ := io.ReadAtLeast(rr.r, rr.buf[:cap(rr.buf)], 1)
	if n == 0 {
		return 0, ErrDamaged // the file ends early, or cannot be read
	}
	rr.buf, rr.pos = rr.buf[:n], 1
	rr.left--
	return rr.buf[0], nil
}

// fast reports whether the buffer holds the next n bytes of the file, so
// that they can be decoded in place.
func (rr *runReader) fast(n int) bool {
	return len(rr.buf)-rr.pos >= n && rr.left >= int64(n)
}

func (rr *runReader) uvarint() (uint64, error) {
	if rr.fast(binary.MaxVarintLen64) {
		x, n := binary.Uvarint(rr.buf[rr.pos:])
		if n <= 0 {
			return 0, ErrDamaged // longer than 64 bits
		}
		rr.pos += n
		rr.left -= int64(n)
		return x, nil
	}
	var x uint64
	for s := uint(0); s < 70; s += 7 {
		c, err := rr.byte()
		if err != nil {
			return 0, err
		}
		if s == 63 && c > 1 {
			return 0, ErrDamaged
		}
		x |= uint64(c&0x7f) << s
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, ErrDamaged
}

// decode calls fn with batches of records (key words, then count words,
// as in a table) until the file's bytes are used up.
func (rr *runReader) decode(fn func(words []uint64) error) error {
	const batch = 1024
	sd := rr.kw + rr.cw
	words := make([]uint64, 0, batch*sd)
	base := uint64(0)
	if rr.bits > 0 {
		base = rr.bucket << (64 - rr.bits)
	}
	for rr.left > 0 {
		n, err := rr.uvarint()
		if err != nil {
			return err
		}
		rb, err := rr.byte()
		if err != nil {
			return err
		}
		// Every record takes at least rb+2 bytes.
		if rb > 7 || n == 0 || n > uint64(rr.left)/uint64(int(rb)+2) {
			return ErrDamaged
		}
		prev := base
		rmask := uint64(1)<<(8*rb) - 1
		for range n {
			var d, hi, c, cHi uint64
			if rr.fast(fastRec) {
				// The whole record is in the buffer: decode it in place.
				var k int
				if d, hi, c, cHi, k = decodeRecord(rr.buf[rr.pos:], rb, rmask, rr.kw, rr.cw); k <= 0 {
					return ErrDamaged
				}
				rr.pos += k
				rr.left -= int64(k)
			} else if d, hi, c, cHi, err = rr.record(rb); err != nil {
				return err
			}
			m := prev + d
			if m < prev || rr.bits > 0 && m>>(64-rr.bits) != rr.bucket {
				return ErrDamaged // past the bucket
			}
			prev = m
			words = append(words, Unhash(m, hi))
			if rr.kw == 2 {
				words = append(words, hi)
			}
			words = append(words, c)
			if rr.cw == 2 {
				words = append(words, cHi)
			}
			if len(words) == cap(words) {
				if err := fn(words); err != nil {
					return err
				}
				words = words[:0]
			}
		}
	}
	if len(words) > 0 {
		return fn(words)
	}
	return nil
}

// record decodes one record byte by byte, across the buffer's refills (a
// record near the end of the buffer; decodeRecord's result otherwise).
func (rr *runReader) record(rb byte) (d, hi, c, cHi uint64, err error) {
	if rr.fast(int(rb)) {
		for k, c := range rr.buf[rr.pos : rr.pos+int(rb)] {
			d |= uint64(c) << (8 * k)
		}
		rr.pos += int(rb)
		rr.left -= int64(rb)
	} else {
		for k := range int(rb) {
			c, err := rr.byte()
			if err != nil {
				return 0, 0, 0, 0, err
			}
			d |= uint64(c) << (8 * k)
		}
	}
	x, err := rr.uvarint()
	if err != nil {
		return 0, 0, 0, 0, err
	}
	if rb > 0 && x>>(64-8*rb) != 0 {
		return 0, 0, 0, 0, ErrDamaged
	}
	d |= x << (8 * rb)
	if rr.kw == 2 {
		if hi, err = rr.uvarint(); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	if c, err = rr.uvarint(); err != nil {
		return 0, 0, 0, 0, err
	}
	if rr.cw == 2 {
		if cHi, err = rr.uvarint(); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	if c == 0 && cHi == 0 {
		return 0, 0, 0, 0, ErrDamaged // counts are at least 1
	}
	return d, hi, c, cHi, nil
}

// fastRec is the most bytes one record can take: a whole word for its
// raw bytes (decodeRecord reads 8), then up to four varints.
const fastRec = 8 + 4*binary.MaxVarintLen64

// decodeRecord decodes one record from b, which holds at least fastRec
// bytes: the key's delta (rb raw bytes, rmask their mask, and a varint),
// hi when kw is 2, the count, and its high word when cw is 2. It returns
// the bytes used, or 0 for a damaged record (a varint past 64 bits, a
// delta past 64 bits, a zero count).
func decodeRecord(b []byte, rb byte, rmask uint64, kw, cw int) (d, hi, c, cHi uint64, n int) {
	d = binary.LittleEndian.Uint64(b) & rmask
	n = int(rb)
	x, k := binary.Uvarint(b[n:])
	if k <= 0 || rb > 0 && x>>(64-8*rb) != 0 {
		return 0, 0, 0, 0, 0
	}
	d |= x << (8 * rb)
	n += k
	if kw == 2 {
		if hi, k = binary.Uvarint(b[n:]); k <= 0 {
			return 0, 0, 0, 0, 0
		}
		n += k
	}
	if c, k = binary.Uvarint(b[n:]); k <= 0 {
		return 0, 0, 0, 0, 0
	}
	n += k
	if cw == 2 {
		if cHi, k = binary.Uvarint(b[n:]); k <= 0 {
			return 0, 0, 0, 0, 0
		}
		n += k
	}
	if c == 0 && cHi == 0 {
		return 0, 0, 0, 0, 0 // counts are at least 1
	}
	return d, hi, c, cHi, n
}

// Read decodes size bytes of runs from r (bucket b of 2^bits).
func Read(r io.Reader, size int64, kw, cw int, bits uint, b int, fn func(words []uint64) error) error {
	rr := &runReader{r: r, buf: make([]byte, 0, 256<<10), left: size, kw: kw, cw: cw, bits: bits, bucket: uint64(b)}
	if err := rr.decode(fn); err != nil {
		if errors.Is(err, ErrDamaged) {
			return fmt.Errorf("%w (at byte %d of %d)", ErrDamaged, size-rr.left, size)
		}
		return err
	}
	return nil
}
