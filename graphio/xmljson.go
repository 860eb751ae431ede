package graphio

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
)

// readGraphML reads the first <graph> of a GraphML document (graphml.graphdrawing.org):
// its <node id=...> elements in order, and its <edge source=... target=...>
// elements; an edge may name a node not declared (it is added, as NetworkX
// does). The graph must be undirected (edgedefault="undirected", the
// default when absent, and no edge with directed="true"); <data> and
// nested graphs are skipped.
func readGraphML(r io.Reader, lim Limits) (*Named, error) {
	b := newBuilder(lim)
	d := xml.NewDecoder(r)
	d.Strict = true
	depth, graphs, inGraph := 0, 0, 0
	name := ""
	sawRoot := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: GraphML is not well-formed XML (%v); check the file", ErrFormat, oneLine(err.Error()))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 1 {
				if t.Name.Local != "graphml" {
					return nil, fmt.Errorf("%w: the XML root is <%s>, not <graphml>; give a GraphML file", ErrFormat, t.Name.Local)
				}
				sawRoot = true
				continue
			}
			switch t.Name.Local {
			case "graph":
				graphs++
				if graphs == 1 && depth == 2 {
					inGraph = depth
					for _, a := range t.Attr {
						switch a.Name.Local {
						case "edgedefault":
							if a.Value == "directed" {
								return nil, fmt.Errorf("%w: the GraphML graph is directed; boardgraph reads undirected graphs: set edgedefault=\"undirected\"", ErrFormat)
							}
						case "id":
							name = a.Value
						}
					}
				}
			case "node":
				if inGraph == 0 || depth != inGraph+1 {
					continue
				}
				if err := graphmlNode(b, t); err != nil {
					return nil, err
				}
			case "edge":
				if inGraph == 0 || depth != inGraph+1 {
					continue
				}
				if err := graphmlEdge(b, t); err != nil {
					return nil, err
				}
			case "hyperedge":
				if inGraph != 0 && depth == inGraph+1 {
					return nil, fmt.Errorf("%w: GraphML hyperedges are not graphs boardgraph can search; use plain <edge> elements", ErrFormat)
				}
			}
		case xml.EndElement:
			if depth == inGraph {
				inGraph = -1 // done with the first graph; later ones are ignored
			}
			depth--
		}
	}
	if !sawRoot {
		return nil, fmt.Errorf("%w: no <graphml> element; give a GraphML file", ErrFormat)
	}
	if graphs == 0 {
		return nil, fmt.Errorf("%w: the GraphML file has no <graph>; add one with nodes and edges", ErrFormat)
	}
	return b.named(GraphML, name)
}

// graphmlNode adds the vertex of a <node> element of the graph.
func graphmlNode(b *builder, t xml.StartElement) error {
	id, ok := attr(t, "id")
	if !ok {
		return fmt.Errorf("%w: GraphML <node> without an id; give every node id=\"...\"", ErrFormat)
	}
	if b.names.index([]byte(id)) >= 0 {
		return fmt.Errorf("%w: GraphML node id %s appears twice; node ids must be unique", ErrFormat, quote(id))
	}
	_, err := b.vertex(id)
	return err
}

// graphmlEdge adds the edge of an <edge> element of the graph (and its
// end vertices, when no <node> declared them).
func graphmlEdge(b *builder, t xml.StartElement) error {
	if dir, ok := attr(t, "directed"); ok && dir == "true" {
		return fmt.Errorf("%w: a GraphML edge is directed=\"true\"; boardgraph reads undirected graphs", ErrFormat)
	}
	s, ok1 := attr(t, "source")
	tg, ok2 := attr(t, "target")
	if !ok1 || !ok2 {
		return fmt.Errorf("%w: GraphML <edge> without source or target; give both", ErrFormat)
	}
	u, err := b.vertex(s)
	if err != nil {
		return err
	}
	v, err := b.vertex(tg)
	if err != nil {
		return err
	}
	return b.edge(u, v)
}

// attr returns the value of t's attribute name, and whether t has it.
func attr(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// oneLine makes s fit a comment or header line of a written file: trimmed,
// and each control character but a tab (a newline; a NUL, which makes the
// file read as binary data) a space.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.TrimSpace(s))
}

// nodeLink is the node-link JSON layout of NetworkX's node_link_data and
// D3: nodes with an "id", and edges under "links" (NetworkX before 3.6,
// D3) or "edges" (NetworkX from 3.6) whose "source" and "target" are node
// ids, or, in D3's older form, indices into "nodes".
type nodeLink struct {
	Directed   bool              `json:"directed"`
	Multigraph bool              `json:"multigraph"`
	Graph      json.RawMessage   `json:"graph"`
	Nodes      []json.RawMessage `json:"nodes"`
	Links      []nlEdge          `json:"links"`
	Edges      []nlEdge          `json:"edges"`
}

type nlEdge struct {
	Source json.RawMessage `json:"source"`
	Target json.RawMessage `json:"target"`
}

// jsonID turns a JSON id (string or number) into a name; ok false for
// anything else.
func jsonID(raw json.RawMessage) (string, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, true
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		return n.String(), true
	}
	return "", false
}

// readNodeLink reads node-link JSON (see nodeLink). Node ids may be strings
// or numbers (kept as written: 7 names the vertex "7"). If no node has an
// "id", edges' source and target are indices into "nodes" (D3).
func readNodeLink(r io.Reader, lim Limits) (*Named, error) {
	var doc nodeLink
	d := json.NewDecoder(r)
	if err := d.Decode(&doc); err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: node-link JSON does not parse (%s); give {\"nodes\": [...], \"links\": [...]}", ErrFormat, oneLine(jsonwords.Problem(err, nil)))
	}
	if doc.Directed {
		return nil, fmt.Errorf("%w: the node-link graph is directed; boardgraph reads undirected graphs: set \"directed\": false", ErrFormat)
	}
	if len(doc.Nodes) > lim.MaxVertices {
		return nil, fmt.Errorf("%w: %d nodes, more than the %d read: give a smaller graph", ErrTooLarge, len(doc.Nodes), lim.MaxVertices)
	}
	b := newBuilder(lim)
	byIndex := true
	for i, raw := range doc.Nodes {
		var node struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal(raw, &node); err != nil {
			return nil, fmt.Errorf("%w: node %d of the node-link JSON is not an object; write {\"id\": ...}", ErrFormat, i)
		}
		name := strconv.Itoa(i)
		if node.ID != nil {
			byIndex = false
			s, ok := jsonID(node.ID)
			if !ok {
				return nil, fmt.Errorf("%w: node %d has an id that is neither a string nor a number", ErrFormat, i)
			}
			name = s
		} else if !byIndex {
			return nil, fmt.Errorf("%w: node %d has no \"id\" while others do; give every node an id", ErrFormat, i)
		}
		if b.names.index([]byte(name)) >= 0 {
			return nil, fmt.Errorf("%w: node id %s appears twice in the node-link JSON; ids must be unique", ErrFormat, quote(name))
		}
		if _, err := b.vertex(name); err != nil {
			return nil, err
		}
	}
	edges := doc.Links
	if len(edges) == 0 {
		edges = doc.Edges
	}
	for i, e := range edges {
		s, ok1 := jsonID(e.Source)
		t, ok2 := jsonID(e.Target)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%w: link %d needs a \"source\" and a \"target\" (node ids)", ErrFormat, i)
		}
		var u, v int32
		if byIndex {
			u = b.names.index([]byte(s))
			v2 := b.names.index([]byte(t))
			if u < 0 || v2 < 0 {
				return nil, fmt.Errorf("%w: link %d joins %s and %s, but the nodes have no ids and are numbered 0 to %d; give node ids", ErrFormat, i, quote(s), quote(t), len(doc.Nodes)-1)
			}
			v = v2
		} else {
			var err error
			if u, err = b.vertex(s); err != nil {
				return nil, err
			}
			if v, err = b.vertex(t); err != nil {
				return nil, err
			}
		}
		if err := b.edge(u, v); err != nil {
			return nil, err
		}
	}
	return b.named(NodeLink, "")
}
