// Package input reads the short texts a person types for a position:
// board sizes ("5x5"), board maps, move sets and Tatham page URLs. It is
// the part of the application layer (internal/app/request re-exports it) that
// the page's WebAssembly engine needs, apart so that the engine does not
// carry the rest.
package input
