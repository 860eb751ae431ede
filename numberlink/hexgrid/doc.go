// Package hexgrid models numbered k-grids on the hexagonal lattice (m = 6
// neighbours, the numberlink seed's §4 open question on nodes with more than
// four neighbours): the model, its text and JSON formats, the Proposition's
// unsolvability checks, an exact solver and counter, the τ algorithm and a
// generator of unique puzzles (pictures: render.HexGrid).
package hexgrid
