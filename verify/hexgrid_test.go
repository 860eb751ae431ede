package verify

import (
	"errors"
	"testing"
)

func TestHexGrid(t *testing.T) {
	// Offset layout, odd rows shifted right:
	//
	//	2 . 1
	//	 . . .
	//	. 1 .
	//
	// (0,0)-(0,2) is on an E-W line; (0,0)-(2,1) on a NW-SE line (SE of
	// (0,0) is (1,0), then (2,1)); (0,2)-(2,1) on a NE-SW line over (1,1).
	clues := []int{
		2, 0, 1,
		0, 0, 0,
		0, 1, 0,
	}
	good := []Bridge{{0, 0, 0, 2, 1}, {0, 0, 2, 1, 1}}
	cases := []struct {
		name    string
		k       int
		rules   KGridRules
		bridges []Bridge
		want    error
	}{
		{"solution", 1, KGridRules{}, good, nil},
		{"reversed ends", 1, KGridRules{}, []Bridge{{0, 2, 0, 0, 1}, {2, 1, 0, 0, 1}}, nil},
		{"not a node", 1, KGridRules{}, []Bridge{{0, 0, 0, 1, 1}}, ErrBadBridge},
		{"too many", 1, KGridRules{}, []Bridge{{0, 0, 0, 2, 2}}, ErrBadBridge},
		{"over limit", 1, KGridRules{}, []Bridge{{0, 0, 0, 2, 1}, {0, 2, 0, 0, 1}}, ErrOverLimit},
		{"incomplete", 1, KGridRules{}, []Bridge{{0, 0, 0, 2, 1}}, ErrIncomplete},
		{"disconnected allowed", 2, KGridRules{AllowDisconnected: true}, good, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := HexGrid(3, 3, clues, c.k, c.rules, c.bridges)
			if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

func TestHexGridRules(t *testing.T) {
	// A node between two others on one line.
	line := []int{1, 2, 1}
	if err := HexGrid(1, 3, line, 2, KGridRules{}, []Bridge{{0, 0, 0, 2, 1}}); !errors.Is(err, ErrNotNeighbours) {
		t.Fatalf("passing a node: %v", err)
	}
	if err := HexGrid(1, 3, line, 2, KGridRules{}, []Bridge{{0, 0, 0, 1, 1}, {0, 1, 0, 2, 1}}); err != nil {
		t.Fatalf("a path: %v", err)
	}
	// (0,0) and (1,2) are on no common line.
	if err := HexGrid(2, 3, []int{1, 0, 0, 0, 0, 1}, 1, KGridRules{}, []Bridge{{0, 0, 1, 2, 1}}); !errors.Is(err, ErrBadBridge) {
		t.Fatalf("off the lines: %v", err)
	}
	// Two separate pairs: disconnected.
	two := []int{1, 1, 0, 1, 1}
	if err := HexGrid(1, 5, two, 1, KGridRules{}, []Bridge{{0, 0, 0, 1, 1}, {0, 3, 0, 4, 1}}); !errors.Is(err, ErrDisconnected) {
		t.Fatalf("two islands: %v", err)
	}
	// A triangle: (0,0), (0,1) and (1,0) (row 1 shifted right, so (1,0) is
	// SE of (0,0) and SW of (0,1)).
	tri := []int{2, 2, 2, 0}
	loop := []Bridge{{0, 0, 0, 1, 1}, {0, 0, 1, 0, 1}, {0, 1, 1, 0, 1}}
	if err := HexGrid(2, 2, tri, 1, KGridRules{}, loop); err != nil {
		t.Fatalf("triangle: %v", err)
	}
	if err := HexGrid(2, 2, tri, 1, KGridRules{NoLoops: true}, loop); !errors.Is(err, ErrLoop) {
		t.Fatalf("triangle with no loops: %v", err)
	}
	// Crossing: (1,0)-(1,2) E-W and (0,1)-(2,2) NW-SE over (1,1).
	cross := []int{0, 1, 0, 1, 0, 1, 0, 0, 1}
	if err := HexGrid(3, 3, cross, 1, KGridRules{AllowDisconnected: true}, []Bridge{{1, 0, 1, 2, 1}, {0, 1, 2, 2, 1}}); !errors.Is(err, ErrCrossing) {
		t.Fatalf("crossing: %v", err)
	}
}
