package runs

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// Unhash inverts Hash for every hi.
func TestUnhash(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		lo, hi := rng.Uint64(), rng.Uint64()>>rng.IntN(64)
		if got := Unhash(Hash(lo, hi), hi); got != lo {
			t.Fatalf("Unhash(Hash(%x, %x)) = %x", lo, hi, got)
		}
	}
}

// runRecords returns n random records of one bucket for the layout, with
// many repeated keys, as package spill buffers them (mixed key first), and
// the sum of their counts per key.
func runRecords(rng *rand.Rand, n, kw, cw int, nb uint, b uint64) ([]uint64, map[[2]uint64][2]uint64) {
	sd := kw + cw
	a := make([]uint64, 0, n*sd)
	want := map[[2]uint64][2]uint64{}
	var keys [][2]uint64
	for len(a) < n*sd {
		var k [2]uint64
		if len(keys) > 0 && rng.IntN(3) == 0 {
			k = keys[rng.IntN(len(keys))]
		} else {
			m := rng.Uint64()
			if nb > 0 {
				m = m>>nb | b<<(64-nb)
			}
			if rng.IntN(50) == 0 && len(keys) > 0 {
				m = keys[len(keys)-1][0] // the same mixed key, another hi
			}
			if kw == 2 {
				k[1] = rng.Uint64() >> rng.IntN(64)
			}
			k[0] = m
			keys = append(keys, k)
		}
		c, cHi := 1+rng.Uint64()>>(8+rng.IntN(56)), uint64(0) // no overflow in the sums
		if cw == 2 {
			cHi = rng.Uint64() >> (1 + rng.IntN(63))
		}
		a = append(a, k[0])
		if kw == 2 {
			a = append(a, k[1])
		}
		a = append(a, c)
		if cw == 2 {
			a = append(a, cHi)
		}
		s := want[[2]uint64{Unhash(k[0], k[1]), k[1]}]
		lo, carry := s[0]+c, uint64(0)
		if lo < s[0] {
			carry = 1
		}
		want[[2]uint64{Unhash(k[0], k[1]), k[1]}] = [2]uint64{lo, s[1] + cHi + carry}
	}
	return a, want
}

// Runs written by Sort and Encode and read by Read give back
// every key with the sum of its counts, for every record layout and
// bucket bits, in runs of many sizes appended to one file.
func TestRunsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var sc Scratch
	for _, kw := range []int{1, 2} {
		for _, cw := range []int{1, 2} {
			for _, nb := range []uint{0, 1, 5, 10} {
				sd := kw + cw
				b := uint64(0)
				if nb > 0 {
					b = rng.Uint64() >> (64 - nb)
				}
				var file []byte
				want := map[[2]uint64][2]uint64{}
				for _, n := range []int{1, 2, 3, 50, 1000, 20000} {
					a, w := runRecords(rng, n, kw, cw, nb, b)
					for k, v := range w {
						s := want[k]
						lo := s[0] + v[0]
						carry := uint64(0)
						if lo < s[0] {
							carry = 1
						}
						want[k] = [2]uint64{lo, s[1] + v[1] + carry}
					}
					sorted := Sort(a, sd, nb, &sc)
					for j := sd; j < len(sorted); j += sd {
						if sorted[j] < sorted[j-sd] {
							t.Fatalf("Sort: record %d out of order", j/sd)
						}
					}
					file, _ = Encode(file, sorted, sd, kw, cw, nb, b<<(64-nb)*uint64(min(nb, 1)))
				}
				got := map[[2]uint64][2]uint64{}
				recs := 0
				err := Read(bytes.NewReader(file), int64(len(file)), kw, cw, nb, int(b), func(words []uint64) error {
					for j := 0; j < len(words); j += sd {
						k := [2]uint64{words[j], 0}
						if kw == 2 {
							k[1] = words[j+1]
						}
						c, cHi := words[j+kw], uint64(0)
						if cw == 2 {
							cHi = words[j+kw+1]
						}
						s := got[k]
						lo := s[0] + c
						carry := uint64(0)
						if lo < s[0] {
							carry = 1
						}
						got[k] = [2]uint64{lo, s[1] + cHi + carry}
						recs++
					}
					return nil
				})
				if err != nil {
					t.Fatalf("kw %d cw %d bits %d: %v", kw, cw, nb, err)
				}
				if len(got) != len(want) {
					t.Fatalf("kw %d cw %d bits %d: %d keys back, %d written", kw, cw, nb, len(got), len(want))
				}
				for k, v := range want {
					if got[k] != v {
						t.Fatalf("kw %d cw %d bits %d: key %x count %v, want %v", kw, cw, nb, k, got[k], v)
					}
				}
				if kw == 1 && cw == 1 && nb == 10 {
					t.Logf("%d records in %d bytes: %.2f bytes a record", recs, len(file), float64(len(file))/float64(recs))
				}
			}
		}
	}
}

// The run reader refuses damaged input without panicking or reading past
// its bound: every truncation of a valid file fails.
func TestRunsDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var sc Scratch
	a, _ := runRecords(rng, 100, 2, 1, 4, 3)
	file, _ := Encode(nil, Sort(a, 3, 4, &sc), 3, 2, 1, 4, 3<<60)
	nop := func([]uint64) error { return nil }
	for cut := 1; cut < len(file); cut++ {
		if err := Read(bytes.NewReader(file[:cut]), int64(cut), 2, 1, 4, 3, nop); err == nil {
			t.Fatalf("a run cut at %d of %d bytes was read", cut, len(file))
		}
	}
	if err := Read(bytes.NewReader(file), int64(len(file)), 2, 1, 4, 3, nop); err != nil {
		t.Fatal(err)
	}
}

// FuzzRunReader: any bytes are read without panic, and what is read back
// is in its bucket with nonzero counts.
func FuzzRunReader(f *testing.F) {
	rng := rand.New(rand.NewPCG(7, 8))
	var sc Scratch
	a, _ := runRecords(rng, 40, 1, 1, 2, 1)
	file, _ := Encode(nil, Sort(a, 2, 2, &sc), 2, 1, 1, 2, 1<<62)
	f.Add(file, uint8(1), uint8(1))
	f.Add([]byte{1, 0, 5, 1}, uint8(2), uint8(2))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 7}, uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, kw, cw uint8) {
		k, c := 1+int(kw%2), 1+int(cw%2)
		err := Read(bytes.NewReader(data), int64(len(data)), k, c, 2, 1, func(words []uint64) error {
			for j := 0; j < len(words); j += k + c {
				hi := uint64(0)
				if k == 2 {
					hi = words[j+1]
				}
				if Hash(words[j], hi)>>62 != 1 {
					t.Fatalf("record outside its bucket")
				}
				if words[j+k] == 0 && (c == 1 || words[j+k+1] == 0) {
					t.Fatalf("zero count")
				}
			}
			return nil
		})
		_ = err
	})
}

// BenchmarkReadRuns decodes a bucket of compact runs (64-bit keys, one
// count word, 2^20 records in runs of 2^16, bucket 3 of 2^4): ns/record
// is the CPU a spilled step spends reading one record back.
func BenchmarkReadRuns(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	const bits, bucket = 4, 3
	var file []byte
	var sc Scratch
	recs := 0
	for range 16 {
		var a []uint64
		for len(a) < 2*(1<<16) {
			k := rng.Uint64()
			if Hash(k, 0)>>(64-bits) != bucket {
				continue
			}
			a = append(a, Hash(k, 0), 1+rng.Uint64N(1000))
		}
		sorted := Sort(a, 2, bits, &sc)
		var n int
		file, n = Encode(file, sorted, 2, 1, 1, bits, uint64(bucket)<<(64-bits))
		recs += n
	}
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		got := 0
		err := Read(bytes.NewReader(file), int64(len(file)), 1, 1, bits, bucket, func(w []uint64) error {
			got += len(w) / 2
			return nil
		})
		if err != nil || got != recs {
			b.Fatalf("read %d of %d records: %v", got, recs, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(recs), "ns/record")
}

// BenchmarkWriteRuns sorts and encodes runs of 2^18 records (64-bit keys,
// one count word, bucket 3 of 2^4), as a spilled step writes its run
// buffers: ns/record is the CPU a spilled step spends writing one record.
func BenchmarkWriteRuns(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const bits, bucket, n = 4, 3, 1 << 18
	src := make([]uint64, 0, 2*n)
	for len(src) < 2*n {
		k := rng.Uint64()
		if Hash(k, 0)>>(64-bits) != bucket {
			continue
		}
		src = append(src, Hash(k, 0), 1+rng.Uint64N(1000))
	}
	a := make([]uint64, len(src))
	var sc Scratch
	for b.Loop() {
		copy(a, src)
		sorted := Sort(a, 2, bits, &sc)
		var recs int
		sc.Enc, recs = Encode(sc.Enc[:0], sorted, 2, 1, 1, bits, uint64(bucket)<<(64-bits))
		if recs != n {
			b.Fatalf("wrote %d of %d records", recs, n)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/record")
}

// Sort orders two-word records like a plain sort on runs of every size,
// also when many distinct keys share the digits its counting passes read
// (groups sorted apart) and when keys repeat; no record is lost.
func TestSortSkewed(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var sc Scratch
	for _, n := range []int{2, 33, 2049, 5000, 70000} {
		for _, skew := range []uint{0, 20, 40} {
			const bits = 3
			a := make([]uint64, 0, 2*n)
			for range n {
				m := 5<<(64-bits) | rng.Uint64()>>(bits+skew)
				if rng.IntN(4) == 0 && len(a) > 0 {
					m = a[2*rng.IntN(len(a)/2)]
				}
				a = append(a, m, rng.Uint64())
			}
			want := make([][2]uint64, n)
			for i := range want {
				want[i] = [2]uint64{a[2*i], a[2*i+1]}
			}
			slices.SortStableFunc(want, func(x, y [2]uint64) int { return cmp.Compare(x[0], y[0]) })
			got := Sort(a, 2, bits, &sc)
			for i := range want {
				if got[2*i] != want[i][0] {
					t.Fatalf("%d records, skew %d: key %d is %#x, want %#x", n, skew, i, got[2*i], want[i][0])
				}
			}
			gotRecs := make([][2]uint64, n)
			for i := range gotRecs {
				gotRecs[i] = [2]uint64{got[2*i], got[2*i+1]}
			}
			slices.SortFunc(gotRecs, func(x, y [2]uint64) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
			slices.SortFunc(want, func(x, y [2]uint64) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
			if !slices.Equal(gotRecs, want) {
				t.Fatalf("%d records, skew %d: the records changed", n, skew)
			}
		}
	}
}
