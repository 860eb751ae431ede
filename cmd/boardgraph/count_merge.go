package main

import (
	"fmt"
	"math/bits"
	"os"
	"reflect"
	"strconv"
	"strings"
)

var countMergeHelp = cmdHelp{
	name:  "count merge",
	usage: "FILE... [--undirected] [--format grid|json]",
	about: `Adds up the shard result files of one count (written by
'boardgraph count --shard I/N --out FILE') and prints the total, a bare
integer, on stdout.

It refuses, with exit code 2 and one line naming the files, when a shard is
missing or given twice, when a file is damaged (its checksum fails), or when
the files come from different counts: another board, blocked cells, moves,
start, end or closed, another division into work units (--units), another
number of shards or another boardgraph version.

Totals are directed (a path and its reverse count twice, each closed tour
once per direction); --undirected halves them where every solution's
reverse is also one, as count --undirected does.`,
	examples: []string{
		"for i in 0 1 2 3; do boardgraph count 6x6 --shard $i/4 --out s$i.json; done",
		"boardgraph count merge s0.json s1.json s2.json s3.json   # 8250272",
		"boardgraph count merge --undirected s*.json               # 4125136",
	},
}

// jsonMerge is count merge's JSON result.
type jsonMerge struct {
	Problem    jsonProblem `json:"problem"`
	Count      string      `json:"count"`
	Convention string      `json:"convention"`
	Shards     int         `json:"shards"`
	Units      int         `json:"units"`
	Plan       string      `json:"plan"`
	Version    string      `json:"version"`
	ElapsedMS  float64     `json:"elapsed_ms"` // sum over the shards
}

// runCountMerge is "count merge FILE...".
func runCountMerge(e *env) int {
	fs := newFlagSet("count merge")
	undirected := fs.Bool("undirected", false, "count a path and its reverse (a tour and its reverse) once")
	format := fs.String("format", "grid", "output `FORMAT`: grid (the bare total) or json")
	files, code := parseArgs(e, countMergeHelp, fs)
	if code >= 0 {
		return code
	}
	if *format != "grid" && *format != "json" {
		return fail(e, usagef("unknown --format %q; use grid or json", *format))
	}
	if len(files) == 0 {
		return fail(e, usagef("no shard files: give the files 'count --shard I/N --out FILE' wrote"))
	}
	total, first, elapsed, err := mergeShards(files)
	if err != nil {
		return fail(e, err)
	}
	conv := first.Convention
	if *undirected {
		total /= first.Divisor
		conv = undirectedConvention(first)
	}
	if *format == "json" {
		err = emitJSON(e.stdout, jsonMerge{first.Problem, strconv.FormatUint(total, 10), conv, first.Of, first.Units, first.Plan, first.Version, elapsed})
	} else {
		_, err = fmt.Fprintln(e.stdout, total)
	}
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stderr, "%d %s on %s with %s: %d shards, %d work units, version %s\n", total, conv, first.Problem.Board, first.Problem.Moves, first.Of, first.Units, first.Version)
	return exitOK
}

// undirectedConvention words the convention of an undirected merged total.
func undirectedConvention(s *shardResult) string {
	switch {
	case s.Problem.Closed && s.Divisor == 2:
		return "undirected closed tours (each tour counted once)"
	case s.Problem.Closed:
		return "undirected closed tours (the fixed cells allow one direction only, so directed = undirected)"
	case s.Divisor == 2:
		return "undirected Hamiltonian paths (a path and its reverse count once)"
	}
	return "undirected Hamiltonian paths (the fixed start, end or givens allow one direction only, so directed = undirected)"
}

// mergeShards reads the files, checks that they are the shards 0..N-1 of
// one count, once each, and returns the sum, the first file's result and the
// shards' summed time.
func mergeShards(files []string) (uint64, *shardResult, float64, error) {
	var (
		first   *shardResult
		total   uint64
		elapsed float64
		byShard = map[int]string{}
	)
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return 0, nil, 0, usagef("cannot read %v; check the file name", err)
		}
		s, err := parseShardResult(f)
		f.Close()
		if err != nil {
			return 0, nil, 0, usagef("%s: %v", name, err)
		}
		if first == nil {
			first = s
		} else if what := sameCount(first, s); what != "" {
			return 0, nil, 0, usagef("%s is from a different count than %s: %s; merge only the shards of one count", name, files[0], what)
		}
		if prev, dup := byShard[s.Shard]; dup {
			return 0, nil, 0, usagef("%s and %s are both shard %d/%d; give each shard once", prev, name, s.Shard, s.Of)
		}
		byShard[s.Shard] = name
		c, _ := strconv.ParseUint(s.Count, 10, 64) // checked by parseShardResult
		var carry uint64
		total, carry = bits.Add64(total, c, 0)
		if carry != 0 {
			return 0, nil, 0, &stoppedError{"the merged count exceeds 2^64-1 = 18446744073709551615; boardgraph reports no count rather than a wrapped one"}
		}
		elapsed += s.ElapsedMS
	}
	if len(byShard) != first.Of {
		var missing []string
		for i := 0; i < first.Of && len(missing) < 10; i++ {
			if _, ok := byShard[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		more := ""
		if n := first.Of - len(byShard); n > len(missing) {
			more = fmt.Sprintf(" and %d more", n-len(missing))
		}
		return 0, nil, 0, usagef("%d of %d shards given; missing shard %s%s: count them with --shard I/%d --out FILE", len(byShard), first.Of, strings.Join(missing, ", "), more, first.Of)
	}
	return total, first, elapsed, nil
}

// sameCount returns "" when a and b are shards of one count, else what
// differs.
func sameCount(a, b *shardResult) string {
	switch {
	case !reflect.DeepEqual(a.Problem, b.Problem):
		return fmt.Sprintf("the problem differs (%s with %s vs %s with %s, or start, end, closed or blocked cells)", a.Problem.Board, a.Problem.Moves, b.Problem.Board, b.Problem.Moves)
	case a.Method != b.Method:
		return fmt.Sprintf("method %s vs %s", a.Method, b.Method)
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
