package testfix

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCoelhoInRepository(t *testing.T) {
	dir := Coelho(t)
	n := 0
	for _, size := range []string{"100", "200", "300", "400"} {
		m, err := filepath.Glob(filepath.Join(dir, size, "*.has"))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) != 120 {
			t.Errorf("%s: %d instances, want 120", size, len(m))
		}
		n += len(m)
	}
	if n != 480 {
		t.Errorf("%d instances, want 480", n)
	}
	if _, err := os.Stat(filepath.Join(Root(t), "go.mod")); err != nil {
		t.Error(err)
	}
}

func TestLong(t *testing.T) {
	for _, c := range []struct {
		val  string
		want bool
	}{{"", false}, {"0", false}, {"1", true}} {
		t.Setenv(LongEnv, c.val)
		if Long() != c.want {
			t.Errorf("%s=%q: Long() = %v", LongEnv, c.val, !c.want)
		}
	}
}

func TestMissingFailsUnderCI(t *testing.T) {
	t.Setenv("CI", "true")
	ft := &fakeTB{TB: t}
	func() {
		defer func() { recover() }()
		Tool(ft, "nosuchpkg", "boardgraph-no-such-tool")
	}()
	if !ft.failed || ft.skipped {
		t.Errorf("under CI=true a missing tool: failed %v, skipped %v; want a failure", ft.failed, ft.skipped)
	}
	t.Setenv("CI", "")
	ft = &fakeTB{TB: t}
	func() {
		defer func() { recover() }()
		Tool(ft, "nosuchpkg", "boardgraph-no-such-tool")
	}()
	if ft.failed || !ft.skipped {
		t.Errorf("outside CI a missing tool: failed %v, skipped %v; want a skip", ft.failed, ft.skipped)
	}
	if p := Tool(t, "coreutils", "boardgraph-no-such-tool", "sh"); p == "" {
		t.Error("Tool did not find sh")
	}
}

// fakeTB records Fatal and Skip instead of stopping the real test; both
// panic to end the caller as runtime.Goexit would.
type fakeTB struct {
	testing.TB
	failed, skipped bool
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Fatalf(string, ...any) { f.failed = true; panic("fatal") }
func (f *fakeTB) Skip(...any)           { f.skipped = true; panic("skip") }
