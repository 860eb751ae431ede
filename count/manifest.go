package count

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
	"github.com/boardgraph/boardgraph/count/internal/spill"
	"github.com/boardgraph/boardgraph/shard"
)

// Manifests: the checkpoint of a spilled layer (spill.go); the format
// is package manifest's.

// saveSpilled writes the manifest of the spilled layer cur made by steps
// 0..done-1, and of the step's next layer when it is under way.
func (r *dp) saveSpilled(done int, cur, next *spillSet) error {
	m := ckfile.Manifest{Key: r.ck.key, Done: done, KW: r.mem.kw, CW: r.mem.cw, Dir: r.spillRoot, Cur: cur.Manifest()}
	if next != nil {
		m.Next = next.Manifest()
	}
	b := m.Append(nil)
	if err := writeSynced(r.ck.path, r.ck.path+".tmp", !r.opt.noSync, writeBytes(b)); err != nil {
		return fmt.Errorf("%w: writing %s: %w", shard.ErrCheckpoint, r.ck.path, err)
	}
	r.ck.last = time.Now()
	r.ck.manifest = true
	r.st.Checkpoints++
	return nil
}

// openSet opens the files of a manifest's layer in dir: the buckets not
// done must have exactly their bytes (the current layer) or at least them
// (the next layer, cut back to them).
func (r *dp) openSet(dir string, ms *ckfile.Set, cut bool) (*spillSet, error) {
	b, err := spill.Open(r.spillConfig(dir, ms.Bits, 0.25), ms, cut)
	var oe *spill.OpenError
	if errors.As(err, &oe) {
		return nil, fmt.Errorf("%w: the spilled layer file %s is missing or damaged (%w); remove %s and %s to count from the start",
			shard.ErrCheckpoint, oe.Name, oe.Err, r.ck.path, r.spillRoot)
	}
	if err != nil {
		return nil, err
	}
	return &spillSet{Buckets: b}, nil
}

// resumeManifest reads the manifest data back: the layer it names, and
// the next layer's files when a step was under way.
func (r *dp) resumeManifest(data []byte) (done int, cur, next *spillSet, err error) {
	m, err := ckfile.ParseManifest(data, r.ck.key, len(r.steps), r.mem.kw, r.mem.cw)
	if errors.Is(err, ckfile.ErrOtherCount) {
		return 0, nil, nil, fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, order, shard or version); remove it or choose another file", shard.ErrCheckpoint, r.ck.path)
	}
	if err != nil {
		return 0, nil, nil, fmt.Errorf("%w: %s: %w; remove it to count from the start", shard.ErrCheckpoint, r.ck.path, err)
	}
	r.spillRoot = m.Dir
	keep := map[string]bool{spill.LayerName(m.Done): true}
	if cur, err = r.openSet(filepath.Join(m.Dir, spill.LayerName(m.Done)), m.Cur, false); err != nil {
		return 0, nil, nil, err
	}
	if m.Next != nil {
		keep[spill.LayerName(m.Done+1)] = true
		if next, err = r.openSet(filepath.Join(m.Dir, spill.LayerName(m.Done+1)), m.Next, true); err != nil {
			cur.closeFiles()
			return 0, nil, nil, err
		}
	}
	// What a killed count left besides: layers it had not yet named.
	if ents, err := os.ReadDir(m.Dir); err == nil {
		for _, e := range ents {
			if !keep[e.Name()] {
				os.RemoveAll(filepath.Join(m.Dir, e.Name()))
			}
		}
	}
	r.st.Spilled = true
	r.ck.manifest = true
	return m.Done, cur, next, nil
}
