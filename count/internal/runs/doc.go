// Package runs reads and writes compact runs: the records of the bucket
// files of a layer of count's dynamic program spilled to disk, and the
// mixing of state keys (Hash) that orders them.
//
// A record (key, count) goes to its bucket as the mixed key m =
// Hash(lo, hi), which is a bijection of lo for a given hi (Hash is lo ^
// hi*K passed through splitmix64's finalizer, and both are invertible:
// Unhash), so the file keeps m and hi, not lo. Mixed keys are uniform:
// the top bits of m name the bucket, and the records of a run, sorted by
// m, are about 2^64 / R apart for R records in the runs of all buckets at
// once. A bucket collects records in memory (package spill's run buffer) and,
// when that is full, writes them as one run: sorted by m (Sort: one
// counting pass over the next bits of m, then insertion sort within each
// group), records of equal key added up (Encode), then
//
//	run:    records (uvarint)  raw bytes rb (one byte, 0..7)  records
//	record: low rb bytes of d  uvarint(d >> 8rb)  [uvarint(hi)]  uvarint(count)  [uvarint(count high word)]
//
// where d is m less the previous record's m (the first is taken from the
// bucket's lowest value) and hi is there for 128-bit keys, the count's
// high word for 128-bit counts. rb is chosen from the run's mean gap so
// that d >> 8rb is mostly one byte: a record costs about log2(2^64/R)/8
// + 1 bytes for its key, 1 for hi (knight 8x8's keys have 66 bits) and 1
// to 3 for its count, against 24 bytes raw. A bucket is read by decoding
// its runs one after the other (Read) into the bucket's table, which adds up the
// keys that recur across runs; no merge is needed.
package runs
