package cypherq

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"
)

// Server is a connection to a Neo4j server through the official Go driver.
type Server struct {
	driver neo4j.DriverWithContext
	// Database names the database to use ("" is the server's default).
	Database string
}

// Connect opens a connection to uri (bolt://host:7687, neo4j://...) with
// basic authentication and checks that the server answers.
func Connect(ctx context.Context, uri, user, password string) (*Server, error) {
	d, err := neo4j.NewDriverWithContext(uri, neo4j.BasicAuth(user, password, ""))
	if err != nil {
		return nil, fmt.Errorf("neo4j %s: %w; check the URI (bolt://host:7687)", uri, err)
	}
	if err := d.VerifyConnectivity(ctx); err != nil {
		d.Close(ctx)
		return nil, fmt.Errorf("neo4j %s: %w; check that the server runs and the user and password (NEO4J_USERNAME, NEO4J_PASSWORD)", uri, err)
	}
	return &Server{driver: d}, nil
}

// Close closes the connection.
func (s *Server) Close(ctx context.Context) error { return s.driver.Close(ctx) }

// Node is a node of the paper's schema as a query returns it.
type Node struct {
	ID       string
	Row, Col int // 0 when the graph is not a board
}

// LoadRows are the rows Load stores: one per node, and the undirected
// edges as pairs of ids.
type LoadRows struct {
	Nodes []Node
	Edges [][2]string
}

// Load replaces every :Node of the database with the graph: the paper's
// schema (Appendix B), (:Node {id, row, col})-[:MOVE]->(:Node), each edge
// stored in both directions, created with UNWIND in batches of 1000 rows.
func (s *Server) Load(ctx context.Context, rows LoadRows) error {
	sess := s.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: s.Database})
	defer sess.Close(ctx)
	run := func(q string, params map[string]any) error {
		res, err := sess.Run(ctx, q, params)
		if err != nil {
			return err
		}
		_, err = res.Consume(ctx)
		return err
	}
	if err := run("MATCH (n:Node) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS", nil); err != nil {
		return fmt.Errorf("neo4j: clearing :Node: %w", err)
	}
	if err := run("CREATE CONSTRAINT boardgraph_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE", nil); err != nil {
		return fmt.Errorf("neo4j: constraint: %w", err)
	}
	const batch = 1000
	for i := 0; i < len(rows.Nodes); i += batch {
		var list []any
		for _, n := range rows.Nodes[i:min(i+batch, len(rows.Nodes))] {
			m := map[string]any{"id": n.ID}
			if n.Row > 0 {
				m["row"], m["col"] = int64(n.Row), int64(n.Col)
			}
			list = append(list, m)
		}
		if err := run("UNWIND $rows AS p CREATE (n:Node) SET n = p", map[string]any{"rows": list}); err != nil {
			return fmt.Errorf("neo4j: loading nodes: %w", err)
		}
	}
	for i := 0; i < len(rows.Edges); i += batch {
		var list []any
		for _, e := range rows.Edges[i:min(i+batch, len(rows.Edges))] {
			list = append(list, map[string]any{"a": e[0], "b": e[1]})
		}
		q := "UNWIND $rows AS e MATCH (a:Node {id: e.a}), (b:Node {id: e.b}) CREATE (a)-[:MOVE]->(b), (b)-[:MOVE]->(a)"
		if err := run(q, map[string]any{"rows": list}); err != nil {
			return fmt.Errorf("neo4j: loading edges: %w", err)
		}
	}
	return nil
}

// Paths runs a strategy's query and returns, for each row, the path it
// holds (a Path or a list of nodes in the first column) as nodes. It stops
// when ctx ends, returning the paths read so far with ctx's error.
func (s *Server) Paths(ctx context.Context, query string) ([][]Node, error) {
	sess := s.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: s.Database, AccessMode: neo4j.AccessModeRead})
	defer sess.Close(ctx)
	res, err := sess.Run(ctx, query, nil)
	if err != nil {
		return nil, err
	}
	var out [][]Node
	for res.Next(ctx) {
		rec := res.Record()
		if len(rec.Values) == 0 {
			continue
		}
		p, err := nodesOf(rec.Values[0])
		if err != nil {
			return out, err
		}
		out = append(out, p)
	}
	if err := res.Err(); err != nil {
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		return out, err
	}
	return out, nil
}

func nodesOf(v any) ([]Node, error) {
	var ns []dbtype.Node
	switch x := v.(type) {
	case dbtype.Path:
		ns = x.Nodes
	case []any:
		for _, e := range x {
			n, ok := e.(dbtype.Node)
			if !ok {
				return nil, errors.New("neo4j: a returned list holds something other than nodes")
			}
			ns = append(ns, n)
		}
	default:
		return nil, fmt.Errorf("neo4j: a query returned %T, not a path or a list of nodes", v)
	}
	out := make([]Node, len(ns))
	for i, n := range ns {
		id, _ := n.Props["id"].(string)
		r, _ := n.Props["row"].(int64)
		c, _ := n.Props["col"].(int64)
		out[i] = Node{ID: id, Row: int(r), Col: int(c)}
	}
	return out, nil
}

// Version returns the server's agent string ("Neo4j/2025.07.1").
func (s *Server) Version(ctx context.Context) (string, error) {
	info, err := s.driver.GetServerInfo(ctx)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(info.Agent()), nil
}
