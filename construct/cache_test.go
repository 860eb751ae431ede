package construct

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/boardgraph/boardgraph/moves"
)

// TestLRU: the cache keeps at most limit entries, evicts the least
// recently used one, keeps the first answer stored for a key, and is safe
// for concurrent use (run under -race).
func TestLRU(t *testing.T) {
	t.Parallel()
	c := newLRU[int, string](3)
	for i := range 3 {
		c.add(i, fmt.Sprint(i))
	}
	if _, ok := c.get(0); !ok { // 0 is now the most recent
		t.Fatal("0 missing")
	}
	c.add(3, "3") // evicts 1, the least recently used
	if _, ok := c.get(1); ok {
		t.Error("1 was not evicted")
	}
	for _, k := range []int{0, 2, 3} {
		if v, ok := c.get(k); !ok || v != fmt.Sprint(k) {
			t.Errorf("get(%d) = %q, %v", k, v, ok)
		}
	}
	if got := c.add(3, "other"); got != "3" {
		t.Errorf("a second answer for 3 replaced the first: %q", got)
	}
	if c.len() != 3 {
		t.Errorf("len %d, want 3", c.len())
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 1000 {
				c.add(g*1000+i, "x")
				c.get(i)
			}
		})
	}
	wg.Wait()
	if c.len() != 3 {
		t.Errorf("len %d after concurrent use, want 3", c.len())
	}
}

// TestTileEvictedCache: a walk planned before its library's caches are
// emptied still completes, and planning again after the eviction gives
// the same walk (answers are functions of their keys).
func TestTileEvictedCache(t *testing.T) {
	set := moves.Knight()
	cells := func(w Walk) [][2]int {
		var out [][2]int
		for r, c := range w {
			out = append(out, [2]int{r, c})
		}
		return out
	}
	w, err := Tile(23, 31, set, false)
	if err != nil {
		t.Fatal(err)
	}
	before := cells(w)
	lib := libraryFor(set)
	lib.paths.resize(1)
	lib.steps.resize(1)
	lib.nsteps.resize(1)
	defer lib.paths.resize(pathCacheLimit)
	defer lib.steps.resize(stepCacheLimit)
	defer lib.nsteps.resize(stepCacheLimit)
	if got := cells(w); len(got) != 23*31 || fmt.Sprint(got) != fmt.Sprint(before) {
		t.Fatalf("the planned walk changed after eviction: %d cells", len(got))
	}
	w2, err := Tile(23, 31, set, false)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(cells(w2)) != fmt.Sprint(before) {
		t.Fatal("planning after eviction gave another walk")
	}
}

// TestTileContext: a cancelled context stops Tile with ctx.Err().
func TestTileContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TileContext(ctx, 40, 41, moves.Knight(), false); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
