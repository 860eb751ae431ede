package hamilton_test

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// BenchmarkOMKnight304 finds the start-to-end knight path of Okuno and
// Miyano's record, 304x304 from 1,1 to 304,1, with each strategy (issue
// target: under 10 s) and one worker or all. Every path found is checked.
func BenchmarkOMKnight304(b *testing.B) {
	bg := benchGraph(b, "304x304", "knight")
	n := int32(304)
	p := hamilton.Problem{G: bg.Graph}.WithEnds(0, (n-1)*n)
	og := oracleGraphOfGraph(bg.Graph)
	for _, s := range []hamilton.Strategy{hamilton.StrategyDefault, hamilton.StrategyOkunoMiyano} {
		for _, workers := range []int{1, 0} {
			b.Run(fmt.Sprintf("%s/workers=%d", s.Kind, workers), func(b *testing.B) {
				var nodes uint64
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
					path, st, err := hamilton.Find(ctx, p, hamilton.Options{Workers: workers, Strategy: s, Rank: bg.CentreRank()})
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					if err := checkPath(og, p, path); err != nil {
						b.Fatal(err)
					}
					nodes += st.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

var (
	omReachLimit = flag.Duration("omreach.limit", 60*time.Second, "time limit per board for BenchmarkOMReach")
	omReachMin   = flag.Int("omreach.min", 304, "first board side for BenchmarkOMReach")
	omReachMax   = flag.Int("omreach.max", 8192, "largest board side BenchmarkOMReach tries")
	omReachOnly  = flag.String("omreach.only", "", "BenchmarkOMReach: comma-separated board sides to try instead of the doubling and bisection")
)

// BenchmarkOMReach finds, for each strategy, with one worker and with the
// portfolio on every core, the largest n for which Find returns a knight's
// path on n x n from 1,1 to n,1 within -omreach.limit (graph building not
// included): doubling from -omreach.min, then bisection to 2% of n. Every
// path is checked move by move from the cell coordinates. It reports
// largest-n and logs every trial. Run with
//
//	BOARDGRAPH_LONG=1 go test ./hamilton -run '^$' -bench OMReach -benchtime 1x -timeout 0
func BenchmarkOMReach(b *testing.B) {
	testfix.SkipUnlessLong(b, "BenchmarkOMReach takes minutes")
	for _, s := range []hamilton.Strategy{hamilton.StrategyDefault, hamilton.StrategyOkunoMiyano} {
		for _, workers := range []int{1, 0} {
			b.Run(fmt.Sprintf("%s/workers=%d", s.Kind, workers), func(b *testing.B) {
				try := func(n int) bool {
					bg := benchGraph(b, fmt.Sprintf("%dx%d", n, n), "knight")
					p := hamilton.Problem{G: bg.Graph}.WithEnds(0, int32((n-1)*n))
					ctx, cancel := context.WithTimeout(context.Background(), *omReachLimit)
					t0 := time.Now()
					rank := bg.CentreRank()
					path, st, err := hamilton.Find(ctx, p, hamilton.Options{Workers: workers, Strategy: s, Rank: rank})
					d := time.Since(t0)
					cancel()
					ok := err == nil && d <= *omReachLimit
					if ok {
						if err := knightPathOK(n, path, p); err != nil {
							b.Fatalf("%dx%d: %v", n, n, err)
						}
					}
					b.Logf("n=%d found=%v err=%v %v nodes=%d", n, ok, err, d.Round(time.Millisecond), st.Nodes)
					path, bg = nil, nil
					runtime.GC()
					return ok
				}
				var lo, hi int
				for b.Loop() {
					lo, hi = 0, 0
					if *omReachOnly != "" {
						for _, f := range strings.Split(*omReachOnly, ",") {
							n, err := strconv.Atoi(f)
							if err != nil {
								b.Fatal(err)
							}
							if try(n) {
								lo = max(lo, n)
							} else if hi == 0 || n < hi {
								hi = n
							}
						}
						continue
					}
					for n := *omReachMin; ; n = min(2*n, *omReachMax) {
						if !try(n) {
							hi = n
							break
						}
						lo = n
						if n == *omReachMax {
							break
						}
					}
					for hi > 0 && hi-lo > lo/50+1 {
						if mid := (lo + hi) / 2; try(mid) {
							lo = mid
						} else {
							hi = mid
						}
					}
				}
				b.ReportMetric(float64(lo), "largest-n")
				b.ReportMetric(float64(hi), "failed-n")
			})
		}
	}
}

// knightPathOK checks a path on the n x n knight board from the cell
// coordinates alone: every cell once, knight moves, the problem's ends.
func knightPathOK(n int, path []int32, p hamilton.Problem) error {
	if len(path) != n*n {
		return fmt.Errorf("%d cells, want %d", len(path), n*n)
	}
	if path[0] != p.Start || path[len(path)-1] != p.End {
		return fmt.Errorf("ends %d, %d; want %d, %d", path[0], path[len(path)-1], p.Start, p.End)
	}
	seen := make([]bool, n*n)
	for i, v := range path {
		if v < 0 || int(v) >= n*n || seen[v] {
			return fmt.Errorf("step %d: cell %d repeated or off the board", i, v)
		}
		seen[v] = true
		if i > 0 {
			u := path[i-1]
			dr, dc := int(v)/n-int(u)/n, int(v)%n-int(u)%n
			if dr*dr+dc*dc != 5 {
				return fmt.Errorf("step %d: %d -> %d is not a knight's move", i, u, v)
			}
		}
	}
	return nil
}
