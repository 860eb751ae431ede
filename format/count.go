package format

// Count is the JSON result of a count. Counts are decimal strings: they
// may pass 2^64-1.
type Count struct {
	Problem    Problem `json:"problem"`
	Count      string  `json:"count"`
	Convention string  `json:"convention"`
	// Complete is false when the count stopped early: Count is then a
	// lower bound.
	Complete bool `json:"complete"`
	// PerStart is the table of directed counts by first cell,
	// [row][col], null for blocked cells (count --per-start).
	PerStart [][]*string `json:"per_start,omitempty"`
	Stats    *Stats      `json:"stats"`
	// Moduli are the primes a count made modulo primes (the grid sweep;
	// the leaper DP's counts past 2^128) was counted modulo, in decimal, and BoundBits the bits of the
	// proven upper bound on the count that set their number: their
	// product passes 2^BoundBits, so the residues joined by the Chinese
	// remainder theorem are the count. Absent for counts made otherwise.
	Moduli    []string `json:"moduli,omitempty"`
	BoundBits int      `json:"bound_bits,omitempty"`
	// Bound names the theorem of that bound (count.CountBound's names),
	// where the count says it (the leaper DP's counts past 2^128).
	Bound string `json:"bound,omitempty"`
}

// MergeResidues is the JSON result of joining the residue files of a
// count (each the count modulo one prime) by the Chinese remainder
// theorem: the primes used, by index, and the proven bound that says the
// count is below 2^BoundBits, so that PrimesNeeded primes determine it.
type MergeResidues struct {
	Problem      Problem  `json:"problem"`
	Count        string   `json:"count"`
	Convention   string   `json:"convention"`
	PrimeIndexes []int    `json:"prime_indexes"`
	Primes       []string `json:"primes"` // decimal, in the order of PrimeIndexes
	BoundBits    int      `json:"bound_bits"`
	Bound        string   `json:"bound"` // the theorem that gives it
	PrimesNeeded int      `json:"primes_needed"`
	Version      string   `json:"version"`
	ElapsedMS    float64  `json:"elapsed_ms"` // summed over the residues
}

// MergeManifests is the JSON result of count merge on results manifests
// (and residue files) of one count: the count they agree on, how many
// manifests, distinct vertex orders and distinct layer lists agreed, and
// the primes of the residue files that agreed with it.
type MergeManifests struct {
	Problem      Problem `json:"problem"`
	Count        string  `json:"count"`
	Convention   string  `json:"convention"`
	Manifests    int     `json:"manifests"`
	Orders       int     `json:"orders"`
	Layers       int     `json:"layer_lists"`
	PrimeIndexes []int   `json:"residue_prime_indexes"`
	BoundBits    int     `json:"bound_bits"`
	Bound        string  `json:"bound"`
	Version      string  `json:"version"`
}

// Merge is the JSON result of merging the shard result files of a count.
type Merge struct {
	Problem    Problem `json:"problem"`
	Count      string  `json:"count"`
	Convention string  `json:"convention"`
	Shards     int     `json:"shards"`
	Units      int     `json:"units"`
	Plan       string  `json:"plan"`
	Version    string  `json:"version"`
	ElapsedMS  float64 `json:"elapsed_ms"` // summed over the shards
}
