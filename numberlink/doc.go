// Package numberlink models numbered k-grids (Hashiwokakero with a bridge
// limit k) and implements the seed paper's propositions, configuration sets,
// the tau algorithm, a complete solver and a generator of unique puzzles.
// The puzzle formats (text, .has, Tatham game IDs, puzz.link, JSON, solution
// drawings) live in the subpackage puzzleio.
package numberlink
