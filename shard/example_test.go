package shard_test

import (
	"encoding/json"
	"fmt"

	"github.com/boardgraph/boardgraph/shard"
)

// Two shards of one count, as `count --shard I/2 --out FILE` writes them,
// add up with Merge; ReadResultFile would read and check them from disk.
func ExampleMerge() {
	var rs []*shard.Result
	for i, c := range []string{"5000", "7400"} {
		r := &shard.Result{Format: shard.Format, Problem: json.RawMessage(`{"board":"5x5","moves":"hopido"}`),
			Method: shard.MethodDFS, Convention: "directed", Divisor: 2, Shard: i, Of: 2,
			Units: 2, ShardUnits: 1, Plan: "p", Version: "v", Count: c}
		r.Seal()
		rs = append(rs, r)
	}
	m, err := shard.Merge(rs, []string{"s0.json", "s1.json"})
	fmt.Println(m.Total, err)
	// Output: 12400 <nil>
}
