package count

import (
	"context"
	"fmt"
	"math"

	"github.com/boardgraph/boardgraph/hamilton"
)

// Prediction is the memory a count is predicted to need, known before the
// expensive part of the count runs.
type Prediction struct {
	Plan
	// Exact is true when the probe finished the whole count: the peak and
	// the bytes are then measured, not predicted.
	Exact bool
	// ProbeSteps is the number of steps the probe ran (all of them when
	// Exact).
	ProbeSteps int
	// PeakStates is the largest layer predicted (or measured), PeakStep
	// the step where it is, PeakWidth the frontier there.
	PeakStates          float64
	PeakStep, PeakWidth int
	// Bytes is the memory of the state tables at the peak: two layers of
	// BytesPerState each per state.
	Bytes         float64
	BytesPerState float64
	// GrowthPerVertex is the fitted growth of a layer per vertex of
	// frontier width (about 3 for knights), GrowthPerStep the growth per
	// step at a constant width.
	GrowthPerVertex, GrowthPerStep float64
}

// DefaultProbeStates is the layer size at which a count predicts its peak
// (Options.ProbeStates).
const DefaultProbeStates = 1 << 20

// bytesPerState is the table memory one state of a layer takes: stride
// words at a load between 3/8 and 3/4 (tables double at 3/4), charged at
// the lowest load, 3/8.
func bytesPerState(stride int) float64 { return float64(stride*8) * 8 / 3 }

// predict extrapolates the layers measured so far (prof[i]: states after
// step i) to the peak of the whole count. From the last measured layer,
// log(states) follows the widths of the remaining steps (log 3 per vertex
// of frontier width) and, at every step, fills towards the calibrated
// capacity of the width (capacity): by the larger of the drift measured
// over the last 8 steps and a share 1/(w/2+2) of the gap left between
// the layer and the capacity (a frontier of w vertices is renewed in about
// w steps, and the layers saturate in about half of that on the measured
// cases); it never fills past the capacity. Near the end of the board the
// capacity is that of a frontier at most two vertices wider than the
// vertices left to process: few unprocessed vertices can join few
// frontier vertices, and layers there shrink (without this term, knight
// 6x6 in row-major order, width 13, was predicted 2.42e7 states against
// 1.88e6 measured). Calibrated on the published cases, it is within 2x of
// their measured peaks (TestPredictCalibrated), and within 3x on most
// unseen cases with board orders (TestPredictUnseen); elsewhere it is a
// model, not a bound: orders much wider than BoardOrder's (row-major on a
// thin board) still err by more.
func (r *dp) predict(prof []int) Prediction {
	e := Prediction{Plan: r.st.Plan, ProbeSteps: len(prof), BytesPerState: bytesPerState(r.strideFor())}
	for i, s := range prof {
		if float64(s) > e.PeakStates {
			e.PeakStates, e.PeakStep, e.PeakWidth = float64(s), i+1, r.widthAfter(i)
		}
	}
	if len(prof) == len(r.steps) {
		e.Exact = true
		e.Bytes = 2 * e.PeakStates * e.BytesPerState
		return e
	}
	// Growth per vertex of width is taken as 3 (orderCostBase, measured
	// on knight and hopido boards); the drift per step at a constant
	// width is the mean of what is left of the last 8 steps' growth.
	b := math.Log(orderCostBase)
	c, k := 0.0, 0
	for i := max(1, len(prof)-8); i < len(prof); i++ {
		if prof[i-1] >= 64 && prof[i] > 0 {
			c += math.Log(float64(prof[i])/float64(prof[i-1])) - b*float64(r.widthAfter(i)-r.widthAfter(i-1))
			k++
		}
	}
	if k > 0 {
		c /= float64(k)
	}
	c = min(max(c, 0), math.Log(1.5))
	e.GrowthPerVertex, e.GrowthPerStep = math.Exp(b), math.Exp(c)
	last := len(prof) - 1
	ls := math.Log(float64(max(prof[last], 1)))
	for j := last + 1; j < len(r.steps); j++ {
		w := r.widthAfter(j)
		grow := b * float64(w-r.widthAfter(j-1))
		lc := math.Log(r.capacity(min(w, r.n-1-j+capLeft)))
		fill := max(c, (lc-ls-grow)/(float64(w)/2+2))
		ls = min(ls+grow+fill, max(lc, ls+grow))
		if s := math.Exp(ls); s > e.PeakStates {
			e.PeakStates, e.PeakStep, e.PeakWidth = s, j+1, w
		}
	}
	e.Bytes = 2 * e.PeakStates * e.BytesPerState
	return e
}

// capLeft: near the end of the board the capacity is that of a frontier
// at most capLeft vertices wider than the vertices left to process.
const capLeft = 2

// Capacity of a layer at frontier width w, calibrated on the peaks
// measured for the published counts (docs/results.md): closed tours
// 82,450 states at width 11 (hopido 7x7), 6.45 million at 14 (knight 7x8),
// 100 and 187 million at 16 (hopido and knight 8x8), about 4.5 times per
// vertex of width; open paths with free ends 14.6 times as many (hopido
// 7x7: 1.21 million against 82,450 closed; knight 7x7: 68.8 million at
// 14). Paths with a given end are charged 4 times the closed figure, a
// guess between the two (not calibrated).
const (
	capClosed11 = 8.2e4
	capGrowth   = 4.5
	capOpen     = 14.6
	capEnds     = 4
)

// capacity returns the calibrated capacity at width w (see capClosed11).
func (r *dp) capacity(w int) float64 {
	c := capClosed11 * math.Pow(capGrowth, float64(w-11))
	switch {
	case r.closed:
	case r.fBits != 0:
		c *= capOpen
	default:
		c *= capEnds
	}
	return c
}

// widthAfter returns the frontier width after step i.
func (r *dp) widthAfter(i int) int { return len(r.steps[i].kept) }

func (r *dp) strideFor() int {
	s := 2
	if r.keyBits() > 64 || r.forceWide || r.opt.wideTables {
		s++
	}
	if r.wideCount {
		s++
	}
	return s
}

// A RefusalError is the ErrMemory a count returns, before its layers
// grow, when the prediction made at Options.ProbeStates passes
// Options.MaxBytes. It says what would fit: a limit of at least NeedBytes,
// or a board whose frontier is at most FitWidth vertices wide.
type RefusalError struct {
	Prediction
	Steps     int     // steps of the whole count
	Limit     float64 // Options.MaxBytes
	NeedBytes float64 // a limit that would let the count run: the prediction plus a quarter
	FitWidth  int     // the widest frontier whose predicted peak fits Limit
}

// Error gives the prediction, the limit, and what would fit.
func (e *RefusalError) Error() string {
	return fmt.Sprintf("%v: predicted peak of about %.3g states at step %d of %d (frontier %d wide) needs about %s of tables, over the limit of %s (measured %d of %d steps, growth %.2f per frontier vertex); raise the limit to at least %s, or count a board whose frontier is at most %d vertices wide",
		ErrMemory, e.PeakStates, e.PeakStep, e.Steps, e.PeakWidth, fmtBytes(e.Bytes), fmtBytes(e.Limit), e.ProbeSteps, e.Steps, e.GrowthPerVertex,
		fmtBytes(e.NeedBytes), e.FitWidth)
}

// Unwrap makes errors.Is(err, ErrMemory) true.
func (e *RefusalError) Unwrap() error { return ErrMemory }

// refusal returns the RefusalError for prediction e.
func (r *dp) refusal(e Prediction) error {
	limit := float64(r.opt.MaxBytes)
	narrower := int(math.Ceil(math.Log(e.Bytes/limit) / math.Log(e.GrowthPerVertex)))
	return &RefusalError{Prediction: e, Steps: r.n, Limit: limit, NeedBytes: e.Bytes * 1.25,
		FitWidth: max(e.PeakWidth-max(narrower, 1), 0)}
}

// Predict predicts the memory of counting p with opt: it runs the count
// until a layer reaches opt.ProbeStates states (DefaultProbeStates when 0),
// or to the end when no layer does (then the prediction is Exact), and
// extrapolates the layers measured (see Prediction). Count makes the same
// prediction at the same point and refuses with ErrMemory, before the
// layers grow, a count predicted to need more than opt.MaxBytes; Predict
// itself does not refuse (compare Bytes with the memory you have). It
// fails with ErrTooWide when the count cannot run at all, and with
// ErrMemory only when a layer passes opt.MaxStates or opt.MaxBytes during
// the probe.
func Predict(ctx context.Context, p hamilton.Problem, opt Options) (Prediction, error) {
	_, _, st, err := countWith(ctx, p, opt, false, true, false)
	st.Predicted.Plan = st.Plan
	return st.Predicted, err
}

// Estimate returns the frontier of counting p with opt and a combinatorial
// bound on its layers (Plan), without counting: one pass over the order.
// It fails with ErrTooWide when the count cannot run. Predict gives a
// realistic peak and memory.
func Estimate(p hamilton.Problem, opt Options) (Plan, error) {
	req, err := check(&p)
	if err != nil {
		return Plan{}, err
	}
	pl, err := newPlan(context.Background(), p.G, opt.Order, req, !p.Closed && len(req) < 2)
	if err != nil {
		return Plan{}, err
	}
	return pl.public(), nil
}
