// Package board provides rectangular boards with blocked cells and givens:
// size specs such as "10x10", text maps, 1-based "row,col" coordinates, and
// the board's symmetry group.
package board
