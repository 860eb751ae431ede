// Package count counts Hamiltonian paths and cycles of board graphs exactly,
// beyond the reach of enumeration, by frontier (transfer-matrix) dynamic
// programming over a vertex order.
package count
