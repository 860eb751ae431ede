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
)

// TestExchangeDamagedLayerFile: a layer file longer or shorter than its
// marker announces is refused naming the fix (remove it and the marker,
// restart the shard that wrote it; issue #10), and following the fix gives
// the right count.
func TestExchangeDamagedLayerFile(t *testing.T) {
	t.Parallel()
	bg := build(t, 5, 5, "knight")
	p := hamilton.Problem{G: bg.Graph}
	base := count.Options{Order: count.BoardOrder(bg), Workers: 1, ProbeStates: -1}
	want, _, err := count.Count(context.Background(), p, base)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opt := count.SplitEarly(base, 1)
	opt.Shards, opt.Exchange, opt.ExchangeWait = 2, dir, 300*time.Millisecond
	// Shard 0 alone publishes its first layer, then stops waiting for shard 1.
	if _, _, err := count.Count(context.Background(), p, opt); !errors.Is(err, count.ErrExchange) {
		t.Fatalf("shard 0 alone: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "L*", "from00000"))
	if len(files) == 0 {
		t.Fatal("shard 0 wrote no layer file for shard 1")
	}
	victim := files[0]
	f, err := os.OpenFile(victim, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("junk"))
	f.Close()
	o := opt
	o.Shard = 1
	_, _, err = count.Count(context.Background(), p, o)
	marker := filepath.Join(filepath.Dir(victim), "done-00000")
	if !errors.Is(err, count.ErrExchange) || !strings.Contains(err.Error(), "marker announces") ||
		!strings.Contains(err.Error(), "remove it and shard 0's marker "+marker+", then restart shard 0") {
		t.Fatalf("damaged layer file: %v", err)
	}
	// The fix the message names.
	for _, f := range []string{victim, marker} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	opt.ExchangeWait = time.Minute
	got, _, err := runCoop(context.Background(), p, opt, 2, dir)
	if err != nil {
		t.Fatalf("after the fix: %v", err)
	}
	if got[0]+got[1] != want {
		t.Errorf("after the fix the shares %v add up to %d, want %d", got, got[0]+got[1], want)
	}
}
