// Package format encodes the results every boardgraph command prints: the
// numbered text grid of the Diplomatico paper's figures, path lists, and the
// one JSON style described in docs/json.md (snake_case keys, 1-based
// [row, col] cells, a "problem" object, the program version, and errors as
// {"error": ..., "exit_code": N}). It also names output formats the same way
// in every command (ParseName).
package format
