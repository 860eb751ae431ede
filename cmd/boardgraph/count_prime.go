package main

import (
	"context"
	"fmt"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// runPrime is count --primes-needed (how many per-prime runs determine the
// count) and count --prime-index I (one of them: the count modulo a prime,
// printed and written to --out as a residue file for count merge).
func runPrime(e *env, ctx context.Context, c *request.Count) int {
	if c.Flags.PrimesNeeded {
		p, err := c.Needed(ctx)
		if err != nil && ctx.Err() != nil {
			return fail(e, request.Stopped(request.StopReason(ctx, c.Timeout)+": the bound on the count was not finished; run it again"))
		}
		if err != nil {
			return fail(e, err)
		}
		if c.Output.JSON() {
			err = format.WriteJSON(e.stdout, p)
		} else {
			_, err = fmt.Fprintln(e.stdout, p.PrimesNeeded)
		}
		if err != nil {
			return fail(e, err)
		}
		if !c.Output.Quiet {
			fmt.Fprintln(e.stderr, c.NeededSummary(p))
		}
		return exitOK
	}
	dp := dpProgress(newProgress(e, fmt.Sprintf("count (dp, prime index %d)", c.PrimeIndex), c.Output.Quiet))
	dp.CheckpointEvery = dpCheckpointEvery
	if e.progressEvery > 0 {
		dp.CheckpointEvery = 0 // tests: every layer
	}
	r, st, err := c.RunPrime(ctx, dp, format.Version)
	if err != nil && ctx.Err() != nil {
		again := "run it again"
		if c.Flags.Checkpoint != "" {
			again = fmt.Sprintf("run the same command with --resume to go on from the last layer saved in %s (one at most every %v)", c.Flags.Checkpoint, dpCheckpointEvery)
		}
		return fail(e, request.Stopped(request.StopReason(ctx, c.Timeout)+": a count modulo a prime has no partial result (no --out file written); "+again))
	}
	if err != nil {
		return fail(e, err)
	}
	if hideStats {
		r.ElapsedMS = 0
	}
	if err := c.WriteResidue(ctx, r); err != nil {
		return fail(e, err)
	}
	if c.Output.JSON() {
		err = format.WriteJSON(e.stdout, r)
	} else {
		_, err = fmt.Fprintln(e.stdout, r.Residue)
	}
	if err != nil {
		return fail(e, err)
	}
	if !c.Output.Quiet {
		fmt.Fprintln(e.stderr, c.PrimeSummary(r, st))
	}
	return exitOK
}
