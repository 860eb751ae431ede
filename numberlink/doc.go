// Package numberlink models numbered k-grids (Hashiwokakero with a bridge
// limit k) over a lattice (Square, the seed's; Hex, six neighbours) and
// implements, once for both, the seed paper's propositions, configuration
// sets, the tau algorithm, a complete solver, the grader's deduction stages
// and a generator of unique puzzles. The square formats (text, .has, Tatham
// game IDs, puzz.link, JSON, solution drawings) live in the subpackage
// puzzleio, the hex text and JSON in hexgrid.
package numberlink
