package graphio

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/graph"
)

// Format names a graph file format.
type Format string

// The formats Read understands and the writers produce.
const (
	EdgeList Format = "edgelist" // one edge "u v" per line (also "u,v"); a lone name is a vertex
	DIMACS   Format = "dimacs"   // "p edge N M" then "e U V" lines, vertices 1..N
	TSPLIB   Format = "hcp"      // TSPLIB "TYPE : HCP", EDGE_DATA_SECTION as EDGE_LIST or ADJ_LIST
	GraphML  Format = "graphml"  // GraphML XML, undirected
	NodeLink Format = "json"     // node-link JSON (NetworkX node_link_data, D3)
)

// Errors. Every error Read returns wraps one of these and reads as one line
// that names the problem and how to fix it.
var (
	// ErrFormat means the input is not a well-formed graph file.
	ErrFormat = errors.New("unreadable graph")
	// ErrTooLarge means the input exceeds a size cap (Limits).
	ErrTooLarge = errors.New("graph too large")
)

// Limits bound what Read accepts. The zero value means the defaults.
type Limits struct {
	MaxBytes    int64 // input size (default 1 GiB)
	MaxVertices int   // default 1<<24
	MaxEdges    int   // distinct undirected edges (default 1<<27)
	MaxLine     int   // longest line of a text format (default 16 MiB)
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = 1 << 30
	}
	if l.MaxVertices <= 0 {
		l.MaxVertices = 1 << 24
	}
	if l.MaxEdges <= 0 {
		l.MaxEdges = 1 << 27
	}
	if l.MaxLine <= 0 {
		l.MaxLine = 16 << 20
	}
	return l
}

// Named is a graph read from a file: vertex v is called VertexName(v) in
// the file (the DIMACS and TSPLIB vertex numbers, the GraphML and JSON
// node ids, the edge list's words), in order of first appearance. The
// names are stored compactly (nothing for numbered vertices).
type Named struct {
	G      *graph.Graph
	Format Format
	// Name is the graph's own name where the file gives one (TSPLIB NAME,
	// GraphML graph id), else "".
	Name string
	// Loops and Duplicates count the self-loops dropped and the repeated
	// edges merged (a Hamiltonian path uses neither).
	Loops, Duplicates int
	// Fixed lists the edges a TSPLIB file requires in every tour
	// (FIXED_EDGES_SECTION), as vertex pairs; nil for other formats.
	Fixed [][2]int32
	names vertexNames
}

// VertexName returns the file's name of vertex v.
func (n *Named) VertexName(v int32) string { return n.names.name(v) }

// Index returns the vertex called name, or -1. The cost is O(len(name))
// expected.
func (n *Named) Index(name string) int32 { return n.names.index([]byte(name)) }

// builder collects vertices by name and edges, enforcing the limits. It
// holds 8 bytes per edge read (a pair of int32, merged duplicates removed
// whenever the list has doubled since the last merge) and the names in a
// vertexNames: no per-edge strings or maps (issue 24: the map of seen
// edges and a string per line took 350 bytes an edge).
type builder struct {
	lim   Limits
	names vertexNames
	edges [][2]int32
	// merged is the length of edges after the last merge of duplicates.
	merged int
	loops  int
	dups   int
}

func newBuilder(lim Limits) *builder {
	return &builder{lim: lim}
}

func (b *builder) vertex(name string) (int32, error) {
	return b.vertexBytes([]byte(name))
}

// vertexBytes is vertex for a name in a reader's buffer: a known name
// costs no allocation.
func (b *builder) vertexBytes(name []byte) (int32, error) {
	if v := b.names.index(name); v >= 0 {
		return v, nil
	}
	if b.names.n >= b.lim.MaxVertices {
		return 0, fmt.Errorf("%w: more than %d vertices: give a smaller graph", ErrTooLarge, b.lim.MaxVertices)
	}
	return b.names.add(name)
}

func (b *builder) edge(u, v int32) error {
	if u == v {
		b.loops++
		return nil
	}
	if u > v {
		u, v = v, u
	}
	b.edges = append(b.edges, [2]int32{u, v})
	if len(b.edges) >= 2*max(b.merged, 1<<16) {
		return b.merge()
	}
	return nil
}

// merge sorts the edges and removes repeated ones, counting them, and
// enforces Limits.MaxEdges on the distinct edges. The cost is
// O(E log E); merging each time the list doubles keeps the total the same.
func (b *builder) merge() error {
	slices.SortFunc(b.edges, func(x, y [2]int32) int {
		if c := cmp.Compare(x[0], y[0]); c != 0 {
			return c
		}
		return cmp.Compare(x[1], y[1])
	})
	n := len(b.edges)
	b.edges = slices.Compact(b.edges)
	b.dups += n - len(b.edges)
	b.merged = len(b.edges)
	if len(b.edges) > b.lim.MaxEdges {
		return fmt.Errorf("%w: more than %d edges: give a smaller graph", ErrTooLarge, b.lim.MaxEdges)
	}
	return nil
}

func (b *builder) named(f Format, name string) (*Named, error) {
	if b.names.n == 0 {
		return nil, fmt.Errorf("%w: the %s file has no vertices; give at least one vertex or edge", ErrFormat, f)
	}
	if err := b.merge(); err != nil {
		return nil, err
	}
	g, err := graph.FromEdges(b.names.n, b.edges)
	b.edges = nil
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	return &Named{G: g, names: b.names, Format: f, Name: name, Loops: b.loops, Duplicates: b.dups}, nil
}

// limited counts bytes and fails once the cap is passed, so that a reader
// can tell a truncated read from a file that is too large.
type limited struct {
	r    io.Reader
	left int64
	max  int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more than allowed means the file is too large.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, fmt.Errorf("%w: the input is larger than %d bytes: give a smaller graph", ErrTooLarge, l.max)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// Read reads an undirected graph in any of the formats, detected by
// content (Detect), within the limits. Vertex names are kept (Named).
// Self-loops are dropped and repeated edges merged, and counted.
//
// The cost is O(input size) plus O(E log E) to build the graph.
func Read(r io.Reader, lim Limits) (*Named, error) {
	return ReadFormat(r, "", lim)
}

// ReadFormat is Read with the format given ("" detects it).
func ReadFormat(r io.Reader, f Format, lim Limits) (*Named, error) {
	lim = lim.withDefaults()
	br := bufio.NewReaderSize(&limited{r: r, left: lim.MaxBytes, max: lim.MaxBytes}, 64<<10)
	var head []byte
	if f == "" || f == EdgeList {
		var err error
		head, err = br.Peek(64 << 10)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return nil, err
		}
	}
	if f == "" {
		f = Detect(head)
	}
	switch f {
	case EdgeList:
		if err := notEdgeList(head); err != nil {
			return nil, err
		}
		return readEdgeList(br, lim)
	case DIMACS:
		return readDIMACS(br, lim)
	case TSPLIB:
		return readTSPLIB(br, lim)
	case GraphML:
		return readGraphML(br, lim)
	case NodeLink:
		return readNodeLink(br, lim)
	}
	return nil, fmt.Errorf("%w: unknown format %q; use edgelist, dimacs, hcp, graphml or json", ErrFormat, f)
}

// notEdgeList refuses input that the lenient edge-list reader would
// otherwise take word by word: binary data (a NUL byte in the first 64
// KiB; a binary path file of boardgraph solve is named) and a Graphviz
// DOT file (a first line "graph ... {", "digraph", "strict ..."). Both
// used to be counted as graphs of their tokens ("digraph { a -> b }" as
// 2 vertices and 1 edge).
func notEdgeList(head []byte) error {
	const formats = "give an edge list, DIMACS, TSPLIB HCP, GraphML or node-link JSON"
	switch {
	case bytes.HasPrefix(head, []byte("\x89BGP")):
		return fmt.Errorf("%w: this is a binary path file (.bgp) of boardgraph solve, not a graph; %s", ErrFormat, formats)
	case bytes.IndexByte(head, 0) >= 0:
		return fmt.Errorf("%w: binary data, not a graph; %s", ErrFormat, formats)
	}
	for _, line := range bytes.Split(head, []byte("\n")) {
		f := strings.Fields(string(line))
		if len(f) == 0 || strings.HasPrefix(f[0], "#") || strings.HasPrefix(f[0], "%") || strings.HasPrefix(f[0], "//") {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "graph", "digraph", "strict":
			if bytes.Contains(head, []byte("{")) {
				return fmt.Errorf("%w: this is a Graphviz DOT file, which boardgraph writes (export --to dot) but does not read; %s", ErrFormat, formats)
			}
		}
		return nil
	}
	return nil
}

// ParseFormat turns a format name as a person types it into a Format.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "edgelist", "edges", "txt":
		return EdgeList, nil
	case "dimacs", "col":
		return DIMACS, nil
	case "hcp", "tsplib":
		return TSPLIB, nil
	case "graphml":
		return GraphML, nil
	case "json", "node-link", "nodelink":
		return NodeLink, nil
	}
	return "", fmt.Errorf("%w: unknown graph format %q; use edgelist, dimacs, hcp, graphml or json", ErrFormat, s)
}

// Detect names the format of a file from its first bytes: '<' starts
// GraphML, '{' node-link JSON; a "p edge" (or "p col") line means DIMACS; a
// TSPLIB keyword line ("TYPE :", "DIMENSION :", "EDGE_DATA_SECTION") means
// TSPLIB; anything else is read as an edge list.
func Detect(head []byte) Format {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	t := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case bytes.HasPrefix(t, []byte("<")):
		return GraphML
	case bytes.HasPrefix(t, []byte("{")):
		return NodeLink
	}
	// DIMACS without its problem line still looks like DIMACS: every line
	// a "c" comment or an "e" edge (the reader then names what is missing).
	dimacsLike, edges := true, 0
	for _, line := range bytes.Split(head, []byte("\n")) {
		f := strings.Fields(string(line))
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "e" && len(f) == 3:
			edges++
		case f[0] != "c":
			dimacsLike = false
		}
		switch {
		case f[0] == "p" && len(f) > 1 && (f[1] == "edge" || f[1] == "col"):
			return DIMACS
		case f[0] == "EDGE_DATA_SECTION" || f[0] == "EDGE_LIST_SECTION" || f[0] == "ADJ_LIST_SECTION":
			return TSPLIB
		}
		key, _, ok := strings.Cut(string(line), ":")
		if ok {
			switch strings.TrimSpace(key) {
			case "TYPE", "DIMENSION", "NAME", "EDGE_DATA_FORMAT":
				return TSPLIB
			}
		}
	}
	if dimacsLike && edges > 0 {
		return DIMACS
	}
	return EdgeList
}

// lines calls fn with each line's fields and its 1-based number.
func lines(r io.Reader, lim Limits, fn func(no int, fields []string) error) error {
	return lineBytes(r, lim, func(no int, line []byte) error {
		return fn(no, strings.Fields(string(line)))
	})
}

// lineBytes calls fn with each line and its 1-based number; the line is
// the scanner's buffer, valid only during the call (no copy per line).
func lineBytes(r io.Reader, lim Limits, fn func(no int, line []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, min(64<<10, lim.MaxLine)), lim.MaxLine)
	no := 0
	for sc.Scan() {
		no++
		if err := fn(no, sc.Bytes()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%w: line %d is longer than %d bytes: split the line", ErrTooLarge, no+1, lim.MaxLine)
		}
		return err
	}
	return nil
}

// quote shortens and quotes a token for an error message.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}
