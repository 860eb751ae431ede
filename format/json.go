package format

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
)

// Version is the program version, the one string every output names: the
// "version" of every JSON result, the code version of shard result files
// and checkpoints, and boardgraph --version. It is CodeVersion(""); the
// boardgraph command sets it to CodeVersion of the version linked into it
// (go build -ldflags "-X main.buildVersion=...").
var Version = CodeVersion("")

// FallbackVersion is the version of a binary that carries no module
// version or VCS revision (go test, go run).
const FallbackVersion = "devel"

// CodeVersion names the code: linked (a version set at link time) if not
// empty, else the main module's version from the build information
// ("v1.2.3" for go install ...@v1.2.3; a pseudo-version naming the VCS
// revision, "+dirty" with uncommitted changes, for a build in a work
// tree), else the VCS revision ("-dirty"), else FallbackVersion. Shards of
// one count must come from one version: the work units follow the
// search's pruning rules.
func CodeVersion(linked string) string {
	if linked != "" {
		return linked
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return FallbackVersion
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" && dirty {
		rev += "-dirty"
	}
	return cmp.Or(rev, FallbackVersion)
}

// Problem is the "problem" object of every leaper result: what was asked.
type Problem struct {
	Command string   `json:"command"`
	Board   string   `json:"board"`   // rows x columns, "5x5"
	Open    int      `json:"open"`    // open cells
	Moves   string   `json:"moves"`   // preset name or spec, "hopido"
	Leapers string   `json:"leapers"` // canonical leaper spec, "3,0+2,2"
	Closed  bool     `json:"closed"`
	Start   *Cell    `json:"start"` // [row, col] or null
	End     *Cell    `json:"end"`
	Map     []string `json:"map,omitempty"` // the board map when it has blocked cells or givens
}

// PuzzleProblem is the "problem" object of every numberlink result: what
// was asked, about which puzzle. Kind is always "numberlink" (readers tell
// numberlink JSON from leaper JSON by it); Size is width x height, the
// order of Tatham's game IDs and puzz.link URLs, as SizeConvention says
// (the puzzle object's "rows" and "cols" give the same grid).
type PuzzleProblem struct {
	Command        string `json:"command"` // "numberlink solve"
	Kind           string `json:"kind"`    // "numberlink"
	Grid           string `json:"grid,omitempty"`
	Size           string `json:"size,omitempty"` // width x height, "7x5"
	SizeConvention string `json:"size_convention,omitempty"`
	K              int    `json:"k,omitempty"`
	NoLoops        bool   `json:"no_loops,omitempty"`
	Disconnected   bool   `json:"allow_disconnected,omitempty"`
	// Source names the input: a file name, "stdin", a game ID or URL, or
	// how a generated puzzle was made.
	Source string `json:"source,omitempty"`
}

// GraphProblem is the "problem" object of the results of solve, count,
// enumerate and verify on a graph file (--graph): the file, its size and
// the fixed ends by vertex name. Kind is always "graph": a graph solution
// is checked against its graph (verify --graph FILE), which the JSON does
// not hold.
type GraphProblem struct {
	Command  string  `json:"command"`
	Kind     string  `json:"kind"`  // "graph"
	Graph    string  `json:"graph"` // the file, "-" for stdin
	Vertices int     `json:"vertices"`
	Edges    int     `json:"edges"`
	Closed   bool    `json:"closed"`
	Start    *string `json:"start"` // vertex name, or null: free
	End      *string `json:"end"`
}

// KindGraph is GraphProblem.Kind.
const KindGraph = "graph"

// KindNumberlink is PuzzleProblem.Kind.
const KindNumberlink = "numberlink"

// SizeWidthHeight is PuzzleProblem.SizeConvention.
const SizeWidthHeight = "width x height (columns x rows)"

// NewPuzzleProblem returns the problem object of a command on a puzzle of
// rows x cols (grid "square" or "hex") with bridge limit k.
func NewPuzzleProblem(command, grid string, rows, cols, k int, source string) PuzzleProblem {
	return PuzzleProblem{Command: command, Kind: KindNumberlink, Grid: grid, Size: fmt.Sprintf("%dx%d", cols, rows),
		SizeConvention: SizeWidthHeight, K: k, Source: source}
}

// Stats is the "stats" object of search results. Counters are decimal
// strings: they may exceed 2^53, where JSON numbers lose precision.
type Stats struct {
	Nodes      string  `json:"nodes"`
	Backtracks string  `json:"backtracks"`
	Prunes     string  `json:"prunes"`
	MemoHits   string  `json:"memo_hits"`
	Restarts   string  `json:"restarts"`
	Workers    int     `json:"workers"`
	ElapsedMS  float64 `json:"elapsed_ms"`
}

// NewStats fills Stats from plain counters.
func NewStats(nodes, backtracks, prunes, memoHits, restarts uint64, workers int, elapsed time.Duration) *Stats {
	u := func(x uint64) string { return strconv.FormatUint(x, 10) }
	return &Stats{u(nodes), u(backtracks), u(prunes), u(memoHits), u(restarts), workers, float64(elapsed) / float64(time.Millisecond)}
}

// Solution is one leaper solution: the path and its numbered grid (0 for
// blocked cells).
type Solution struct {
	Path []Cell  `json:"path"`
	Grid [][]int `json:"grid"`
}

// NewSolution returns the Solution of path on a grid from NumberGrid.
func NewSolution(g [][]int, path []Cell) Solution {
	s := Solution{Path: path, Grid: make([][]int, len(g))}
	if s.Path == nil {
		s.Path = []Cell{}
	}
	for r, row := range g {
		s.Grid[r] = make([]int, len(row))
		for c, x := range row {
			s.Grid[r][c] = max(x, 0)
		}
	}
	return s
}

// Result is the JSON result of solve and of each solution of enumerate.
type Result struct {
	Problem  Problem  `json:"problem"`
	Solution Solution `json:"solution"`
	Verified bool     `json:"verified"`
	Index    uint64   `json:"index,omitempty"` // enumerate: 1-based number of the solution
	Method   string   `json:"method,omitempty"`
	Stats    *Stats   `json:"stats,omitempty"`
}

// Error is the JSON object a command prints on stdout instead of a result
// when it fails under --format json.
type Error struct {
	Error    string `json:"error"`
	ExitCode int    `json:"exit_code"`
}

// WriteJSON writes v as one line of JSON, with HTML characters left as
// they are. When v encodes as an object without a "version" key, the
// program's Version is added as its first key, so every result names the
// version that wrote it.
func WriteJSON(w io.Writer, v any) error { return WriteResult(w, nil, v) }

// WriteResult is WriteJSON with a "problem" object: when v encodes as an
// object without a "problem" key and problem is not nil, problem is added
// after "version".
func WriteResult(w io.Writer, problem, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	out, err := Stamp(buf.Bytes(), problem)
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// Stamp returns obj, a JSON object, with the envelope every result has:
// "version" (unless obj has one) and, when problem is not nil, "problem"
// (unless obj has one) as its first keys. An object laid out on lines
// ("{" then a newline) gets one line per key; anything that is not a JSON
// object is returned as it is.
func Stamp(obj []byte, problem any) ([]byte, error) {
	if len(obj) < 2 || obj[0] != '{' {
		return obj, nil
	}
	colon := ":"
	if obj[1] == '\n' {
		colon = ": "
	}
	var keys []string
	if !hasKey(obj, "version") {
		keys = append(keys, `"version"`+colon+strconv.Quote(Version))
	}
	if problem != nil && !hasKey(obj, "problem") {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(problem); err != nil {
			return nil, fmt.Errorf("encoding JSON: %w", err)
		}
		keys = append(keys, `"problem"`+colon+strings.TrimSpace(b.String()))
	}
	if len(keys) == 0 {
		return obj, nil
	}
	rest := bytes.TrimLeft(obj[1:], " \t\r\n")
	sep, head := ",", "{"+strings.Join(keys, ",")
	if obj[1] == '\n' { // laid out on lines
		sep, head = ",\n  ", "{\n  "+strings.Join(keys, ",\n  ")
	}
	if len(rest) > 0 && rest[0] == '}' {
		sep = ""
		if obj[1] == '\n' {
			sep = "\n"
		}
	}
	out := append([]byte(head+sep), rest...)
	return out, nil
}

// hasKey reports whether the JSON object obj has the top-level key.
func hasKey(obj []byte, key string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}

// ErrSolution reports JSON that is not a solution document.
var ErrSolution = errors.New("not a solution in JSON")

// ReadSolution reads the JSON of solve --format json (or one line of
// enumerate --format json): the problem and the path. Cells may be
// [row, col] arrays or "row,col" strings (older versions). It reads at most
// the first JSON value of data.
func ReadSolution(data []byte) (Problem, []Cell, error) {
	var sol *struct {
		Path []json.RawMessage `json:"path"`
	}
	var doc map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return Problem{}, nil, fmt.Errorf("%w: %s", ErrSolution, jsonwords.Problem(err, data))
	}
	if _, err := dec.Token(); err != io.EOF {
		// enumerate --format json writes one object per solution: reading
		// the first alone would pass or fail the file on one of them.
		return Problem{}, nil, fmt.Errorf("%w: more follows the first JSON object (enumerate --format json writes one per solution): give one solution per file", ErrSolution)
	}
	var kind struct {
		Command string `json:"command"`
		Kind    string `json:"kind"`
		Graph   string `json:"graph"`
	}
	if json.Unmarshal(doc["problem"], &kind) == nil {
		switch kind.Kind {
		case KindNumberlink:
			return Problem{}, nil, fmt.Errorf("%w: this is the JSON of boardgraph %s, a k-grid puzzle (Hashiwokakero), not a leaper path; check it with boardgraph numberlink check", ErrSolution, clip(kind.Command))
		case KindGraph:
			g := kind.Graph
			if len(g) > 200 {
				g = "GRAPHFILE"
			}
			return Problem{}, nil, fmt.Errorf("%w: this is the JSON of boardgraph %s --graph %s, a path of vertex names; it is checked against its graph, which the JSON does not hold: run boardgraph verify --graph %s with this file", ErrSolution, clip(kind.Command), g, g)
		}
	}
	if doc["solution"] == nil || doc["problem"] == nil {
		return Problem{}, nil, fmt.Errorf("%w: no \"problem\" and \"solution\" objects", ErrSolution)
	}
	if err := json.Unmarshal(doc["solution"], &sol); err != nil {
		return Problem{}, nil, fmt.Errorf("%w: \"solution\": %s", ErrSolution, jsonwords.Problem(err, doc["solution"]))
	}
	if sol == nil {
		return Problem{}, nil, fmt.Errorf("%w: \"solution\" is null: give {\"path\": [[row, col], ...]} as solve --format json writes it", ErrSolution)
	}
	var p struct {
		Problem
		Start json.RawMessage `json:"start"`
		End   json.RawMessage `json:"end"`
	}
	if err := json.Unmarshal(doc["problem"], &p); err != nil {
		return Problem{}, nil, fmt.Errorf("%w: \"problem\": %s", ErrSolution, jsonwords.Problem(err, doc["problem"]))
	}
	prob := p.Problem
	var err error
	if prob.Start, err = optCell(p.Start); err != nil {
		return Problem{}, nil, fmt.Errorf("%w: \"start\": %w", ErrSolution, err)
	}
	if prob.End, err = optCell(p.End); err != nil {
		return Problem{}, nil, fmt.Errorf("%w: \"end\": %w", ErrSolution, err)
	}
	path := make([]Cell, len(sol.Path))
	for i, raw := range sol.Path {
		if path[i], err = ParseCell(raw); err != nil {
			return Problem{}, nil, fmt.Errorf("%w: step %d: %w", ErrSolution, i+1, err)
		}
	}
	return prob, path, nil
}

func optCell(raw json.RawMessage) (*Cell, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	c, err := ParseCell(raw)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// ParseCell reads a cell written as a JSON [row, col] array or a
// "row,col" string; both are 1-based.
func ParseCell(raw json.RawMessage) (Cell, error) {
	var a []int
	if json.Unmarshal(raw, &a) == nil {
		if len(a) != 2 {
			return Cell{}, fmt.Errorf("cell %s: want [row, col]", raw)
		}
		return Cell{a[0], a[1]}, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		r, c, ok := strings.Cut(strings.TrimSpace(s), ",")
		ri, err1 := strconv.Atoi(strings.TrimSpace(r))
		ci, err2 := strconv.Atoi(strings.TrimSpace(c))
		if ok && err1 == nil && err2 == nil {
			return Cell{ri, ci}, nil
		}
	}
	return Cell{}, fmt.Errorf("cell %s: want [row, col]", clip(string(raw)))
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
