package hidato

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
)

// TestReportAndText: the JSON report's solution holds 1..N once each, and
// the text form reads back (comment lines skipped) to the same puzzle,
// which Assess grades as the generator did.
func TestReportAndText(t *testing.T) {
	t.Parallel()
	shape, _ := board.New(6, 6)
	g, err := Generate(context.Background(), shape, Options{Level: LevelMedium, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := NewReport(g.Puzzle, g.Grading, true)
	var nums []int
	for _, row := range r.Solution {
		nums = append(nums, row...)
	}
	slices.Sort(nums)
	if len(nums) != 36 || nums[0] != 1 || nums[35] != 36 || len(r.Map) != 6 || r.Difficulty != "medium" || r.Share != g.Puzzle.Share() {
		t.Fatalf("report %+v", r)
	}
	for i := 1; i < len(nums); i++ {
		if nums[i] != nums[i-1]+1 {
			t.Fatalf("solution numbers %v", nums)
		}
	}
	var b strings.Builder
	g.Puzzle.WriteText(&b, g.Grading, true)
	if !strings.Contains(b.String(), "// solution:\n") || !strings.HasPrefix(b.String(), "// ") || !strings.Contains(b.String(), " 6x6, difficulty medium (") {
		t.Fatalf("text:\n%s", b.String())
	}
	back, err := ParsePuzzle(b.String(), g.Puzzle.Moves)
	if err != nil || back.Share() != g.Puzzle.Share() {
		t.Fatalf("read back: %v", err)
	}
	a, err := Assess(context.Background(), back, GradeOptions{})
	if err != nil || a.Beyond || a.Level != LevelMedium || a.MaxDepth != DefaultMaxDepth {
		t.Fatalf("assess: %+v %v", a, err)
	}
	b.Reset()
	a.WriteText(&b, false)
	if !strings.HasPrefix(b.String(), "difficulty: medium (hardest deduction: ") || !strings.Contains(b.String(), "share: "+g.Puzzle.Share()) {
		t.Errorf("grade text:\n%s", b.String())
	}
}

// TestAssessNotUnique: with one given the deductions stall and the exact
// counter finds a second solution.
func TestAssessNotUnique(t *testing.T) {
	t.Parallel()
	ms, _ := moves.Parse("hopido")
	p, err := ParsePuzzle("1.....\n......\n......\n......\n......\n......\n", ms)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Assess(context.Background(), p, GradeOptions{}); !errors.Is(err, ErrNotUnique) {
		t.Errorf("got %v, want ErrNotUnique", err)
	}
}

// TestProgressString: the progress line names the try and the givens.
func TestProgressString(t *testing.T) {
	t.Parallel()
	p := Progress{Try: 3, Givens: 41, Tested: 20}
	if got, want := p.String(), "try 3, 41 givens left after 20 tested"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
