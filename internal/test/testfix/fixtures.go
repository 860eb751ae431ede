package testfix

import (
	"iter"
	"os"
	"path/filepath"
	"testing"
)

// Scale picks a test's size by the mode it runs in: long with
// BOARDGRAPH_LONG=1, short with -short, normal otherwise (the long switch
// wins over -short).
func Scale[T any](normal, short, long T) T {
	switch {
	case Long():
		return long
	case testing.Short():
		return short
	}
	return normal
}

// CoelhoFiles returns the Coelho instances (see Coelho) whose path below
// coelho2019/ matches pattern, such as "*/*_001.has", and fails the test
// when none does.
func CoelhoFiles(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(Coelho(tb), pattern))
	if len(files) == 0 {
		tb.Fatalf("no Coelho instance matches %s", pattern)
	}
	return files
}

// Serpentine is the boustrophedon over a rows x cols board, as 0-based
// (row, col) cells: row 0 left to right, row 1 right to left, and so on.
// It is a wazir (and so king) path, open, from 0,0.
func Serpentine(rows, cols int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for r := range rows {
			for i := range cols {
				c := i
				if r%2 == 1 {
					c = cols - 1 - i
				}
				if !yield(r, c) {
					return
				}
			}
		}
	}
}

// DirNames lists the names in dir, sorted (to see what a command left
// behind), failing the test when dir cannot be read.
func DirNames(tb testing.TB, dir string) []string {
	tb.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// Knight12x12 is issue 39's 12x12 knight board with 119 open cells (25
// blocked; '#' blocked, '.' open, rows top to bottom): out of reach of the
// search, the frontier dynamic program, clingo's standard encoding and
// LKH-3, yet its move graph has no subgraph of maximum degree 2 with 118
// edges, so it has no knight's path.
const Knight12x12 = `...#...##...
#....###..#.
....#.#..#..
.##...#..#..
............
....#.##....
......#.....
............
.....#......
.#....#.#...
............
.#.....#....
`
