package cypherq

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteQueries writes the Cypher of each strategy for a board graph of n
// nodes, each headed by a comment naming the strategy and label (the board
// and move set), separated by blank lines. When a strategy cannot be
// written for n and opt it writes nothing and names that strategy.
func WriteQueries(w io.Writer, strategies []Strategy, n int, opt Options, label string) error {
	for _, s := range strategies {
		if err := check(s, n, opt); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	for i, s := range strategies {
		q, err := Query(s, n, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		note := ""
		if s == APOC {
			note = " (as published: NODE_GLOBAL cannot enumerate Hamiltonian paths; see apoc-node-path)"
		}
		if _, err := fmt.Fprintf(w, "// %s, %s%s\n%s;\n", s, label, note, q); err != nil {
			return err
		}
	}
	return nil
}

// Comparison is the paper's table of strategies on one board beside
// boardgraph's own time for the same task.
type Comparison struct {
	Board   string // the board's spec, "4x5"
	Label   string // the board and moves for the heading, "4x5, hopido (3,0+2,2)"
	Server  string // the server's version
	Opt     Options
	Timeout time.Duration // each query's
	Results []Result
	// Ours and OursTime are boardgraph's paths and time for the task.
	Ours     uint64
	OursTime time.Duration
}

// WriteText writes the heading and the table, one row per strategy.
func (c *Comparison) WriteText(w io.Writer) error {
	task := "all paths"
	if c.Opt.Limit > 0 {
		task = fmt.Sprintf("at most %d path(s)", c.Opt.Limit)
	}
	fmt.Fprintf(w, "%s on %s: %s from %s to %s (directed paths)\n", c.Label, c.Server, task, endName(c.Opt.Start), endName(c.Opt.End))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "board\tstrategy\ttime\tpaths\tboardgraph time\tboardgraph paths\tnote")
	for _, r := range c.Results {
		t := fmt.Sprintf("%.4fs", r.Elapsed.Seconds())
		note := "every path verified"
		switch {
		case r.Err != nil:
			t, note = "-", "refused: "+strings.ReplaceAll(strings.TrimSpace(r.Err.Error()), "\n", "; ")
		case r.TimedOut:
			t = fmt.Sprintf(">%v", c.Timeout)
			note = "timed out; paths so far verified"
		}
		if r.Strategy == APOC && r.Err == nil {
			note += "; NODE_GLOBAL (as published) cannot enumerate Hamiltonian paths"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.4fs\t%d\t%s\n", c.Board, r.Strategy, t, r.Paths, c.OursTime.Seconds(), c.Ours, note)
	}
	return tw.Flush()
}

func endName(e *Endpoint) string {
	if e == nil {
		return "any cell"
	}
	return fmt.Sprintf("%d,%d", e.Row, e.Col)
}
