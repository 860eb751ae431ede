// Package spill owns the bucket files of one layer of count's dynamic
// program spilled to disk (count.Options.SpillDir): creating, writing,
// reading, folding and deleting them, and opening them again from a
// checkpoint's manifest. When to spill, what goes into a bucket and how a
// step reads it back are count's.
//
// A layer is 2^b files in a directory of its own, bucket k in file
// bDDDD (BucketFile), a state going to the file named by the top bits of
// its mixed key (runs.Hash). A file is a sequence of compact runs
// (package runs): each bucket collects the records written to it in
// memory (its run buffer) and, when that is full, writes them as one run,
// sorted by mixed key, equal keys added. A bucket is read by decoding
// its runs one after the other (ReadBucket); the reader adds up the keys
// that recur across runs.
//
// Folding: a bucket file holds one record for every time a state was
// reached in a run, not one per state, so a layer being written can
// outgrow a disk that would hold its states. A fold (Replace) writes a
// bucket's summed records, which the reader computed, as one run to a
// new file, the bucket's next generation (bDDDD.gN), and replaces the
// old file by it; the old file is stale until RemoveStale deletes it,
// after a checkpoint's manifest names its successor (at once without a
// checkpoint). Opening a layer from a manifest (Open) deletes the files
// it does not name: the generations a killed count's folds left behind.
package spill
