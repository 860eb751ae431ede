package progress

import (
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
)

func TestSearchLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		st   hamilton.Stats
		want string
	}{
		{"count with units", hamilton.Stats{Elapsed: 12 * time.Second, UnitsDone: 32, Units: 128, Nodes: 1_200_000_000, Solutions: 3_456_789},
			"32 of 128 units, 25% done, about 36s left, 1.2G nodes (100M/s), 3.5M solutions so far"},
		{"too early for an estimate", hamilton.Stats{Elapsed: 2 * time.Second, UnitsDone: 1, Units: 128, Nodes: 5000},
			"1 of 128 units, 0.78% done, 5k nodes (2.5k/s)"},
		{"share inside the units", hamilton.Stats{Elapsed: 20 * time.Second, Units: 170, Share: 0.05, Nodes: 20_000_000},
			"0 of 170 units, 5.0% done, about 6m20s left, 20M nodes (1M/s)"},
		{"a small share", hamilton.Stats{Elapsed: 20 * time.Second, Units: 170, Share: 0.00123, Nodes: 20_000_000},
			"0 of 170 units, 0.12% done, 20M nodes (1M/s)"},
		{"finished", hamilton.Stats{Elapsed: 90 * time.Second, UnitsDone: 10, Units: 10, Nodes: 999, Solutions: 7},
			"10 of 10 units, 100% done, 999 nodes (11/s), 7 solutions so far"},
		{"find has no units", hamilton.Stats{Elapsed: 1500 * time.Millisecond, Nodes: 3000},
			"3k nodes (2k/s)"},
	} {
		if got := Search(tc.st); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestDPLine(t *testing.T) {
	t.Parallel()
	// 20 of 49 steps, 1,000,000 states so far at 1M per 10 s; 29 steps of
	// 200k states are 5.8M states left: 58 s.
	st := count.Stats{Step: 20, Steps: 49, States: 200_000, PeakStates: 250_000, PeakBytes: 40_000_000, StatesDone: 1_000_000}
	want := "step 20 of 49, 40% of the steps, 200k states (peak 250k), 40.0 MB of tables, about 58s left"
	if got := DP(st, 10*time.Second); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	st.Step = st.Steps
	want = "step 49 of 49, 100% of the steps, 200k states (peak 250k), 40.0 MB of tables"
	if got := DP(st, 10*time.Second); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	st.LayerSummed, st.LayerSummedStep, st.PeakSummed, st.PeakSummedStep = 150_000, 48, 190_000, 30
	want = "step 49 of 49, 100% of the steps, 200k states (peak 250k), 40.0 MB of tables, layer 48 summed to 150k states (largest summed: 190k, layer 30)"
	if got := DP(st, 10*time.Second); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestLeft(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		elapsed     time.Duration
		done, total float64
		want        time.Duration
		ok          bool
	}{
		{10 * time.Second, 1, 4, 30 * time.Second, true},
		{10 * time.Second, 1, 100, 0, false}, // 1%: too early
		{10 * time.Second, 4, 4, 0, false},   // finished
		{10 * time.Second, 0, 4, 0, false},
		{0, 1, 4, 0, false},
		{10 * time.Second, 1, 0, 0, false}, // total unknown
	} {
		got, ok := Left(tc.elapsed, tc.done, tc.total)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Left(%v, %v, %v) = %v, %v; want %v, %v", tc.elapsed, tc.done, tc.total, got, ok, tc.want, tc.ok)
		}
	}
}

func TestHuman(t *testing.T) {
	t.Parallel()
	for x, want := range map[uint64]string{0: "0", 999: "999", 1000: "1k", 1234: "1.2k", 999_949: "999.9k", 999_960: "1M", 3_456_789: "3.5M", 1 << 63: "9.2E"} {
		if got := Human(x); got != want {
			t.Errorf("Human(%d) = %q, want %q", x, got, want)
		}
	}
}

// A cooperative DP shard between layers names the shards it waits for.
func TestDPLineWaiting(t *testing.T) {
	got := DP(count.Stats{Step: 20, Steps: 49, Waiting: []int{3, 5}, WaitLayer: 21}, time.Minute)
	want := "step 20 of 49 done; waiting for shard 3, 5 to finish layer 21 (every shard of the count must run at once)"
	if got != want {
		t.Errorf("DP = %q, want %q", got, want)
	}
	many := DP(count.Stats{Step: 1, Steps: 9, Waiting: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, WaitLayer: 2}, 0)
	if want := "shard 0, 1, 2, 3, 4, 5, 6, 7 and 2 more to finish"; !contains(many, want) {
		t.Errorf("DP = %q, want it to say %q", many, want)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestPercent(t *testing.T) {
	t.Parallel()
	for share, want := range map[float64]string{0: "0%", 1: "100%", 0.999: "99%", 0.25: "25%", 0.1: "10%", 0.0999: "9.9%", 0.05: "5.0%", 0.0123: "1.2%", 0.00123: "0.12%", 0.0029: "0.29%", 0.000031: "0.0031%"} {
		if got := percent(share); got != want {
			t.Errorf("percent(%v) = %q, want %q", share, got, want)
		}
	}
}

// Inside a long spilled step the line gives the step's share, its buckets,
// what it read and wrote, and the time left in the step.
func TestDPLineInStep(t *testing.T) {
	got := DP(count.Stats{Step: 32, Steps: 64, States: 2_500_000_000, PeakStates: 2_500_000_000, Spilled: true,
		InStep: true, StepShare: 0.41, StepParts: 1024, StepPartsDone: 420, StepExpanded: 1_000_000_000,
		StepRead: 14 << 30, StepEmitted: 3_000_000_000, StepLeft: 12 * time.Minute}, time.Hour)
	want := "step 33 of 64 running: 41% of it (420 of 1024 buckets, 1G states expanded, 15.03 GB read, 3G records written), about 12m0s left in this step; 2.5G states in the last layer (peak 2.5G)"
	if got != want {
		t.Errorf("DP = %q\nwant %q", got, want)
	}
	folded := DP(count.Stats{Step: 38, Steps: 64, Spilled: true, InStep: true, StepShare: 0.5, StepParts: 1024, StepPartsDone: 512,
		StepRead: 1 << 30, StepEmitted: 10, Folds: 700}, time.Hour)
	if want := "10 records written, 700 buckets folded)"; !contains(folded, want) {
		t.Errorf("DP = %q, want it to say %q", folded, want)
	}
	mem := DP(count.Stats{Step: 3, Steps: 9, InStep: true, StepShare: 0.5, StepParts: 8, StepPartsDone: 4, StepExpanded: 100}, 0)
	if want := "step 4 of 9 running: 50% of it (4 of 8 partitions, 100 states expanded)"; !contains(mem, want) || contains(mem, "left") {
		t.Errorf("DP = %q, want it to start %q and give no time left", mem, want)
	}
}
