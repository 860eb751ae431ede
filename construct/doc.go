// Package construct builds Hamiltonian paths and closed tours of leapers on
// boards far too large to search, in linear time and streaming: a walk of
// 10^8 cells is produced cell by cell from a few cached block paths.
package construct
