package graphio

import (
	"context"
	"io"
	"strconv"
	"strings"
)

// Label and relationship types of the Diplomatico paper's schema (Appendix
// B): (:Node {row, col})-[:MOVE]->(:Node). Every node also gets an id (its
// name, n_i_j on boards) and its degree; a solution adds NEXT relationships.
const (
	NodeLabel = "Node"
	MoveType  = "MOVE"
	NextType  = "NEXT"
)

// writeCypher writes a script for cypher-shell (or any Cypher engine with
// UNWIND) that creates the paper's schema in batches of opt.Batch rows: a
// uniqueness constraint on Node.id, the nodes, then each undirected edge
// as two MOVE relationships, one per direction, since the paper's queries
// follow -[:MOVE]-> only. A solution adds (a)-[:NEXT {step}]->(b).
func writeCypher(ctx context.Context, b *bw, p *prepared, opt WriteOptions) error {
	batch := opt.Batch
	if batch <= 0 {
		batch = 1000
	}
	n, m := p.G.N(), p.G.M()
	b.s("// boardgraph export: " + oneLine(orDefault(p.Title, "graph")) + ": " + strconv.Itoa(n) + " nodes, " + strconv.Itoa(m) +
		" undirected edges stored as " + strconv.Itoa(2*m) + " :MOVE relationships (one per direction).\n")
	b.s("// Load with: cypher-shell -u neo4j -p PASSWORD -f FILE  (to start from an empty graph first: MATCH (n:Node) DETACH DELETE n;)\n")
	b.s("CREATE CONSTRAINT boardgraph_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE;\n")
	nk, ek := p.nodeKeys(), p.edgeKeys()
	// The CREATE clause names every property once: {id: p.id, row: p.row, ...}.
	create := "CREATE (:Node {id: p.id"
	for _, k := range nk {
		create += ", " + k + ": p." + k
	}
	create += "});\n"
	var vals []uint64
	rows := 0
	open := func(head string) {
		if rows == 0 {
			b.s(head)
		} else {
			b.s(",\n")
		}
	}
	err := p.nodes(ctx, func(v int32) error {
		open("UNWIND [\n")
		b.s("{id: ", Quote(p.ID(v)))
		vals = p.nodeValues(v, vals)
		for i, k := range nk {
			b.s(", ", k, ": ")
			b.u(vals[i])
		}
		b.s("}")
		if rows++; rows == batch {
			b.s("\n] AS p\n", create)
			rows = 0
		}
		return b.err
	})
	if err != nil {
		return err
	}
	if rows > 0 {
		b.s("\n] AS p\n", create)
		rows = 0
	}
	// MOVE relationships carry the edge properties except path_step (the
	// path is the NEXT relationships).
	var moveKeys []string
	for _, k := range ek {
		if k != "path_step" {
			moveKeys = append(moveKeys, k)
		}
	}
	props := ""
	if len(moveKeys) > 0 {
		parts := make([]string, len(moveKeys))
		for i, k := range moveKeys {
			parts[i] = k + ": e." + k
		}
		props = " {" + strings.Join(parts, ", ") + "}"
	}
	match := "\n] AS e\nMATCH (a:Node {id: e.a}), (b:Node {id: e.b})\n"
	createMove := match + "CREATE (a)-[:MOVE" + props + "]->(b), (b)-[:MOVE" + props + "]->(a);\n"
	err = p.edges(ctx, func(k int, u, v int32) error {
		open("UNWIND [\n")
		b.s("{a: ", Quote(p.ID(u)), ", b: ", Quote(p.ID(v)))
		vals = p.edgeValues(k, u, v, vals)
		off := len(ek) - len(moveKeys)
		for i, key := range moveKeys {
			b.s(", ", key, ": ")
			b.u(vals[off+i])
		}
		b.s("}")
		if rows++; rows == batch {
			b.s(createMove)
			rows = 0
		}
		return b.err
	})
	if err != nil {
		return err
	}
	if rows > 0 {
		b.s(createMove)
		rows = 0
	}
	if p.Path != nil {
		steps := len(p.Path) - 1
		if p.Closed && len(p.Path) > 2 {
			steps++
		}
		createNext := match + "CREATE (a)-[:NEXT {step: e.step}]->(b);\n"
		for i := 0; i < steps; i++ {
			u, v := p.Path[i], p.Path[(i+1)%len(p.Path)]
			open("UNWIND [\n")
			b.s("{a: ", Quote(p.ID(u)), ", b: ", Quote(p.ID(v)), ", step: ")
			b.u(uint64(i + 1))
			b.s("}")
			if rows++; rows == batch {
				b.s(createNext)
				rows = 0
			}
		}
		if rows > 0 {
			b.s(createNext)
		}
	}
	return b.err
}

// csvField quotes s for CSV when it holds a comma, quote or line break.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// WriteCSV writes the node and relationship files of neo4j-admin database
// import (Neo4j Operations Manual, "Import"): nodes with the header
// "id:ID,row:int,col:int,degree:int,...,:LABEL" and relationships with
// ":START_ID,:END_ID,:TYPE,...". Each undirected edge is two MOVE rows, one
// per direction; a solution adds NEXT rows with their step. Load with
//
//	neo4j-admin database import full --nodes=nodes.csv --relationships=rels.csv neo4j
//
// Nothing is written when s is invalid. The cost is O(N + E), streamed.
func WriteCSV(ctx context.Context, nodes, rels io.Writer, s *Source) error {
	p, err := s.prepare()
	if err != nil {
		return err
	}
	nb, rb := newBW(nodes), newBW(rels)
	nk, ek := p.nodeKeys(), p.edgeKeys()
	nb.s("id:ID")
	for _, k := range nk {
		nb.s(",", k, ":", propType(k))
	}
	nb.s(",:LABEL\n")
	var vals []uint64
	err = p.nodes(ctx, func(v int32) error {
		nb.s(csvField(p.ID(v)))
		vals = p.nodeValues(v, vals)
		for i, k := range nk {
			nb.s(",")
			if k == "step" && vals[i] == 0 {
				continue
			}
			nb.u(vals[i])
		}
		nb.s(",", NodeLabel, "\n")
		return nb.err
	})
	if err != nil {
		return err
	}
	if err := nb.flush(); err != nil {
		return err
	}
	rb.s(":START_ID,:END_ID,:TYPE")
	if p.Path != nil {
		rb.s(",step:int")
	}
	var moveKeys []string
	for _, k := range ek {
		if k != "path_step" {
			moveKeys = append(moveKeys, k)
			rb.s(",", k, ":", propType(k))
		}
	}
	rb.s("\n")
	err = p.edges(ctx, func(k int, u, v int32) error {
		vals = p.edgeValues(k, u, v, vals)
		off := len(ek) - len(moveKeys)
		for _, d := range [2][2]int32{{u, v}, {v, u}} {
			rb.s(csvField(p.ID(d[0])), ",", csvField(p.ID(d[1])), ",", MoveType)
			if p.Path != nil {
				rb.s(",")
			}
			for i := range moveKeys {
				rb.s(",")
				rb.u(vals[off+i])
			}
			rb.s("\n")
		}
		return rb.err
	})
	if err != nil {
		return err
	}
	if p.Path != nil {
		steps := len(p.Path) - 1
		if p.Closed && len(p.Path) > 2 {
			steps++
		}
		for i := 0; i < steps; i++ {
			u, v := p.Path[i], p.Path[(i+1)%len(p.Path)]
			rb.s(csvField(p.ID(u)), ",", csvField(p.ID(v)), ",", NextType, ",")
			rb.u(uint64(i + 1))
			rb.s(strings.Repeat(",", len(moveKeys)), "\n")
		}
	}
	return rb.flush()
}
