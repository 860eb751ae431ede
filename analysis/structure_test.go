package analysis

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/hamilton"
)

// TestFamilies checks the split of the Diplomatico move families: the (3,0)
// hops keep (row mod 3, col mod 3), 9 components each exactly one residue
// class (docs/references.md). The (2,2) hops keep both parities (docs/references.md),
// but that is not the whole split: writing row = 2a+x, col = 2b+y, a hop
// changes a and b by one each, so a+b keeps its parity too, and (2,2) alone
// has 8 components, not 4: (row mod 2, col mod 2, (row div 2 + col div 2)
// mod 2).
func TestFamilies(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"10x10", "7x9", "6x6"} {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			bg, _ := problemOf(t, spec, "hopido")
			s := Structural(bg)
			if len(s.Families) != 2 {
				t.Fatalf("%d families, want 2", len(s.Families))
			}
			for _, f := range s.Families {
				var key func(r, c int) int
				want := 0
				switch f.Moves.Spec() {
				case "3,0":
					key, want = func(r, c int) int { return (r%3)*3 + c%3 }, 9
				case "2,2":
					key, want = func(r, c int) int { return (r%2)*4 + (c%2)*2 + (r/2+c/2)%2 }, 8
				default:
					t.Fatalf("unexpected family %s", f.Moves.Spec())
				}
				if f.Components != want {
					t.Errorf("%s: %d components, want %d", f.Moves.Spec(), f.Components, want)
				}
				// Same component iff same residue class.
				for v := range bg.N() {
					for w := range bg.N() {
						rv, cv := bg.Board.RowCol(bg.CellOf[v])
						rw, cw := bg.Board.RowCol(bg.CellOf[w])
						if (f.Label[v] == f.Label[w]) != (key(rv, cv) == key(rw, cw)) {
							t.Fatalf("%s: cells %s and %s: same component %v, same class %v", f.Moves.Spec(),
								bg.Board.FormatCell(bg.CellOf[v]), bg.Board.FormatCell(bg.CellOf[w]), f.Label[v] == f.Label[w], key(rv, cv) == key(rw, cw))
						}
					}
				}
			}
			if s.Bipartite || s.Components != 1 {
				t.Errorf("Diplomatico %s: bipartite %v, %d components; want not bipartite, connected", spec, s.Bipartite, s.Components)
			}
		})
	}
}

// TestStructureFacts checks degrees, bipartiteness and cut vertices on
// boards where they are known by hand.
func TestStructureFacts(t *testing.T) {
	t.Parallel()
	// Knight 3x3: the centre is isolated, the other 8 cells form one
	// 8-cycle (degree 2 each), bipartite; no cut vertices.
	bg, _ := problemOf(t, "3x3", "knight")
	s := Structural(bg)
	if s.Degrees[0] != 1 || s.Degrees[2] != 8 || s.Components != 2 || !s.Bipartite || len(s.Articulation) != 0 {
		t.Errorf("knight 3x3: degrees %v, %d components, bipartite %v, cut %v", s.Degrees, s.Components, s.Bipartite, s.Articulation)
	}
	// Diplomatico 4x4 (paper, Proposition II.1): the four inner cells have
	// degree 1, so their neighbours (the corners) are cut vertices.
	bg, _ = problemOf(t, "4x4", "hopido")
	s = Structural(bg)
	if s.Degrees[1] != 4 || len(s.Articulation) != 4 {
		t.Errorf("hopido 4x4: degrees %v, cut vertices %v; want 4 of degree 1 and the 4 corners as cut vertices", s.Degrees, s.Articulation)
	}
	for _, v := range s.Articulation {
		r, c := bg.Board.RowCol(bg.CellOf[v])
		if (r != 0 && r != 3) || (c != 0 && c != 3) {
			t.Errorf("hopido 4x4: cut vertex %s is not a corner", bg.Board.FormatCell(bg.CellOf[v]))
		}
	}
}

// TestCompletions checks the prefix completion counts against the
// enumeration: the count for a prefix of length k is the number of paths
// sharing it, and it falls to 1 at the reported step and not before.
func TestCompletions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ spec, ms string }{{"5x5", "hopido"}, {"5x5", "knight"}, {"4x5", "hopido"}} {
		t.Run(tc.ms+"/"+tc.spec, func(t *testing.T) {
			t.Parallel()
			_, p := problemOf(t, tc.spec, tc.ms)
			var paths [][]int32
			hamilton.Enumerate(context.Background(), p, hamilton.Options{Workers: 1}, 0, func(q []int32) bool {
				paths = append(paths, append([]int32(nil), q...))
				return true
			})
			for _, path := range [][]int32{paths[0], paths[len(paths)/2], paths[len(paths)-1]} {
				counts, decided, err := Completions(context.Background(), p, path, hamilton.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for k := 1; k <= len(counts); k++ {
					want := uint64(0)
					for _, q := range paths {
						if equalPrefix(q, path, k) {
							want++
						}
					}
					if counts[k-1] != want {
						t.Fatalf("prefix of %d: %d completions, enumeration says %d", k, counts[k-1], want)
					}
				}
				if decided != len(counts) || counts[decided-1] != 1 || (decided > 1 && counts[decided-2] == 1) {
					t.Fatalf("decided at %d with counts %v", decided, counts)
				}
			}
			bad := append([]int32(nil), paths[0]...)
			bad[len(bad)-1] = bad[0] // a vertex twice: not a path
			if _, _, err := Completions(context.Background(), p, bad, hamilton.Options{}); err == nil {
				t.Fatal("a non-solution was accepted")
			}
		})
	}
}

func equalPrefix(a, b []int32, k int) bool {
	for i := range k {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
