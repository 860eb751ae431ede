package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/hexgrid"
)

const hexSmall = "hex k=2\n2 . 4 . 1\n . 2 . . .\n2 . 5 . 2\n"

// TestNLHex: hex puzzles are detected from their header (stdin and files)
// or asked for with --grid hex; solve prints a verified unique solution,
// count states its convention, check accepts that solution and rejects a
// broken one (exit 1), a subcommand without hex support and bad input exit
// 2 with the fix named.
func TestNLHex(t *testing.T) {
	t.Parallel()
	code, out, errs := runNL(t, hexSmall, "solve")
	if code != 0 || !strings.Contains(out, "1,3 2,2 1\n") || !strings.Contains(out, "unique: yes") {
		t.Fatalf("solve from stdin: %d %q %s", code, out, errs)
	}
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "p.hex")
	os.WriteFile(puzzle, []byte(hexSmall), 0o644)
	code, out, errs = runNL(t, "", "solve", "--format", "json", puzzle, "--png", filepath.Join(dir, "p.png"))
	if code != 0 || !strings.Contains(out, `"uniqueness":"unique"`) || !strings.Contains(out, `"verified":true`) {
		t.Fatalf("solve a file: %d %q %s", code, out, errs)
	}
	// check reads solve's JSON back, alone or as the solution file.
	report := filepath.Join(dir, "sol.json")
	os.WriteFile(report, []byte(out), 0o644)
	if code, got, errs := runNL(t, "", "check", report); code != 0 || !strings.HasPrefix(got, "ok: 6 bridges, every rule holds (k=2, hex)") {
		t.Fatalf("check solve's JSON: %d %q %s", code, got, errs)
	}
	if code, got, errs := runNL(t, "", "check", puzzle, report); code != 0 || !strings.HasPrefix(got, "ok: ") {
		t.Fatalf("check a puzzle with solve's JSON: %d %q %s", code, got, errs)
	}
	if st, err := os.Stat(filepath.Join(dir, "p.png")); err != nil || st.Size() < 1000 {
		t.Fatalf("no picture: %v", err)
	}
	code, out, _ = runNL(t, hexSmall, "count", "--grid", "hex")
	if code != 0 || !strings.HasPrefix(out, "1 solution (complete search; solutions counted as assignments") {
		t.Fatalf("count: %d %q", code, out)
	}
	// Without the (1,3)-(2,2) bridge nothing is connected right.
	sol := filepath.Join(dir, "s.txt")
	os.WriteFile(sol, []byte("1,1 1,3 2\n1,3 1,5 1\n1,3 2,2 1\n2,2 3,3 1\n3,1 3,3 2\n3,3 3,5 2\n"), 0o644)
	if code, out, _ = runNL(t, "", "check", puzzle, sol); code != 0 || !strings.HasPrefix(out, "ok: ") {
		t.Fatalf("check a solution: %d %q", code, out)
	}
	os.WriteFile(sol, []byte("1,1 1,3 2\n1,3 1,5 1\n"), 0o644)
	if code, out, _ = runNL(t, "", "check", puzzle, sol); code != 1 || !strings.Contains(out, "(1,3) has 3 connections, its number is 4") {
		t.Fatalf("check a broken solution: %d %q", code, out)
	}
	// phi's words are square N/E/S/W words: it alone refuses hex.
	if code, _, errs = runNL(t, hexSmall, "phi", "--node", "1,1"); code != 2 || !strings.Contains(errs, "numberlink phi does not handle hex grids") || !strings.Contains(errs, "for hex use solve, count, check, convert, tau, grade, min-k, tau-steps or generate") {
		t.Fatalf("phi: %d %q", code, errs)
	}
	if code, _, errs = runNL(t, "2 . 1\n", "solve", "--grid", "hex"); code != 2 || !strings.Contains(errs, `the first line must be the header "hex k=K"`) {
		t.Fatalf("headerless: %d %q", code, errs)
	}
	if code, _, errs = runNL(t, hexSmall, "solve", "--grid", "tri"); code != 2 || !strings.Contains(errs, "use square or hex") {
		t.Fatalf("bad --grid: %d %q", code, errs)
	}
	// An unsolvable puzzle: exit 1.
	if code, _, errs = runNL(t, "hex k=1\n3 1\n", "solve"); code != 1 || !strings.Contains(errs, "Proposition part 5 (§2.1): (1,1) has magnitude 3 > rk = 1·1") {
		t.Fatalf("unsolvable: %d %q", code, errs)
	}
	// Even, no Proposition part applies, and still no solution: two
	// separate pairs (the search proves it).
	if code, _, errs = runNL(t, "hex k=3\n3 . 3\n . . .\n3 . 3\n", "solve"); code != 1 || !strings.Contains(errs, "no solution (complete search") {
		t.Fatalf("unsolvable by search: %d %q", code, errs)
	}
	// Square puzzles still go to the square solver, with --grid square too.
	if code, _, errs = runNL(t, "k=2\n2.2\n", "solve", "--grid", "square"); code != 0 {
		t.Fatalf("square: %d %q", code, errs)
	}
}

// TestNLHexGenerateTau: generate --grid hex writes a puzzle that solve
// (detecting the header) finds unique and τ solves; the same seed gives the
// same puzzle; a bad size is exit 2 naming the fix.
func TestNLHexGenerateTau(t *testing.T) {
	t.Parallel()
	code, puzzle, errs := runNL(t, "", "generate", "--grid", "hex", "7x7", "--seed", "5")
	if code != 0 || !strings.HasPrefix(puzzle, "hex k=2\n") || !strings.Contains(errs, "unique (proved by the exact counter)") {
		t.Fatalf("generate: %d %q %s", code, puzzle, errs)
	}
	if _, again, _ := runNL(t, "", "generate", "--grid=hex", "--seed", "5", "7x7"); again != puzzle {
		t.Fatalf("same seed, another puzzle:\n%s\n%s", puzzle, again)
	}
	code, out, _ := runNL(t, puzzle, "solve", "--format", "json")
	if code != 0 || !strings.Contains(out, `"uniqueness":"unique"`) {
		t.Fatalf("solve the generated puzzle: %d %q", code, out)
	}
	code, out, _ = runNL(t, hexSmall, "tau")
	if code != 0 || !strings.Contains(out, "τ solved the grid in") || !strings.HasPrefix(out, "step 1: node (1,1) magn 2") {
		t.Fatalf("tau: %d %q", code, out)
	}
	if code, _, errs = runNL(t, "", "generate", "--grid", "hex", "7by7"); code != 2 || !strings.Contains(errs, "write RxC") {
		t.Fatalf("bad size: %d %q", code, errs)
	}
}

// TestNLHexGrade: grade on generated hex puzzles reports what the library's
// τ and numberlink.Rate say of the hex grid (a grid read on the square
// lattice would rate differently or not at all), and one solution, as count
// finds.
func TestNLHexGrade(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, seed := range []string{"1", "8"} {
		code, puzzle, errs := runNL(t, "", "generate", "--grid", "hex", "7x7", "--seed", seed, "--quiet")
		if code != 0 {
			t.Fatalf("generate seed %s: %d %s", seed, code, errs)
		}
		file := filepath.Join(dir, "g"+seed+".hex")
		os.WriteFile(file, []byte(puzzle), 0o644)
		code, out, errs := runNL(t, "", "grade", "--format", "json", file)
		var got struct {
			Grade, Level string
			Solutions    uint64
			TauSolves    bool `json:"tau_solves"`
			TauSteps     int  `json:"tau_steps"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("grade seed %s: %d %q %s", seed, code, out, errs)
		}
		p, err := hexgrid.Parse([]byte(puzzle))
		if err != nil {
			t.Fatal(err)
		}
		tau, err := numberlink.Tau(t.Context(), p.Grid, p.Rules)
		if err != nil {
			t.Fatal(err)
		}
		want, err := numberlink.Rate(t.Context(), p.Grid, numberlink.SolveOptions{Rules: p.Rules})
		if err != nil {
			t.Fatal(err)
		}
		wantGrade := want.String()
		if tau.Solved {
			wantGrade = "tau"
		}
		if got.Level != want.Level.String() || got.Grade != wantGrade || got.Solutions != 1 || want.Solutions != 1 ||
			got.TauSolves != tau.Solved || got.TauSteps != len(tau.Steps) {
			t.Errorf("seed %s: grade %+v, library: %v τ solved %v in %d steps", seed, got, want, tau.Solved, len(tau.Steps))
		}
		if code, out, _ := runNL(t, "", "count", file); code != 0 || !strings.HasPrefix(out, "1 solution (complete search") {
			t.Errorf("seed %s: count %d %q, grade says unique", seed, code, out)
		}
		if code, out, errs := runNL(t, "", "grade", file); code != 0 || !strings.HasPrefix(out, "grade: ") {
			t.Errorf("seed %s: grade text %d %q %s", seed, code, out, errs)
		}
	}
}

// TestNLHexMinK: min-k on a hex triangle (5, 5 and 2: the 5s share four
// connections, so k = 4 though Proposition part 5 gives only k >= 3) is
// the smallest k at which count finds a solution, by trying every k; its
// solution lines are hex cells that check accepts. On the square lattice
// the same clues have no triangle, and no k solves them.
func TestNLHexMinK(t *testing.T) {
	t.Parallel()
	const tri = "hex k=4\n5 5\n2 .\n"
	code, out, errs := runNL(t, tri, "min-k", "--format", "json")
	var got struct {
		MinK       int `json:"min_k"`
		LowerBound int `json:"lower_bound"`
		Refuted    []int
		Verified   bool
		Puzzle     json.RawMessage
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("min-k: %d %q %s", code, out, errs)
	}
	first := 0
	for k := 1; k <= 5 && first == 0; k++ {
		code, out, _ := runNL(t, tri, "count", "--k", fmt.Sprint(k), "--quiet")
		if code == 0 && !strings.HasPrefix(out, "0 solutions") {
			first = k
		}
	}
	if first != 4 || got.MinK != first || got.LowerBound != 3 || len(got.Refuted) != 1 || got.Refuted[0] != 3 || !got.Verified {
		t.Fatalf("min-k %+v, brute force over k: %d", got, first)
	}
	if !strings.Contains(string(got.Puzzle), `"grid":"hex"`) {
		t.Errorf("min-k's puzzle is not hex JSON: %s", got.Puzzle)
	}
	code, out, errs = runNL(t, tri, "min-k")
	if code != 0 || !strings.HasPrefix(out, "min k = 4 (lower bound 3; proved unsolvable: [3])\nhex k=4\n") || !strings.Contains(out, "1,1 1,2 4\n") {
		t.Fatalf("min-k text: %d %q %s", code, out, errs)
	}
	dir := t.TempDir()
	puzzle, sol := filepath.Join(dir, "p.hex"), filepath.Join(dir, "s.txt")
	os.WriteFile(puzzle, []byte(tri), 0o644)
	os.WriteFile(sol, []byte(out[strings.Index(out, "# solution"):]), 0o644)
	if code, out, errs := runNL(t, "", "check", puzzle, sol); code != 0 || !strings.HasPrefix(out, "ok: ") {
		t.Fatalf("check min-k's solution: %d %q %s", code, out, errs)
	}
	if code, _, _ := runNL(t, "k=4\n55\n2.\n", "min-k"); code != 1 {
		t.Errorf("square clues: min-k exit %d, want 1 (unsolvable for every k)", code)
	}
}

// TestNLHexTauSteps: tau-steps on a hex puzzle names hex cells and hex
// direction words, and its fewest steps is no more than τ's own.
func TestNLHexTauSteps(t *testing.T) {
	t.Parallel()
	code, out, errs := runNL(t, hexSmall, "tau-steps")
	if code != 0 || !strings.HasPrefix(out, "τ in the seed's order: 6 steps; fewest: 2 (proved minimal") ||
		!strings.Contains(out, "node (3,3) magn 5") || !strings.Contains(out, "u(p, E E W W NW) draws 2 to (3,5), 2 to (3,1), 1 to (2,2)") {
		t.Fatalf("tau-steps: %d %q %s", code, out, errs)
	}
}
