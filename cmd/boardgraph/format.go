package main

import (
	"io"
	"time"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	lines "github.com/boardgraph/boardgraph/progress"
)

// Output formats of the leaper commands (format.Names: case-insensitive,
// "text" and "json" everywhere).
var (
	enumerateFormats = format.Names{Names: []string{"grid", "path", "json"}, Text: "grid"}
	textJSON         = format.Names{Names: []string{"text", "json"}, Aliases: map[string]string{"grid": "text"}}
)

// jsonProblem is the "problem" object of every JSON result.
type jsonProblem = format.Problem

// hideStats zeroes the statistics in JSON output (golden tests: node
// counts vary with the number of workers and the timing with the machine).
var hideStats bool

func statsJSON(st hamilton.Stats) *format.Stats {
	if hideStats {
		st = hamilton.Stats{}
	}
	return format.NewStats(st.Nodes, st.Backtracks, st.Prunes, st.MemoHits, st.Restarts, st.Workers, st.Elapsed)
}

func (j *leaperJob) jsonProblem(cmd string) jsonProblem { return j.Describe(cmd) }

// humanBytes and roundDur word sizes and durations in messages
// (format.Bytes, format.Round).
func humanBytes(n int64) string              { return lines.Bytes(n) }
func roundDur(d time.Duration) time.Duration { return format.Round(d) }

// emitJSON writes v as one line of JSON with the program's version.
func emitJSON(w io.Writer, v any) error { return format.WriteJSON(w, v) }
