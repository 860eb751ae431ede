package testfix

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// SGTBridges returns the path of Simon Tatham's Bridges generator
// (Debian package sgt-puzzles); when it is absent the test skips, or fails
// under CI=true (Tool).
func SGTBridges(tb testing.TB) string {
	tb.Helper()
	return Tool(tb, "sgt-puzzles", "/usr/games/sgt-bridges", "sgt-bridges")
}

// BridgesParams is one parameter set of Tatham's Bridges generator.
type BridgesParams struct {
	K       int    // bridges per pair (m)
	NoLoops bool   // L: no loops
	Params  string // as sgt-bridges reads it, e.g. "7x6m2Ld1"
}

// TathamParams returns the parameter sets for a board size ("7x6") with
// k = 1..4, loops allowed and not, at difficulties 0..2, leaving out the
// one sgt-bridges never finishes (k = 1, loops allowed, difficulty 1: see
// TathamIDs).
func TathamParams(size string) []BridgesParams {
	var out []BridgesParams
	for k := 1; k <= 4; k++ {
		for _, loops := range []string{"", "L"} {
			for d := 0; d <= 2; d++ {
				if k == 1 && loops == "" && d == 1 {
					continue
				}
				out = append(out, BridgesParams{k, loops == "L", size + "m" + strconv.Itoa(k) + loops + "d" + strconv.Itoa(d)})
			}
		}
	}
	return out
}

// TathamIDs generates n game IDs with sgt-bridges. Tatham's generator never
// finishes for k = 1 with loops allowed at difficulty 1 (measured: no output
// in minutes at 7x6 and 10x10, while every other combination takes under
// 0.1 s); such parameters, and any run over 60 s, fail the test. Parameters
// whose generation takes seconds to a minute (k = 1 without loops at
// difficulty 2) come from slowFile (lines '<params> <id>', made by the same
// generator) when it holds n of them, unless BOARDGRAPH_LONG=1 asks for
// fresh ones.
func TathamIDs(tb testing.TB, slowFile, params string, n int) []string {
	tb.Helper()
	if strings.Contains(params, "m1d1") {
		tb.Fatalf("sgt-bridges does not terminate for %s (k=1, loops allowed, difficulty 1): leave it out", params)
	}
	if ids := storedIDs(tb, slowFile, params); len(ids) >= n && !Long() {
		return ids[:n]
	}
	ctx, cancel := context.WithTimeout(tb.Context(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, SGTBridges(tb), "--generate", strconv.Itoa(n), params).Output()
	if ctx.Err() != nil {
		tb.Fatalf("sgt-bridges %s did not finish in 60 s (under 0.1 s when measured; slow sets belong in the slow file)", params)
	}
	if err != nil {
		tb.Fatalf("sgt-bridges %s: %v", params, err)
	}
	return strings.Fields(string(out))
}

// storedIDs returns the game IDs made with params stored in file (lines
// '<params> <id>').
func storedIDs(tb testing.TB, file, params string) []string {
	tb.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	var ids []string
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) == 2 && f[0] == params {
			ids = append(ids, f[1])
		}
	}
	return ids
}
