package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/base/jsonwords"
)

// Format names the version of the shard result file.
const Format = "boardgraph-count-shard/1"

// Methods a shard is counted with.
const (
	MethodDFS = "dfs" // hamilton.CountShard: work units are search prefixes
	MethodDP  = "dp"  // count.Count with Options.Shard: one unit per shard
)

// ErrResult marks a shard result file that is damaged, foreign or
// inconsistent, and a set of files that does not merge.
var ErrResult = errors.New("bad shard result")

// MaxResultBytes bounds the result files read.
const MaxResultBytes = 1 << 20

// Result is the JSON file `count --shard I/N --out FILE` writes and
// `count merge` reads. Everything but ElapsedMS and Count names the count
// the shard belongs to; Checksum is the SHA-256 of the file's JSON with
// Checksum empty, so a damaged or edited file is refused.
type Result struct {
	Format string `json:"format"`
	// Problem describes the board, moves and constraints (the CLI's
	// problem object); shards merge only when it is the same.
	Problem    json.RawMessage `json:"problem"`
	Method     string          `json:"method"`
	Convention string          `json:"convention"`
	// Divisor turns the directed Count into undirected (count merge
	// --undirected): 2 when every solution's reverse is one, else 1.
	Divisor    uint64  `json:"undirected_divisor"`
	Shard      int     `json:"shard"`
	Of         int     `json:"of"`
	Units      int     `json:"units"`       // work units of the whole count (dp: one per shard)
	ShardUnits int     `json:"shard_units"` // of them in this shard
	MinUnits   int     `json:"min_units"`
	Depth      int     `json:"depth"` // dfs: prefix length; dp: the step after which the layer is split
	Plan       string  `json:"plan"`  // fingerprint of the division (hamilton.Units or count's plan)
	Version    string  `json:"version"`
	Count      string  `json:"count"` // directed, decimal (any size)
	ElapsedMS  float64 `json:"elapsed_ms"`
	Checksum   string  `json:"checksum"`
}

// Sum returns the checksum of r (its JSON with Checksum empty and Problem
// compacted).
func (r Result) Sum() string {
	r.Checksum = ""
	return jsonSum(r)
}

// Seal sets r's checksum.
func (r *Result) Seal() { r.Checksum = r.Sum() }

// jsonSum is the SHA-256, in hex, of v's JSON: the checksum of shard and
// residue files, taken with their Checksum field empty. A value that is
// not JSON (a Problem that is not) gets "", which no checksum matches.
func jsonSum(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// UnitsIn returns the number of units shard i of n holds out of units
// (units are dealt round-robin: unit u is in shard u mod n).
func UnitsIn(units, i, n int) int {
	if i >= units {
		return 0
	}
	return (units-i-1)/n + 1
}

// Value returns the count as a number (Check has verified it).
func (r *Result) Value() *big.Int {
	v, _ := new(big.Int).SetString(r.Count, 10)
	return v
}

// ReadResult reads and checks a shard result: at most MaxResultBytes of
// JSON, no unknown fields, a matching checksum, consistent numbers.
func ReadResult(rd io.Reader) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxResultBytes+1))
	if err != nil {
		return nil, err
	}
	var s Result
	if err := decodeStrict(data, &s, ErrResult, "shard result", "count --shard I/N --out FILE"); err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// openRegular opens the regular file at path for ReadFile and
// ReadResultFile; stdin says what to do instead when path is "-".
func openRegular(path, stdin string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is named once, below
		}
		fix := "check the file name"
		if path == "-" {
			fix = stdin
		}
		return nil, fmt.Errorf("cannot read %s: %v; %s", path, err, fix)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: %w: not a regular file", path, ErrResult)
	}
	return f, nil
}

// ReadResultFile reads the shard result file at path (a regular file).
func ReadResultFile(path string) (*Result, error) {
	f, err := openRegular(path, "shard results are read from files, not standard input: give the files 'count --shard I/N --out FILE' wrote")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := ReadResult(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

func (s *Result) check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrResult}, a...)...)
	}
	switch {
	case s.Format != Format:
		return bad("format %q, want %q: not a shard result file of this boardgraph", s.Format, Format)
	case s.Checksum != s.Sum():
		return bad("checksum mismatch: the file was damaged or edited; count the shard again")
	case s.Of < 1 || s.Shard < 0 || s.Shard >= s.Of:
		return bad("shard %d/%d out of range", s.Shard, s.Of)
	case s.Units < 0 || s.ShardUnits != UnitsIn(s.Units, s.Shard, s.Of):
		return bad("%d units in shard %d/%d of %d units does not add up", s.ShardUnits, s.Shard, s.Of, s.Units)
	case s.Divisor != 1 && s.Divisor != 2:
		return bad("undirected divisor %d is neither 1 nor 2", s.Divisor)
	case s.Method != MethodDFS && s.Method != MethodDP:
		return bad("method %q: shards are counted by the search (dfs) or the dynamic program (dp)", s.Method)
	case len(s.Count) == 0 || len(s.Count) > 200 || strings.TrimLeft(s.Count, "0123456789") != "" || (len(s.Count) > 1 && s.Count[0] == '0'):
		return bad("count %q is not a decimal number", s.Count)
	}
	return nil
}

// Merged is the sum of the shards of one count.
type Merged struct {
	Total     *big.Int // directed
	First     *Result  // the first file's result: problem, convention, units
	ElapsedMS float64  // summed over the shards
}

// Merge checks that results (read from files named by names, for the
// messages) are the shards 0..N-1 of one count, each once, and adds them
// up. It fails with ErrResult naming the files: a shard missing or given
// twice, or shards of different counts (problem, method, code version,
// number of shards, division into units, convention).
func Merge(results []*Result, names []string) (Merged, error) {
	if len(results) == 0 {
		return Merged{}, fmt.Errorf("%w: no shard files: give the files 'count --shard I/N --out FILE' wrote", ErrResult)
	}
	m := Merged{Total: new(big.Int), First: results[0]}
	byShard := map[int]string{}
	for i, s := range results {
		if what := sameCount(m.First, s); what != "" {
			return Merged{}, fmt.Errorf("%w: %s is from a different count than %s: %s; merge only the shards of one count", ErrResult, names[i], names[0], what)
		}
		if prev, dup := byShard[s.Shard]; dup {
			return Merged{}, fmt.Errorf("%w: %s and %s are both shard %d/%d; give each shard once", ErrResult, prev, names[i], s.Shard, s.Of)
		}
		byShard[s.Shard] = names[i]
		m.Total.Add(m.Total, s.Value())
		m.ElapsedMS += s.ElapsedMS
	}
	if of := m.First.Of; len(byShard) != of {
		var missing []string
		for i := 0; i < of && len(missing) < 10; i++ {
			if _, ok := byShard[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		more := ""
		if n := of - len(byShard); n > len(missing) {
			more = fmt.Sprintf(" and %d more", n-len(missing))
		}
		return Merged{}, fmt.Errorf("%w: %d of %d shards given; missing shard %s%s: count them with --shard I/%d --out FILE", ErrResult, len(byShard), of, strings.Join(missing, ", "), more, of)
	}
	return m, nil
}

// sameProblem returns "" when two files count one problem (pa, pb, as
// JSON) by one method (ma, mb), else what differs: the first checks of
// sameCount and sameResidueCount.
func sameProblem(pa, pb json.RawMessage, ma, mb string) string {
	var a, b bytes.Buffer
	json.Compact(&a, pa)
	json.Compact(&b, pb)
	switch {
	case !bytes.Equal(a.Bytes(), b.Bytes()):
		return fmt.Sprintf("the problem differs (%s vs %s)", a.String(), b.String())
	case ma != mb:
		return fmt.Sprintf("method %s vs %s", ma, mb)
	}
	return ""
}

// sameCount returns "" when a and b are shards of one count, else what
// differs.
func sameCount(a, b *Result) string {
	switch d := sameProblem(a.Problem, b.Problem, a.Method, b.Method); {
	case d != "":
		return d
	case a.Version != b.Version:
		return fmt.Sprintf("boardgraph version %s vs %s (the work units follow the code's pruning rules; count every shard with one version)", a.Version, b.Version)
	case a.Of != b.Of:
		return fmt.Sprintf("%d vs %d shards", a.Of, b.Of)
	case a.MinUnits != b.MinUnits || a.Units != b.Units || a.Depth != b.Depth || a.Plan != b.Plan:
		return fmt.Sprintf("work units %d (--units %d, plan %s) vs %d (--units %d, plan %s)", a.Units, a.MinUnits, a.Plan, b.Units, b.MinUnits, b.Plan)
	case a.Convention != b.Convention || a.Divisor != b.Divisor:
		return "the counting convention differs"
	}
	return ""
}

// ParseSpec reads a shard spec "I/N" (I from 0 to N-1); "" is 0/1, the
// whole count.
func ParseSpec(s string) (i, n int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("--shard %q: give I/N, for example 0/16 (shards are numbered 0 to N-1)", s)
	case n < 1 || n > 1<<24:
		return 0, 0, fmt.Errorf("--shard %q: N must be between 1 and %d", s, 1<<24)
	case i == n:
		return 0, 0, fmt.Errorf("--shard %q: shards are numbered from 0, so the last of %d is %d/%d", s, n, n-1, n)
	case i < 0 || i > n:
		return 0, 0, fmt.Errorf("--shard %q: I must be between 0 and N-1", s)
	}
	return i, n, nil
}

// Key names the count a checkpoint belongs to: a hash of the parts given
// (problem, method, code version, division, shard...), one word.
func Key(parts ...any) string {
	b, _ := json.Marshal(parts)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
}

// FallbackVersion is format.FallbackVersion: the code version recorded
// when the binary carries no version (go run, go test).
const FallbackVersion = format.FallbackVersion

// CodeVersion is format.CodeVersion, the one function that names the
// program's version (JSON results, shard files, --version).
func CodeVersion(linked string) string { return format.CodeVersion(linked) }

// decodeStrict decodes data, at most MaxResultBytes of one JSON value
// with no unknown fields, into v. Its errors wrap kind, call the file
// "not a <what> file" and name the command (wrote) whose --out files it
// takes.
func decodeStrict(data []byte, v any, kind error, what, wrote string) error {
	if len(data) > MaxResultBytes {
		return fmt.Errorf("%w: longer than %d bytes: not a %s file", kind, MaxResultBytes, what)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: not a %s file, or a damaged one (%s); give the files '%s' wrote, or run it again for this one", kind, what, jsonwords.Problem(err, data), wrote)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: extra data after the %s", kind, what)
	}
	return nil
}
