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
	u := &unwind{b: b, size: batch}
	if err := cypherNodes(ctx, u, p); err != nil {
		return err
	}
	if err := cypherMoves(ctx, u, p); err != nil {
		return err
	}
	if p.Path != nil {
		cypherNext(u, p)
	}
	return b.err
}

// unwind writes rows as UNWIND [...] statements of at most size rows,
// each ended by the statement's tail.
type unwind struct {
	b    *bw
	size int
	rows int // rows of the statement written so far
	tail string
}

// row starts a row: the statement's head, or the separator after the
// last row.
func (u *unwind) row() {
	if u.rows == 0 {
		u.b.s("UNWIND [\n")
	} else {
		u.b.s(",\n")
	}
}

// done ends a row, and the statement when it holds size rows.
func (u *unwind) done() {
	if u.rows++; u.rows == u.size {
		u.b.s(u.tail)
		u.rows = 0
	}
}

// props writes the properties keys with their values vals and ends the
// row.
func (u *unwind) props(keys []string, vals []uint64) {
	for i, k := range keys {
		u.b.s(", ", k, ": ")
		u.b.u(vals[i])
	}
	u.b.s("}")
	u.done()
}

// flush ends the statement of the last rows, if any.
func (u *unwind) flush() {
	if u.rows > 0 {
		u.b.s(u.tail)
		u.rows = 0
	}
}

// cypherNodes writes the nodes with their properties; the CREATE clause
// names every property once: {id: p.id, row: p.row, ...}.
func cypherNodes(ctx context.Context, u *unwind, p *prepared) error {
	b := u.b
	nk := p.nodeKeys()
	create := "CREATE (:Node {id: p.id"
	for _, k := range nk {
		create += ", " + k + ": p." + k
	}
	create += "});\n"
	u.tail = "\n] AS p\n" + create
	var vals []uint64
	err := p.nodes(ctx, func(v int32) error {
		u.row()
		b.s("{id: ", Quote(p.ID(v)))
		vals = p.nodeValues(v, vals)
		u.props(nk, vals)
		return b.err
	})
	if err != nil {
		return err
	}
	u.flush()
	return nil
}

// cypherMatch starts the statement that joins the rows' end nodes.
const cypherMatch = "\n] AS e\nMATCH (a:Node {id: e.a}), (b:Node {id: e.b})\n"

// cypherMoves writes each edge as two MOVE relationships with the edge
// properties except path_step (the path is the NEXT relationships).
func cypherMoves(ctx context.Context, u *unwind, p *prepared) error {
	b := u.b
	ek := p.edgeKeys()
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
	u.tail = cypherMatch + "CREATE (a)-[:MOVE" + props + "]->(b), (b)-[:MOVE" + props + "]->(a);\n"
	var vals []uint64
	err := p.edges(ctx, func(k int, x, y int32) error {
		u.row()
		b.s("{a: ", Quote(p.ID(x)), ", b: ", Quote(p.ID(y)))
		vals = p.edgeValues(k, x, y, vals)
		u.props(moveKeys, vals[len(ek)-len(moveKeys):])
		return b.err
	})
	if err != nil {
		return err
	}
	u.flush()
	return nil
}

// cypherNext writes the solution's moves as NEXT relationships with
// their step (and the closing move of a closed tour).
func cypherNext(u *unwind, p *prepared) {
	b := u.b
	steps := len(p.Path) - 1
	if p.Closed && len(p.Path) > 2 {
		steps++
	}
	u.tail = cypherMatch + "CREATE (a)-[:NEXT {step: e.step}]->(b);\n"
	for i := 0; i < steps; i++ {
		x, y := p.Path[i], p.Path[(i+1)%len(p.Path)]
		u.row()
		b.s("{a: ", Quote(p.ID(x)), ", b: ", Quote(p.ID(y)), ", step: ")
		b.u(uint64(i + 1))
		b.s("}")
		u.done()
	}
	u.flush()
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
