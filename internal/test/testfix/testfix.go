package testfix

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// LongEnv is the environment variable of the one long-test switch: with
// BOARDGRAPH_LONG=1 the tests and benchmarks that take minutes (or
// gigabytes) run too.
const LongEnv = "BOARDGRAPH_LONG"

// Long reports whether the long tests were asked for (BOARDGRAPH_LONG=1).
func Long() bool { return os.Getenv(LongEnv) == "1" }

// SkipUnlessLong skips tb, saying what it would run and how to run it,
// unless BOARDGRAPH_LONG=1.
func SkipUnlessLong(tb testing.TB, what string) {
	tb.Helper()
	if !Long() {
		tb.Skipf("%s: run with %s=1", what, LongEnv)
	}
}

// SkipShort skips tb under -short, saying what makes it long (why) and
// how to run it: the one form of the skip that keeps the race run (go test
// -race -short, in .ci/run) and quick local runs short.
func SkipShort(tb testing.TB, why string) {
	tb.Helper()
	if testing.Short() {
		tb.Skipf("%s; run without -short", why)
	}
}

// CI reports whether the tests run under CI=true (.ci/run), where every
// tool .ci/run installs must be present.
func CI() bool { return os.Getenv("CI") == "true" }

// Missing reports something the test needs that is not there (a tool
// .ci/run installs, a module of it, a cluster it starts): outside CI the
// test skips with the message, under CI=true it fails with it.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		tb.Fatalf("CI=true: %s (.ci/run installs it)", msg)
	}
	tb.Skip(msg)
}

// Tool returns the path of the first of names found (exec.LookPath: a
// name with a slash is a path), else reports it Missing with the Debian
// package that provides it.
func Tool(tb testing.TB, pkg string, names ...string) string {
	tb.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	Missing(tb, "%s not found: install Debian's %s package (apt-get install %s)", names[0], pkg, pkg)
	return ""
}

var (
	rootOnce sync.Once
	root     string
	rootErr  error
)

// Root returns the repository's root directory: the nearest directory
// above the test's working directory (its package) that holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	rootOnce.Do(func() {
		dir, err := os.Getwd()
		if err != nil {
			rootErr = err
			return
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				root = dir
				return
			}
			up := filepath.Dir(dir)
			if up == dir {
				rootErr = fmt.Errorf("no go.mod above %s", dir)
				return
			}
			dir = up
		}
	})
	if rootErr != nil {
		tb.Fatal(rootErr)
	}
	return root
}

// Data returns the path of internal/testdata/elem... in the repository
// and fails the test when it does not exist: that data is part of the
// repository, so its absence is a broken checkout, not a reason to skip.
func Data(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Root(tb), "internal", "testdata"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("test data missing from the repository: %v", err)
	}
	return p
}

// Coelho returns the directory of the Coelho et al. (2019) Hashiwokakero
// benchmark instances kept in the repository: coelho2019/{100,200,300,400}/,
// ten instances of each of the twelve groups per size, 480 files
// (internal/testdata/coelho2019/README.md).
func Coelho(tb testing.TB) string {
	tb.Helper()
	return Data(tb, "coelho2019")
}

// External returns the directory named by the environment variable env,
// for a test that reads data kept outside the repository (what), and
// skips, naming the variable, when it is unset.
func External(tb testing.TB, env, what string) string {
	tb.Helper()
	dir := os.Getenv(env)
	if dir == "" {
		tb.Skipf("%s: set %s to the directory that holds it", what, env)
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Fatalf("%s=%s: %v", env, dir, err)
	}
	return dir
}

// Sampled reports whether case i of a table runs: every case normally
// and with BOARDGRAPH_LONG=1, one in every n under -short. The race run
// (go test -race -short, in .ci/run) uses it: there every case costs ten
// times as much, and what it tests is the concurrency, which a sample
// exercises as well as the whole table.
func Sampled(i, n int) bool { return i%Scale(1, n, 1) == 0 }
