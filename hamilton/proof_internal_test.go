package hamilton

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Every deep rule (and the pockets rule) is sound on its own: on random small blocked boards
// (knight, king, zebra, Hopido; open, closed, with fixed ends), whenever
// the flow rule, a separator rule or the pockets rule fires, the exhaustive count (which
// applies only the linear rules) finds no solution. Both rules must fire
// on some boards, and the flow rule must give both certificate kinds, so
// that the test exercises them.
func TestDeepRulesSoundRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 1))
	fired := map[string]int{}
	boards := testfix.Scale(600, 150, 5000)
	for i := range boards {
		rows, cols := 3+rng.IntN(4), 3+rng.IntN(3)
		ms := []string{"knight", "king", "2,3", "hopido"}[rng.IntN(4)]
		var blocked []int
		density := 5 + rng.IntN(30)
		for c := range rows * cols {
			if rng.IntN(100) < density {
				blocked = append(blocked, c)
			}
		}
		if len(blocked) >= rows*cols-2 {
			continue
		}
		bg := testfix.BoardGraph(t, rows, cols, ms, blocked...)
		p := &Problem{G: bg.Graph, Closed: i%3 == 0}
		if i%5 == 1 {
			p.FixStart, p.Start = true, int32(rng.IntN(bg.N()))
		}
		if i%7 == 2 && !p.Closed {
			if e := int32(rng.IntN(bg.N())); !p.FixStart || e != p.Start {
				p.FixEnd, p.End = true, e
			}
		}
		at, err := p.validate()
		if err != nil {
			t.Fatal(err)
		}
		for name, rule := range map[string]func(*Problem, []int32) *Reason{"flow": flowRule, "separator": separatorRule, "separator3": separator3Rule, "pockets": pocketsRule} {
			r := rule(p, at)
			if r == nil {
				continue
			}
			fired[name]++
			fired[name+"/"+r.Cert.Kind]++
			n, _, err := Count(context.Background(), *p, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Fatalf("%dx%d %s blocked %v closed %v start %v/%d end %v/%d: %s proves none (%s), but there are %d",
					rows, cols, ms, blocked, p.Closed, p.FixStart, p.Start, p.FixEnd, p.End, name, r.Text, n)
			}
		}
	}
	for _, k := range []string{"flow/flow", "flow/hall", "separator/separator", "separator3/separator", "pockets/pockets"} {
		if fired[k] == 0 {
			t.Errorf("rules fired %v; want %s on some board", fired, k)
		}
	}
	t.Logf("deep rules fired %v", fired)
}
