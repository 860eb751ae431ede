package request

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/count"
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/progress"
)

// This file counts the solutions of a --graph (count --graph).

// GraphCountOptions are the choices of Graph.Count.
type GraphCountOptions struct {
	Method     string // "auto" (default), "dfs" or "dp"
	Undirected bool   // count a path and its reverse once
	Workers    int    // goroutines (0: all cores)
	// Bounded says the run has a deadline: auto then searches, which
	// reports a lower bound when stopped, rather than running the DP.
	Bounded bool
	// OrderSeed anneals the DP's vertex order (count.OptimizeOrder; 0:
	// count.DefaultOrderSeed), as --order-seed does for boards.
	OrderSeed uint64
}

// GraphCount is the result of Graph.Count.
type GraphCount struct {
	Count      *big.Int // exact at any size (count.CountExact)
	Convention string   // the counting convention, in words
	Method     string   // "dp (frontier dynamic program)" or "dfs (search)"
	Nodes      uint64   // search nodes (dfs only)
	Complete   bool     // false: stopped early, Count is a lower bound
	// Proof is the immediate proof that there is no solution (Graph.Proof)
	// when it answered, with Method "proof"; "" otherwise.
	Proof   string
	Elapsed time.Duration
}

// graphDPBytesPerVertex bounds the frontier DP's memory per vertex of a
// graph beside its state tables, which are sized by the frontier and
// limited apart (count.Options.MaxBytes): the plan (one step of about 1
// KB a vertex, count's newPlan) and the order's annealing. Measured on a
// path of 200,000 vertices: 227 MB peak, about 1.1 KB a vertex.
const graphDPBytesPerVertex = 1200

// graphDPBudget splits the memory limit of a frontier DP on a graph of n
// vertices: its plan (graphDPBytesPerVertex a vertex) may take at most
// half, and its state tables their share (tableBytes, memory.go) of what
// the plan leaves. fits is false when the plan passes half the limit.
func graphDPBudget(n, limit int64) (tables int64, fits bool) {
	plan := n * graphDPBytesPerVertex
	return tableBytes(limit - plan), plan <= limit/2
}

// graphSearchBytesPerVertex bounds the search's memory per vertex, the
// whole process's peak with the graph read (hamilton's engine, the
// prechecks' arrays, the DP's order beside it and the collector's
// slack), measured with /usr/bin/time: the 2,000,001-vertex path, 698 MB
// (349 bytes a vertex), a random cubic graph of 10^6 vertices, 394 MB
// (394 bytes a vertex).
const graphSearchBytesPerVertex = 512

// fits refuses work that would need more than limit (as given: how):
// need bytes for what.
func fits(need, limit int64, how, what, fix string) error {
	if need <= limit {
		return nil
	}
	return inputf("%s needs about %s, over %s of %s; %s", what, progress.Bytes(need), how, progress.Bytes(limit), fix)
}

// Count counts the Hamiltonian paths (cycles when closed) of the graph by
// the frontier DP or by search (auto: PickMethod, as for boards). When ctx ends first it returns the partial
// count with Complete false and no error. A search over more than
// MaxCountOpen vertices needs a fixed start or opt.Bounded.
func (gr *Graph) Count(ctx context.Context, opt GraphCountOptions) (GraphCount, error) {
	began := time.Now()
	var (
		res    GraphCount
		order  []int32
		choice count.Choice
		err    error
	)
	if opt.Method, err = parseMethod(opt.Method, opt.Method, "auto", "dfs", "dp"); err != nil {
		return res, err
	}
	limit, how := gr.MaxMemory, gr.memoryHow
	// An immediate proof answers before anything per vertex is made.
	proof, err := gr.proofContext(ctx)
	if err != nil && ctx.Err() == nil {
		return res, err
	}
	if proof != nil {
		res.Count, res.Complete, res.Method, res.Proof = new(big.Int), true, "proof", proof.Text
		res.Convention, _ = CountConvention(gr.Problem, opt.Undirected)
		res.Elapsed = time.Since(began)
		return res, nil
	}
	if ctx.Err() != nil {
		// Stopped while proving (the prechecks take no context): nothing
		// counted, and the search's own prechecks are not started.
		res.Count, res.Method = new(big.Int), "dfs (search)"
		res.Convention, _ = CountConvention(gr.Problem, opt.Undirected)
		res.Elapsed = time.Since(began)
		return res, nil
	}
	n := int64(gr.Named.G.N())
	if err := fits(n*graphSearchBytesPerVertex, limit, how, fmt.Sprintf("counting %s (%d vertices)", gr.File, n), "give --max-memory SIZE if the machine has it, or a smaller graph"); err != nil {
		return res, err
	}
	tables, dpFits := graphDPBudget(n, limit)
	if opt.Method != "dfs" && !dpFits {
		// The DP's plan would not fit: only the search may count.
		if opt.Method == "dp" {
			return res, inputf("the dynamic program's plan for %d vertices (about %d bytes a vertex) needs about %s, over half of %s of %s (the other half is for its tables); give --max-memory SIZE if the machine has it, or count with --method dfs", n, graphDPBytesPerVertex, progress.Bytes(n*graphDPBytesPerVertex), how, progress.Bytes(limit))
		}
		opt.Method = "dfs"
	}
	if opt.Method != "dfs" {
		// The graph's own order, whatever the file's numbering
		// (count.GraphOrder); stopped meanwhile, the count stops too.
		order, _ = count.GraphOrder(ctx, gr.Named.G, orderSeed(opt.OrderSeed))
		choice = count.Choose(gr.Problem, order)
	}
	why := "--method dfs"
	if opt.Method == "auto" {
		opt.Method, why = PickMethod(choice, MethodNeeds{Bounded: opt.Bounded})
	}
	if opt.OrderSeed != 0 && opt.Method != "dp" {
		return res, orderSeedRefused(why)
	}
	if n := gr.Named.G.N(); opt.Method == "dfs" && n > MaxCountOpen && !gr.Problem.FixStart && !opt.Bounded {
		if !dpFits {
			return res, inputf("%d vertices: an exact count by search would not finish, and the dynamic program's plan (about %d bytes a vertex) needs about %s, over half of %s of %s (the other half is for its tables); give --start or --timeout (a lower bound), or --max-memory SIZE and --method dp if the machine has it", n, graphDPBytesPerVertex, progress.Bytes(int64(n)*graphDPBytesPerVertex), how, progress.Bytes(limit))
		}
		return res, inputf("%d vertices: an exact count by search would not finish; give --start, --timeout or --method dp", n)
	}
	if opt.Method == "dp" {
		res.Method = "dp (frontier dynamic program)"
		// A large count's order is annealed longer (count.RefineOrder);
		// stopped meanwhile, the count stops at once with ctx's error.
		order, _ = count.RefineOrder(ctx, gr.Problem.G, order, orderSeed(opt.OrderSeed))
		// The state tables take 60% of what the plan leaves
		// (graphDPBudget).
		res.Count, _, err = count.CountExact(ctx, gr.Problem, count.Options{Order: order, Workers: opt.Workers, MaxBytes: tables})
	} else {
		res.Method = "dfs (search)"
		var st hamilton.Stats
		var n uint64
		n, st, err = hamilton.Count(ctx, gr.Problem, hamilton.Options{Workers: opt.Workers})
		res.Count, res.Nodes = new(big.Int).SetUint64(n), st.Nodes
	}
	if res.Count == nil {
		res.Count = new(big.Int) // stopped: no partial count exists
	}
	res.Complete = err == nil
	if err != nil && ctx.Err() == nil {
		if errors.Is(err, hamilton.ErrInvalid) || errors.Is(err, count.ErrInvalid) {
			return res, inputf("%w", err)
		}
		return res, graphDPError(err, how)
	}
	var div uint64
	res.Convention, div = CountConvention(gr.Problem, opt.Undirected)
	res.Count.Quo(res.Count, new(big.Int).SetUint64(div))
	res.Elapsed = time.Since(began)
	return res, nil
}

// graphDPError words the dynamic program's refusals on a graph as input
// errors naming flags that work with --graph (dpError's name --tmp and
// --no-predict, which are the board planner's); how says how the limit
// was given.
func graphDPError(err error, how string) error {
	var refusal *count.RefusalError
	switch {
	case errors.As(err, &refusal) || errors.Is(err, count.ErrMemory):
		return inputf("the dynamic program would not fit %s: %w; give --max-memory SIZE if the machine has it, or count with --method dfs (with --timeout for a lower bound)", how, err)
	case errors.Is(err, count.ErrTooWide):
		return inputf("%w; count with --method dfs (with --timeout for a lower bound); no memory limit helps", err)
	}
	return err
}

// CountConvention words the counting convention of a count of p's
// solutions and gives the divisor that turns a directed count into it:
// directed counts take every path in both directions; undirected ones
// halve the count unless a fixed end already tells the directions apart.
func CountConvention(p hamilton.Problem, undirected bool) (string, uint64) {
	div := uint64(1)
	conv := "directed Hamiltonian paths (a path and its reverse count as two)"
	if p.Closed {
		conv = "directed Hamiltonian cycles (each cycle once per direction)"
	}
	if undirected {
		if p.Closed || !p.FixStart && !p.FixEnd {
			div = 2
		}
		conv = strings.Replace(strings.Replace(conv, "directed", "undirected", 1), "(a path and its reverse count as two)", "(a path and its reverse count once)", 1)
		conv = strings.Replace(conv, "(each cycle once per direction)", "(each cycle once)", 1)
	}
	return conv, div
}

// WriteCount writes a count of the graph's solutions in f: the bare count,
// or a JSON object with the convention, the method ("proof" with the
// proof's text as "proof" when an immediate proof answered) and whether
// it is complete.
func (gr *Graph) WriteCount(w io.Writer, f string, res GraphCount) error {
	if f == "json" {
		out := map[string]any{"graph": gr.File, "vertices": gr.Named.G.N(), "edges": gr.Named.G.M(), "count": res.Count.String(),
			"convention": res.Convention, "complete": res.Complete, "method": res.Method}
		if res.Proof != "" {
			out["proof"] = res.Proof
		}
		return format.WriteResult(w, gr.Describe("count"), out)
	}
	_, err := fmt.Fprintln(w, res.Count)
	return err
}

// CountSummary words a count: complete, with its method, nodes and time;
// stopped early, as a lower bound (the caller says why it stopped).
func (gr *Graph) CountSummary(res GraphCount) string {
	if !res.Complete {
		return fmt.Sprintf("%v %s so far in %s is a lower bound", res.Count, res.Convention, gr.Label())
	}
	if res.Proof != "" {
		return fmt.Sprintf("%v %s in %s: %s; %v", res.Count, res.Convention, gr.Label(), res.Proof, res.Elapsed.Round(time.Microsecond))
	}
	return fmt.Sprintf("%v %s in %s; method %s; %d nodes, %v", res.Count, res.Convention, gr.Label(), res.Method, res.Nodes, res.Elapsed.Round(time.Microsecond))
}
