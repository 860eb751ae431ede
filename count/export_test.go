package count

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/big"
	"os"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/shard"
)

// CountWide is Count with 128-bit state keys even where 64 bits suffice.
func CountWide(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	lo, _, st, err := countWith(ctx, p, opt, true, false, false)
	return lo, st, err
}

// SplitEarly returns opt with the split rule at per states per shard
// instead of 1024, so that shards of small boards split early, and with
// cooperative shards that poll every 20 ms.
func SplitEarly(opt Options, per float64) Options {
	opt.splitPer, opt.quick = per, true
	return opt
}

// KillAfter returns opt with the spilled steps' rounds at round buckets
// and the count stopped as if killed (ErrKilled) before it expands its
// kill+1st spilled bucket (0: never). Its spill files and manifests are
// not synced (a process kill loses nothing written).
func KillAfter(opt Options, round, kill int) Options {
	opt.spillRound, opt.killAfter, opt.noSync = round, kill, true
	return opt
}

// ErrKilled is the error of a count stopped by KillAfter.
var ErrKilled = errKilled

// StepEachPart returns opt with an in-step progress call each time a
// worker has finished a partition or bucket, as well as every second.
func StepEachPart(opt Options) Options {
	opt.stepEachPart = true
	return opt
}

// CountWideTables is Count with two-word keys in the tables but the
// states packed as one-word codes (emitNarrow), as the knight's 8x8 are.
func CountWideTables(ctx context.Context, p hamilton.Problem, opt Options) (uint64, Stats, error) {
	opt.wideTables = true
	return Count(ctx, p, opt)
}

// FoldAlways returns opt with the next layer of every spilled step
// folded at the end of every round (fold.go), disk tight or not.
func FoldAlways(opt Options) Options {
	opt.foldAlways = true
	return opt
}

// ManifestV1 rewrites the manifest at path in the format before folds
// ("BGDPSP01": no generation bytes), as a count of that code would have
// written it; it refuses a manifest naming a folded bucket.
func ManifestV1(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if string(data[:8]) != ckfile.ManifestMagic {
		return errors.New("not a BGDPSP02 manifest")
	}
	out := []byte(ckfile.ManifestMagic1)
	p := data[8 : len(data)-4]
	take := func(n int) []byte {
		x := p[:n]
		p = p[n:]
		out = append(out, x...)
		return x
	}
	take(int(binary.LittleEndian.Uint16(take(2))))
	take(4 + 2)
	take(int(binary.LittleEndian.Uint16(take(2))))
	set := func(withDone bool) error {
		bits := take(1)[0]
		for range 1 << bits {
			take(16)
			if p[0] != 0 {
				return errors.New("a folded bucket")
			}
			p = p[1:]
			if withDone {
				take(1)
			}
		}
		return nil
	}
	if err := set(true); err != nil {
		return err
	}
	if take(1)[0] == 1 {
		if err := set(false); err != nil {
			return err
		}
	}
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
	return os.WriteFile(path, out, 0o644)
}

// CountModular is CountExact made modulo primes (as many as its
// combinatorial bound asks) even where CountBig would do.
func CountModular(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	return countExact(ctx, p, opt, true)
}

// CountLog2 is CountExact's float64 pass: the base-2 logarithm of the
// count of p as it measures it (layers rescaled past 2^960).
func CountLog2(ctx context.Context, p hamilton.Problem, opt Options) (float64, error) {
	opt.arith = arith{float: true}
	f, exp, _, err := countWith(ctx, p, opt, false, false, false)
	return math.Log2(math.Float64frombits(f)) + float64(exp), err
}

// CountGridWide is the grid sweep with tables and multi-word counts, the
// cross-check of CountGrid's modular passes.
var CountGridWide = countGridWide

// CountWidened is CountExact's one widening pass forced to widen before
// every step that is a multiple of every (64-bit counts, then 128-bit,
// then residues modulo the primes the bound asks for), whether or not a
// count overflowed: the conversions of widen on small boards.
func CountWidened(ctx context.Context, p hamilton.Problem, opt Options, every int) (*big.Int, Stats, error) {
	opt.arith = arith{auto: true, widenEvery: every}
	lo, hi, st, err := countWith(ctx, p, opt, false, false, false)
	if err != nil || st.residues == nil {
		return toBig(lo, hi), st, err
	}
	var c shard.CRT
	for m, q := range st.Moduli {
		c.Add(st.residues[m], q)
	}
	return c.Value(), st, nil
}

// CountCompacted is CountExact with every layer compacted and, where
// freeAsRead allows, freed partition by partition as it is expanded.
func CountCompacted(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	opt.compactFrom = 1
	return CountExact(ctx, p, opt)
}

// CountCompacted64 is Count with every layer compacted and freed as it
// is read.
func CountCompacted64(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	opt.compactFrom = 1
	n, st, err := Count(ctx, p, opt)
	return new(big.Int).SetUint64(n), st, err
}

// CountCompactedSpill is CountCompacted with a spill directory (which a
// count that fits memory never writes to): layers are freed as read
// where memory leaves room for far more than the next layer.
func CountCompactedSpill(ctx context.Context, p hamilton.Problem, opt Options) (*big.Int, Stats, error) {
	opt.compactFrom = 1
	opt.SpillDir = os.TempDir()
	return CountExact(ctx, p, opt)
}

// SlowClosed returns opt with closed counts renumbering every next state
// (emitNarrow) instead of building it from the word expanded
// (expandClosed).
func SlowClosed(opt Options) Options {
	opt.slowClosed = true
	return opt
}

// SlowOpen returns opt with open counts renumbering every next state
// (emit, emitNarrow) instead of building it from the word expanded
// (expandOpen).
func SlowOpen(opt Options) Options {
	opt.slowOpen = true
	return opt
}

// WordOpen returns opt with open counts building every next state from
// the word expanded (expandOpen) whatever the frontier's width.
func WordOpen(opt Options) Options {
	opt.wordOpen = true
	return opt
}

// WordSteps returns the number of steps of the count of p with opt that
// build their next states from words (expandClosed, expandOpen): the
// steps with a wordStep but the last, or 0 where the count renumbers
// every state (wide codes, or the test switches).
func WordSteps(ctx context.Context, p hamilton.Problem, opt Options) (int, error) {
	req, err := check(&p)
	if err != nil {
		return 0, err
	}
	pl, err := newPlan(ctx, p.G, opt.Order, req, !p.Closed && len(req) < 2)
	if err != nil {
		return 0, err
	}
	if !pl.codeSWAR || p.Closed && opt.slowClosed || !p.Closed && (opt.slowOpen || pl.width < openWordWidth && !opt.wordOpen) {
		return 0, nil
	}
	n := 0
	for i := range pl.steps[:len(pl.steps)-1] {
		if pl.steps[i].word != nil {
			n++
		}
	}
	return n, nil
}
