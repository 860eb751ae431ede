package hexgrid

import (
	"bytes"
	"testing"
)

// TestCheckReportWords: a valid hex solution reads like the square grid's
// check ("ok: N bridges, every rule holds (k=K, hex)"), without a Go name
// (it said "valid: every rule of the hex k-grid holds (verify.HexGrid)").
func TestCheckReportWords(t *testing.T) {
	rep := &CheckReport{Grid: "hex", Valid: true, K: 2, Bridges: 6}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil || b.String() != "ok: 6 bridges, every rule holds (k=2, hex)\n" {
		t.Errorf("WriteText = %q, %v", b.String(), err)
	}
	g, err := NewGrid(1, 3, 2, []int{2, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	got := Check(g, Rules{}, []Bridge{{R1: 0, C1: 0, R2: 0, C2: 2, N: 2}})
	if !got.Valid || got.Bridges != 1 || got.K != 2 {
		t.Errorf("Check = %+v", got)
	}
}
