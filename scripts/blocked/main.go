// Command blocked measures issue 39's acceptance: random blocked boards of
// the knight, Hopido, king and zebra (2,3) moves, 8 to 24 rows and columns,
// 5% to 40% of cells blocked, each decided by solve's portfolio
// (request.Search.SolveDecided: proofs, search and the frontier dynamic
// program) within a time limit, with a verified path or a proof whose
// certificate the independent checker accepted. It prints, per family, how
// many boards were decided, the 50th and 99th percentile and the largest
// time, and which engine decided them (the mix). It answers the question
// the Diplomatico paper's closing section (§V) asks of boards with blocked
// cells.
//
//	go run ./scripts/blocked -boards 100 -seed 1 -timeout 1s
//
// -out DIR writes every undecided board and each family's slowest as a
// text map for a rerun with boardgraph solve --board FILE. -calibrate
// prints, per family and density band, how many boards no immediate proof
// (hamilton.Prove) refutes and what share of those has a path: the table
// info's prediction reads (request.PathProbability).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// Board is one random board of a family: rows x cols with each cell
// blocked with probability density, from its own seed.
type Board struct {
	Moves      string
	Rows, Cols int
	Density    float64
	Seed       uint64
}

// Make builds the board.
func (rb Board) Make() *board.Board {
	b, err := board.New(rb.Rows, rb.Cols)
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(rb.Seed, 39))
	for c := range int32(b.Cells()) {
		if rng.Float64() < rb.Density {
			b.SetBlocked(c, true)
		}
	}
	return b
}

// Random draws the i-th board of a family from seed: rows and columns
// uniform in 8..24, density uniform in 5%..40%.
func Random(moves string, seed uint64, i int) Board {
	rng := rand.New(rand.NewPCG(seed, uint64(i)*4+uint64(len(moves))))
	return Board{Moves: moves, Rows: 8 + rng.IntN(17), Cols: 8 + rng.IntN(17), Density: 0.05 + 0.35*rng.Float64(), Seed: rng.Uint64()}
}

// result is one board's outcome.
type result struct {
	b       Board
	elapsed time.Duration
	engine  string // "path/search", "none/proof:flow", ..., "undecided"
	proved  bool   // hamilton.Prove refutes it (no search needed)
}

func main() {
	boards := flag.Int("boards", 100, "boards per family")
	seed := flag.Uint64("seed", 1, "seed of the boards")
	timeout := flag.Duration("timeout", time.Second, "time limit per board")
	workers := flag.Int("workers", 0, "search workers (0: all cores, as solve)")
	families := flag.String("moves", "knight,hopido,king,2,3", "families: move sets separated by commas (2,3 is the zebra)")
	out := flag.String("out", "", "write the undecided boards and each family's slowest board as text maps into directory `DIR`")
	calibrate := flag.Bool("calibrate", false, "print the calibration table of info's prediction instead of the timings")
	flag.Parse()
	fams := splitFamilies(*families)
	fmt.Printf("%-8s %6s %8s %9s %9s %9s  %s\n", "moves", "boards", "decided", "p50", "p99", "max", "engine mix")
	for _, ms := range fams {
		var rs []result
		for i := range *boards {
			rb := Random(ms, *seed, i)
			rs = append(rs, run(rb, *timeout, *workers))
		}
		if *calibrate {
			calibration(ms, rs)
		} else {
			report(ms, rs)
		}
		if *out != "" {
			save(*out, ms, rs)
		}
	}
}

// splitFamilies splits "knight,hopido,king,2,3" into move sets, keeping
// "a,b" leapers whole.
func splitFamilies(s string) []string {
	parts := strings.Split(s, ",")
	var out []string
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		if i+1 < len(parts) && isDigits(p) && isDigits(parts[i+1]) {
			p += "," + parts[i+1]
			i++
		}
		out = append(out, p)
	}
	return out
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// run decides one board the way boardgraph solve --board does.
func run(rb Board, timeout time.Duration, workers int) result {
	b := rb.Make()
	r := result{b: rb, engine: "undecided"}
	if b.Open() == 0 {
		r.engine = "empty"
		return r
	}
	t0 := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	l, err := request.NewLeaperOn(b, request.LeaperFlags{Moves: rb.Moves, Workers: workers}, request.SolveFormats)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	s, err := l.SearchContext(ctx)
	if err != nil {
		r.elapsed = time.Since(t0)
		return r
	}
	_, _, dec, err := s.SolveDecided(ctx, s.Options())
	r.elapsed = time.Since(t0)
	if reason, _ := hamilton.Prove(&s.Problem); reason != nil {
		r.proved = true
	}
	var ue *request.UnverifiedError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintf(os.Stderr, "INTERNAL: %v on %+v\n", err, rb)
		os.Exit(70)
	case err == nil:
		r.engine = "path/" + engineName(dec)
	case errors.Is(err, hamilton.ErrNoSolution):
		r.engine = "none/" + engineName(dec)
	}
	if r.elapsed > timeout {
		r.engine = "undecided"
	}
	return r
}

func engineName(d request.Decision) string {
	switch {
	case d.Engine == request.EngineDP:
		return "dp"
	case d.Reason != nil:
		return "proof:" + d.Reason.Rule
	}
	return "search"
}

func report(ms string, rs []result) {
	var times []time.Duration
	mix := map[string]int{}
	decided := 0
	for _, r := range rs {
		if r.engine == "empty" {
			continue
		}
		times = append(times, r.elapsed)
		mix[r.engine]++
		if r.engine != "undecided" {
			decided++
		}
	}
	slices.Sort(times)
	q := func(p float64) time.Duration {
		if len(times) == 0 {
			return 0
		}
		i := int(p*float64(len(times))+0.999999) - 1
		return times[max(0, min(i, len(times)-1))]
	}
	keys := make([]string, 0, len(mix))
	for k := range mix {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return mix[keys[i]] > mix[keys[j]] || mix[keys[i]] == mix[keys[j]] && keys[i] < keys[j]
	})
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, mix[k]))
	}
	fmt.Printf("%-8s %6d %8d %9v %9v %9v  %s\n", ms, len(times), decided, q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond), strings.Join(parts, ", "))
}

// save writes the undecided boards and the slowest one of the family.
func save(dir, ms string, rs []result) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	slowest := -1
	for i, r := range rs {
		if slowest < 0 || r.elapsed > rs[slowest].elapsed {
			slowest = i
		}
	}
	for i, r := range rs {
		if r.engine != "undecided" && i != slowest {
			continue
		}
		name := fmt.Sprintf("%s/%s-%dx%d-%d.txt", dir, strings.ReplaceAll(ms, ",", "_"), r.b.Rows, r.b.Cols, i)
		if err := os.WriteFile(name, []byte(r.b.Make().Format()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
}

// calibration prints, per density band of request.DensityBands, the
// boards no immediate proof refutes that were decided, and the share of
// them with a path, as Go table rows for request.PathProbability.
func calibration(ms string, rs []result) {
	bands := request.DensityBands
	paths := make([]int, len(bands))
	open := make([]int, len(bands))
	for _, r := range rs {
		if r.proved || r.engine == "undecided" || r.engine == "empty" {
			continue
		}
		i := request.DensityBand(r.b.Density)
		open[i]++
		if strings.HasPrefix(r.engine, "path/") {
			paths[i]++
		}
	}
	for i := range bands {
		fmt.Printf("{%q, %d, %d, %d}, // %.0f%% to %.0f%% blocked: %d of %d boards no proof refutes have a path\n", ms, i, paths[i], open[i], 100*bands[i][0], 100*bands[i][1], paths[i], open[i])
	}
}
