package hidato

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
)

// withoutGiven returns a copy of p with the given on cell removed.
func withoutGiven(p *Puzzle, cell int32) *Puzzle {
	q := &Puzzle{Board: p.Board.Clone(), Moves: p.Moves}
	q.Board.SetGiven(cell, 0)
	return q
}

// checkUnique asserts, independently of the generator, that p has exactly
// one solution: by Count run on its own, by package hamilton's counter on
// boards of up to maxHamilton open cells and by the brute force on tiny
// boards; the grader's solution passes package verify.
func checkUnique(t *testing.T, name string, p *Puzzle, sol []int32, maxHamilton int) {
	t.Helper()
	c, err := Count(context.Background(), p, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if c.Solutions != 1 {
		t.Fatalf("%s: Count finds %d solutions\n%s", name, c.Solutions, p.Board.Format())
	}
	if fmt.Sprint(c.First) != fmt.Sprint(sol) {
		t.Fatalf("%s: the counter's solution differs from the grader's", name)
	}
	if err := p.Check(sol); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if p.Board.Open() <= maxHamilton {
		if h := hamiltonCountUpTo(t, p, 2); h != 1 {
			t.Fatalf("%s: hamilton counts %d solutions\n%s", name, h, p.Board.Format())
		}
	}
	if p.Board.Open() <= 20 {
		if b := bruteCount(p); b != 1 {
			t.Fatalf("%s: brute force counts %d solutions", name, b)
		}
	}
}

func TestGenerateUniqueAndLevel(t *testing.T) {
	type tc struct {
		spec  string
		moves string
		level Level
		seeds int
	}
	var cases []tc
	for _, l := range []Level{LevelEasy, LevelMedium, LevelHard, LevelExpert} {
		cases = append(cases, tc{"5x6", "hopido", l, 4}, tc{"7x7", "hopido", l, 3}, tc{"6x6", "knight", l, 3}, tc{"8x8", "hopido", l, 2})
		if !testing.Short() {
			cases = append(cases, tc{"10x10", "hopido", l, 2})
		}
	}
	for _, c := range cases {
		for seed := range uint64(c.seeds) {
			name := fmt.Sprintf("%s/%s/%v/seed=%d", c.moves, c.spec, c.level, seed)
			t.Run(name, func(t *testing.T) {
				b, _ := board.ParseSpec(c.spec)
				ms, _ := moves.Parse(c.moves)
				g, err := Generate(context.Background(), b, Options{Moves: ms, Level: c.level, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				p := g.Puzzle
				checkUnique(t, name, p, g.Grading.Solution, 36)
				// The grader agrees on the level when run on its own.
				gr, err := Grade(context.Background(), p, GradeOptions{})
				if err != nil || gr.Level != c.level {
					t.Fatalf("Grade = %v (%v), want %v", gr.Level, err, c.level)
				}
				// Exactly the level: the level's stages finish it and the
				// previous level's do not.
				m, given, _ := p.compile()
				if ok, _ := solvesWithin(context.Background(), m, given, nil, topStage(c.level), DefaultMaxDepth); !ok {
					t.Fatalf("the stages of %v do not finish the puzzle", c.level)
				}
				if c.level > LevelEasy {
					if ok, _ := solvesWithin(context.Background(), m, given, nil, topStage(c.level-1), DefaultMaxDepth); ok {
						t.Fatalf("the stages of %v already finish a %v puzzle", c.level-1, c.level)
					}
				}
				// Minimal for its level: without any one given, the
				// level's stages no longer finish the puzzle.
				for cell := range int32(p.Board.Cells()) {
					if p.Board.Given(cell) == 0 {
						continue
					}
					q := withoutGiven(p, cell)
					m, given, _ := q.compile()
					if ok, _ := solvesWithin(context.Background(), m, given, nil, topStage(c.level), DefaultMaxDepth); ok {
						t.Fatalf("given at %s can go and the puzzle stays %v", p.Board.FormatCell(cell), c.level)
					}
				}
				// The share string reads back to the same puzzle.
				back, err := ParseShare(p.Share())
				if err != nil || back.Board.Format() != p.Board.Format() || back.Moves.Spec() != p.Moves.Spec() {
					t.Fatalf("share %q: %v", p.Share(), err)
				}
			})
		}
	}
}

func TestGenerateMinimal(t *testing.T) {
	for _, c := range []struct {
		spec, moves string
		seeds       int
	}{{"5x5", "hopido", 4}, {"6x6", "hopido", 4}, {"5x6", "knight", 3}, {"6x6", "3,0+1,1", 2}} {
		for seed := range uint64(c.seeds) {
			name := fmt.Sprintf("%s/%s/seed=%d", c.moves, c.spec, seed)
			b, _ := board.ParseSpec(c.spec)
			ms, _ := moves.Parse(c.moves)
			g, err := Generate(context.Background(), b, Options{Moves: ms, Level: LevelExpert, Seed: seed, Minimal: true, MaxDepth: 3})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			p := g.Puzzle
			checkUnique(t, name, p, g.Grading.Solution, 36)
			// Locally minimal: without any one given, a second solution
			// exists (counted by package hamilton, not by this package).
			for cell := range int32(p.Board.Cells()) {
				if p.Board.Given(cell) == 0 {
					continue
				}
				if h := hamiltonCountUpTo(t, withoutGiven(p, cell), 2); h < 2 {
					t.Fatalf("%s: the given at %s can go (%d solutions without it)", name, p.Board.FormatCell(cell), h)
				}
			}
		}
	}
}

func TestGenerateBlockedCells(t *testing.T) {
	b, err := board.Parse(strings.NewReader("..#....\n.......\n...#...\n.......\n....#..\n.......\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Generate(context.Background(), b, Options{Level: LevelHard, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range []int32{2, 17, 32} {
		if !g.Puzzle.Board.Blocked(cell) {
			t.Fatalf("cell %d lost its block", cell)
		}
	}
	checkUnique(t, "blocked", g.Puzzle, g.Grading.Solution, 40)
}

func TestGenerateNoPath(t *testing.T) {
	b, _ := board.New(4, 4) // Proposition II.1: no Diplomatico path on 4x4
	_, err := Generate(context.Background(), b, Options{})
	if !errors.Is(err, ErrNoSolution) {
		t.Fatalf("err = %v, want ErrNoSolution", err)
	}
}

func TestGenerateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	b, _ := board.New(10, 10)
	_, err := Generate(ctx, b, Options{Level: LevelExpert, Progress: func(Progress) {
		calls++
		cancel()
	}})
	if !errors.Is(err, context.Canceled) || calls == 0 {
		t.Fatalf("err = %v after %d progress calls, want context.Canceled", err, calls)
	}
}

func TestGradeKnownPuzzle(t *testing.T) {
	// Every number but 2 given on a 5x5 Diplomatico board: one forced move.
	b, _ := board.New(5, 5)
	g, err := Generate(context.Background(), b, Options{Level: LevelEasy, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	full := g.Puzzle.Filled(g.Grading.Solution)
	// Clear number 2 only: a forced move from 1 and 3.
	for cell := range int32(full.Cells()) {
		if full.Given(cell) == 2 {
			full.SetGiven(cell, 0)
		}
	}
	gr, err := Grade(context.Background(), &Puzzle{Board: full, Moves: moves.Hopido()}, GradeOptions{})
	if err != nil || gr.Stage != StageForced || gr.Level != LevelEasy {
		t.Fatalf("grade %v %v (%v), want forced/easy", gr.Stage, gr.Level, err)
	}
	// Two copies of a given: refused.
	bad := full.Clone()
	bad.SetGiven(0, 5)
	bad.SetGiven(1, 5)
	if _, err := Grade(context.Background(), &Puzzle{Board: bad, Moves: moves.Hopido()}, GradeOptions{}); !errors.Is(err, ErrPuzzle) {
		t.Fatalf("err = %v, want ErrPuzzle", err)
	}
}

func TestShareRoundTrip(t *testing.T) {
	b, _ := board.Parse(strings.NewReader("1 . # # . 12\n. . . . . .\n# . 3 4 . #\n"))
	ms, _ := moves.Parse("3,0+1,1")
	p := &Puzzle{Board: b, Moves: ms}
	s := p.Share()
	if s != "1,1.3,0:3x6:1aBa12fAa3_4aA" {
		t.Fatalf("Share = %q", s)
	}
	q, err := ParseShare(s)
	if err != nil {
		t.Fatal(err)
	}
	if q.Board.Format() != b.Format() || q.Share() != s {
		t.Fatalf("round trip:\n%s\nvs\n%s", q.Board.Format(), b.Format())
	}
	// A stray '_' is named as damage, not "unexpected '_' ...; use ... _".
	if _, err := ParseShare("hopido:3x3:1__2g"); err == nil || !strings.Contains(err.Error(), "a '_' at body position 3 does not follow a given") {
		t.Errorf("double underscore: %v", err)
	}
	for _, bad := range []string{"", "hopido:3x3", "hopido:3x3:i9", "hopido:3x3:h", "hopido:3x3:j", "nope:3x3:i", "hopido:3x3:1_1g", "hopido:3x3:0h", "hopido:3x3:a?g", "hopido:9999x9999:a"} {
		if _, err := ParseShare(bad); err == nil {
			t.Errorf("ParseShare(%q) accepted", bad)
		}
	}
}

func FuzzParseShare(f *testing.F) {
	for _, s := range []string{"hopido:3x6:1aBa12fAa3_4aA", "knight:5x5:y", "hopido:10x10:z1z2z3u", "3,0.2,2:2x2:d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseShare(s)
		if err != nil {
			return
		}
		back, err := ParseShare(p.Share())
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, p.Share(), err)
		}
		if back.Share() != p.Share() {
			t.Fatalf("not stable: %q -> %q", p.Share(), back.Share())
		}
	})
}

var sweepSeed = flag.Uint64("hidato.seed", 0, "first seed of TestGenerateSweep (vary it to check puzzles no run has seen)")

// TestGenerateSweep generates puzzles over many seeds, sizes, move sets and
// levels and proves each unique with the counter and package hamilton: 36
// puzzles up to 7x7, or 112 up to 8x8 with BOARDGRAPH_LONG=1 (about a
// minute).
func TestGenerateSweep(t *testing.T) {
	testfix.SkipShort(t, "a sweep of puzzles")
	specs := []string{"5x5", "5x7", "6x6", "6x7", "7x7", "6x8", "8x8"}
	runs := 112
	if !testfix.Long() {
		specs, runs = specs[:5], 36
	}
	sets := []string{"hopido", "knight", "3,0+1,1", "1,2+3,0"}
	for i := range runs {
		seed := *sweepSeed + uint64(i)
		spec, set, level := specs[i%len(specs)], sets[(i/2)%len(sets)], Level(1+i%4)
		name := fmt.Sprintf("%s/%s/%v/seed=%d", set, spec, level, seed)
		b, _ := board.ParseSpec(spec)
		ms, _ := moves.Parse(set)
		g, err := Generate(context.Background(), b, Options{Moves: ms, Level: level, Seed: seed, MaxTries: 2000})
		if errors.Is(err, ErrNoSolution) {
			t.Logf("%s: %v", name, err)
			continue // no Hamiltonian path for this move set and size
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Grading.Level != level {
			t.Fatalf("%s: graded %v", name, g.Grading.Level)
		}
		checkUnique(t, name, g.Puzzle, g.Grading.Solution, 56)
	}
}

// TestTooLargeRefused: the generator, the grader and the counter refuse a
// board of more than MaxCells open cells with ErrPuzzle, at once, where
// they used to allocate the N^2-bit model first (generate and grade of a
// 1000x1000 board died with a Go out-of-memory trace).
func TestTooLargeRefused(t *testing.T) {
	b, _ := board.New(1000, 1000)
	b.SetGiven(0, 1)
	p := &Puzzle{Board: b, Moves: moves.Hopido()}
	if _, err := Generate(context.Background(), b, Options{}); !errors.Is(err, ErrPuzzle) || !strings.Contains(err.Error(), "at most 16384 open cells") {
		t.Errorf("Generate: %v, want ErrPuzzle naming the limit", err)
	}
	if _, err := Grade(context.Background(), p, GradeOptions{}); !errors.Is(err, ErrPuzzle) {
		t.Errorf("Grade: %v, want ErrPuzzle", err)
	}
	if _, err := Count(context.Background(), p, 2); !errors.Is(err, ErrPuzzle) {
		t.Errorf("Count: %v, want ErrPuzzle", err)
	}
	// The largest board allowed still compiles.
	ok, _ := board.New(128, 128)
	if _, _, err := (&Puzzle{Board: ok, Moves: moves.Hopido()}).compile(); err != nil {
		t.Errorf("128x128: %v", err)
	}
}
