package request

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/shard"
)

// Results manifests (count --manifest FILE, count merge of manifests):
// a finished count by the dynamic program records what was run and how
// (command, version, vertex order, the states of every layer), its count
// with the residues modulo the primes its proven bound asks for, and a
// checksum (shard.Manifest). Two runs over different orders (--order-seed)
// or a run and the residue files of other primes (--prime-index) are
// independent checks of one count; count merge compares them.

// checkManifestFlag checks --manifest against the other flags: only a
// whole count by the dynamic program writes one, into a directory that
// exists.
func (c *Count) checkManifestFlag() error {
	f := c.Flags
	switch {
	case c.Method != MethodDP:
		return inputf("--manifest records a count by the dynamic program, and this one uses the search (%s): add --method dp or drop --manifest", c.Why)
	case f.Sharded() || f.PrimeRun():
		return inputf("--manifest records a whole count: it does not combine with --shard, --checkpoint, --prime-index or --primes-needed (their --out files are checked by 'count merge' as they are)")
	case f.PerStart:
		return inputf("--manifest records one count: drop --per-start")
	}
	if fi, err := os.Stat(filepath.Dir(f.Manifest)); err != nil || !fi.IsDir() {
		return inputf("--manifest %s: the directory %s does not exist; create it first", f.Manifest, filepath.Dir(f.Manifest))
	}
	return nil
}

// Manifest returns the results manifest of res, a finished count of c by
// the dynamic program (count.Stats.Layers gives its layers); command is
// what was run and version names the code (format.Version). The count's
// bound is c.Bound's (seconds on a large grid); on cancellation Manifest
// returns ctx's error.
func (c *Count) Manifest(ctx context.Context, res *CountResult, command []string, version string) (*shard.Manifest, error) {
	prob, err := json.Marshal(c.Describe("count"))
	if err != nil {
		return nil, err
	}
	b, k, err := c.Bound(ctx)
	if err != nil {
		return nil, err
	}
	m := &shard.Manifest{Format: shard.ManifestFormat, Command: command, Version: version, Problem: prob, Method: shard.MethodDP,
		Convention: c.Convention(false), Divisor: c.Divisor(), Count: res.Directed.String(), OrderSeed: orderSeed(c.Flags.OrderSeed),
		BoundBits: b.Bits, Bound: b.Name, PrimesNeeded: k, Layers: res.DP.Layers, PeakStates: res.DP.PeakStates,
		ElapsedMS: float64(res.DP.Elapsed) / float64(time.Millisecond)}
	if m.Layers == nil {
		m.Layers = []int{}
	}
	m.Order = []string{}
	if !c.gridPath() {
		for _, v := range c.order {
			r, col := c.Board.RowCol(c.Graph.CellOf[v])
			m.Order = append(m.Order, fmt.Sprintf("%d,%d", r+1, col+1))
		}
	}
	rem := new(big.Int)
	for i := range k {
		q := count.Prime(i)
		rem.Mod(res.Directed, new(big.Int).SetUint64(q))
		m.Residues = append(m.Residues, shard.ManifestResidue{PrimeIndex: i, Prime: strconv.FormatUint(q, 10), Residue: rem.String()})
	}
	return m, nil
}

// WriteManifest seals m and writes it to --manifest atomically (a file
// that was there is replaced only by a whole new one). A file that cannot
// be written is an input error naming it.
func (c *Count) WriteManifest(ctx context.Context, m *shard.Manifest) error {
	m.Seal()
	err := pathio.WriteFileAtomicContext(ctx, c.Flags.Manifest, func(w io.Writer) error { return format.WriteJSON(w, m) })
	switch {
	case err == nil, ctx.Err() != nil, IsIO(err), IsInput(err):
		return err
	}
	return inputf("cannot write --manifest %s: %w", c.Flags.Manifest, err)
}

// mergeManifests compares manifests (and residue files of the same
// count, rfiles) by shard.MergeManifests and words the result as count
// merge's JSON; undirected divides the count by the problem's divisor.
func mergeManifests(ms []*shard.Manifest, files []string, residues []*shard.Residue, rfiles []string, undirected bool) (*format.MergeManifests, error) {
	m, err := shard.MergeManifests(ms, files, residues, rfiles, count.Prime)
	if err != nil {
		return nil, inputf("%w", err)
	}
	first, total := m.First, m.Total
	res := &format.MergeManifests{Convention: first.Convention, Manifests: len(ms), Orders: m.Orders, Layers: m.Layers,
		PrimeIndexes: m.PrimeIndexes, BoundBits: first.BoundBits, Bound: first.Bound, Version: first.Version}
	if res.PrimeIndexes == nil {
		res.PrimeIndexes = []int{}
	}
	if err := json.Unmarshal(first.Problem, &res.Problem); err != nil {
		return nil, inputf("%s: the problem is not one this boardgraph wrote (%w)", files[0], err)
	}
	if undirected {
		total = new(big.Int).Quo(total, new(big.Int).SetUint64(first.Divisor))
		res.Convention = ConventionOf(res.Problem.Closed, true, first.Divisor)
	}
	res.Count = total.String()
	return res, nil
}
