package request_test

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// Count the Diplomatico paper's 5x5 board as "boardgraph count
// --undirected 5x5" does: the auto method, its reason, and the count in
// the asked convention.
func ExampleNewCount() {
	l, err := request.NewLeaper(request.LeaperFlags{Spec: "5x5"}, request.Source{}, format.Names{Names: []string{"text", "json"}})
	if err != nil {
		panic(err)
	}
	s, err := l.Search()
	if err != nil {
		panic(err)
	}
	c, err := request.NewCount(s, request.CountFlags{Undirected: true, MaxMemory: "1G"})
	if err != nil {
		panic(err)
	}
	res, err := c.Run(context.Background(), s.Options(), request.DPOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Method, res.Count, res.Convention)
	// Output: dp 6200 undirected Hamiltonian paths (a path and its reverse count once)
}
