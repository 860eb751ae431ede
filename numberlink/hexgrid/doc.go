// Package hexgrid reads and writes numbered k-grids on the hexagonal
// lattice (numberlink.Hex, m = 6 neighbours, the numberlink seed's §4 open
// question on nodes with more than four neighbours): the hex text and JSON
// formats, the Proposition's checks worded for hex input, the reports the
// command line prints and a generator of unique puzzles. Solving, counting,
// τ and grading are numberlink's, the same code as for square grids
// (pictures: render.HexGrid).
package hexgrid
