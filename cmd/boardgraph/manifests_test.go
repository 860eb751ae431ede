package main

import (
	"os"
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
	if _, err := os.Stat("../../docs/data/manifests/king-11x11-paths-seed1.json"); err != nil {
		t.Errorf("the manifest of A308129(11) is missing: %v", err)
	}
}
