package request

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/format"
)

// search is the search of board f with the solve command's formats.
func search(t *testing.T, f LeaperFlags) *Search {
	t.Helper()
	return searchOf(t, f, Source{}, solveNames)
}

// searchOf is the search NewLeaper(f, src, names) sets up, failing the
// test on an error.
func searchOf(t *testing.T, f LeaperFlags, src Source, names format.Names) *Search {
	t.Helper()
	_, s := leaperSearch(t, f, src, names)
	return s
}

// leaperSearch is NewLeaper(f, src, names) with the search it sets up,
// failing the test on an error.
func leaperSearch(t *testing.T, f LeaperFlags, src Source, names format.Names) (*Leaper, *Search) {
	t.Helper()
	l, err := NewLeaper(f, src, names)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Search()
	if err != nil {
		t.Fatal(err)
	}
	return l, s
}

// TestAnalyze: 5x5 Diplomatico has 12400 directed paths (the paper's
// table); the canonical paths come back verified, the prefixes of the
// smallest solution are counted down to one completion, and a given key
// path is used instead; a cancelled run is reported incomplete, not as an
// error.
func TestAnalyze(t *testing.T) {
	t.Parallel()
	s := search(t, LeaperFlags{Spec: "5x5"})
	rep, complete, err := s.Analyze(t.Context(), AnalyzeOptions{Options: analysis.Options{Canonical: true}})
	if err != nil || !complete || rep.Result.Total != 12400 {
		t.Fatalf("complete %v, err %v", complete, err)
	}
	c := rep.Completions
	if len(rep.Key) != 25 || len(c) != rep.Decided || c[0] != rep.Result.PerStart[rep.Key[0]] || c[len(c)-1] != 1 || len(rep.Result.Canonical) == 0 {
		t.Errorf("key %v, completions %v, decided %d", rep.Key, rep.Completions, rep.Decided)
	}
	if rep.Problem.Command != "analyze" || rep.Moves != MovesLabel(s.Moves) {
		t.Errorf("problem %+v, moves %q", rep.Problem, rep.Moves)
	}
	key := rep.Result.Canonical[len(rep.Result.Canonical)-1]
	text := ""
	for _, c := range s.Cells(key) {
		text += c.String() + "\n"
	}
	got, err := s.KeyPath([]byte(text), "key.txt")
	if err != nil || len(got) != 25 || got[0] != key[0] {
		t.Fatalf("KeyPath: %v %v", got, err)
	}
	rep, _, err = s.Analyze(t.Context(), AnalyzeOptions{Key: got})
	if err != nil || rep.Key[0] != key[0] {
		t.Errorf("given key: %v %v", rep.Key, err)
	}
	var js, text2 strings.Builder
	if err := WriteAnalysis(&js, rep, true, true); err != nil || !strings.HasPrefix(js.String(), "{") || !strings.Contains(js.String(), "12400") {
		t.Errorf("WriteAnalysis json: %v %.80q", err, js.String())
	}
	if err := WriteAnalysis(&text2, rep, false, true); err != nil || strings.HasPrefix(text2.String(), "{") || !strings.Contains(text2.String(), "12400") {
		t.Errorf("WriteAnalysis text: %v %.80q", err, text2.String())
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if rep, complete, err := s.Analyze(ctx, AnalyzeOptions{}); err != nil || complete || rep == nil {
		t.Errorf("cancelled: complete %v, err %v", complete, err)
	}
}

// TestAnalyzeChecks: the refusals of CheckAnalyze and KeyPath name the fix.
func TestAnalyzeChecks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		f    LeaperFlags
		want string
	}{
		{LeaperFlags{Spec: "5x5", Start: "1,1"}, "drop --start"},
		{LeaperFlags{Spec: "7x7"}, "add --timeout"},
		{LeaperFlags{Spec: "40x40", Timeout: time.Minute}, "at most 1024"},
	} {
		l, err := NewLeaper(c.f, Source{}, solveNames)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.CheckAnalyze(); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.f, err, c.want)
		}
	}
	if l, _ := NewLeaper(LeaperFlags{Spec: "7x7", Timeout: time.Second}, Source{}, solveNames); l.CheckAnalyze() != nil {
		t.Error("7x7 with --timeout refused")
	}
	s := search(t, LeaperFlags{Spec: "5x5"})
	if _, err := s.KeyPath([]byte("1,1\n1,2\n"), "bad.txt"); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "--path bad.txt is not a solution") {
		t.Errorf("bad key: %v", err)
	}
}
