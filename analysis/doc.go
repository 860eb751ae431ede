// Package analysis computes statistics over whole solution spaces of
// Hamiltonian path problems: counts by start, end and step, edge usage,
// symmetry classes, structural facts of the graph and key states.
package analysis
