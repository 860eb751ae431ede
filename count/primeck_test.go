package count_test

import (
	"context"
	"errors"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/shard"
)

// TestCountModuloResumes stops a count modulo a prime after its middle
// step and resumes it from the layer checkpoint: the residue is the
// uninterrupted count's (king 7x8 paths, past 2^64, so residues differ
// from the count), and the checkpoint refuses a resume modulo another
// prime.
func TestCountModuloResumes(t *testing.T) {
	t.Parallel()
	bg := build(t, 7, 8, "king")
	p := hamilton.Problem{G: bg.Graph}
	order := count.BoardOrder(bg)
	ctx := context.Background()
	total, _, err := count.CountExact(ctx, p, count.Options{Order: order})
	if err != nil {
		t.Fatal(err)
	}
	q := count.Prime(3)
	want := new(big.Int).Mod(total, new(big.Int).SetUint64(q)).Uint64()
	ck := filepath.Join(t.TempDir(), "ck")
	cctx, cancel := context.WithCancel(ctx)
	opt := count.Options{Order: order, Checkpoint: ck, ProgressEvery: time.Nanosecond, CheckpointKey: "test"}
	opt.Progress = func(s count.Stats) {
		if s.Step == s.Steps/2 {
			cancel()
		}
	}
	_, st, err := count.CountModulo(cctx, p, opt, q)
	cancel()
	if !errors.Is(err, context.Canceled) || st.Checkpoints == 0 {
		t.Fatalf("stopped count: %v after %d checkpoints", err, st.Checkpoints)
	}
	opt.Progress, opt.Resume = nil, true
	if _, _, err := count.CountModulo(ctx, p, opt, count.Prime(4)); !errors.Is(err, shard.ErrCheckpoint) {
		t.Errorf("resumed modulo another prime: %v, want the checkpoint refused", err)
	}
	got, st, err := count.CountModulo(ctx, p, opt, q)
	if err != nil || got != want || st.ResumedAt != bg.N()/2 {
		t.Errorf("resumed: %d, %v, from step %d; want %d from step %d", got, err, st.ResumedAt, want, bg.N()/2)
	}
}
