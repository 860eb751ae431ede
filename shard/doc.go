// Package shard owns the files of counts that are split or interrupted:
// work-unit shard specs, append-only unit checkpoints (locked, CRC'd
// line by line, salvaged after damage), shard result files and their
// exact merge, and residue files (a count modulo one prime) joined by the
// Chinese remainder theorem under the bound they record. Both counters
// use it: the search (hamilton.CountShard) and the frontier dynamic
// program (package count).
package shard
