package request

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/moves"
)

// TestCarriedProblem: solve's JSON and binary path files name their board
// and moves; numbered grids and text paths do not.
func TestCarriedProblem(t *testing.T) {
	js := `{"version":"devel","problem":{"command":"solve","board":"2x3","open":5,"map":["#..","..."],"moves":"king","leapers":"1,0+1,1","closed":false,"start":null,"end":null},"solution":{"path":[[1,2],[1,3],[2,3],[2,2],[2,1]]}}`
	b, ms, ok, err := CarriedProblem([]byte(js))
	if err != nil || !ok || b.Spec() != "2x3" || b.Open() != 5 || ms != "king" {
		t.Fatalf("JSON: %v %q %v %v", b, ms, ok, err)
	}
	l, err := NewLeaperOn(b, LeaperFlags{Moves: ms, Start: "1,2"}, format.Names{Default: "text", Names: []string{"text", "json"}})
	if err != nil || l.Board != b || l.Start == nil || l.Moves.Name != "king" {
		t.Fatalf("NewLeaperOn: %+v %v", l, err)
	}
	if _, err := NewLeaperOn(b, LeaperFlags{Start: "1,1"}, format.Names{Default: "text", Names: []string{"text"}}); err == nil {
		t.Errorf("NewLeaperOn: a start on the blocked cell 1,1 was accepted")
	}
	for _, s := range []string{"1 2\n4 3\n", "1,1\n1,2\n", ""} {
		if _, _, ok, err := CarriedProblem([]byte(s)); ok || err != nil {
			t.Errorf("CarriedProblem(%q): ok %v err %v, want false, nil", s, ok, err)
		}
	}
	if _, _, ok, err := CarriedProblem([]byte(`{"problem":{"board":"0x0"}}`)); ok || err == nil {
		t.Errorf("a JSON with a bad board: ok %v err %v", ok, err)
	}
}

// TestSourceDirectory: a directory given as an input file is refused at
// open, in the words the whole-file readers use ("d is a directory; give a
// file"), for streamed inputs (Reader) and graph files alike; before, the
// first read failed with "read d: is a directory".
func TestSourceDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := (Source{}).Reader(dir, "the solution"); err == nil || !strings.Contains(err.Error(), "is a directory; give a file") {
		t.Errorf("Reader(dir): %v", err)
	}
	if _, err := ReadGraph(dir, Source{}); err == nil || !strings.Contains(err.Error(), "is a directory; give a file") || strings.Contains(err.Error(), ": read ") {
		t.Errorf("ReadGraph(dir): %v", err)
	}
}

// TestHidatoFlagsBounds: a negative --depth or --tries is refused, not
// taken as the default.
func TestHidatoFlagsBounds(t *testing.T) {
	for _, f := range []HidatoFlags{{Spec: "5x5", Moves: "hopido", Difficulty: "medium", Depth: -1}, {Spec: "5x5", Moves: "hopido", Difficulty: "medium", Tries: -1}} {
		if _, _, err := f.Generate(Source{}); err == nil || !strings.Contains(err.Error(), "0: the default") {
			t.Errorf("%+v: %v", f, err)
		}
	}
	if _, _, err := (HidatoFlags{Spec: "5x5", Moves: "hopido", Difficulty: "medium"}).Generate(Source{}); err != nil {
		t.Errorf("defaults: %v", err)
	}
}

// TestGradeDepth: grade --depth -1 is refused too.
func TestGradeDepth(t *testing.T) {
	p, err := HidatoPuzzle("hopido:6x6:d31a5c24a36_8a21d2_10_30c17b16e28", moves.Set{}, Source{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Grade(t.Context(), p, -1); err == nil || !strings.Contains(err.Error(), "--depth -1") {
		t.Errorf("Grade(depth -1): %v", err)
	}
	if _, err := Grade(t.Context(), p, 0); err != nil {
		t.Errorf("Grade(depth 0): %v", err)
	}
}

// TestInfoOneCell: info on a one-cell board says "1 cell".
func TestInfoOneCell(t *testing.T) {
	s := searchOf(t, LeaperFlags{Spec: "1x1"}, Source{}, format.Names{Names: []string{"text", "json"}, Default: "text"})
	f, err := s.Facts("info")
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := f.WriteText(&sb); err != nil || !strings.Contains(sb.String(), "1x1: 1 cell, 1 open") {
		t.Errorf("%q, %v", sb.String(), err)
	}
}
