package request

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestPicture(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	// The 4x5 Diplomatico path of the paper's Figure 4 left half is long;
	// a 1x1 grid is the smallest valid path.
	pic, _, what, err := Picture(ctx, []byte("1\n"), nil, PictureFlags{})
	if err != nil || pic == nil || !strings.Contains(what, "1-step path on 1x1") {
		t.Fatalf("1x1: %v %q", err, what)
	}
	// Two cells a wazir step apart are no hopido path: refused, or drawn
	// unchecked.
	if _, _, _, err := Picture(ctx, []byte("1 2\n"), nil, PictureFlags{}); !errors.Is(err, ErrInvalidSolution) {
		t.Fatalf("invalid path: %v", err)
	}
	if _, _, what, err := Picture(ctx, []byte("1 2\n"), nil, PictureFlags{Unchecked: true}); err != nil || !strings.Contains(what, "not a valid solution") {
		t.Fatalf("unchecked: %v %q", err, what)
	}
	if _, _, _, err := Picture(ctx, []byte("1 2\n"), nil, PictureFlags{Moves: "wazir"}); err != nil {
		t.Fatalf("wazir: %v", err)
	}
	if _, _, _, err := Picture(ctx, []byte("1\n"), nil, PictureFlags{Kind: "photo"}); !errors.Is(err, ErrInput) {
		t.Fatalf("kind: %v", err)
	}
	// A per-start table read as a path names --kind heatmap (it used to
	// suggest only --unchecked, which draws nonsense).
	table := "552 548 552 548 552\n548 412 400 412 548\n552 400 352 400 552\n548 412 400 412 548\n552 548 552 548 552\n"
	if _, _, _, err := Picture(ctx, []byte(table), nil, PictureFlags{}); !errors.Is(err, ErrInvalidSolution) || !strings.Contains(err.Error(), "--kind heatmap") {
		t.Fatalf("count table as a path: %v", err)
	}
	if _, _, _, err := Picture(ctx, []byte(table), nil, PictureFlags{Kind: "heatmap"}); err != nil {
		t.Fatalf("count table as a heatmap: %v", err)
	}
	// A k-grid read as a path names the kind that reads it.
	_, _, _, err = Picture(ctx, []byte("k=2\n2.3.1\n.....\n3.4.1\n"), nil, PictureFlags{})
	if err == nil || !strings.Contains(err.Error(), "--kind kgrid") {
		t.Fatalf("k-grid as a path: %v", err)
	}
	_, frames, _, err := Picture(ctx, []byte("k=2\n2.3.1\n.....\n3.4.1\n"), nil, PictureFlags{Kind: "tau"})
	if err != nil || len(frames) == 0 {
		t.Fatalf("tau: %v, %d frames", err, len(frames))
	}
}

// TestPictureForeignJSON: valid JSON render does not draw is refused in
// its own words, naming the command that wrote it, never in Go's
// ("cannot unmarshal number into Go struct field renderJSON.edges").
func TestPictureForeignJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`{"version":"devel","problem":{"command":"info","board":"5x5"},"edges":38,"degrees":[[3,24]]}`, "the JSON of boardgraph info has nothing render draws: render reads"},
		{`{"edges":"many"}`, "unrecognised JSON: render reads"},
		{`{"x":1}`, "unrecognised JSON: render reads"},
	} {
		_, _, _, err := Picture(t.Context(), []byte(tc.in), nil, PictureFlags{})
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%s: %v, want an input error with %q", tc.in, err, tc.want)
		}
	}
}

func FuzzPicture(f *testing.F) {
	for _, s := range []string{"1\n", "1 2\n", "1,1\n", `{"board":"2x2","values":[[1,2],[3,null]]}`, `{"board":"2x2","edges":[{"from":[1,1],"to":[2,2],"count":"3"}]}`, "k=2\n1.1\n", "{}", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		pic, frames, _, err := Picture(t.Context(), data, nil, PictureFlags{})
		if err == nil && pic == nil && frames == nil {
			t.Fatal("no picture and no error")
		}
	})
}

// TestPictureArgs: at most one board size and one input, the input as
// an argument or with --in but not both; a drawing that its context
// stopped is Stopped, not a failure of the input.
func TestPictureArgs(t *testing.T) {
	t.Parallel()
	sol := testfix.TempFile(t, "7x7", "1\n")
	src := Source{}
	for _, c := range []struct {
		args        []string
		in          string
		spec, input string
	}{
		{[]string{"5x5"}, "", "5x5", ""},
		{[]string{"5x5"}, "p.txt", "5x5", "p.txt"},
		{[]string{"path.txt"}, "", "", "path.txt"},
		{[]string{"5x5", "s.json"}, "", "5x5", "s.json"},
		{[]string{sol}, "", "", sol}, // a file named like a size is the input
		{nil, "-", "", "-"},
	} {
		spec, input, err := PictureArgs(c.args, c.in, src)
		if err != nil || spec != c.spec || input != c.input {
			t.Errorf("%q --in %q: %q %q %v; want %q %q", c.args, c.in, spec, input, err, c.spec, c.input)
		}
	}
	for _, c := range []struct {
		args []string
		in   string
		want string
	}{
		{[]string{"5x5", "6x6", "a"}, "", "at most a board size and one solution file"},
		{[]string{"a.json", "b.json"}, "", "at most a board size and one solution file"},
		{[]string{"a.json"}, "b.json", "named twice"},
	} {
		if _, _, err := PictureArgs(c.args, c.in, src); !IsInput(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q --in %q: %v; want an input error with %q", c.args, c.in, err, c.want)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, _, _, err := Picture(ctx, []byte("k=2\n2.3.1\n.....\n3.4.1\n"), nil, PictureFlags{Kind: "tau"})
	if _, code := Classify(err); err == nil || code != KindStopped {
		t.Errorf("cancelled τ frames: %v (exit %d)", err, code)
	}
}
