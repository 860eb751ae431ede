package count

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestGridTimeParts(t *testing.T) {
	runtime.LockOSThread()
	ws, _ := newWordSpace(17, 0)
	ws.list()
	for _, j := range []int{2, 8, 14} {
		c := cellKind{j: j, right: true, down: true}
		ws.buildPull(context.Background(), &c, 1)
		t0 := threadCPU()
		tab, _ := ws.buildPull(context.Background(), &c, 1)
		t1 := threadCPU()
		var out [3]uint64
		n := 0
		for _, w := range ws.words {
			k, _ := ws.succ(w, &c, &out)
			n += k
		}
		t2 := threadCPU()
		simp := 0
		sh := 2 * uint(ws.plugs-2-c.j)
		for i, w := range ws.words {
			k, _ := ws.succ(w, &c, &out)
			for _, x := range out[:k] {
				if simple(w, x, &c, sh) {
					simp++
					_ = ws.rank2(w, x, uint64(i), j)
				} else {
					_ = ws.rank(x)
				}
			}
		}
		t3 := threadCPU()
		t.Logf("j=%d S=%d E=%d simple %d: build %v, succ only %v, succ+rank %v", j, len(ws.words), len(tab.src), simp, t1-t0, t2-t1, t3-t2)
	}
}
