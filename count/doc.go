// Package count counts Hamiltonian paths and cycles of board graphs exactly,
// beyond the reach of enumeration, by frontier (transfer-matrix) dynamic
// programming over a vertex order.
//
// Count returns the number of solutions of a hamilton.Problem (open or
// closed, with or without a given start and end) in hamilton's counting
// convention, as a uint64; CountBig returns a *big.Int for counts past
// 2^64-1. Both take an Options whose Order should come from BoardOrder (or
// OptimizeOrder for any graph): the layers of the dynamic program grow
// about threefold per vertex of frontier width, so the order decides what
// can be counted. Predict predicts the peak layer and its memory by
// running the count until a layer reaches Options.ProbeStates states; Count
// makes the same prediction and refuses with a *RefusalError (ErrMemory)
// when it passes Options.MaxBytes, naming a limit and a frontier width
// that would fit. CountExact counts exactly at any size, in one pass whose
// counts widen from 64 to 128 bits and, past 2^128, to residues modulo the
// primes CountBound asks for, joined by the Chinese remainder theorem
// (wide.go);
// CountModulo and CountGridMod count modulo one prime of the sequence
// Prime, as one task of a count split across machines, and CountBound
// gives the proven bound that says how many primes settle a count
// (prime.go); and
// Find returns one path or cycle from the dynamic program's layers, or
// proves there is none (find.go). GraphOrder finds the order of a graph
// from a file, whatever its numbering (graphorder.go).
// Estimate returns the frontier and a combinatorial bound
// in one pass, without counting. Choose picks between this package and the search
// (hamilton.Count) from the frontier alone.
//
// Past memory, Options.SpillDir lets the layers go to hash-partitioned
// bucket files of compact sorted runs (6 to 10 bytes a record, runs.go),
// read back one bucket at a time and deleted once expanded, so that the
// disk holds about one layer (spill.go explains the design, its I/O and
// its disk). Options.Shard splits a count into shards
// that add up to it exactly (package shard writes and merges their
// result files). With Options.Exchange the shards cooperate through a
// shared directory: each owns a hash class of every layer and sends the
// states it emits to their owners in layer files, so their total work is
// about one count's and each holds 1/N of a layer (exchange.go explains
// the design, its I/O cost and its restarts); all must run at once.
// Without it they are independent, may run one after the other, and
// repeat much of each other's work. Options.Checkpoint saves the current
// layer at layer boundaries so that a killed count resumes where it was
// (checkpoint.go); a spilled layer is not copied: the checkpoint is a
// manifest of its files, rewritten every round of a spilled step, so that
// a count killed in the middle of a step resumes from its last round
// (manifest.go); cooperative shards resume from their layer files.
//
// docs/results.md lists the counts made with this package, the commands,
// times and memory, and their cross-checks.
package count
