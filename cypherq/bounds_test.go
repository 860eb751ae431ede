package cypherq

import (
	"bytes"
	"strings"
	"testing"
)

// TestQueryBounds: the constructive query, quadratic in the nodes, is
// refused past MaxConstructiveNodes (neo4j 2000x2000 --print grew to 23 GB
// before); WriteQueries writes nothing when one strategy is refused; the
// linear queries have no such bound.
func TestQueryBounds(t *testing.T) {
	if _, err := Query(Constructive, MaxConstructiveNodes, Options{}); err != nil {
		t.Errorf("constructive at the bound: %v", err)
	}
	_, err := Query(Constructive, MaxConstructiveNodes+1, Options{})
	if err == nil || !strings.Contains(err.Error(), "--strategy raw") {
		t.Errorf("constructive past the bound: %v, want a refusal naming --strategy raw", err)
	}
	var buf bytes.Buffer
	err = WriteQueries(&buf, []Strategy{Raw, Constructive}, 4_000_000, Options{}, "2000x2000")
	if err == nil || buf.Len() != 0 {
		t.Errorf("WriteQueries(raw, constructive) on 4e6 nodes: err %v, %d bytes written; want an error and nothing", err, buf.Len())
	}
	for _, s := range []Strategy{Raw, APOC, APOCNodePath} {
		q, err := Query(s, 4_000_000, Options{})
		if err != nil || len(q) > 1000 {
			t.Errorf("%s on 4e6 nodes: %d bytes, %v", s, len(q), err)
		}
	}
	if _, err := Query(APOC, 20, Options{Kuzu: true}); err == nil || !strings.Contains(err.Error(), "APOC") {
		t.Errorf("apoc for Kuzu: %v", err)
	}
	if _, err := Query(Strategy("nope"), 20, Options{}); err == nil {
		t.Errorf("unknown strategy accepted")
	}
}
