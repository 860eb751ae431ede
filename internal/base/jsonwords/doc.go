// Package jsonwords words encoding/json decoding errors for a person: the
// field and the kind of JSON value it takes ("field \"rows\" takes an
// integer, not a string"), or the byte offset of a syntax error, never
// Go's type names (issue #10: bad input gets one line naming the problem
// and the fix).
package jsonwords
