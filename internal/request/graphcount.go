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
	Elapsed    time.Duration
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
		return res, inputf("%d vertices: an exact count by search would not finish; give --start, --timeout or --method dp", n)
	}
	if opt.Method == "dp" {
		res.Method = "dp (frontier dynamic program)"
		// A large count's order is annealed longer (count.RefineOrder);
		// stopped meanwhile, the count stops at once with ctx's error.
		order, _ = count.RefineOrder(ctx, gr.Problem.G, order, orderSeed(opt.OrderSeed))
		res.Count, _, err = count.CountExact(ctx, gr.Problem, count.Options{Order: order, Workers: opt.Workers})
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
		return res, err
	}
	var div uint64
	res.Convention, div = CountConvention(gr.Problem, opt.Undirected)
	res.Count.Quo(res.Count, new(big.Int).SetUint64(div))
	res.Elapsed = time.Since(began)
	return res, nil
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
// or a JSON object with the convention, the method and whether it is
// complete.
func (gr *Graph) WriteCount(w io.Writer, f string, res GraphCount) error {
	if f == "json" {
		return format.WriteResult(w, gr.Describe("count"), map[string]any{"graph": gr.File, "vertices": gr.Named.G.N(), "edges": gr.Named.G.M(), "count": res.Count.String(),
			"convention": res.Convention, "complete": res.Complete, "method": res.Method})
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
	return fmt.Sprintf("%v %s in %s; method %s; %d nodes, %v", res.Count, res.Convention, gr.Label(), res.Method, res.Nodes, res.Elapsed.Round(time.Microsecond))
}
