// Package construct builds Hamiltonian paths and closed tours of leapers on
// boards far too large to search, in time linear in the board and streaming:
// a walk is produced cell by cell from a few cached block paths.
package construct
