package request

import (
	"strings"
	"testing"
	"time"
)

// The calibration table answers for the four families it holds, with the
// Laplace-corrected share, and not for others; a band's edges fall where
// DensityBands puts them.
func TestPathProbability(t *testing.T) {
	p, boards, ok := PathProbability("1,0+1,1", 0.20)
	if !ok || boards != 50 || p != 51.0/52 {
		t.Errorf("king at 20%%: %v of %d boards, ok %v; want 51/52 of 50", p, boards, ok)
	}
	if _, _, ok := PathProbability("1,3", 0.2); ok {
		t.Error("the camel has no calibration, but PathProbability answers")
	}
	for d, want := range map[float64]int{0.05: 0, 0.12: 1, 0.189: 1, 0.19: 2, 0.4: 4, 0.99: 4} {
		if got := DensityBand(d); got != want {
			t.Errorf("DensityBand(%v) = %d, want %d", d, got, want)
		}
	}
	if s := predictionText("3,0+2,2", 0.2); !strings.Contains(s, "probability of a path about 0.97") {
		t.Errorf("prediction %q", s)
	}
}

// info's decision: a path makes a board solvable, a proof impossible with
// the proof listed (the 12x12 knight board: the flow bound).
func TestDecide(t *testing.T) {
	s := searchOf(t, LeaperFlags{Spec: "6x6", Moves: "king"}, Source{}, solveNames)
	f, err := s.Facts("info")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Decide(t.Context(), f, 10*time.Second); err != nil || f.Decided != "solvable" || !strings.Contains(f.Engine, "search") {
		t.Errorf("king 6x6: decided %q by %q, %v", f.Decided, f.Engine, err)
	}
	k := knight12Search(t)
	if f, err = k.Facts("info"); err != nil {
		t.Fatal(err)
	}
	if err := k.Decide(t.Context(), f, 10*time.Second); err != nil || f.Decided != "impossible" || len(f.Proofs) == 0 || f.Proofs[0].Rule != "flow" {
		t.Errorf("knight 12x12: decided %q, proofs %+v, %v", f.Decided, f.Proofs, err)
	}
}
