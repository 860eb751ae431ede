package cypherq

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/graphio"
)

// Strategy names one of the paper's Neo4j implementations (Section III).
type Strategy string

// The strategies. APOC is the query as published, with uniqueness
// NODE_GLOBAL; APOCNodePath is the same call with NODE_PATH, the setting
// that actually enumerates paths without repeated nodes (see Expand).
const (
	Raw          Strategy = "raw"
	Constructive Strategy = "constructive"
	APOC         Strategy = "apoc"
	APOCNodePath Strategy = "apoc-node-path"
)

// Strategies lists every strategy in the order the paper's tables use.
var Strategies = []Strategy{Raw, Constructive, APOC, APOCNodePath}

// ParseStrategy turns a name into a Strategy; "all" is not one (callers
// expand it to Strategies).
func ParseStrategy(s string) (Strategy, error) {
	for _, st := range Strategies {
		if string(st) == s {
			return st, nil
		}
	}
	return "", fmt.Errorf("unknown strategy %q; use raw, constructive, apoc, apoc-node-path or all", s)
}

// ParseStrategies reads a --strategy value: one strategy's name, or "all"
// for Strategies.
func ParseStrategies(s string) ([]Strategy, error) {
	if s == "all" {
		return Strategies, nil
	}
	st, err := ParseStrategy(s)
	if err != nil {
		return nil, err
	}
	return []Strategy{st}, nil
}

// Endpoint fixes a path's first or last node: a board cell (Row and Col,
// 1-based, matched as {row: r, col: c} like the paper) or, for graphs that
// are not boards, a node id (matched as {id: "..."}).
type Endpoint struct {
	Row, Col int
	ID       string
}

func (e *Endpoint) pattern() string {
	if e.ID != "" || e.Row == 0 {
		return "{id: " + literal(e.ID) + "}"
	}
	return "{row: " + strconv.Itoa(e.Row) + ", col: " + strconv.Itoa(e.Col) + "}"
}

// literal writes s as a Cypher string literal.
func literal(s string) string { return graphio.Quote(s) }

// Options shape a query as the paper's command-line arguments do: an
// optional start node, end node and number of paths (Section III).
type Options struct {
	Start, End *Endpoint
	// Limit caps the paths returned (0: all).
	Limit int
	// Kuzu writes the query for Kuzu (an embedded openCypher engine) rather
	// than Neo4j; see RawQuery for the two changes. The other strategies
	// need none, except APOC, which Kuzu does not have.
	Kuzu bool
}

// Query returns strategy s's Cypher for Hamiltonian paths of a graph of n
// nodes (paths of n-1 MOVE relationships). The text follows the paper's
// listings; where they are not valid Cypher it departs minimally, and the
// strategy's function says how.
func Query(s Strategy, n int, opt Options) (string, error) {
	if err := check(s, n, opt); err != nil {
		return "", err
	}
	switch s {
	case Raw:
		return RawQuery(n, opt), nil
	case Constructive:
		return ConstructiveQuery(n, opt), nil
	case APOC, APOCNodePath:
		if opt.Kuzu {
			return "", fmt.Errorf("Kuzu has no APOC procedures; use raw or constructive")
		}
	}
	switch s {
	case APOC:
		return APOCQuery(n, opt, "NODE_GLOBAL"), nil
	case APOCNodePath:
		return APOCQuery(n, opt, "NODE_PATH"), nil
	}
	return "", fmt.Errorf("unknown strategy %q", s)
}

// MaxConstructiveNodes bounds the graphs ConstructiveQuery is written for
// through Query: its text grows with the square of the nodes (the k-th
// MATCH excludes k ids), about 6 MB at 1024 nodes, and 540 MB at 10,000
// (a 100x100 board), where building it took gigabytes and no server could
// run it. The paper's boards have at most 100 cells.
const MaxConstructiveNodes = 1024

// check reports whether Query can write strategy s for n nodes.
func check(s Strategy, n int, opt Options) error {
	switch {
	case n < 1:
		return fmt.Errorf("a graph of %d nodes has no Hamiltonian path", n)
	case s == Constructive && n > MaxConstructiveNodes:
		return fmt.Errorf("the constructive query grows with the square of the nodes (%d nodes: about %d MB of Cypher); it is written for graphs of at most %d nodes (a 32x32 board): use a smaller board or --strategy raw", n, 6*int64(n)*int64(n)>>20, MaxConstructiveNodes)
	case (s == APOC || s == APOCNodePath) && opt.Kuzu:
		return fmt.Errorf("Kuzu has no APOC procedures; use raw or constructive")
	case s != Raw && s != Constructive && s != APOC && s != APOCNodePath:
		return fmt.Errorf("unknown strategy %q", s)
	}
	return nil
}

func limit(opt Options) string {
	if opt.Limit > 0 {
		return "\nLIMIT " + strconv.Itoa(opt.Limit)
	}
	return ""
}

// RawQuery is the paper's Raw implementation (Section III.a): one
// variable-length MATCH of exactly n-1 MOVE relationships, filtered to
// paths whose every node occurs once. A fixed start or end is a MATCH
// clause put before the main one, and the path count a LIMIT, as the paper
// says. The pathLength parameter is written into the pattern (Cypher takes
// no parameters in variable-length bounds; the paper's Python substitutes
// it the same way).
//
// For Kuzu (opt.Kuzu) two things change, the condition staying the same:
// Kuzu 0.11.3 crashes on the nested list predicate (single inside ALL,
// which refers to the outer variable), so "every node once" is written as
// size(list_distinct(properties(nodes(p), 'id'))) = size(nodes(p)); and the
// pattern is -[:MOVE* ACYCLIC k..k]->, since Kuzu's default walk semantics
// would enumerate every walk of k steps, where Neo4j's default (no repeated
// relationship) already prunes. ACYCLIC alone is not the paper's filter:
// Kuzu lets an ACYCLIC path end on its first node (on 4x5 it returns 2568
// paths, 144 of them Hamiltonian).
func RawQuery(n int, opt Options) string {
	var sb strings.Builder
	end := "end"
	if opt.Kuzu {
		end = "`end`" // a reserved word in Kuzu
	}
	if opt.Start != nil {
		sb.WriteString("MATCH (start:Node " + opt.Start.pattern() + ")\n")
	}
	if opt.End != nil {
		sb.WriteString("MATCH (" + end + ":Node " + opt.End.pattern() + ")\n")
	}
	if opt.Kuzu {
		fmt.Fprintf(&sb, "MATCH p = (start:Node)\n-[:MOVE* ACYCLIC %d..%d]->\n(`end`:Node)\nWHERE size(list_distinct(properties(nodes(p), 'id'))) = size(nodes(p))\nRETURN p", n-1, n-1)
	} else {
		fmt.Fprintf(&sb, "MATCH p = (start:Node)\n-[:MOVE*%d]->\n(end:Node)\nWHERE ALL (\nn IN nodes(p) WHERE\nsingle(m IN nodes(p) WHERE m = n)\n)\nRETURN p", n-1)
	}
	sb.WriteString(limit(opt))
	return sb.String()
}

// ConstructiveQuery is the paper's Constructive implementation (Section
// III.b): a chain of n-1 MATCH clauses, the k-th extending the path by one
// MOVE to a node n_k whose id is not among n_0..n_{k-1}. The paper prints
// the exclusion as "id(n1) NOT IN {id(n0)}"; neither "NOT IN" nor the braces
// are Cypher, so this writes the equivalent "NOT id(n1) IN [id(n0)]". A
// fixed start or end binds n0 or n_{n-1} in a MATCH put first. The query
// returns the path as the list of its nodes.
func ConstructiveQuery(n int, opt Options) string {
	var sb strings.Builder
	last := n - 1
	if opt.Start != nil {
		sb.WriteString("MATCH (n0:Node " + opt.Start.pattern() + ")\n")
	}
	if opt.End != nil && last > 0 {
		fmt.Fprintf(&sb, "MATCH (n%d:Node %s)\n", last, opt.End.pattern())
	}
	if n == 1 {
		sb.WriteString("MATCH (n0:Node)\n")
	}
	ids := []string{}
	for k := 1; k <= last; k++ {
		ids = append(ids, "id(n"+strconv.Itoa(k-1)+")")
		if k == 1 {
			sb.WriteString("MATCH (n0:Node)-[:MOVE]->(n1:Node)\n")
		} else {
			fmt.Fprintf(&sb, "MATCH (n%d)-[:MOVE]->(n%d:Node)\n", k-1, k)
		}
		fmt.Fprintf(&sb, "WHERE NOT id(n%d) IN [%s]\n", k, strings.Join(ids, ", "))
	}
	sb.WriteString("RETURN [")
	for k := 0; k <= last; k++ {
		if k > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("n" + strconv.Itoa(k))
	}
	sb.WriteString("] AS path")
	sb.WriteString(limit(opt))
	return sb.String()
}

// APOCQuery is the paper's APOC implementation (Section III.c): for each
// start node, apoc.path.expandConfig following MOVE> with minLevel =
// maxLevel = n-1 and the given uniqueness (the paper used NODE_GLOBAL; see
// Expand for what that returns). The paper's listing matches (start) but
// passes startNode, an unbound variable; this passes start. A fixed end
// goes into the configuration as endNodes and the path count as limit,
// where the paper says they go.
func APOCQuery(n int, opt Options, uniqueness string) string {
	var sb strings.Builder
	if opt.End != nil {
		sb.WriteString("MATCH (end:Node " + opt.End.pattern() + ")\n")
	}
	if opt.Start != nil {
		sb.WriteString("MATCH (start:Node " + opt.Start.pattern() + ")\n")
	} else {
		sb.WriteString("MATCH (start:Node)\n")
	}
	fmt.Fprintf(&sb, "CALL apoc.path.expandConfig(\nstart, {\nrelationshipFilter: \"MOVE>\",\nminLevel: %d,\nmaxLevel: %d,\nuniqueness: %s,\nlabelFilter: 'Node'", n-1, n-1, literal(uniqueness))
	if opt.End != nil {
		sb.WriteString(",\nendNodes: [end]")
	}
	if opt.Limit > 0 {
		sb.WriteString(",\nlimit: " + strconv.Itoa(opt.Limit))
	}
	sb.WriteString("\n}\n) YIELD path\nRETURN path")
	// limit in the configuration is per start node; the paper's "number of
	// paths" is for the whole query.
	sb.WriteString(limit(opt))
	return sb.String()
}
