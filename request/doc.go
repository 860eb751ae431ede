// Package request turns what a user types or supplies (flags, board sizes,
// board files, move specs, cells, durations, puzzle files, Tatham game IDs
// and URLs, puzz.link URLs) into one immutable request per command, checked
// once, with errors that name the fix, and makes the decisions every front
// end shares: how to solve (NewSolve), how to count, shard and merge
// (NewCount, MergeFiles), commands on graph files (NewGraph), and the
// words of their results. The CLI and the web server build their requests
// here; library users may too.
package request
