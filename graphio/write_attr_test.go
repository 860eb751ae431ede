package graphio

import "testing"

// TestFormatAttributes: the plain formats carry no attributes, the others do.
func TestFormatAttributes(t *testing.T) {
	for f, want := range map[Format]bool{GraphML: true, DOT: true, NodeLink: true, Cypher: true, CSV: true, EdgeList: false, DIMACS: false, TSPLIB: false} {
		if f.Attributes() != want {
			t.Errorf("%s.Attributes() = %v, want %v", f, !want, want)
		}
	}
}
