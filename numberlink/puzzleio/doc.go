// Package puzzleio reads and writes numberlink k-grids as text: the
// project's own text format, Coelho et al. .has files, Simon Tatham's Bridges
// game IDs, puzz.link URLs, JSON (with an optional solution) and the drawing
// of a solution in the style of the seed's figures. Every reader is bounded
// (MaxInputBytes) and cancellable; format.go documents each format.
package puzzleio
