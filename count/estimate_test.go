package count_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// A count whose predicted peak does not fit the limit is refused at the
// probe, before its layers grow, with an error that names the prediction
// and what would fit; the limit it names lets the same count run.
func TestRefusal(t *testing.T) {
	t.Parallel()
	bg := build(t, 6, 6, "knight")
	p := hamilton.Problem{G: bg.Graph}
	// Row-major: a frontier of 13 and a peak near 2 million states.
	opt := count.Options{MaxBytes: 1 << 20, ProbeStates: 5000}
	got, st, err := count.Count(context.Background(), p, opt)
	var re *count.RefusalError
	if !errors.As(err, &re) || !errors.Is(err, count.ErrMemory) || got != 0 {
		t.Fatalf("Count = %d, %v; want a RefusalError", got, err)
	}
	if st.Step >= st.Steps/2 || st.PeakStates > 4*5000 {
		t.Errorf("refused at step %d of %d with %d states: not at the probe", st.Step, st.Steps, st.PeakStates)
	}
	if re.Bytes <= float64(opt.MaxBytes) || re.NeedBytes < re.Bytes || re.FitWidth >= re.PeakWidth || re.Exact {
		t.Errorf("refusal %+v", re)
	}
	for _, s := range []string{"predicted peak", "over the limit of 1 MiB", "raise the limit to at least", "frontier is at most"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not say %q", err, s)
		}
	}
	// Predict makes the same prediction without refusing.
	e, err := count.Predict(context.Background(), p, opt)
	if err != nil || e.PeakStates != re.PeakStates || e.Width != 13 {
		t.Errorf("Predict = %+v, %v; the refusal predicted %g states", e, err, re.PeakStates)
	}
	if !testfix.Long() {
		return // the count below is knight 6x6 open, which TestReferenceCounts checks too
	}
	t.Logf("predicted %+v", re.Prediction)
	// The limit the refusal names is enough.
	opt.MaxBytes = int64(re.NeedBytes)
	got, st, err = count.Count(context.Background(), p, opt)
	if err != nil || got != 6637920 {
		t.Fatalf("with the named limit %d: Count = %d, %v", opt.MaxBytes, got, err)
	}
	t.Logf("predicted %.3g states, %.3g bytes; measured %d states, %d bytes", re.PeakStates, re.Bytes, st.PeakStates, st.PeakBytes)
}

// When the probe finishes the count, Predict is exact: it reports the
// peak the count measures.
func TestPredictExact(t *testing.T) {
	t.Parallel()
	bg := build(t, 6, 6, "hopido")
	p := hamilton.Problem{G: bg.Graph}
	opt := count.Options{Order: count.BoardOrder(bg)}
	e, err := count.Predict(context.Background(), p, opt)
	if err != nil || !e.Exact {
		t.Fatalf("Predict = %+v, %v; want exact", e, err)
	}
	_, st, err := count.Count(context.Background(), p, opt)
	if err != nil || float64(st.PeakStates) != e.PeakStates || e.ProbeSteps != st.Steps {
		t.Fatalf("Predict %+v; Count peak %d, %v", e, st.PeakStates, err)
	}
}
