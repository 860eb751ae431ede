package count_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/moves"
)

// Count the Hamiltonian cycles of the 10x10 grid one prime at a time, as
// independent tasks would: the proven bound says how many primes settle
// the count, and the Chinese remainder theorem joins their residues
// (A003763(5) = 467,260,456,608 undirected cycles).
func ExampleCountGridMod() {
	b, _ := board.New(10, 10)
	s, _ := moves.Parse("1,0")
	bg := moves.Build(b, s)
	g, _ := count.GridOf(bg)
	p := hamilton.Problem{G: bg.Graph, Closed: true}
	bound := count.CountBound(p, &g)
	fmt.Printf("below 2^%d (%s): %d prime(s)\n", bound.Bits, bound.Name, bound.Primes())
	x, m := new(big.Int), big.NewInt(1)
	for i := range bound.Primes() {
		q := count.Prime(i)
		r, _, err := count.CountGridMod(context.Background(), p, g, count.Options{}, q)
		if err != nil {
			fmt.Println(err)
			return
		}
		// x += m * ((r - x) / m mod q), m *= q (Garner's form)
		bq := new(big.Int).SetUint64(q)
		t := new(big.Int).Sub(new(big.Int).SetUint64(r), x)
		t.Mul(t, new(big.Int).ModInverse(new(big.Int).Mod(m, bq), bq)).Mod(t, bq)
		x.Add(x, t.Mul(t, m))
		m.Mul(m, bq)
	}
	fmt.Println(new(big.Int).Rsh(x, 1), "undirected cycles")
	// Output:
	// below 2^77 (Temperley-Fisher matchings squared): 2 prime(s)
	// 467260456608 undirected cycles
}
