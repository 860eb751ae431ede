//go:build js

package hamilton

// deepStages is empty in the WebAssembly engine of the static page: the
// polynomial proofs (72 KB of code) would take it past its size budget
// (web's TestBuiltEngineSize, 1.5 MB gzipped). The server's page, the CLI
// and the library keep them (deep_native.go).
var deepStages = [2][]func(*Problem, []int32) *Reason{{}, {}}
