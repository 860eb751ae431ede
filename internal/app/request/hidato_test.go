package request

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// TestHidatoFlags: the default board is 10x10, oversized boards and
// unknown levels are ErrInput.
func TestHidatoFlags(t *testing.T) {
	t.Parallel()
	b, opt, err := HidatoFlags{Moves: "knight", Difficulty: "hard", Seed: 4}.Generate(Source{})
	if err != nil || b.Spec() != "10x10" || opt.Level != hidato.LevelHard || opt.Seed != 4 || opt.Moves.Name != "knight" {
		t.Fatalf("%v %+v %v", b, opt, err)
	}
	if _, _, err := (HidatoFlags{Spec: "6x6", Moves: "hopido", Difficulty: "awful"}).Generate(Source{}); !errors.Is(err, ErrInput) {
		t.Errorf("level: %v", err)
	}
	// The limit is the solvers' (hidato.MaxCells), not the share format's
	// 2^20 cells, which passed 200x200 on to a generator that refused it.
	if _, _, err := (HidatoFlags{Spec: "200x200", Moves: "hopido", Difficulty: "easy"}).Generate(Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "puzzles go up to 16384") {
		t.Errorf("200x200: %v", err)
	}
	if _, _, err := (HidatoFlags{Spec: "1100x1000", Moves: "hopido", Difficulty: "easy"}).Generate(Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "open cells") {
		t.Errorf("size: %v", err)
	}
	if err := CheckHidatoFormat("png", ""); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "--out") {
		t.Errorf("png: %v", err)
	}
}

// TestHidatoPuzzle: a share string, a file holding it and standard input
// give the same puzzle; a missing file names the fix.
func TestHidatoPuzzle(t *testing.T) {
	t.Parallel()
	ms, _ := moves.Parse("hopido")
	b, opt, _ := HidatoFlags{Spec: "6x6", Moves: "hopido", Difficulty: "easy"}.Generate(Source{})
	g, err := hidato.Generate(t.Context(), b, opt)
	if err != nil {
		t.Fatal(err)
	}
	share := g.Puzzle.Share()
	var text strings.Builder
	g.Puzzle.WriteText(&text, g.Grading, false)
	file := testfix.TempFile(t, "p.txt", text.String())
	for _, c := range []struct {
		arg string
		src Source
	}{{share, Source{}}, {file, Source{}}, {"-", Source{Stdin: strings.NewReader(text.String())}}} {
		p, err := HidatoPuzzle(c.arg, ms, c.src)
		if err != nil || p.Share() != share {
			t.Errorf("%s: %v", c.arg, err)
		}
	}
	if _, err := HidatoPuzzle(filepath.Join(t.TempDir(), "none.txt"), ms, Source{}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "give a text map file or a share string") {
		t.Errorf("missing: %v", err)
	}
}

// TestHidatoKinds: a generated puzzle grades and writes in both formats;
// a board without a path is NoSolution, a stopped run Stopped.
func TestHidatoKinds(t *testing.T) {
	t.Parallel()
	b, opt, err := HidatoFlags{Spec: "6x6", Moves: "hopido", Difficulty: "easy"}.Generate(Source{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := GenerateHidato(t.Context(), b, opt)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Grade(t.Context(), g.Puzzle, 0)
	if err != nil || a.Level != g.Grading.Level {
		t.Fatalf("grade: %v, level %v want %v", err, a.Level, g.Grading.Level)
	}
	var js, text strings.Builder
	if err := WriteGrade(&js, a, true, false); err != nil || !strings.HasPrefix(js.String(), "{") {
		t.Errorf("json: %q %v", js.String(), err)
	}
	if err := WriteGrade(&text, a, false, false); err != nil || strings.HasPrefix(text.String(), "{") || text.Len() == 0 {
		t.Errorf("text: %q %v", text.String(), err)
	}
	small, opt, _ := HidatoFlags{Spec: "4x4", Moves: "hopido", Difficulty: "easy"}.Generate(Source{})
	if _, err := GenerateHidato(t.Context(), small, opt); err == nil {
		t.Error("a puzzle on 4x4 hopido, which has no path")
	} else if msg, code := Classify(err); code != KindNoSolution || !strings.HasPrefix(msg, "4x4 with hopido moves: ") {
		t.Errorf("4x4 hopido: %q (exit %d)", msg, code)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := GenerateHidato(ctx, b, opt); err == nil {
		t.Error("a cancelled run made a puzzle")
	} else if _, code := Classify(err); code != KindStopped {
		t.Errorf("cancelled: %v (exit %d)", err, code)
	}
}
