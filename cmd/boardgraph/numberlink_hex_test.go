package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if code, _, errs = runNL(t, hexSmall, "grade"); code != 2 || !strings.Contains(errs, "for hex use solve, count, check") {
		t.Fatalf("grade: %d %q", code, errs)
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
