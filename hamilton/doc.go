// Package hamilton finds, enumerates and counts Hamiltonian paths and cycles
// of a graph by depth-first search with Warnsdorff ordering and sound
// pruning, in parallel, with cancellation and progress.
package hamilton
