//go:build unix

package numberlink

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCoelhoTimes (behind BOARDGRAPH_LONG=1) solves every Coelho et al. instance and
// proves uniqueness or its absence (Count with limit 2), one at a time, and
// logs a table of mean, p99 and max per island count for both, with the
// slowest instances. Each instance's solution passes the verifier. The
// times are the process's CPU time (user + system, all threads, GC
// included) around each call, which on a shared machine tracks what a
// quiet machine's wall clock would show better than the wall clock does.
// Run:
//
//	BOARDGRAPH_LONG=1 go test ./numberlink -run CoelhoTimes -v [-coelho-csv FILE]
//
// With -coelho-csv it also writes each instance's times (CPU ms) and
// search nodes to FILE, for scripts/glpkhashi's comparison table.
var coelhoCSV = flag.String("coelho-csv", "", "TestCoelhoTimes also writes one CSV line per instance to this file")

func TestCoelhoTimes(t *testing.T) {
	testfix.SkipUnlessLong(t, "timing table")
	inst := loadCoelho(t)
	type row struct {
		name        string
		solve, uniq time.Duration
		nodes       uint64 // Solve's search nodes
	}
	bySize := map[int][]row{}
	for _, in := range inst {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		t0 := testfix.CPUTime()
		sol, st, err := Solve(ctx, in.g, SolveOptions{})
		d1 := testfix.CPUTime() - t0
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", in.name, err)
		}
		if msg := checkSolution(in.g, sol, Rules{}); msg != "" {
			t.Fatalf("%s: %s", in.name, msg)
		}
		t0 = testfix.CPUTime()
		if _, _, _, err := Count(ctx, in.g, 2, SolveOptions{}); err != nil {
			t.Fatalf("%s: count: %v", in.name, err)
		}
		d2 := testfix.CPUTime() - t0
		cancel()
		bySize[in.islands] = append(bySize[in.islands], row{in.name, d1, d2, st.Nodes})
	}
	if *coelhoCSV != "" {
		var c strings.Builder
		c.WriteString("instance,islands,solve_ms,count2_ms,solve_nodes\n")
		for _, size := range []int{100, 200, 300, 400} {
			for _, r := range bySize[size] {
				fmt.Fprintf(&c, "%s,%d,%.3f,%.3f,%d\n", r.name, size, float64(r.solve.Microseconds())/1000, float64(r.uniq.Microseconds())/1000, r.nodes)
			}
		}
		testfix.WriteFile(t, *coelhoCSV, []byte(c.String()))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-8s %4s | %9s %9s %9s | %9s %9s %9s\n", "islands", "n", "solve", "p99", "max", "count2", "p99", "max")
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
	for _, size := range []int{100, 200, 300, 400} {
		rows := bySize[size]
		if len(rows) == 0 {
			continue
		}
		stat := func(get func(row) time.Duration) (mean, p99, mx time.Duration) {
			ds := make([]time.Duration, len(rows))
			var sum time.Duration
			for i, r := range rows {
				ds[i] = get(r)
				sum += ds[i]
			}
			slices.Sort(ds)
			return sum / time.Duration(len(ds)), ds[(len(ds)*99+99)/100-1], ds[len(ds)-1]
		}
		a1, b1, c1 := stat(func(r row) time.Duration { return r.solve })
		a2, b2, c2 := stat(func(r row) time.Duration { return r.uniq })
		fmt.Fprintf(&b, "%-8d %4d | %9s %9s %9s | %9s %9s %9s\n", size, len(rows), ms(a1), ms(b1), ms(c1), ms(a2), ms(b2), ms(c2))
		slices.SortFunc(rows, func(x, y row) int { return int(y.solve + y.uniq - x.solve - x.uniq) })
		for _, r := range rows[:3] {
			fmt.Fprintf(&b, "    slowest: %s solve %s count2 %s\n", r.name, ms(r.solve), ms(r.uniq))
		}
	}
	t.Log(b.String())
}
