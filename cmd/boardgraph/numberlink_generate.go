package main

import (
	"fmt"
	"time"

	"github.com/boardgraph/boardgraph/numberlink"
)

// generateProgress prints one line per repair round of numberlink generate
// on stderr, at most every 200 ms (and always the first).
func generateProgress(e *env) func(numberlink.GenerateProgress) {
	var last time.Time
	return func(p numberlink.GenerateProgress) {
		if now := time.Now(); last.IsZero() || now.Sub(last) >= 200*time.Millisecond {
			last = now
			fmt.Fprintf(e.stderr, "generate: layout %d, round %d: %d islands, %d pairs undecided (%v)\n",
				p.Attempt, p.Round, p.Islands, p.Open, p.Elapsed.Round(time.Millisecond))
		}
	}
}
