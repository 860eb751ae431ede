package request

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hidato"
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
	file := filepath.Join(t.TempDir(), "p.txt")
	var text strings.Builder
	g.Puzzle.WriteText(&text, g.Grading, false)
	os.WriteFile(file, []byte(text.String()), 0o644)
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
