package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/shard"
)

// TestVersionOneString: --version, the version command, every command's
// JSON and the shard result file name one version (they used to say
// "devel" and "boardgraph-devel").
func TestVersionOneString(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if r := cli(t, "", args...); r.code != exitOK || r.stdout != "boardgraph "+format.Version+"\n" {
			t.Errorf("%v: %v", args, r)
		}
	}
	if r := cli(t, "", "version", "extra"); r.code != exitUsage {
		t.Errorf("version extra: %v", r)
	}
	versionOf := func(data string) string {
		var v struct{ Version string }
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			t.Fatalf("%v: %s", err, data)
		}
		return v.Version
	}
	out := filepath.Join(t.TempDir(), "s.json")
	if r := cli(t, "", "count", "3x4", "--shard", "0/1", "--out", out, "--quiet"); r.code != exitOK {
		t.Fatal(r)
	}
	data := testfix.ReadFile(t, out)
	solve := cli(t, "", "solve", "5x5", "--format", "json", "--quiet")
	ver := cli(t, "", "version", "--format", "json")
	nl := cli(t, "", "numberlink", "table", "--format", "json")
	for what, got := range map[string]string{"shard file": versionOf(string(data)), "solve": versionOf(solve.stdout), "version": versionOf(ver.stdout), "numberlink": versionOf(nl.stdout)} {
		if got != format.Version {
			t.Errorf("%s says version %q, want %q", what, got, format.Version)
		}
	}
	if shard.CodeVersion("") != format.Version || format.CodeVersion("v9.9.9") != "v9.9.9" || strings.Contains(format.Version, "boardgraph-") {
		t.Errorf("versions: shard %q, format %q", shard.CodeVersion(""), format.Version)
	}
}
