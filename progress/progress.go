package progress

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

// minShare is the share of the work that must be done before Left
// extrapolates: below it one slow unit or layer swings the estimate by
// more than the estimate is worth.
const minShare = 0.02

// Left estimates the time still needed when done of total parts of equal
// expected cost took elapsed: elapsed*(total-done)/done. It reports false
// when there is nothing to extrapolate from (done below 2% of total, no
// time passed, total unknown) or nothing left.
func Left(elapsed time.Duration, done, total float64) (time.Duration, bool) {
	if total <= 0 || done <= 0 || done >= total || elapsed <= 0 || done/total < minShare {
		return 0, false
	}
	left := elapsed.Seconds() * (total - done) / done
	if left > 1e9 {
		return 0, false
	}
	return time.Duration(left * float64(time.Second)), true
}

// Search words a snapshot of a hamilton search (Count, CountPerStart,
// Enumerate, CountShard, Find) for a progress line, after the caller's
// "verb: elapsed, ":
//
//	32 of 128 units, 25% done, about 36s left, 1.2G nodes (100M/s), 3.5M solutions so far
//
// Units and the share done appear when the call has a list of units
// (Stats.Units); the share is Stats.Share (UnitsDone/Units when that is
// 0), to two significant digits below 10%. The time left is the time so
// far scaled by the share left, so it assumes the rest of the tree costs
// what the part searched did. Solutions appear once there are some;
// during a count they are those of the finished units, a lower bound. The
// cost is O(1).
func Search(st hamilton.Stats) string {
	var b strings.Builder
	if st.Units > 0 {
		share := st.Share
		if share == 0 {
			share = float64(st.UnitsDone) / float64(st.Units)
		}
		fmt.Fprintf(&b, "%d of %d units, %s done, ", st.UnitsDone, st.Units, percent(share))
		if left, ok := Left(st.Elapsed, share, 1); ok {
			fmt.Fprintf(&b, "about %s left, ", Round(left))
		}
	}
	fmt.Fprintf(&b, "%s nodes (%s/s)", Human(st.Nodes), Human(uint64(float64(st.Nodes)/max(st.Elapsed.Seconds(), 1e-9))))
	if st.Solutions > 0 {
		fmt.Fprintf(&b, ", %s solutions so far", Human(st.Solutions))
	}
	return b.String()
}

// DP words a snapshot of the frontier dynamic program (count.Count) for a
// progress line, after the caller's "verb: elapsed, "; elapsed is the time
// since the count began:
//
//	step 20 of 49, 40% of the steps, 200k states (peak 250k), 40.0 MB of tables, about 58s left
//
// A spilled count adds, once a step has read a whole layer, its exact size
// (the states of a spilled layer are records before summing until then):
// "layer 19 summed to 180k states (largest summed: 180k, layer 19)".
//
// The time left assumes every step left handles as many states as the
// current layer holds, at the time per state so far: layers grow from the
// first row and shrink at the last, so it errs long near the end. The cost
// is O(1). A cooperative shard waiting for the others (Stats.Waiting)
// is worded "step 20 of 49 done; waiting for shard 3, 5 to finish layer
// 21 (...)".
func DP(st count.Stats, elapsed time.Duration) string {
	var b strings.Builder
	if st.Waiting != nil {
		// A cooperative shard (count.Options.Exchange) between layers.
		fmt.Fprintf(&b, "step %d of %d done; waiting for shard ", st.Step, st.Steps)
		for i, j := range st.Waiting {
			if i == 8 {
				fmt.Fprintf(&b, " and %d more", len(st.Waiting)-8)
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, j)
		}
		fmt.Fprintf(&b, " to finish layer %d (every shard of the count must run at once)", st.WaitLayer)
		return b.String()
	}
	if st.InStep {
		// Inside a long step (count.Stats.InStep): its share and time left.
		what := "partitions"
		if st.StepRead > 0 || st.Spilled {
			what = "buckets"
		}
		fmt.Fprintf(&b, "step %d of %d running: %s of it (%d of %d %s, %s states expanded", st.Step+1, st.Steps, percent(st.StepShare), st.StepPartsDone, st.StepParts, what, Human(uint64(st.StepExpanded)))
		if st.StepRead > 0 {
			fmt.Fprintf(&b, ", %s read, %s records written", Bytes(st.StepRead), Human(uint64(st.StepEmitted)))
		}
		if st.Folds > 0 {
			// The disk was tight: buckets summed in place (count's fold.go).
			fmt.Fprintf(&b, ", %d buckets folded", st.Folds)
		}
		b.WriteString(")")
		if st.StepLeft > 0 {
			fmt.Fprintf(&b, ", about %s left in this step", Round(st.StepLeft))
		}
		fmt.Fprintf(&b, "; %s states in the last layer (peak %s)", Human(uint64(st.States)), Human(uint64(st.PeakStates)))
		return b.String()
	}
	fmt.Fprintf(&b, "step %d of %d", st.Step, st.Steps)
	if st.Steps > 0 {
		fmt.Fprintf(&b, ", %s of the steps", percent(float64(st.Step)/float64(st.Steps)))
	}
	fmt.Fprintf(&b, ", %s states (peak %s), %s of tables", Human(uint64(st.States)), Human(uint64(st.PeakStates)), Bytes(st.PeakBytes))
	if st.LayerSummedStep > 0 {
		// Spilled layers count records until the next step sums them.
		fmt.Fprintf(&b, ", layer %d summed to %s states (largest summed: %s, layer %d)", st.LayerSummedStep, Human(uint64(st.LayerSummed)), Human(uint64(st.PeakSummed)), st.PeakSummedStep)
	}
	if st.StatesDone > 0 && st.Step < st.Steps {
		done := float64(st.StatesDone)
		if left, ok := Left(elapsed, done, done+float64(st.Steps-st.Step)*float64(st.States)); ok {
			fmt.Fprintf(&b, ", about %s left", Round(left))
		}
	}
	return b.String()
}

// percent writes a share (0 to 1) as a percentage, rounded down so that
// 100% means finished: whole from 10%, to two significant digits below
// (0.0031%), so that a long run shows its pace from the start.
func percent(share float64) string {
	if share >= 0.1 {
		return fmt.Sprintf("%d%%", int(math.Floor(100*share)))
	}
	if share <= 0 {
		return "0%"
	}
	p := 100 * share
	unit := math.Pow(10, math.Floor(math.Log10(p))-1) // two significant digits
	return strconv.FormatFloat(math.Floor(p/unit+1e-9)*unit, 'f', max(0, int(-math.Log10(unit)+0.5)), 64) + "%"
}

// Round shortens a duration for a progress line: tenths of a second below
// a minute, whole seconds above.
func Round(d time.Duration) time.Duration {
	if d < time.Minute {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// Human writes a count with a k, M, G, T, P or E suffix (powers of 1000) and
// at most one decimal: 1234 is "1.2k", 999 is "999".
func Human(x uint64) string {
	f := float64(x)
	for _, s := range []string{"", "k", "M", "G", "T", "P", "E"} {
		if f < 999.95 || (s == "" && f < 1000) {
			if s == "" {
				return fmt.Sprintf("%d", x)
			}
			return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", f), "0"), ".") + s
		}
		f /= 1000
	}
	return fmt.Sprintf("%.3g", float64(x))
}

// Bytes writes a size in bytes with a kB, MB or GB suffix (powers of 1000).
func Bytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
