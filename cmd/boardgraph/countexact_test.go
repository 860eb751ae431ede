package main

import (
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestCountBoardPast2to128: a board count past 2^128 through the general
// frontier program (--order-seed keeps it off the grid sweep) is exact
// (count.CountExact's primes and CRT) and equals the grid sweep's
// multi-word count: 6x70 grid cycles have a 171-bit count.
func TestCountBoardPast2to128(t *testing.T) {
	testfix.SkipShort(t, "two 6x70 closed counts: no concurrency to race")
	t.Parallel()
	general := cli(t, "", "count", "--moves", "1,0", "6x70", "--closed", "--method", "dp", "--order-seed", "1")
	grid := cli(t, "", "count", "--moves", "1,0", "6x70", "--closed", "--method", "dp")
	const want = "2742893694929204751282051301856554120231910094244268\n"
	if general.code != exitOK || general.stdout != want {
		t.Fatalf("general program: %v", general)
	}
	if grid.code != exitOK || grid.stdout != want || !strings.Contains(grid.stderr, "grid transfer matrix") {
		t.Fatalf("grid sweep: %v", grid)
	}
}
