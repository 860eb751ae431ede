package graphio

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// readEdgeList reads one edge per line, "u v", "u,v" or "u<TAB>v"; further
// columns (weights, NetworkX data dicts) are ignored; a line with one word
// declares an isolated vertex; blank lines and lines starting with '#' or
// '%' are comments. Names are kept as written.
func readEdgeList(r io.Reader, lim Limits) (*Named, error) {
	b := newBuilder(lim)
	err := lineBytes(r, lim, func(no int, line []byte) error {
		a, c, one := twoFields(line)
		if len(a) == 0 || a[0] == '#' || a[0] == '%' {
			return nil
		}
		if one {
			// "u,v" (one field with a comma): the first two parts.
			if i := bytes.IndexByte(a, ','); i >= 0 {
				a, c = a[:i], a[i+1:]
				if j := bytes.IndexByte(c, ','); j >= 0 {
					c = c[:j]
				}
			}
		}
		u, err := b.vertexBytes(a)
		if err != nil {
			return err
		}
		if len(c) == 0 {
			return nil
		}
		v, err := b.vertexBytes(c)
		if err != nil {
			return err
		}
		return b.edge(u, v)
	})
	if err != nil {
		return nil, err
	}
	return b.named(EdgeList, "")
}

// twoFields returns the first two space-separated fields of line (as
// strings.Fields splits it), and whether there is only one.
func twoFields(line []byte) (a, b []byte, one bool) {
	field := func(s []byte) ([]byte, []byte) {
		i := 0
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		return s[i:j], s[j:]
	}
	a, rest := field(line)
	b, _ = field(rest)
	return a, b, len(b) == 0
}

// isSpace is strings.Fields's separator for ASCII (a multi-byte space
// in a vertex name stays part of it).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// number parses a 1-based vertex number in 1..n.
func number(s string, n int) (int32, bool) {
	x, err := strconv.Atoi(s)
	if err != nil || x < 1 || x > n {
		return 0, false
	}
	return int32(x - 1), true
}

// numbered returns a builder whose vertices are named "1".."n".
func numbered(lim Limits, n int) (*builder, error) {
	if n > lim.MaxVertices {
		return nil, fmt.Errorf("%w: the header declares %d vertices, more than the %d read: check the header, or give a smaller graph", ErrTooLarge, n, lim.MaxVertices)
	}
	b := newBuilder(lim)
	b.names = numberedNames(n)
	return b, nil
}

// readDIMACS reads the DIMACS graph format: comment lines "c ...", one
// problem line "p edge N M" (or "p col N M") before any edge, and edge lines
// "e U V" with vertices numbered 1..N. The edge count M must match the
// edges read, counted any of the ways files count them: the edge lines, or
// the distinct edges (with or without self-loops), or each edge in both
// directions; a file cut short or a wrong header is refused naming both
// counts. Self-loops are dropped and repeated edges merged, and counted
// (Named), as in every format of Read.
func readDIMACS(r io.Reader, lim Limits) (*Named, error) {
	var b *builder
	n, m, pline, elines := 0, 0, 0, 0
	err := lines(r, lim, func(no int, f []string) error {
		if len(f) == 0 || strings.HasPrefix(f[0], "c") {
			return nil
		}
		switch f[0] {
		case "p":
			if b != nil {
				return fmt.Errorf("%w: DIMACS line %d: a second problem line; keep one 'p edge N M'", ErrFormat, no)
			}
			if len(f) < 3 || (f[1] != "edge" && f[1] != "col") {
				return fmt.Errorf("%w: DIMACS line %d: the problem line must read 'p edge N M'", ErrFormat, no)
			}
			x, err := strconv.Atoi(f[2])
			if err != nil || x < 1 {
				return fmt.Errorf("%w: DIMACS line %d: vertex count %s is not a positive number; write 'p edge N M'", ErrFormat, no, quote(f[2]))
			}
			n, pline = x, no
			if len(f) >= 4 {
				if m, err = strconv.Atoi(f[3]); err != nil || m < 0 {
					return fmt.Errorf("%w: DIMACS line %d: edge count %s is not a number; write 'p edge N M'", ErrFormat, no, quote(f[3]))
				}
			} else {
				m = -1 // no count given: nothing to check
			}
			b, err = numbered(lim, n)
			return err
		case "e":
			if b == nil {
				return fmt.Errorf("%w: DIMACS line %d: an edge before the problem line; start with 'p edge N M'", ErrFormat, no)
			}
			if len(f) < 3 {
				return fmt.Errorf("%w: DIMACS line %d: an edge needs two vertices; write 'e U V'", ErrFormat, no)
			}
			u, ok1 := number(f[1], n)
			v, ok2 := number(f[2], n)
			if !ok1 || !ok2 {
				return fmt.Errorf("%w: DIMACS line %d: edge %s %s: vertices are numbered 1 to %d", ErrFormat, no, quote(f[1]), quote(f[2]), n)
			}
			elines++
			return b.edge(u, v)
		case "n", "v":
			return nil // node descriptors of some dialects: no edges
		}
		return fmt.Errorf("%w: DIMACS line %d starts with %s; lines are 'c comment', 'p edge N M' or 'e U V'", ErrFormat, no, quote(f[0]))
	})
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, fmt.Errorf("%w: DIMACS file without a problem line; add 'p edge N M'", ErrFormat)
	}
	if d := len(b.edges); m >= 0 && m != elines && m != d && m != d+b.loops && m != 2*d && m != 2*(d+b.loops) && 2*m != elines {
		return nil, fmt.Errorf("%w: DIMACS line %d announces %d edges, but the file has %d edge lines (%d distinct edges): correct M in 'p edge N M', or restore the missing edges if the file was cut short", ErrFormat, pline, m, elines, d)
	}
	return b.named(DIMACS, "")
}

// readTSPLIB reads a TSPLIB file of TYPE HCP (Reinelt, "TSPLIB 95", section
// 1.3): "KEY : VALUE" header lines (NAME, TYPE, COMMENT, DIMENSION,
// EDGE_DATA_FORMAT), then EDGE_DATA_SECTION holding either an EDGE_LIST
// (pairs "u v", ended by -1) or an ADJ_LIST (for each vertex "v w1 w2 ...
// -1", the whole list ended by a second -1), then EOF. Vertices are
// numbered 1..DIMENSION. The section keywords EDGE_LIST_SECTION and
// ADJ_LIST_SECTION are accepted as well and set the data format. Numbers may
// be spread over lines in any way.
func readTSPLIB(r io.Reader, lim Limits) (*Named, error) {
	t := &tsplib{lim: lim, n: -1}
	if err := lines(r, lim, t.line); err != nil {
		return nil, err
	}
	return t.finish()
}

// tsplib is readTSPLIB's state: the header read so far, the graph built
// once the data section starts, and the fixed edges after it.
type tsplib struct {
	lim     Limits
	b       *builder
	n       int // DIMENSION, -1 until given
	name    string
	typ     string
	format  string // EDGE_LIST or ADJ_LIST, "" until known
	inData  bool
	done    bool
	pending []int32 // EDGE_LIST: a half pair; ADJ_LIST: the head vertex
	headSet bool
	inFixed bool // in FIXED_EDGES_SECTION, after the data
	fixed   [][2]int32
	half    []int32 // a fixed edge's first vertex
}

// line takes line no, split into fields f: a fixed edge line, a data
// line or a header line.
func (t *tsplib) line(no int, f []string) error {
	if t.done && len(f) > 0 && (f[0] == "FIXED_EDGES_SECTION" || f[0] == "FIXED_EDGES" || strings.HasPrefix(f[0], "FIXED_EDGES:")) {
		t.inFixed = true
		return nil
	}
	if t.inFixed && len(f) > 0 && f[0] != "EOF" {
		return t.fixedEdges(no, f)
	}
	if len(f) == 0 || t.done {
		if t.done && len(f) > 0 && f[0] != "EOF" && f[0] != "-1" {
			return fmt.Errorf("%w: TSPLIB line %d: %s after the end of the data section; end the file with EOF", ErrFormat, no, quote(f[0]))
		}
		return nil
	}
	if t.inData {
		if f[0] == "EOF" {
			t.done = true
			return nil
		}
		for _, tok := range f {
			if t.done {
				if tok == "EOF" {
					return nil
				}
				return fmt.Errorf("%w: TSPLIB line %d: %s after the end of the data section; end the file with EOF", ErrFormat, no, quote(tok))
			}
			if err := t.data(no, tok); err != nil {
				return err
			}
		}
		return nil
	}
	return t.header(no, f)
}

// fixedEdges reads the vertex pairs of a FIXED_EDGES_SECTION line, up to
// the -1 that ends the section.
func (t *tsplib) fixedEdges(no int, f []string) error {
	for _, tok := range f {
		if tok == "-1" {
			t.inFixed = false
			return nil
		}
		v, ok := number(tok, t.n)
		if !ok {
			return fmt.Errorf("%w: TSPLIB line %d: fixed edge vertex %s out of range 1 to %d", ErrFormat, no, quote(tok), t.n)
		}
		if t.half = append(t.half, v); len(t.half) == 2 {
			t.fixed = append(t.fixed, [2]int32{t.half[0], t.half[1]})
			t.half = t.half[:0]
		}
	}
	return nil
}

// header reads a header line: EOF, a data section's keyword (which starts
// the graph), or "KEY : VALUE".
func (t *tsplib) header(no int, f []string) error {
	line := strings.Join(f, " ")
	switch f[0] {
	case "EOF":
		t.done = true
		return nil
	case "EDGE_DATA_SECTION", "EDGE_LIST_SECTION", "ADJ_LIST_SECTION":
		if f[0] != "EDGE_DATA_SECTION" {
			t.format = strings.TrimSuffix(f[0], "_SECTION")
		}
		if t.typ != "" && t.typ != "HCP" {
			return fmt.Errorf("%w: TSPLIB TYPE is %s; boardgraph reads TYPE : HCP (undirected Hamiltonian cycle problems)", ErrFormat, t.typ)
		}
		if t.n < 1 {
			return fmt.Errorf("%w: TSPLIB line %d: the data section comes before DIMENSION; add 'DIMENSION : N' to the header", ErrFormat, no)
		}
		if t.format == "" {
			t.format = "EDGE_LIST"
		}
		b, err := numbered(t.lim, t.n)
		if err != nil {
			return err
		}
		t.b, t.inData = b, true
		for _, tok := range f[1:] { // numbers on the keyword's line
			if err := t.data(no, tok); err != nil {
				return err
			}
		}
		return nil
	}
	key, val, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("%w: TSPLIB line %d: %s is neither 'KEY : VALUE' nor a section keyword; see TSPLIB 95, section 1.1", ErrFormat, no, quote(line))
	}
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	switch key {
	case "NAME":
		t.name = val
	case "TYPE":
		t.typ = val
		if t.typ != "HCP" {
			return fmt.Errorf("%w: TSPLIB TYPE is %s; boardgraph reads TYPE : HCP (undirected Hamiltonian cycle problems)", ErrFormat, quote(t.typ))
		}
	case "DIMENSION":
		x, err := strconv.Atoi(val)
		if err != nil || x < 1 {
			return fmt.Errorf("%w: TSPLIB line %d: DIMENSION %s is not a positive number", ErrFormat, no, quote(val))
		}
		t.n = x
	case "EDGE_DATA_FORMAT":
		if val != "EDGE_LIST" && val != "ADJ_LIST" {
			return fmt.Errorf("%w: TSPLIB EDGE_DATA_FORMAT %s; use EDGE_LIST or ADJ_LIST", ErrFormat, quote(val))
		}
		t.format = val
	}
	return nil
}

// data takes one number tok of the data section (line no): a vertex of
// the edge list or adjacency list, or a -1 that ends a list.
func (t *tsplib) data(no int, tok string) error {
	x, err := strconv.Atoi(tok)
	if err != nil {
		return fmt.Errorf("%w: TSPLIB line %d: %s is not a vertex number; the data section holds numbers 1 to %d and -1", ErrFormat, no, quote(tok), t.n)
	}
	if t.format == "ADJ_LIST" {
		switch {
		case x == -1 && !t.headSet:
			t.done = true // the closing -1 of the whole list
		case x == -1:
			t.headSet = false
		case !t.headSet:
			v, ok := number(tok, t.n)
			if !ok {
				return fmt.Errorf("%w: TSPLIB line %d: vertex %d out of range 1 to %d", ErrFormat, no, x, t.n)
			}
			t.pending, t.headSet = []int32{v}, true
		default:
			w, ok := number(tok, t.n)
			if !ok {
				return fmt.Errorf("%w: TSPLIB line %d: vertex %d out of range 1 to %d", ErrFormat, no, x, t.n)
			}
			return t.b.edge(t.pending[0], w)
		}
		return nil
	}
	if x == -1 {
		if len(t.pending) != 0 {
			return fmt.Errorf("%w: TSPLIB line %d: -1 after half an edge; the edge list holds pairs 'u v'", ErrFormat, no)
		}
		t.done = true
		return nil
	}
	v, ok := number(tok, t.n)
	if !ok {
		return fmt.Errorf("%w: TSPLIB line %d: vertex %d out of range 1 to %d", ErrFormat, no, x, t.n)
	}
	t.pending = append(t.pending, v)
	if len(t.pending) == 2 {
		u := t.pending[0]
		t.pending = t.pending[:0]
		return t.b.edge(u, v)
	}
	return nil
}

// finish checks what the whole file must hold (a data section, no half
// edge, fixed edges that are edges) and returns the graph.
func (t *tsplib) finish() (*Named, error) {
	if t.b == nil {
		return nil, fmt.Errorf("%w: TSPLIB file without EDGE_DATA_SECTION; add the section with the edges", ErrFormat)
	}
	if len(t.pending) != 0 && t.format == "EDGE_LIST" {
		return nil, fmt.Errorf("%w: TSPLIB edge list ends with half an edge; the list holds pairs 'u v'", ErrFormat)
	}
	g, err := t.b.named(TSPLIB, t.name)
	if err != nil {
		return nil, err
	}
	for _, e := range t.fixed {
		if !g.G.HasEdge(e[0], e[1]) {
			return nil, fmt.Errorf("%w: TSPLIB fixed edge %d-%d is not an edge of the graph", ErrFormat, e[0]+1, e[1]+1)
		}
	}
	g.Fixed = t.fixed
	return g, nil
}
