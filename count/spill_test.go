package count_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// knight66 is the number of directed open knight's tours of 6x6
// (OEIS A165134).
const knight66 = 6637920

// knight66Problem returns the open knight's 6x6 problem (knight66 paths)
// and its BoardOrder: the spill tests' count.
func knight66Problem(t *testing.T) (hamilton.Problem, []int32) {
	bg := build(t, 6, 6, "knight")
	return hamilton.Problem{G: bg.Graph}, count.BoardOrder(bg)
}

// spillFiles returns the files left under dir (but the checkpoint's lock).
func spillFiles(t *testing.T, dir string) []string {
	var left []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".lock") {
			left = append(left, p)
		}
		return nil
	})
	return left
}

// A checkpointed spilled count stopped as if killed -9 in the middle of a
// step (before its k-th spilled bucket, in rounds of 4 buckets, so that
// the next layer's files hold records past the last manifest) and resumed
// gives the uninterrupted total; stopped again after the resume and
// resumed again, too. A finished count leaves no spill file and no
// manifest behind (a layer checkpoint of its last layers in memory may
// stay, as without spilling).
func TestSpillKillResume(t *testing.T) {
	t.Parallel()
	p, order := knight66Problem(t)
	for _, kill := range []int{1, 30, 120} {
		st := killResumeTwice(t, p, count.Options{Order: order}, kill, nil)
		if st.ResumedAt == 0 {
			t.Errorf("kill after %d buckets: the last run did not resume", kill)
		}
	}
}

// killResumeTwice counts knight 6x6 open (p, opt's order) spilled at
// 1 MiB with a checkpoint, in rounds of 4 buckets, through wrap (nil: as
// is): killed before its kill+1st spilled bucket, resumed and killed
// there again, then resumed to the end. It checks the total and that no
// spill file or manifest is left, and returns the last run's Stats.
func killResumeTwice(t *testing.T, p hamilton.Problem, opt count.Options, kill int, wrap func(count.Options) count.Options) count.Stats {
	t.Helper()
	if wrap == nil {
		wrap = func(o count.Options) count.Options { return o }
	}
	ctx := context.Background()
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	opt.MaxBytes, opt.SpillDir, opt.Checkpoint, opt.CheckpointKey, opt.Workers = 1<<20, dir, ck, "t", 2
	if _, st, err := count.Count(ctx, p, wrap(count.KillAfter(opt, 4, kill))); !errors.Is(err, count.ErrKilled) {
		t.Fatalf("kill after %d buckets: %v (spilled %v)", kill, err, st.Spilled)
	}
	opt.Resume = true
	if _, _, err := count.Count(ctx, p, wrap(count.KillAfter(opt, 4, kill))); !errors.Is(err, count.ErrKilled) {
		t.Fatalf("kill after %d buckets, resumed, killed again: %v", kill, err)
	}
	got, st, err := count.Count(ctx, p, wrap(count.KillAfter(opt, 4, 0)))
	if err != nil || got != knight66 {
		t.Errorf("kill after %d buckets, resumed twice: %d, %v from step %d; want %d", kill, got, err, st.ResumedAt, knight66)
	}
	for _, f := range spillFiles(t, dir) {
		if data, _ := os.ReadFile(f); f != ck || strings.HasPrefix(string(data), "BGDPSP0") {
			t.Errorf("kill after %d: %s left", kill, f)
			break
		}
	}
	return st
}

// A layer checkpoint of the old format (BGDPCK01, the layer copied into
// the file), written by a count in memory, resumes into spilled buckets;
// the checkpoint then becomes a manifest of those, and a kill and a
// second resume still give the total.
func TestSpillResumeOldCheckpoint(t *testing.T) {
	t.Parallel()
	p, order := knight66Problem(t)
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	cctx, cancel := context.WithCancel(context.Background())
	opt := count.Options{Order: order, Checkpoint: ck, CheckpointKey: "t", ProgressEvery: time.Nanosecond}
	opt.Progress = func(s count.Stats) {
		if s.Step == 20 {
			cancel()
		}
	}
	if _, _, err := count.Count(cctx, p, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped count: %v", err)
	}
	cancel()
	if data, _ := os.ReadFile(ck); !strings.HasPrefix(string(data), "BGDPCK01") {
		t.Fatalf("no layer checkpoint")
	}
	opt.Progress, opt.Resume = nil, true
	opt.MaxBytes, opt.SpillDir, opt.Workers = 1<<20, dir, 2
	_, st, err := count.Count(context.Background(), p, count.KillAfter(opt, 4, 10))
	if !errors.Is(err, count.ErrKilled) || st.ResumedAt != 20 || !st.Spilled {
		t.Fatalf("resumed into spill and killed: %v, from step %d, spilled %v", err, st.ResumedAt, st.Spilled)
	}
	if data, _ := os.ReadFile(ck); !strings.HasPrefix(string(data), "BGDPSP0") {
		t.Fatalf("the checkpoint is not a manifest after the resume")
	}
	// Progress of the resumed count, inside its first step too, names
	// the resumed step, not an empty layer before step 1.
	first := count.Stats{Step: -1}
	opt.ProgressEvery = time.Nanosecond
	opt.Progress = func(s count.Stats) {
		if first.Step < 0 {
			first = s
		}
	}
	got, st, err := count.Count(context.Background(), p, count.StepEachPart(opt))
	if err != nil || got != knight66 || st.ResumedAt < 20 {
		t.Errorf("resumed again: %d, %v from step %d; want %d", got, err, st.ResumedAt, knight66)
	}
	if first.Step < st.ResumedAt || first.States == 0 {
		t.Errorf("first progress after resuming at step %d: step %d, %d states (in step %v)", st.ResumedAt, first.Step, first.States, first.InStep)
	}
}

// A manifest whose layer files are damaged or gone is refused with a
// message naming the file.
func TestSpillManifestFilesChecked(t *testing.T) {
	t.Parallel()
	p, opt, dir, _ := killedSpill(t, 20)
	var victim string
	for _, f := range spillFiles(t, dir) {
		if fi, err := os.Stat(f); err == nil && fi.Size() > 0 && strings.Contains(f, "boardgraph-dp-ck-") {
			victim = f
		}
	}
	if victim == "" {
		t.Fatal("no spill file")
	}
	os.Truncate(victim, 1)
	opt.Resume = true
	_, _, err := count.Count(context.Background(), p, opt)
	if err == nil || !strings.Contains(err.Error(), filepath.Base(victim)) {
		t.Errorf("damaged %s: %v", victim, err)
	}
}

// A spilled count sums every layer it reads whole: LayerSummed is that
// layer's size in memory, and PeakSummed the largest of them, where
// States and PeakStates (records before summing) only bound them.
func TestSpillSummedLayers(t *testing.T) {
	t.Parallel()
	p, order := knight66Problem(t)
	inMemory := map[int]int{} // step: states
	opt := count.Options{Order: order, ProgressEvery: time.Nanosecond, ProbeStates: -1}
	opt.Progress = func(s count.Stats) {
		if !s.InStep && s.Waiting == nil {
			inMemory[s.Step] = s.States
		}
	}
	if got, _, err := count.Count(context.Background(), p, opt); err != nil || got != knight66 {
		t.Fatalf("in memory: %d, %v", got, err)
	}
	summed := map[int]int{}
	opt.MaxBytes, opt.SpillDir, opt.Workers = 1<<20, t.TempDir(), 2
	opt.Progress = func(s count.Stats) {
		if s.LayerSummedStep > 0 {
			summed[s.LayerSummedStep] = s.LayerSummed
		}
	}
	got, st, err := count.Count(context.Background(), p, opt)
	if err != nil || got != knight66 || !st.Spilled {
		t.Fatalf("spilled: %d, %v (spilled %v)", got, err, st.Spilled)
	}
	if len(summed) < 5 {
		t.Fatalf("only layers %v were summed", summed)
	}
	peak, peakStep := 0, 0
	for step, n := range summed {
		if n != inMemory[step] {
			t.Errorf("layer %d summed to %d states; in memory it holds %d", step, n, inMemory[step])
		}
		if n > peak {
			peak, peakStep = n, step
		}
	}
	if st.PeakSummed != peak || st.PeakSummedStep != peakStep || st.PeakStates < peak {
		t.Errorf("PeakSummed %d at layer %d, PeakStates %d; want %d at layer %d, PeakStates at least that", st.PeakSummed, st.PeakSummedStep, st.PeakStates, peak, peakStep)
	}
}

// Folding the next layer at the end of every round (what a tight disk
// does, fold.go) gives the same count without a checkpoint, and with one
// when killed at any bucket and resumed, folding on; no file is left.
func TestSpillFold(t *testing.T) {
	t.Parallel()
	p, order := knight66Problem(t)
	ctx := context.Background()
	opt := count.Options{Order: order, MaxBytes: 1 << 20, SpillDir: t.TempDir(), Workers: 2}
	got, st, err := count.Count(ctx, p, count.FoldAlways(count.KillAfter(opt, 4, 0)))
	if err != nil || got != knight66 || st.Folds == 0 {
		t.Fatalf("folded without a checkpoint: %d, %v, %d folds; want %d after some folds", got, err, st.Folds, knight66)
	}
	// One kill in the middle of the run by default (each kill is three
	// spilled counts of some 6,000 bucket files), none under -short (the
	// race run; TestSpillKillResume kills there); early and late kills
	// with BOARDGRAPH_LONG=1.
	kills := []int{41}[:testfix.Scale(1, 0, 1)]
	if testfix.Long() {
		kills = []int{3, 41, 150}
	}
	for _, kill := range kills {
		st := killResumeTwice(t, p, count.Options{Order: order}, kill, count.FoldAlways)
		if st.ResumedAt == 0 || st.Folds == 0 {
			t.Errorf("kill after %d buckets: resumed at step %d, %d folds; want a resumed count that folds", kill, st.ResumedAt, st.Folds)
		}
	}
}

// A manifest of the format before folds (BGDPSP01, written by the
// knight 8x8 open count's first binaries) resumes, and the count folds
// on from it.
func TestSpillResumeManifestV1(t *testing.T) {
	t.Parallel()
	p, opt, _, ck := killedSpill(t, 60)
	if err := count.ManifestV1(ck); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(ck); !strings.HasPrefix(string(data), "BGDPSP01") {
		t.Fatal("no BGDPSP01 manifest")
	}
	opt.Resume = true
	got, st, err := count.Count(context.Background(), p, count.FoldAlways(count.KillAfter(opt, 4, 0)))
	if err != nil || got != knight66 || st.ResumedAt == 0 || st.Folds == 0 {
		t.Errorf("resumed from BGDPSP01: %d, %v from step %d, %d folds; want %d", got, err, st.ResumedAt, st.Folds, knight66)
	}
}

// killedSpill leaves a spilled, checkpointed count of knight 6x6 open
// (1 MiB, rounds of 4 buckets) killed before its kill+1st spilled bucket,
// and returns its problem, options, spill directory and checkpoint.
func killedSpill(t *testing.T, kill int) (hamilton.Problem, count.Options, string, string) {
	t.Helper()
	bg := build(t, 6, 6, "knight")
	p := hamilton.Problem{G: bg.Graph}
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	opt := count.Options{Order: count.BoardOrder(bg), MaxBytes: 1 << 20, SpillDir: dir, Checkpoint: ck, CheckpointKey: "t", Workers: 2}
	if _, _, err := count.Count(context.Background(), p, count.KillAfter(opt, 4, kill)); !errors.Is(err, count.ErrKilled) {
		t.Fatalf("killed count: %v", err)
	}
	return p, opt, dir, ck
}
