package main

import (
	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// Output formats of the leaper commands (format.Names: case-insensitive,
// "text" and "json" everywhere).
var (
	enumerateFormats = format.Names{Names: []string{"grid", "path", "json"}, Text: "grid"}
	textJSON         = format.Names{Names: []string{"text", "json"}, Aliases: map[string]string{"grid": "text"}}
)

// hideStats zeroes the statistics in JSON output (golden tests: node
// counts vary with the number of workers and the timing with the machine).
var hideStats bool

func statsJSON(st hamilton.Stats) *format.Stats {
	if hideStats {
		st = hamilton.Stats{}
	}
	return request.SearchStats(st)
}
