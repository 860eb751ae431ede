package graphio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/pathio"
)

// Output formats of Write beyond the input formats.
const (
	DOT    Format = "dot"    // Graphviz
	Cypher Format = "cypher" // a cypher-shell script creating the paper's schema
	CSV    Format = "csv"    // neo4j-admin import files (WriteCSV: two files)
)

// Attributes reports whether format f carries node and edge attributes
// (row, col, degree, solution steps, analysis counts): GraphML, DOT, JSON,
// Cypher and CSV do; the plain formats (edge list, DIMACS, TSPLIB HCP)
// write the bare graph and drop them.
func (f Format) Attributes() bool {
	switch f {
	case EdgeList, DIMACS, TSPLIB:
		return false
	}
	return true
}

// WriteOptions tune the writers. The zero value is the default.
type WriteOptions struct {
	// Batch is the number of rows per UNWIND statement of a Cypher script
	// (default 1000).
	Batch int
}

// bw is a buffered writer that remembers its first error.
type bw struct {
	w   *bufio.Writer
	err error
	buf []byte
}

func newBW(w io.Writer) *bw { return &bw{w: bufio.NewWriterSize(w, 1<<20)} }

// s writes the strings one after the other (no concatenation: the
// writers' hot loops allocate nothing here).
func (b *bw) s(parts ...string) {
	for _, s := range parts {
		if b.err != nil {
			return
		}
		_, b.err = b.w.WriteString(s)
	}
}

func (b *bw) u(x uint64) {
	b.buf = strconv.AppendUint(b.buf[:0], x, 10)
	if b.err == nil {
		_, b.err = b.w.Write(b.buf)
	}
}

func (b *bw) flush() error {
	if b.err == nil {
		b.err = b.w.Flush()
	}
	return b.err
}

// Write streams s to w in format f: GraphML, DOT, JSON (node-link), Cypher,
// EdgeList, DIMACS or TSPLIB (HCP). Output is written as it is produced
// through a 1 MiB buffer; memory beyond that is O(N) only when s has a
// path. For CSV use WriteCSV. Nothing is written when s is invalid (a path
// that is not a path, property lengths that do not match).
//
// The cost is O(N + E).
func Write(ctx context.Context, w io.Writer, f Format, s *Source, opt WriteOptions) error {
	p, err := s.prepare()
	if err != nil {
		return err
	}
	b := newBW(w)
	switch f {
	case GraphML:
		err = writeGraphML(ctx, b, p)
	case DOT:
		err = writeDOT(ctx, b, p)
	case NodeLink:
		err = writeJSON(ctx, b, p)
	case Cypher:
		err = writeCypher(ctx, b, p, opt)
	case EdgeList, DIMACS, TSPLIB:
		err = writeText(ctx, b, p, f)
	case CSV:
		return fmt.Errorf("graphio: CSV is two files; use WriteCSV")
	default:
		return fmt.Errorf("graphio: cannot write format %q", f)
	}
	if err != nil {
		return err
	}
	return b.flush()
}

// xmlEscape escapes s for an XML attribute or text.
func xmlEscape(s string) string {
	if !strings.ContainsAny(s, `<>&"'`) && isPrintable(s) {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			sb.WriteString("&lt;")
		case '>':
			sb.WriteString("&gt;")
		case '&':
			sb.WriteString("&amp;")
		case '"':
			sb.WriteString("&quot;")
		case '\'':
			sb.WriteString("&apos;")
		case '\t', '\n', '\r':
			fmt.Fprintf(&sb, "&#%d;", r)
		default:
			if r < 0x20 || r == 0xFFFD || r == 0xFFFE || r == 0xFFFF {
				sb.WriteRune(0xFFFD) // not representable in XML 1.0
			} else {
				sb.WriteRune(r)
			}
		}
	}
	return sb.String()
}

func isPrintable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// propType is the declared type of property k in GraphML and in Neo4j's
// import header: int for row, col, degree and steps, long for counts.
func propType(k string) string {
	switch k {
	case "row", "col", "degree", "step", "path_step":
		return "int"
	}
	return "long"
}

// write writes the body of a document through b: node for every vertex,
// then between, edge for every edge, then end. It stops at the first error,
// the context's or b's.
func (p *prepared) write(ctx context.Context, b *bw, node func(v int32), between string, edge func(k int, u, v int32), end string) error {
	err := p.nodes(ctx, func(v int32) error {
		node(v)
		return b.err
	})
	if err != nil {
		return err
	}
	b.s(between)
	err = p.edges(ctx, func(k int, u, v int32) error {
		edge(k, u, v)
		return b.err
	})
	if err != nil {
		return err
	}
	b.s(end)
	return b.err
}

// writeGraphML writes GraphML with one <key> per property (int for row,
// col, degree and step, long for counts).
func writeGraphML(ctx context.Context, b *bw, p *prepared) error {
	b.s(`<?xml version="1.0" encoding="UTF-8"?>`, "\n")
	b.s(`<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">`, "\n")
	nk, ek := p.nodeKeys(), p.edgeKeys()
	for _, k := range nk {
		b.s(`  <key id="`, xmlEscape("n_"+k), `" for="node" attr.name="`, xmlEscape(k), `" attr.type="`, propType(k), `"/>`, "\n")
	}
	for _, k := range ek {
		b.s(`  <key id="`, xmlEscape("e_"+k), `" for="edge" attr.name="`, xmlEscape(k), `" attr.type="`, propType(k), `"/>`, "\n")
	}
	b.s(`  <graph id="`, nmtoken(orDefault(p.Title, "G")), `" edgedefault="undirected">`, "\n")
	var vals []uint64
	return p.write(ctx, b, func(v int32) {
		b.s(`    <node id="`, xmlEscape(p.ID(v)), `">`)
		vals = p.nodeValues(v, vals)
		for k, x := range present(nk, vals, "step") {
			b.s(`<data key="n_`, xmlEscape(k), `">`)
			b.u(x)
			b.s(`</data>`)
		}
		b.s("</node>\n")
	}, "", func(k int, u, v int32) {
		b.s(`    <edge source="`, xmlEscape(p.ID(u)), `" target="`, xmlEscape(p.ID(v)), `"`)
		if len(ek) == 0 {
			b.s("/>\n")
			return
		}
		b.s(">")
		vals = p.edgeValues(k, u, v, vals)
		for key, x := range present(ek, vals, "path_step") {
			b.s(`<data key="e_`, xmlEscape(key), `">`)
			b.u(x)
			b.s(`</data>`)
		}
		b.s("</edge>\n")
	}, "  </graph>\n</graphml>\n")
}

// nmtoken turns s into an XML name token (the type of GraphML's graph id):
// letters, digits and . - _ : are kept, anything else becomes '_'.
func nmtoken(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_' || c == ':') {
			b[i] = '_'
		}
	}
	return string(b)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// dotQuote writes s as a DOT double-quoted string.
func dotQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// writeDOT writes an undirected Graphviz graph. Board cells carry a label
// "row,col" (with the step when there is a path) and a pinned position
// (pos, honoured by neato -n); path edges are drawn bold.
func writeDOT(ctx context.Context, b *bw, p *prepared) error {
	b.s("graph ", dotQuote(orDefault(p.Title, "G")), " {\n")
	b.s("  node [shape=circle, fontsize=10];\n")
	nk, ek := p.nodeKeys(), p.edgeKeys()
	var vals []uint64
	return p.write(ctx, b, func(v int32) {
		b.s("  ", dotQuote(p.ID(v)), " [")
		label := p.ID(v)
		if p.Cell != nil {
			r, c := p.Cell(v)
			label = strconv.Itoa(r) + "," + strconv.Itoa(c)
			b.s(`pos="`, strconv.Itoa(c*72), ",", strconv.Itoa(-r*72), `!", `)
		}
		if p.step != nil && p.step[v] > 0 {
			label = strconv.Itoa(int(p.step[v])) + "\n" + label
		}
		b.s("label=", dotQuote(label))
		vals = p.nodeValues(v, vals)
		for i, k := range nk {
			b.s(", ", k, "=")
			b.u(vals[i])
		}
		b.s("];\n")
	}, "", func(k int, u, v int32) {
		b.s("  ", dotQuote(p.ID(u)), " -- ", dotQuote(p.ID(v)))
		if len(ek) > 0 {
			vals = p.edgeValues(k, u, v, vals)
			b.s(" [")
			for i, key := range ek {
				if i > 0 {
					b.s(", ")
				}
				b.s(key, "=")
				b.u(vals[i])
			}
			if p.step != nil && vals[0] > 0 {
				b.s(", penwidth=3, color=red")
			}
			b.s("]")
		}
		b.s(";\n")
	}, "}\n")
}

// writeJSON writes node-link JSON as NetworkX's node_link_data and D3 read
// it: {"directed": false, "multigraph": false, "graph": {...}, "nodes":
// [{"id": ..., props}], "links": [{"source": ..., "target": ..., props}]}.
func writeJSON(ctx context.Context, b *bw, p *prepared) error {
	b.s(`{"directed": false, "multigraph": false, "graph": {"name": `, strconv.Quote(p.Title), `}, "nodes": [`)
	nk, ek := p.nodeKeys(), p.edgeKeys()
	var vals []uint64
	return p.write(ctx, b, func(v int32) {
		if v > 0 {
			b.s(",")
		}
		b.s("\n  {\"id\": ", Quote(p.ID(v)))
		vals = p.nodeValues(v, vals)
		for k, x := range present(nk, vals, "step") {
			b.s(`, "`, k, `": `)
			b.u(x)
		}
		b.s("}")
	}, "\n], \"links\": [", func(k int, u, v int32) {
		if k > 0 {
			b.s(",")
		}
		b.s("\n  {\"source\": ", Quote(p.ID(u)), ", \"target\": ", Quote(p.ID(v)))
		vals = p.edgeValues(k, u, v, vals)
		for k, x := range present(ek, vals, "path_step") {
			b.s(`, "`, k, `": `)
			b.u(x)
		}
		b.s("}")
	}, "\n]}\n")
}

// Quote writes s as a double-quoted string literal that is valid both in
// JSON and in Cypher: quotes and backslashes are escaped with a backslash,
// control characters as \u00XX (strconv.Quote would use \x.. and
// \U........, which neither language reads).
func Quote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// writeText writes the plain formats: an edge list of names, DIMACS or
// TSPLIB HCP with vertices numbered 1..N in graph order.
func writeText(ctx context.Context, b *bw, p *prepared, f Format) error {
	n, m := p.G.N(), p.G.M()
	id := func(v int32) string { return strconv.Itoa(int(v) + 1) }
	switch f {
	case EdgeList:
		b.s("# ", oneLine(orDefault(p.Title, "graph")), ": ", strconv.Itoa(n), " vertices, ", strconv.Itoa(m), " edges\n")
		id = p.ID
		// Isolated vertices are written alone on their line.
		for v := range int32(n) {
			if p.G.Degree(v) == 0 {
				b.s(p.ID(v), "\n")
			}
		}
	case DIMACS:
		b.s("c ", oneLine(orDefault(p.Title, "graph")), "\np edge ", strconv.Itoa(n), " ", strconv.Itoa(m), "\n")
	case TSPLIB:
		b.s("NAME : ", oneLine(orDefault(p.Title, "graph")), "\nCOMMENT : written by boardgraph\nTYPE : HCP\nDIMENSION : ", strconv.Itoa(n), "\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n")
	}
	err := p.edges(ctx, func(k int, u, v int32) error {
		if f == DIMACS {
			b.s("e ")
		}
		b.s(id(u), " ", id(v), "\n")
		return b.err
	})
	if err != nil {
		return err
	}
	if f == TSPLIB {
		b.s("-1\nEOF\n")
	}
	return b.err
}

// WriteTour writes a Hamiltonian cycle in TSPLIB's TOUR format (TSPLIB 95,
// section 1.5): vertices numbered 1..N in graph order (the numbers of a
// TSPLIB or DIMACS input), one per line, ended by -1 and EOF.
func WriteTour(w io.Writer, name string, n int, tour []int32) error {
	b := newBW(w)
	b.s("NAME : ", oneLine(name), "\nCOMMENT : Hamiltonian cycle found and verified by boardgraph\nTYPE : TOUR\nDIMENSION : ", strconv.Itoa(n), "\nTOUR_SECTION\n")
	for _, v := range tour {
		b.u(uint64(v) + 1)
		b.s("\n")
	}
	b.s("-1\nEOF\n")
	return b.flush()
}

// WriteFile writes s in format f to the file name, atomically: the file
// appears whole or not at all, and a device, FIFO or symbolic link is
// never replaced (pathio.WriteFileAtomicContext: a FIFO without a reader
// holds it only until ctx ends). CSV writes the two files
// name.nodes.csv and name.relationships.csv (WriteCSV), both or neither;
// when name is a directory (or ends in a slash), name/nodes.csv and
// name/relationships.csv. It returns the names of the files written.
func WriteFile(ctx context.Context, name string, f Format, s *Source, opt WriteOptions) ([]string, error) {
	if f == CSV {
		nodes, rels := name+".nodes.csv", name+".relationships.csv"
		if fi, err := os.Stat(name); strings.HasSuffix(name, "/") || err == nil && fi.IsDir() {
			// A prefix ending in a directory would give hidden files
			// (dir/.nodes.csv).
			nodes, rels = filepath.Join(name, "nodes.csv"), filepath.Join(name, "relationships.csv")
		}
		err := pathio.WriteFilesAtomicContext(ctx, nodes, rels, func(nw, rw io.Writer) error { return WriteCSV(ctx, nw, rw, s) })
		return []string{nodes, rels}, err
	}
	err := pathio.WriteFileAtomicContext(ctx, name, func(w io.Writer) error { return Write(ctx, w, f, s, opt) })
	return []string{name}, err
}
