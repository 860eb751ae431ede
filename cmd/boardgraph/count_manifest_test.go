package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifestCLI writes the results manifests of one count over two
// vertex orders (--order-seed) and a residue file of a prime past the
// count's own, and count merge finds them in agreement with the count;
// an edited manifest, a manifest of another count and --manifest on a
// search are refused with exit 2 and one line.
func TestManifestCLI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m1, m2, m3, r9 := filepath.Join(dir, "m1.json"), filepath.Join(dir, "m2.json"), filepath.Join(dir, "m3.json"), filepath.Join(dir, "r9.json")
	king := []string{"count", "--moves", "king", "5x6", "--method", "dp", "--quiet"}
	a := cli(t, "", append(king, "--manifest", m1)...)
	b := cli(t, "", append(king, "--manifest", m2, "--order-seed", "5")...)
	r := cli(t, "", "count", "--moves", "king", "5x6", "--prime-index", "9", "--out", r9, "--quiet")
	if a.code != exitOK || b.code != exitOK || r.code != exitOK || a.stdout != b.stdout {
		t.Fatalf("counts: %v %v %v", a, b, r)
	}
	merged := cli(t, "", "count", "merge", m1, m2, r9)
	if merged.code != exitOK || merged.stdout != a.stdout || !strings.Contains(merged.stderr, "2 manifests agree (2 vertex orders") {
		t.Fatalf("merge: %v (count %q)", merged, a.stdout)
	}
	data, err := os.ReadFile(m1)
	if err != nil {
		t.Fatal(err)
	}
	count := strings.TrimSpace(a.stdout)
	edited := strings.Replace(string(data), `"count":"`+count+`"`, `"count":"`+count+`1"`, 1)
	if edited == string(data) {
		t.Fatalf("the manifest does not hold the count %s: %s", count, data)
	}
	if err := os.WriteFile(m3, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.json")
	if o := cli(t, "", "count", "--moves", "king", "5x5", "--method", "dp", "--quiet", "--manifest", other); o.code != exitOK {
		t.Fatalf("5x5: %v", o)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"edited", []string{"count", "merge", m3, m2}, "checksum mismatch"},
		{"another count", []string{"count", "merge", m1, other}, "different problems"},
		{"the search", []string{"count", "--moves", "king", "4x4", "--method", "dfs", "--manifest", filepath.Join(dir, "s.json")}, "--manifest records a count by the dynamic program"},
		{"no directory", []string{"count", "--moves", "king", "4x4", "--method", "dp", "--manifest", filepath.Join(dir, "none", "s.json")}, "does not exist"},
	} {
		res := cli(t, "", tc.args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, tc.want) || strings.Count(strings.TrimSpace(res.stderr), "\n") != 0 {
			t.Errorf("%s: %v, want exit 2 and one line saying %q", tc.name, res, tc.want)
		}
	}
}
