package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// ManifestFormat names the version of the results manifest.
const ManifestFormat = "boardgraph-count-manifest/1"

// ErrManifest marks a results manifest that is damaged, foreign or
// inconsistent, and manifests (or residue files) that disagree.
var ErrManifest = errors.New("manifests do not agree")

// Limits of a manifest: its count's digits (a count below 2^(63*4096)
// has fewer) and its vertex order and layers (one a vertex).
const (
	maxManifestDigits = 80_000
	maxManifestSteps  = 1 << 16
)

// ManifestResidue is the count of a manifest modulo one prime of the
// sequence (count.Prime): PrimeIndex is its place, Prime and Residue are
// decimal.
type ManifestResidue struct {
	PrimeIndex int    `json:"prime_index"`
	Prime      string `json:"prime"`
	Residue    string `json:"residue"`
}

// Manifest is the JSON file `count --manifest FILE` writes after a
// finished count by the frontier dynamic program: what was run (Command,
// Version), what was counted (Problem, Convention) and how (the vertex
// Order and the states of every layer it made), the directed Count with
// its residues modulo the primes that the proven bound (Bound, BoundBits)
// asks for, and a Checksum, the SHA-256 of the file's JSON with Checksum
// empty. `count merge` rechecks manifests (Check) and compares them with
// each other and with residue files of the same problem
// (MergeManifests): two runs over different orders, or a run and the
// residues of other primes, are independent checks of one count.
type Manifest struct {
	Format     string          `json:"format"`
	Command    []string        `json:"command"`
	Version    string          `json:"version"`
	Problem    json.RawMessage `json:"problem"`
	Method     string          `json:"method"`
	Convention string          `json:"convention"`
	// Divisor turns the directed count into undirected (as in Result).
	Divisor uint64 `json:"undirected_divisor"`
	// Count is the directed count, in decimal.
	Count string `json:"count"`
	// OrderSeed is the seed the order was annealed with, and Order the
	// cells ("row,col", from 1) in the order the dynamic program took
	// them.
	OrderSeed uint64   `json:"order_seed"`
	Order     []string `json:"order"`
	// Residues are Count modulo primes 0 to PrimesNeeded-1 of the
	// sequence: what `count --prime-index I` gives for each I.
	Residues     []ManifestResidue `json:"residues"`
	BoundBits    int               `json:"bound_bits"`
	Bound        string            `json:"bound"`
	PrimesNeeded int               `json:"primes_needed"`
	// Layers are the states of every layer in step order (count.Stats
	// Layers) and LayersSum their SHA-256 (LayersSum): the same order
	// gives the same layers on any machine.
	Layers     []int   `json:"layers"`
	LayersSum  string  `json:"layers_sha256"`
	PeakStates int     `json:"peak_states"`
	ElapsedMS  float64 `json:"elapsed_ms"`
	PeakRSS    int64   `json:"peak_rss_bytes,omitempty"`
	Checksum   string  `json:"checksum"`
}

// LayersSum returns the SHA-256, in hex, of layer sizes written as
// decimals joined by commas.
func LayersSum(layers []int) string {
	var b strings.Builder
	for i, n := range layers {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	h := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(h[:])
}

// Sum returns the checksum of m (its JSON with Checksum empty).
func (m Manifest) Sum() string {
	m.Checksum = ""
	return jsonSum(m)
}

// Seal sets m's layer checksum and its checksum.
func (m *Manifest) Seal() {
	m.LayersSum = LayersSum(m.Layers)
	m.Checksum = m.Sum()
}

// Value returns the directed count (Check has verified it).
func (m *Manifest) Value() *big.Int {
	v, _ := new(big.Int).SetString(m.Count, 10)
	return v
}

// ParseManifest reads and checks a manifest (Check with primeAt, the
// sequence of count.Prime): at most MaxResultBytes of JSON, no unknown
// fields.
func ParseManifest(data []byte, primeAt func(int) uint64) (*Manifest, error) {
	var m Manifest
	if err := decodeStrict(data, &m, ErrManifest, "results manifest", "count --method dp --manifest FILE"); err != nil {
		return nil, err
	}
	if err := m.Check(primeAt); err != nil {
		return nil, err
	}
	return &m, nil
}

// Check verifies m on its own: its format and checksum, a count below
// its bound, PrimesNeeded primes of the sequence primeAt whose product
// passes the bound, a residue of the count for each of them, and the
// layers' checksum. It fails with ErrManifest in one line saying what is
// wrong. Its cost is O(k d) word operations for k primes and a count of
// d words.
func (m *Manifest) Check(primeAt func(int) uint64) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrManifest}, a...)...)
	}
	switch {
	case m.Format != ManifestFormat:
		return bad("format %q, want %q: not a results manifest of this boardgraph", m.Format, ManifestFormat)
	case m.Checksum != m.Sum():
		return bad("checksum mismatch: the manifest was damaged or edited; count again to write it anew")
	case m.Method != MethodDP:
		return bad("method %q: manifests record counts of the dynamic program (dp)", m.Method)
	case m.Divisor != 1 && m.Divisor != 2:
		return bad("undirected divisor %d is neither 1 nor 2", m.Divisor)
	case len(m.Count) > maxManifestDigits || len(m.Count) == 0 || strings.TrimLeft(m.Count, "0123456789") != "" || (len(m.Count) > 1 && m.Count[0] == '0'):
		return bad("count %.40q is not a decimal number of at most %d digits", m.Count, maxManifestDigits)
	case m.BoundBits < 1 || m.BoundBits > maxBoundBits:
		return bad("bound 2^%d out of range (2^1 to 2^%d)", m.BoundBits, maxBoundBits)
	case m.PrimesNeeded < 1 || m.PrimesNeeded > maxPrimeIndex+1:
		return bad("%d primes needed, out of range (1 to %d)", m.PrimesNeeded, maxPrimeIndex+1)
	case len(m.Residues) != m.PrimesNeeded:
		return bad("%d residues for %d primes needed", len(m.Residues), m.PrimesNeeded)
	case len(m.Layers) > maxManifestSteps || len(m.Order) > maxManifestSteps:
		return bad("%d layers and %d cells: more than %d", len(m.Layers), len(m.Order), maxManifestSteps)
	case m.LayersSum != LayersSum(m.Layers):
		return bad("the layers' checksum does not match the layers")
	}
	total := m.Value()
	if total.BitLen() > m.BoundBits {
		return bad("the count %s passes its own bound 2^%d", m.Count, m.BoundBits)
	}
	product := big.NewInt(1)
	rem := new(big.Int)
	for i, r := range m.Residues {
		q := primeAt(i)
		if r.PrimeIndex != i || r.Prime != strconv.FormatUint(q, 10) {
			return bad("residue %d is modulo prime index %d (%s), want index %d (%d)", i, r.PrimeIndex, r.Prime, i, q)
		}
		qb := new(big.Int).SetUint64(q)
		if rem.Mod(total, qb).String() != r.Residue {
			return bad("the residue modulo prime index %d is %s, but the count modulo %d is %v", i, r.Residue, q, rem)
		}
		product.Mul(product, qb)
	}
	if product.BitLen() <= m.BoundBits {
		return bad("the %d primes multiply to about 2^%d, below the bound 2^%d: they do not determine the count", m.PrimesNeeded, product.BitLen()-1, m.BoundBits)
	}
	return nil
}

// ReadAnyFile reads the file at path once and returns what its format
// says it is, a results manifest (checked by Check with primeAt, the
// sequence of count.Prime), a shard result or a residue (as ReadFile):
// one of the three is not nil.
func ReadAnyFile(path string, primeAt func(int) uint64) (*Result, *Residue, *Manifest, error) {
	data, err := readFileData(path)
	if err != nil {
		return nil, nil, nil, err
	}
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format == ManifestFormat {
		m, err := ParseManifest(data, primeAt)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, nil, m, nil
	}
	r, rr, err := parseFile(path, data)
	return r, rr, nil, err
}

// MergedManifests is what manifests and residue files of one count
// agree on.
type MergedManifests struct {
	Total *big.Int  // directed
	First *Manifest // the first manifest's problem, convention, bound
	// Orders counts the distinct vertex orders among the manifests (two
	// or more: independent runs), Layers the distinct layer checksums.
	Orders, Layers int
	// PrimeIndexes are the primes of the residue files checked against
	// the count, in the order given.
	PrimeIndexes []int
}

// MergeManifests checks that manifests (each checked by Check; names are
// the files, for the messages) record one count, the same problem, the
// same convention and the same number, and that every residue file
// (rnames its files) is of that problem and agrees with that number
// modulo its prime. It fails with ErrManifest in one line naming the
// files that disagree. Two manifests with the same order must also have
// the same layers.
func MergeManifests(ms []*Manifest, names []string, residues []*Residue, rnames []string, primeAt func(int) uint64) (MergedManifests, error) {
	if len(ms) == 0 {
		return MergedManifests{}, fmt.Errorf("%w: no manifests: give the files 'count --method dp --manifest FILE' wrote", ErrManifest)
	}
	first := ms[0]
	res := MergedManifests{Total: first.Value(), First: first}
	orders := map[string]string{} // order's key -> layers checksum
	layers := map[string]bool{}
	for i, m := range ms {
		if err := m.Check(primeAt); err != nil {
			return MergedManifests{}, fmt.Errorf("%s: %w", names[i], err)
		}
		if !sameJSON(first.Problem, m.Problem) || first.Convention != m.Convention || first.Divisor != m.Divisor {
			return MergedManifests{}, fmt.Errorf("%w: %s and %s count different problems; compare only the manifests of one count", ErrManifest, names[0], names[i])
		}
		if m.Count != first.Count {
			return MergedManifests{}, fmt.Errorf("%w: %s counts %s but %s counts %s: one of the runs is wrong; count again with a third order (--order-seed)", ErrManifest, names[0], first.Count, names[i], m.Count)
		}
		key := strings.Join(m.Order, " ")
		if sum, seen := orders[key]; seen && sum != m.LayersSum {
			return MergedManifests{}, fmt.Errorf("%w: %s has the same vertex order as an earlier manifest but other layers: one of the runs is wrong; count again", ErrManifest, names[i])
		}
		orders[key] = m.LayersSum
		layers[m.LayersSum] = true
	}
	res.Orders, res.Layers = len(orders), len(layers)
	rem := new(big.Int)
	for i, r := range residues {
		if err := r.check(); err != nil {
			return MergedManifests{}, fmt.Errorf("%s: %w", rnames[i], err)
		}
		if !sameJSON(first.Problem, r.Problem) || first.Convention != r.Convention {
			return MergedManifests{}, fmt.Errorf("%w: %s is a residue file of another problem than %s; compare only the files of one count", ErrManifest, rnames[i], names[0])
		}
		if q := primeAt(r.PrimeIndex); q != r.PrimeValue() {
			return MergedManifests{}, fmt.Errorf("%w: %s: prime %s is not prime index %d of the sequence (%d): a file of another program", ErrManifest, rnames[i], r.Prime, r.PrimeIndex, q)
		}
		if rem.Mod(res.Total, new(big.Int).SetUint64(r.PrimeValue())).Uint64() != r.ResidueValue() {
			return MergedManifests{}, fmt.Errorf("%w: the residue file %s says the count is %s modulo %s, but %s counts %s, which is %v modulo it: one of them is wrong", ErrManifest, rnames[i], r.Residue, r.Prime, names[0], first.Count, rem)
		}
		res.PrimeIndexes = append(res.PrimeIndexes, r.PrimeIndex)
	}
	return res, nil
}

// sameJSON reports whether a and b are the same JSON once compacted.
func sameJSON(a, b json.RawMessage) bool {
	var pa, pb bytes.Buffer
	if json.Compact(&pa, a) != nil || json.Compact(&pb, b) != nil {
		return false
	}
	return bytes.Equal(pa.Bytes(), pb.Bytes())
}
