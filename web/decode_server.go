//go:build !(js && wasm)

package web

import "github.com/boardgraph/boardgraph/internal/base/jsonwords"

// The server refuses duplicate keys (decodeJSON).
func init() { duplicateKey = jsonwords.DuplicateKey }
