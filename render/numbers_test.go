package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
)

func TestNumbersDrawsGivensAndBlocked(t *testing.T) {
	b, err := board.Parse(strings.NewReader("1 . # . .\n. 12 . . .\n. . . . .\n"))
	if err != nil {
		t.Fatal(err)
	}
	pic, err := Numbers(b, NumbersOptions{Title: "puzzle"})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := pic.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{">1<", ">12<", ">puzzle<", "#333333"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if got := strings.Count(s, "<rect"); got < 15 { // a rectangle per cell
		t.Errorf("%d rectangles for 15 cells", got)
	}
	if _, err := Numbers(b, NumbersOptions{Solution: []int32{2}}); err == nil {
		t.Error("a solution on a blocked cell was drawn")
	}
	var png bytes.Buffer
	if err := pic.WritePNG(&png); err != nil || png.Len() == 0 {
		t.Fatalf("PNG: %v, %d bytes", err, png.Len())
	}
}
