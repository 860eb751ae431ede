// Package failure names the kinds of failure every front end tells apart
// (bad input, no solution, stopped, a bug, a failed write) and words an
// error as one line (Classify). It is the part of the application layer
// (internal/app/request re-exports it) that the page's WebAssembly engine
// needs, apart so that the engine does not carry the rest.
package failure
