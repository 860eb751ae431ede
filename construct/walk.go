package construct

import "iter"

// A Walk streams the cells of a Hamiltonian path (or of a closed tour, whose
// last cell is one move from the first) in visiting order as 0-based (row, col).
// Producing a 10^8-cell walk must not allocate memory proportional to the path.
type Walk = iter.Seq2[int, int]
