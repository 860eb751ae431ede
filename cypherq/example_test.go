package cypherq_test

import (
	"fmt"

	"github.com/boardgraph/boardgraph/cypherq"
)

// The paper's Constructive query (Section III.b) for a 4-node graph, from
// the cell 1,1.
func ExampleQuery() {
	q, _ := cypherq.Query(cypherq.Constructive, 4, cypherq.Options{Start: &cypherq.Endpoint{Row: 1, Col: 1}, Limit: 1})
	fmt.Println(q)
	// Output:
	// MATCH (n0:Node {row: 1, col: 1})
	// MATCH (n0:Node)-[:MOVE]->(n1:Node)
	// WHERE NOT id(n1) IN [id(n0)]
	// MATCH (n1)-[:MOVE]->(n2:Node)
	// WHERE NOT id(n2) IN [id(n0), id(n1)]
	// MATCH (n2)-[:MOVE]->(n3:Node)
	// WHERE NOT id(n3) IN [id(n0), id(n1), id(n2)]
	// RETURN [n0, n1, n2, n3] AS path
	// LIMIT 1
}
