package request

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/pathio"
	"github.com/boardgraph/boardgraph/verify"
)

func TestReadPathInput(t *testing.T) {
	t.Parallel()
	g := testfix.SpecGraph(t, "2x2", "1,0")
	rook, b := g.Moves, g.Board
	for _, tc := range []struct {
		text, kind string
		board      *board.Board
		valid      bool
	}{
		{"1 2\n4 3\n", "grid", nil, true},
		{"1 3\n4 2\n", "grid", nil, false}, // 1 -> 2 is a diagonal step
		{"1,1\n1,2\n2,2\n2,1\n", "path", b, true},
		{"1,1\n2,2\n1,2\n2,1\n", "path", b, false},
	} {
		in := bufio.NewReader(strings.NewReader(tc.text))
		p, err := ReadPathInput(in, VerifyFlags{Board: tc.board, Moves: rook, MovesGiven: true, Start: "1,1"})
		if err != nil || p.Kind != tc.kind || p.Rules.Rows != 2 || p.Rules.Start == nil {
			t.Fatalf("%q: %+v, %v", tc.text, p, err)
		}
		_, err = p.Check(t.Context(), nil)
		var ve *verify.Error
		if tc.valid != (err == nil) || !tc.valid && !errors.As(err, &ve) {
			t.Errorf("%q: %v, want valid=%v", tc.text, err, tc.valid)
		}
	}
	// A path file without a board is refused with the fix.
	_, err := ReadPathInput(bufio.NewReader(strings.NewReader("1,1\n")), VerifyFlags{Moves: rook})
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "give a size") {
		t.Fatalf("no board: %v", err)
	}
	if k := SolutionKind([]byte("{\"path\":[]}")); k != "json" {
		t.Errorf("JSON detected as %q", k)
	}
}

func TestParseCells(t *testing.T) {
	t.Parallel()
	want := []verify.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 2}, {Row: 2, Col: 1}}
	for _, text := range []string{"1,1\n1,2\n2,2\n2,1\n", "1 2\n4 3\n"} {
		cells, err := ParseCells([]byte(text))
		if err != nil || len(cells) != 4 {
			t.Fatalf("%q: %v, %v", text, cells, err)
		}
		for i := range want {
			if cells[i] != want[i] {
				t.Fatalf("%q: %v, want %v", text, cells, want)
			}
		}
	}
	if _, err := ParseCells([]byte("1 x\n")); err == nil {
		t.Fatal("a broken grid parsed")
	}
}

func TestVerifyReport(t *testing.T) {
	t.Parallel()
	rook, _ := moves.Parse("1,0")
	for text, want := range map[string]string{
		"1 2\n4 3\n": "valid: a Hamiltonian path of 2x2 with 1,0",
		"1 3\n4 2\n": "invalid: ",
	} {
		p, err := ReadPathInput(bufio.NewReader(strings.NewReader(text)), VerifyFlags{Moves: rook, MovesGiven: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Check(t.Context(), nil)
		rep := p.Report(res, err)
		var sb strings.Builder
		if werr := rep.WriteText(&sb); werr != nil || !strings.HasPrefix(sb.String(), want) || rep.Valid != (err == nil) || rep.Board != "2x2" {
			t.Errorf("%q: %q %+v", text, sb.String(), rep)
		}
		if err != nil && (rep.Reason == "" || rep.Step == 0) {
			t.Errorf("%q: the report lacks the reason or step: %+v", text, rep)
		}
	}
}

// TestVerifyArgsOpen: verify's arguments open and detect the solution;
// Failure tells a verdict from a stop, a syntax error and a bug.
func TestVerifyArgsOpen(t *testing.T) {
	t.Parallel()
	src := files("1 2\n4 3\n", map[string]string{"p.txt": "1,1\n1,2\n2,2\n2,1\n", "bad.txt": "1,1\n1,x\n"})
	a := VerifyArgs{Args: []string{"2x2", "p.txt"}, Moves: "1,0", MovesGiven: true}
	p, closeIn, err := a.Open(src)
	if err != nil || p.Kind != "path" || !p.Streamed() {
		t.Fatalf("path file: %+v %v", p, err)
	}
	res, err := p.Check(t.Context(), nil)
	if err != nil || p.Failure(t.Context(), res, err) != nil {
		t.Errorf("valid path: %v", err)
	}
	closeIn()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, code := Classify(p.Failure(ctx, res, ctx.Err())); code != KindStopped {
		t.Errorf("a stopped stream: kind %d, want %d", code, KindStopped)
	}
	if _, code := Classify(p.Failure(t.Context(), res, errors.New("read: EIO"))); code != KindInternal {
		t.Errorf("an unknown error: kind %d, want %d", code, KindInternal)
	}
	a.Args = []string{"2x2", "bad.txt"}
	if p, closeIn, err = a.Open(src); err != nil {
		t.Fatal(err)
	}
	defer closeIn()
	res, err = p.Check(t.Context(), nil)
	if f := p.Failure(t.Context(), res, err); !errors.Is(f, verify.ErrSyntax) || !IsInput(f) {
		t.Errorf("a syntax error: %v", f)
	}
	a.Args = nil // the numbered grid on stdin
	if p, _, err = a.Open(src); err != nil || p.Kind != "grid" || p.Streamed() {
		t.Fatalf("grid on stdin: %+v %v", p, err)
	}
	if _, _, err := (VerifyArgs{Moves: "nosuch"}).Open(src); !IsInput(err) {
		t.Errorf("a bad move set: %v", err)
	}
}

// TestReadPathInputHugeBinary: a binary header whose board is past what
// the verifier holds is refused with the reason and the limit (it read
// "the grid is too large", naming neither).
func TestReadPathInputHugeBinary(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	bw, err := pathio.NewBinaryWriter(&buf, pathio.Header{Rows: 1<<31 - 1, Cols: 10, Length: 2, Name: "wazir", Moves: [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(bw.Cell(0, 0), bw.Cell(0, 1), bw.Close()); err != nil {
		t.Fatal(err)
	}
	wazir, _ := moves.Parse("wazir")
	_, err = ReadPathInput(bufio.NewReader(&buf), VerifyFlags{Moves: wazir})
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "the binary path file's board") || !strings.Contains(err.Error(), "at most 1073741824") {
		t.Fatalf("huge binary board: %v", err)
	}
}
