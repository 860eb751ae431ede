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
