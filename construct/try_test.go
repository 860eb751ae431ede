package construct

import (
	"errors"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/moves"
)

func TestTry(t *testing.T) {
	t0 := time.Now()
	for n := 1; n <= 12; n++ {
		for m := 1; m <= 60; m++ {
			for _, closed := range []bool{false, true} {
				var w Walk
				var err error
				if closed {
					w, err = KnightClosed(n, m)
				} else {
					w, err = KnightOpen(n, m)
				}
				if errors.Is(err, ErrNoTour) {
					continue
				}
				if err != nil {
					t.Logf("%v", err)
					continue
				}
				if err := check(w, n, m, moves.Knight(), closed); err != nil {
					t.Errorf("%dx%d %v: %v", n, m, closed, err)
				}
			}
			w, err := Diplomatico(n, m, false)
			if errors.Is(err, ErrNoTour) {
				continue
			}
			if err != nil {
				t.Logf("%v", err)
				continue
			}
			if err := check(w, n, m, moves.Hopido(), false); err != nil {
				t.Errorf("%dx%d hopido: %v", n, m, err)
			}
		}
	}
	t.Log(time.Since(t0))
}
