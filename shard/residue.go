package shard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// ResidueFormat names the version of the residue file.
const ResidueFormat = "boardgraph-count-residue/1"

// ErrResidue marks a residue file that is damaged, foreign or
// inconsistent, and a set of residues that does not determine a count.
var ErrResidue = errors.New("residues do not merge")

// Limits of a residue file: the prime index (count.MaxPrimeIndex) and the
// bound's bits (4,096 primes of 63 bits).
const (
	maxPrimeIndex = 4095
	maxBoundBits  = 63 * (maxPrimeIndex + 1)
)

// Residue is the JSON file `count --prime-index I --out FILE` writes: the
// count of one problem modulo one prime of a fixed sequence (count.Prime),
// with the proven bound that says how many primes determine the count.
// `count merge` joins such files by the Chinese remainder theorem
// (MergeResidues). Everything but Residue, Version and ElapsedMS names
// the count; Checksum is the SHA-256 of the file's JSON with Checksum
// empty, so a damaged or edited file is refused.
type Residue struct {
	Format string `json:"format"`
	// Problem describes the board, moves and constraints (the CLI's
	// problem object); residues merge only when it is the same.
	Problem    json.RawMessage `json:"problem"`
	Method     string          `json:"method"`
	Convention string          `json:"convention"`
	// Divisor turns the directed count into undirected (as in Result).
	Divisor uint64 `json:"undirected_divisor"`
	// PrimeIndex is the prime's place in the sequence (from 0) and Prime
	// the prime, in decimal; Residue is the directed count modulo Prime,
	// in decimal.
	PrimeIndex int    `json:"prime_index"`
	Prime      string `json:"prime"`
	Residue    string `json:"residue"`
	// The count is below 2^BoundBits (a proven bound, named by Bound), so
	// PrimesNeeded primes of the sequence determine it.
	BoundBits    int     `json:"bound_bits"`
	Bound        string  `json:"bound"`
	PrimesNeeded int     `json:"primes_needed"`
	Version      string  `json:"version"`
	ElapsedMS    float64 `json:"elapsed_ms"`
	Checksum     string  `json:"checksum"`
}

// Sum returns the checksum of r (its JSON with Checksum empty and Problem
// compacted).
func (r Residue) Sum() string {
	r.Checksum = ""
	return jsonSum(r)
}

// Seal sets r's checksum.
func (r *Residue) Seal() { r.Checksum = r.Sum() }

// PrimeValue returns the prime (Check has verified it).
func (r *Residue) PrimeValue() uint64 {
	q, _ := strconv.ParseUint(r.Prime, 10, 64)
	return q
}

// ResidueValue returns the residue (Check has verified it).
func (r *Residue) ResidueValue() uint64 {
	v, _ := strconv.ParseUint(r.Residue, 10, 64)
	return v
}

// ReadResidue reads and checks a residue file: at most MaxResultBytes of
// JSON, no unknown fields, a matching checksum, a prime below 2^63, a
// residue below it and a bound in range.
func ReadResidue(rd io.Reader) (*Residue, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxResultBytes+1))
	if err != nil {
		return nil, err
	}
	return parseResidue(data)
}

func parseResidue(data []byte) (*Residue, error) {
	var r Residue
	if err := decodeStrict(data, &r, ErrResidue, "residue", "count --prime-index I --out FILE"); err != nil {
		return nil, err
	}
	if err := r.check(); err != nil {
		return nil, err
	}
	return &r, nil
}

// decimal reports whether s is a decimal number without sign or leading
// zero, of at most 20 digits.
func decimal(s string) bool {
	return len(s) > 0 && len(s) <= 20 && strings.TrimLeft(s, "0123456789") == "" && (len(s) == 1 || s[0] != '0')
}

func (r *Residue) check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrResidue}, a...)...)
	}
	q, qerr := strconv.ParseUint(r.Prime, 10, 64)
	v, verr := strconv.ParseUint(r.Residue, 10, 64)
	switch {
	case r.Format != ResidueFormat:
		return bad("format %q, want %q: not a residue file of this boardgraph; give the files 'count --prime-index I --out FILE' wrote", r.Format, ResidueFormat)
	case r.Checksum != r.Sum():
		return bad("checksum mismatch: the file was damaged or edited; count the prime again")
	case r.PrimeIndex < 0 || r.PrimeIndex > maxPrimeIndex:
		return bad("prime index %d out of range (0 to %d)", r.PrimeIndex, maxPrimeIndex)
	case !decimal(r.Prime) || qerr != nil || q < 3 || q >= 1<<63 || !new(big.Int).SetUint64(q).ProbablyPrime(0):
		return bad("prime %q is not a prime below 2^63", r.Prime)
	case !decimal(r.Residue) || verr != nil || v >= q:
		return bad("residue %q is not a number below the prime %s", r.Residue, r.Prime)
	case r.BoundBits < 1 || r.BoundBits > maxBoundBits:
		return bad("bound 2^%d out of range (2^1 to 2^%d)", r.BoundBits, maxBoundBits)
	case r.PrimesNeeded < 1 || r.PrimesNeeded > maxPrimeIndex+1 || 63*r.PrimesNeeded < r.BoundBits:
		return bad("%d primes below 2^63 cannot determine a count below 2^%d", r.PrimesNeeded, r.BoundBits)
	case r.Divisor != 1 && r.Divisor != 2:
		return bad("undirected divisor %d is neither 1 nor 2", r.Divisor)
	case r.Method != MethodDP:
		return bad("method %q: residues are counted by the dynamic program (dp)", r.Method)
	}
	return nil
}

// ReadFile reads the shard result or residue file at path (a regular
// file), whichever its format says it is: one of the two is not nil.
func ReadFile(path string) (*Result, *Residue, error) {
	data, err := readFileData(path)
	if err != nil {
		return nil, nil, err
	}
	return parseFile(path, data)
}

// readFileData reads at most MaxResultBytes+1 bytes of the regular file
// at path, for ReadFile and ReadAnyFile.
func readFileData(path string) ([]byte, error) {
	f, err := openRegular(path, "shard results, residues and manifests are read from files, not standard input: give the files 'count --shard I/N --out FILE', 'count --prime-index I --out FILE' or 'count --manifest FILE' wrote")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxResultBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}

// parseFile is ReadFile on the file's content, data.
func parseFile(path string, data []byte) (*Result, *Residue, error) {
	var head struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format == ResidueFormat || looksResidue(data) {
		r, err := parseResidue(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, r, nil
	}
	r, err := ReadResult(bytes.NewReader(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil, nil
}

// looksResidue reports whether data, which may be damaged JSON, looks
// like a residue file rather than a shard result: it names the residue
// format or has a key only residue files have. A damaged residue file is
// then refused as a residue file, with the residue's fix.
func looksResidue(data []byte) bool {
	return bytes.Contains(data, []byte(ResidueFormat)) || bytes.Contains(data, []byte(`"prime_index"`))
}

// MergedResidues is the count that residue files determine.
type MergedResidues struct {
	Total *big.Int   // directed
	First *Residue   // the first file's: problem, convention, bound
	Used  []*Residue // every residue given, by prime index
	// ElapsedMS is summed over the residues.
	ElapsedMS float64
}

// MergeResidues checks that results (read from files named by names, for
// the messages; each is checked as ReadResidue checks a file) are residues of one count modulo distinct primes of the
// sequence primeAt (count.Prime) whose product reaches the bound they
// record, and joins them by the Chinese remainder theorem. It fails with
// ErrResidue in one line naming the files: residues of different problems
// or bounds, a prime index given twice, a prime that is not the sequence's
// at its index, too few primes for the bound (naming the missing
// indexes), or residues that contradict each other (a value past the
// bound: possible only when more primes than needed are given). Its cost
// is O(k^2) word operations for k primes.
func MergeResidues(results []*Residue, names []string, primeAt func(int) uint64) (MergedResidues, error) {
	if len(results) == 0 {
		return MergedResidues{}, fmt.Errorf("%w: no residue files: give the files 'count --prime-index I --out FILE' wrote", ErrResidue)
	}
	first := results[0]
	byIndex := map[int]string{}
	order := make([]int, len(results))
	for i, r := range results {
		if err := r.check(); err != nil {
			return MergedResidues{}, fmt.Errorf("%s: %w", names[i], err)
		}
		if what := sameResidueCount(first, r); what != "" {
			return MergedResidues{}, fmt.Errorf("%w: %s is from a different count than %s: %s; merge only the residues of one count", ErrResidue, names[i], names[0], what)
		}
		if prev, dup := byIndex[r.PrimeIndex]; dup {
			return MergedResidues{}, fmt.Errorf("%w: %s and %s are both prime index %d; give each prime once", ErrResidue, prev, names[i], r.PrimeIndex)
		}
		if q := primeAt(r.PrimeIndex); q != r.PrimeValue() {
			return MergedResidues{}, fmt.Errorf("%w: %s: prime %s is not prime index %d of the sequence (%d): a file of another program; count it again with --prime-index %d", ErrResidue, names[i], r.Prime, r.PrimeIndex, q, r.PrimeIndex)
		}
		byIndex[r.PrimeIndex] = names[i]
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return results[order[a]].PrimeIndex < results[order[b]].PrimeIndex })
	m := MergedResidues{First: first}
	var c CRT
	for _, i := range order {
		r := results[i]
		c.Add(r.ResidueValue(), r.PrimeValue())
		m.Used = append(m.Used, r)
		m.ElapsedMS += r.ElapsedMS
	}
	if c.Modulus().BitLen() <= first.BoundBits { // product < 2^BoundBits
		var missing []string
		for i := 0; i < first.PrimesNeeded && len(missing) < 10; i++ {
			if _, ok := byIndex[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		given := fmt.Sprintf("%d residues do not", len(results))
		if len(results) == 1 {
			given = "1 residue does not"
		}
		return MergedResidues{}, fmt.Errorf("%w: %s determine the count: the %s bound puts it below 2^%d, and the primes given multiply to only about 2^%d; %d primes are needed, missing prime index %s: count them with --prime-index I --out FILE",
			ErrResidue, given, first.Bound, first.BoundBits, c.Modulus().BitLen()-1, first.PrimesNeeded, strings.Join(missing, ", "))
	}
	m.Total = c.Value()
	if m.Total.BitLen() > first.BoundBits {
		return MergedResidues{}, fmt.Errorf("%w: the residues contradict each other (the number they give passes the bound 2^%d): one of the files is wrong; count the primes again", ErrResidue, first.BoundBits)
	}
	return m, nil
}

// sameResidueCount returns "" when a and b are residues of one count, else
// what differs.
func sameResidueCount(a, b *Residue) string {
	switch d := sameProblem(a.Problem, b.Problem, a.Method, b.Method); {
	case d != "":
		return d
	case a.Convention != b.Convention || a.Divisor != b.Divisor:
		return "the counting convention differs"
	case a.BoundBits != b.BoundBits || a.Bound != b.Bound || a.PrimesNeeded != b.PrimesNeeded:
		return fmt.Sprintf("the bound differs (2^%d by %s, %d primes, vs 2^%d by %s, %d primes: boardgraph versions %s and %s bound the count differently; count every prime with one version)",
			a.BoundBits, a.Bound, a.PrimesNeeded, b.BoundBits, b.Bound, b.PrimesNeeded, a.Version, b.Version)
	}
	return ""
}

// CRT joins residues modulo distinct primes into the one number below
// their product that has them all (the Chinese remainder theorem), one
// residue at a time in Garner's form: x' = x + M*((r - x)/M mod q) for x
// the number so far and M the product so far (Knuth, TAOCP vol. 2,
// section 4.3.2). The zero value holds 0 modulo 1.
type CRT struct{ x, m *big.Int }

// Add joins residue r modulo the prime q (not one already joined).
func (c *CRT) Add(r, q uint64) {
	if c.m == nil {
		c.x, c.m = new(big.Int), big.NewInt(1)
	}
	bq := new(big.Int).SetUint64(q)
	t := new(big.Int).Mod(c.x, bq)
	t.Sub(new(big.Int).SetUint64(r), t)
	t.Mul(t, new(big.Int).ModInverse(new(big.Int).Mod(c.m, bq), bq))
	t.Mod(t, bq)
	c.x.Add(c.x, t.Mul(t, c.m))
	c.m.Mul(c.m, bq)
}

// Value returns the number joined so far.
func (c *CRT) Value() *big.Int {
	if c.x == nil {
		return new(big.Int)
	}
	return new(big.Int).Set(c.x)
}

// Modulus returns the product of the primes joined so far.
func (c *CRT) Modulus() *big.Int {
	if c.m == nil {
		return big.NewInt(1)
	}
	return new(big.Int).Set(c.m)
}
