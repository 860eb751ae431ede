// Package ckfile holds the formats of the checkpoint file of count's
// dynamic program (count.Options.Checkpoint): a layer in memory written
// whole (LayerHeader, then its records), or the manifest of a layer
// spilled to disk (Manifest). Reading and writing the file, and resuming
// from it, are count's.
//
// A layer checkpoint is
//
//	"BGDPCK01"  key length (uint16)  key  steps done (uint32)
//	key words (uint8)  count words (uint8)  records (uint64)
//	records: key words then count words, uint64 each
//	CRC-32C of everything before (uint32)
//
// all little-endian.
//
// When the current layer is on disk, the checkpoint file holds a manifest
// instead of the layer: the layer's bucket files stay where they are, in
// the checkpoint's own spill directory, and the manifest says which they
// are, how long, and how far the step reading them has gone:
//
//	"BGDPSP02"  key length (uint16)  key  steps done (uint32)
//	key words (uint8)  count words (uint8)  directory length (uint16)  directory
//	current layer: bits (uint8), then per bucket: bytes (uint64) records (uint64) generation (uint8) done (uint8)
//	next layer present (uint8), and if 1: bits (uint8), then per bucket: bytes (uint64) records (uint64) generation (uint8)
//	CRC-32C of everything before (uint32)
//
// all little-endian. The current layer (made by the steps done) is in
// DIRECTORY/Lddd and the next one in DIRECTORY/Ldd(d+1), bucket b in file
// bDDDD, or bDDDD.gN once folded N times (count's fold; manifests
// "BGDPSP01", written before folding, have no generation byte: all are
// 0). A bucket marked done has been expanded into the next layer and
// its file may be gone; the next layer's files are valid up to the bytes
// given (a killed count may have written more, which resuming cuts off).
// The manifest is written like the layer checkpoint (a temporary file,
// synced, renamed over PATH), after the files it names are synced; it is
// read whole, at most MaxManifest bytes (ReadManifest), and every field is checked.
package ckfile
