// Package request turns what a user types or supplies (flags, board sizes,
// board files, move specs, cells, durations, puzzle files, Tatham game IDs
// and URLs, puzz.link URLs) into one immutable request per command, checked
// once, with errors that name the fix, and makes the decisions every front
// end shares: how to solve (NewSolve), how to count, shard and merge
// (NewCount, MergeFiles), commands on graph files (NewGraph), and the
// words of their results, and the kind of each failure (Classify). It is
// the application layer of the CLI and the web server, internal to this
// module: library users call the public packages (board, moves, graph,
// hamilton, count, numberlink, ...) directly. The front ends word the
// kinds for their users: cmd/boardgraph as exit codes, web as HTTP status.
package request
