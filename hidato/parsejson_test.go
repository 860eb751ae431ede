package hidato

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/moves"
)

// TestParsePuzzleJSON: ParsePuzzle reads the JSON Report that generate and
// grade write (by its share field, so a custom move set survives), and
// refuses other JSON with ErrPuzzle and the fix; before, a JSON document
// was read as a share string ("bad move set "{\"version\"").
func TestParsePuzzleJSON(t *testing.T) {
	p, err := ParseShare("1,1.1,2:6x6:31g30_24a28_36_3d10b8c17a6d5_18_12_21")
	if err != nil {
		t.Fatal(err)
	}
	rep := NewReport(p, Grading{}, false)
	data, _ := json.Marshal(struct {
		Version string `json:"version"`
		*Report
	}{"devel", rep})
	got, err := ParsePuzzle(string(data)+"\n", moves.Hopido())
	if err != nil {
		t.Fatalf("ParsePuzzle(report JSON): %v", err)
	}
	if got.Share() != p.Share() || got.Moves.Name != p.Moves.Name {
		t.Errorf("read %s (%s), want %s (%s)", got.Share(), got.Moves.Name, p.Share(), p.Moves.Name)
	}
	for _, bad := range []string{`{"a":1}`, `{"share":""}`, `{"share":`, `{"version":"devel","error":"no puzzle","exit_code":1}`} {
		_, err := ParsePuzzle(bad, moves.Hopido())
		if !errors.Is(err, ErrPuzzle) || !strings.Contains(err.Error(), "share") {
			t.Errorf("ParsePuzzle(%s) = %v, want ErrPuzzle naming the share field", bad, err)
		}
	}
}

// FuzzParsePuzzle: whatever ParsePuzzle accepts (share string, report JSON
// or text map) survives a round trip through its share string.
func FuzzParsePuzzle(f *testing.F) {
	for _, s := range []string{"hopido:3x6:1aBa12fAa3_4aA", `{"share":"knight:5x5:y"}`, "1 . .\n. . .\n", "#..\n...\n..9\n", `{"share":1}`, "{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePuzzle(s, moves.Hopido())
		if err != nil {
			return
		}
		back, err := ParseShare(p.Share())
		if err != nil || back.Share() != p.Share() {
			t.Fatalf("%q -> %q: %v", s, p.Share(), err)
		}
	})
}
