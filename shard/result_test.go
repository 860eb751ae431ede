package shard_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/shard"
)

func sample(i, of int, count string) *shard.Result {
	r := &shard.Result{Format: shard.Format, Problem: json.RawMessage(`{"command":"count","board":"5x5","moves":"hopido"}`),
		Method: shard.MethodDP, Convention: "directed", Divisor: 2, Shard: i, Of: of, Units: of, ShardUnits: 1,
		Depth: 12, Plan: "0123456789abcdef", Version: shard.FallbackVersion, Count: count}
	r.Seal()
	return r
}

// TestMergeBig: shard counts past 2^64 add up exactly; a missing,
// duplicate or foreign shard is refused naming the files.
func TestMergeBig(t *testing.T) {
	t.Parallel()
	a, b := sample(0, 2, "18446744073709551615"), sample(1, 2, "18446744073709551617")
	m, err := shard.Merge([]*shard.Result{a, b}, []string{"a", "b"})
	if err != nil || m.Total.String() != "36893488147419103232" {
		t.Fatalf("merge: %v %v", m.Total, err)
	}
	other := sample(1, 2, "5")
	other.Plan = "fedcba9876543210"
	other.Seal()
	for name, tc := range map[string]struct {
		rs   []*shard.Result
		want string
	}{
		"missing":   {[]*shard.Result{a}, "missing shard 1"},
		"duplicate": {[]*shard.Result{a, a}, "both shard 0/2"},
		"foreign":   {[]*shard.Result{a, other}, "different count"},
	} {
		names := []string{"a", "b"}[:len(tc.rs)]
		if _, err := shard.Merge(tc.rs, names); !errors.Is(err, shard.ErrResult) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// FuzzReadResult: the shard file parser never panics, and a file it
// accepts is consistent and reads back the same after re-encoding.
func FuzzReadResult(f *testing.F) {
	good, _ := json.Marshal(sample(1, 3, "42"))
	f.Add(good)
	f.Add([]byte(`{"format":"boardgraph-count-shard/1"}`))
	f.Add([]byte("{}"))
	f.Add([]byte("[1,2]"))
	f.Add(append(good, good...))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := shard.ReadResult(bytes.NewReader(data))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		if r.Shard < 0 || r.Shard >= r.Of || r.ShardUnits != shard.UnitsIn(r.Units, r.Shard, r.Of) || r.Checksum != r.Sum() || r.Value() == nil {
			t.Fatalf("accepted an inconsistent file: %+v", r)
		}
		again, _ := json.Marshal(r)
		r2, err := shard.ReadResult(bytes.NewReader(again))
		if err != nil || r2.Checksum != r.Checksum || r2.Count != r.Count {
			t.Fatalf("re-encoded file: %v", err)
		}
	})
}

// TestReadResultFileMissing: a missing file is named once, with the fix
// ("cannot read open x: ..." doubled the verb), and "-" says that shard
// results are files.
func TestReadResultFileMissing(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "s0.json")
	_, err := shard.ReadResultFile(missing)
	if err == nil || err.Error() != "cannot read "+missing+": no such file or directory; check the file name" {
		t.Errorf("missing file: %v", err)
	}
	_, err = shard.ReadResultFile("-")
	if err == nil || !strings.Contains(err.Error(), "cannot read -: no such file or directory; shard results are read from files, not standard input") {
		t.Errorf("-: %v", err)
	}
}
