package count_test

import (
	"context"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// TestPredictCalibrated: Predict, from a probe that stops at 2^20 states,
// is within 2x of the peak layer measured by the full counts of
// docs/results.md (the published cases; the 8x8 probes run with -long).
func TestPredictCalibrated(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name       string
		rows, cols int
		moves      string
		closed     bool
		peak       float64 // measured (docs/results.md)
		slow       bool
	}{
		{"knight/7x7", 7, 7, "knight", false, 68806492, false},
		{"knight/7x8/closed", 7, 8, "knight", true, 6446208, false},
		{"hopido/7x7", 7, 7, "hopido", false, 1207805, false},
		{"hopido/7x7/closed", 7, 7, "hopido", true, 82450, false},
		{"knight/8x8/closed", 8, 8, "knight", true, 187167626, true},
		{"hopido/8x8/closed", 8, 8, "hopido", true, 99659553, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.slow && !*long {
				t.Skip("8x8 probes run with -long")
			}
			t.Parallel()
			bg := build(t, c.rows, c.cols, c.moves)
			p := hamilton.Problem{G: bg.Graph, Closed: c.closed}
			e, err := count.Predict(context.Background(), p, count.Options{Order: count.BoardOrder(bg)})
			if err != nil {
				t.Fatal(err)
			}
			r := e.PeakStates / c.peak
			t.Logf("predicted %.4g states at step %d, measured %.4g: ratio %.2f", e.PeakStates, e.PeakStep, c.peak, r)
			if r < 0.5 || r > 2 {
				t.Errorf("predicted peak %.4g states, measured %.4g: off by %.2fx", e.PeakStates, c.peak, r)
			}
		})
	}
}
