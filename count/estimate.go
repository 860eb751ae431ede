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
const DefaultProbeStates = 1 << 18

// bytesPerState is the table memory one state of a layer takes: stride
// words at a load between 3/8 and 3/4 (tables double at 3/4), charged at
// half load.
func bytesPerState(stride int) float64 { return float64(stride*8) * 2 }

// predict fits the layers measured so far (prof[i]: states after step i)
// and predicts the peak of the whole count: log(states) is fitted by least
// squares as a + b*width + c*step over the steps with at least 64 states,
// then extrapolated from the last measured layer over the widths of the
// remaining steps. The fit has no term for the end of the board, where
// layers shrink, so it overestimates: a safe side for a memory guard.
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
	// Least squares on log(states) = a + b*w + c*i.
	var xs [][3]float64
	var ys []float64
	for i, s := range prof {
		if s >= 64 {
			xs = append(xs, [3]float64{1, float64(r.widthAfter(i)), float64(i)})
			ys = append(ys, math.Log(float64(s)))
		}
	}
	b, c := math.Log(orderCostBase), 0.0
	if fb, fc, ok := fit(xs, ys); ok {
		b, c = fb, fc
	}
	// Keep the fit within what frontier counts do: between 2 and 8 per
	// vertex, and no shrinking at a constant width.
	b = min(max(b, math.Log(2)), math.Log(8))
	c = min(max(c, 0), math.Log(2))
	e.GrowthPerVertex, e.GrowthPerStep = math.Exp(b), math.Exp(c)
	last := len(prof) - 1
	base := math.Log(float64(max(prof[last], 1)))
	for j := last + 1; j < len(r.steps); j++ {
		s := math.Exp(base + b*float64(r.widthAfter(j)-r.widthAfter(last)) + c*float64(j-last))
		if s > e.PeakStates {
			e.PeakStates, e.PeakStep, e.PeakWidth = s, j+1, r.widthAfter(j)
		}
	}
	e.Bytes = 2 * e.PeakStates * e.BytesPerState
	return e
}

// fit solves the 3x3 normal equations of least squares; ok is false when
// they are singular (too few or collinear points).
func fit(xs [][3]float64, ys []float64) (b, c float64, ok bool) {
	if len(xs) < 4 {
		return 0, 0, false
	}
	var m [3][4]float64
	for k, x := range xs {
		for i := range 3 {
			for j := range 3 {
				m[i][j] += x[i] * x[j]
			}
			m[i][3] += x[i] * ys[k]
		}
	}
	for col := range 3 {
		p := col
		for i := col + 1; i < 3; i++ {
			if math.Abs(m[i][col]) > math.Abs(m[p][col]) {
				p = i
			}
		}
		if math.Abs(m[p][col]) < 1e-9 {
			return 0, 0, false
		}
		m[col], m[p] = m[p], m[col]
		for i := range 3 {
			if i == col {
				continue
			}
			f := m[i][col] / m[col][col]
			for j := col; j < 4; j++ {
				m[i][j] -= f * m[col][j]
			}
		}
	}
	return m[1][3] / m[1][1], m[2][3] / m[2][2], true
}

// widthAfter returns the frontier width after step i.
func (r *dp) widthAfter(i int) int { return len(r.steps[i].kept) }

func (r *dp) strideFor() int {
	if r.keyBits() > 64 || r.forceWide {
		return 3
	}
	return 2
}

// refusal returns the ErrMemory a count stops with when e does not fit
// the limit, saying what would: a larger limit, or a frontier narrower by
// enough vertices.
func (r *dp) refusal(e Prediction) error {
	limit := float64(r.opt.MaxBytes)
	narrower := int(math.Ceil(math.Log(e.Bytes/limit) / math.Log(e.GrowthPerVertex)))
	return fmt.Errorf("%w: predicted peak of about %.3g states at step %d of %d (frontier %d wide) needs about %s of tables, over the limit of %s (measured %d of %d steps, growth %.2f per frontier vertex); raise the limit to at least %s (Options.MaxBytes, --max-memory), or count a board whose frontier is at most %d vertices wide",
		ErrMemory, e.PeakStates, e.PeakStep, r.n, e.PeakWidth, fmtBytes(e.Bytes), fmtBytes(limit), e.ProbeSteps, r.n, e.GrowthPerVertex,
		fmtBytes(e.Bytes*1.25), e.PeakWidth-max(narrower, 1))
}

// Estimate predicts the memory of counting p with opt: it runs the count
// until a layer reaches opt.ProbeStates states (DefaultProbeStates when 0),
// or to the end when no layer does (then the prediction is Exact), and
// extrapolates the layers measured (see Prediction). Count makes the same
// prediction at the same point and refuses with ErrMemory, before the
// layers grow, a count predicted to need more than opt.MaxBytes; Estimate
// itself does not refuse (compare Bytes with the memory you have). It
// fails with ErrTooWide when the count cannot run at all, and with
// ErrMemory only when a layer passes opt.MaxStates or opt.MaxBytes during
// the probe.
func Estimate(ctx context.Context, p hamilton.Problem, opt Options) (Prediction, error) {
	_, st, err := countWith(ctx, p, opt, false, true)
	st.Predicted.Plan = st.Plan
	return st.Predicted, err
}
