package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// publishedDirected are published counts (docs/references.md) of the
// runs whose manifests docs/data/manifests keeps, by file name prefix,
// in the directed convention of the manifests.
var publishedDirected = map[string]string{
	// OEIS A308129(11), undirected Hamiltonian paths of the 11x11 king
	// graph, doubled.
	"king-11x11-paths-": "330596986686626406483380599328509951896788808144",
	// OEIS A272445(11), paths from a corner to the opposite one.
	"king-11x11-corner-to-corner": "190934226579364879405564404836420471442186330",
	// OEIS A272445(12).
	"king-12x12-corner-to-corner": "507088717315287736410992294230305692212344811974323748",
}

// TestCommittedManifests rechecks every results manifest the
// documentation cites (docs/data/manifests): count merge accepts each one
// (checksum, residues, bound, layers), and a count that is published
// equals the published value.
func TestCommittedManifests(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../docs/data/manifests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in docs/data/manifests (%v)", err)
	}
	for _, f := range files {
		r := cli(t, "", "count", "merge", f)
		if r.code != exitOK {
			t.Errorf("count merge %s: %v", f, r)
			continue
		}
		for prefix, want := range publishedDirected {
			if strings.HasPrefix(filepath.Base(f), prefix) && strings.TrimSpace(r.stdout) != want {
				t.Errorf("%s counts %s; the published value is %s", f, strings.TrimSpace(r.stdout), want)
			}
		}
	}
	// The runs of one count over two orders agree with each other.
	pair, _ := filepath.Glob("../../docs/data/manifests/king-11x11-paths-seed*.json")
	if len(pair) != 2 {
		t.Fatalf("want the two manifests of A308129(11), found %v", pair)
	}
	r := cli(t, "", append([]string{"count", "merge"}, pair...)...)
	if r.code != exitOK || !strings.Contains(r.stderr, "2 manifests agree (2 vertex orders, 2 distinct layer lists)") {
		t.Errorf("count merge of the two orders: %v", r)
	}
}
