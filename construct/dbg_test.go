package construct

import (
	"testing"
	"time"
	"github.com/boardgraph/boardgraph/moves"
)

func TestDbg(t *testing.T) {
	l := libraryFor(moves.Knight())
	t1 := time.Now()
	for _, n := range []int{3, 4} {
		for m := 5; m <= 100; m++ {
			t0 := time.Now()
			w, err := KnightOpen(n, m)
			if err == nil {
				err = check(w, n, m, moves.Knight(), false)
			}
			if err != nil || time.Since(t0) > 100*time.Millisecond {
				t.Log(n, m, time.Since(t0), l.searches, err)
			}
		}
	}
	t.Log(time.Since(t1))
}
