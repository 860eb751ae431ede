package numberlink

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/testfix"
)

// The puzzle readers live in package puzzleio, which imports this package,
// so these tests cannot import them; readers_test.go (package
// numberlink_test, which can) hands them in through the hooks below before
// any test runs. The tests of this package thus read their fixtures with the
// real readers, not with a test-only copy that could drift from them.
var (
	// ReadTextHook is puzzleio.ParseText.
	ReadTextHook func(data []byte) (*Grid, Rules, error)
	// ReadTathamHook is puzzleio.ParseTatham.
	ReadTathamHook func(id string) (*Grid, Rules, error)
	// ReadHasHook is puzzleio.ParseHas.
	ReadHasHook func(data []byte) (*Grid, error)
	// FormatTextHook is puzzleio.FormatText (failure messages).
	FormatTextHook func(g *Grid, rules Rules) string
)

// parseText reads our text format (puzzleio.ParseText).
func parseText(data []byte) (*Grid, Rules, error) { return ReadTextHook(data) }

// formatText writes g in our text format (puzzleio.FormatText), for
// failure messages.
func formatText(g *Grid, rules Rules) string { return FormatTextHook(g, rules) }

// parseTatham reads a Simon Tatham Bridges game ID (puzzleio.ParseTatham).
func parseTatham(id string) (*Grid, Rules, error) { return ReadTathamHook(id) }

// parseHas reads a Coelho et al. .has file (puzzleio.ParseHas).
func parseHas(data []byte) (*Grid, error) { return ReadHasHook(data) }

// gridOf builds a rows x cols k-grid from row-major clues.
func gridOf(t testing.TB, rows, cols, k int, clues ...int) *Grid {
	t.Helper()
	g, err := NewGrid(rows, cols, k, clues)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// adjacentIslands reports two nodes of g in orthogonally adjacent cells.
func adjacentIslands(g *Grid) (i, j int, ok bool) {
	for a, nd := range g.Nodes {
		for b, o := range g.Nodes {
			if a < b && (o.Row-nd.Row)*(o.Row-nd.Row)+(o.Col-nd.Col)*(o.Col-nd.Col) == 1 {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// sgtBridges returns the path of Simon Tatham's Bridges (Debian package
// sgt-puzzles); when it is absent the test skips, or fails under CI=true.
func sgtBridges(t *testing.T) string {
	t.Helper()
	return testfix.Tool(t, "sgt-puzzles", "/usr/games/sgt-bridges", "sgt-bridges")
}

// tathamIDs generates n game IDs with sgt-bridges. Tatham's generator never
// finishes for k = 1 with loops allowed at difficulty 1 (measured: no output
// in minutes at 7x6 and 10x10, while every other combination takes under
// 0.1 s): the callers leave such parameters out, and a run over 60 s fails
// the test. Parameters
// whose generation takes seconds to a minute (k = 1 without loops at
// difficulty 2) come from testdata/tatham_slow.txt, made by the same
// generator, unless BOARDGRAPH_LONG=1 asks for fresh ones.
func tathamIDs(t *testing.T, params string, n int) []string {
	t.Helper()
	if strings.Contains(params, "m1d1") {
		t.Fatalf("sgt-bridges does not terminate for %s (k=1, loops allowed, difficulty 1): leave it out", params)
	}
	if ids := storedSlowIDs(t, params); len(ids) >= n && !testfix.Long() {
		return ids[:n]
	}
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, sgtBridges(t), "--generate", strconv.Itoa(n), params).Output()
	if ctx.Err() != nil {
		t.Fatalf("sgt-bridges %s did not finish in 60 s (under 0.1 s when measured; slow sets belong in testdata/tatham_slow.txt)", params)
	}
	if err != nil {
		t.Fatalf("sgt-bridges %s: %v", params, err)
	}
	return strings.Fields(string(out))
}

// storedSlowIDs returns the stored game IDs made with params, from
// testdata/tatham_slow.txt (lines '<params> <id>').
func storedSlowIDs(t *testing.T, params string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "tatham_slow.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) == 2 && f[0] == params {
			ids = append(ids, f[1])
		}
	}
	return ids
}
