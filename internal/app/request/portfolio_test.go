package request

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/graph"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/verify"
)

// knight12Search is the solve request of issue 39's 12x12 knight board.
func knight12Search(t *testing.T) *Search {
	t.Helper()
	b, err := board.Parse(strings.NewReader(testfix.Knight12x12))
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLeaperOn(b, LeaperFlags{Moves: "knight"}, solveNames)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Search()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The 12x12 knight board is decided by a proof whose certificate
// the independent checker accepts, said in a sentence and drawn with its
// witness cells marked. (Its time, well under 100 ms, is measured by
// hamilton's BenchmarkFindKnight12x12.)
func TestSolveKnight12x12Proof(t *testing.T) {
	s := knight12Search(t)
	_, _, dec, err := s.SolveDecided(t.Context(), s.Options())
	if !errors.Is(err, hamilton.ErrNoSolution) {
		t.Fatalf("SolveDecided = %v, want no solution", err)
	}
	if dec.Engine != EngineProof || dec.Reason == nil || dec.Reason.Cert == nil || dec.Reason.Cert.Kind != "hall" {
		t.Fatalf("decision %+v, want the flow proof with a Hall-type certificate", dec)
	}
	msg := err.Error()
	for _, want := range []string{"no solution on 12x12 with knight", "60 cells marked X", "56 cells marked O", "certificate checked independently"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	pic, err := s.ProofPicture(dec.Reason)
	if err != nil {
		t.Fatal(err)
	}
	var svg strings.Builder
	if err := pic.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	// 60 crosses (two lines each) and 56 rings.
	if lines, rings := strings.Count(svg.String(), "<line"), strings.Count(svg.String(), "<circle"); lines < 120 || rings != 56 {
		t.Errorf("picture has %d lines and %d circles; want the 60 X cells crossed and the 56 O cells ringed", lines, rings)
	}
}

// certCase is a problem, its prover's certificate (checked accepted) and
// corruptions of it the checker must reject.
type certCase struct {
	name    string
	p       hamilton.Problem
	cert    func(t *testing.T, p *hamilton.Problem) *hamilton.Certificate
	corrupt map[string]func(c *verify.Certificate)
}

// proved is the certificate of hamilton.Prove, which must fire with kind.
func proved(kind string) func(t *testing.T, p *hamilton.Problem) *hamilton.Certificate {
	return func(t *testing.T, p *hamilton.Problem) *hamilton.Certificate {
		t.Helper()
		r, err := hamilton.Prove(p)
		if err != nil || r == nil || r.Cert == nil || r.Cert.Kind != kind {
			t.Fatalf("Prove = %+v, %v; want a %s certificate", r, err, kind)
		}
		return r.Cert
	}
}

func edgesGraph(t *testing.T, n int, edges ...[2]int32) *graph.Graph {
	t.Helper()
	return testfix.FromEdges(t, n, edges)
}

// Every certificate kind: the prover's certificate passes the independent
// checker (verify.NoPath), and each corruption of it is rejected.
func TestCertificatesCorrupted(t *testing.T) {
	k12 := knight12Search(t).Problem
	star := edgesGraph(t, 4, [2]int32{0, 1}, [2]int32{0, 2}, [2]int32{0, 3})
	// Three triangles share cell 0: a cut cell leaving 3 pieces.
	spider := edgesGraph(t, 7, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}, [2]int32{0, 3}, [2]int32{3, 4}, [2]int32{4, 0}, [2]int32{0, 5}, [2]int32{5, 6}, [2]int32{6, 0})
	twoParts := edgesGraph(t, 6, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}, [2]int32{3, 4}, [2]int32{4, 5}, [2]int32{5, 3})
	// K(2,4): classes of 2 and 4.
	k24 := edgesGraph(t, 6, [2]int32{0, 2}, [2]int32{0, 3}, [2]int32{0, 4}, [2]int32{0, 5}, [2]int32{1, 2}, [2]int32{1, 3}, [2]int32{1, 4}, [2]int32{1, 5})
	line := edgesGraph(t, 5, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 3}, [2]int32{3, 4})
	givens := []int32{0, -1, -1, -1, 2} // vertex 4 at position 3, four moves from vertex 0 at 1
	pair := edgesGraph(t, 2, [2]int32{0, 1})
	// Four triangles, each joined to both cells 0 and 1: no cut cell, a
	// spanning subgraph of degree 2 with 13 edges exists (two triangles
	// as cycles), but removing cells 0 and 1 leaves 4 pieces.
	var quad [][2]int32
	for k := int32(0); k < 4; k++ {
		a, b, c := 2+3*k, 3+3*k, 4+3*k
		quad = append(quad, [2]int32{a, b}, [2]int32{b, c}, [2]int32{c, a}, [2]int32{0, a}, [2]int32{1, b})
	}
	fourTriangles := edgesGraph(t, 14, quad...)
	// A hub triangle 0-1-2; triangles hang off 0, 1 and 2 (pockets with
	// doors 0, 1, 2), and each cut cell leaves 2 pieces only.
	pockets := edgesGraph(t, 12, [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0},
		[2]int32{0, 3}, [2]int32{3, 4}, [2]int32{4, 0}, [2]int32{3, 9},
		[2]int32{1, 5}, [2]int32{5, 6}, [2]int32{6, 1}, [2]int32{5, 10},
		[2]int32{2, 7}, [2]int32{7, 8}, [2]int32{8, 2}, [2]int32{7, 11}, [2]int32{4, 9}, [2]int32{6, 10}, [2]int32{8, 11})
	for _, tc := range []certCase{
		{"hall", k12, proved("hall"), map[string]func(*verify.Certificate){
			"X halved":           func(c *verify.Certificate) { c.Cells = c.Cells[:len(c.Cells)/2] },
			"Y dropped":          func(c *verify.Certificate) { c.A = nil },
			"X not independent":  func(c *verify.Certificate) { c.Cells = append(c.Cells, c.A[0]) },
			"a cell outside":     func(c *verify.Certificate) { c.Cells = append(c.Cells, 9999) },
			"X names one twice":  func(c *verify.Certificate) { c.Cells = append(c.Cells, c.Cells[0]) },
			"kind changed":       func(c *verify.Certificate) { c.Kind = "separator" },
			"X empty, Y dropped": func(c *verify.Certificate) { c.Cells, c.A = nil, nil },
		}},
		{"flow", k12, func(t *testing.T, p *hamilton.Problem) *hamilton.Certificate {
			c, err := hamilton.FlowCertificate(p)
			if err != nil || c == nil {
				t.Fatalf("FlowCertificate = %v, %v", c, err)
			}
			return c
		}, map[string]func(*verify.Certificate){
			"empty cut":         func(c *verify.Certificate) { c.A, c.B = nil, nil },
			"B dropped":         func(c *verify.Certificate) { c.B = nil },
			"A dropped":         func(c *verify.Certificate) { c.A = nil },
			"A into B":          func(c *verify.Certificate) { c.B = append(c.B, c.A...); c.A = nil },
			"A names one twice": func(c *verify.Certificate) { c.A = append(c.A, c.A[0]) },
		}},
		{"separator", hamilton.Problem{G: spider}, proved("separator"), map[string]func(*verify.Certificate){
			"another cell": func(c *verify.Certificate) { c.Cells = []int{1} },
			"no cell":      func(c *verify.Certificate) { c.Cells = nil },
			"outside":      func(c *verify.Certificate) { c.Cells = []int{7} },
		}},
		{"pair separator", hamilton.Problem{G: fourTriangles}, proved("separator"), map[string]func(*verify.Certificate){
			"one cell":     func(c *verify.Certificate) { c.Cells = c.Cells[:1] },
			"another pair": func(c *verify.Certificate) { c.Cells = []int{0, 2} },
			"a third cell": func(c *verify.Certificate) { c.Cells = append(c.Cells, 3) },
		}},
		{"pockets", hamilton.Problem{G: pockets}, proved("pockets"), map[string]func(*verify.Certificate){
			"one pocket fewer": func(c *verify.Certificate) { c.Pockets = c.Pockets[:2] },
			"overlapping":      func(c *verify.Certificate) { c.Pockets[1] = append(c.Pockets[1], c.Pockets[0][0]) },
			"two doors":        func(c *verify.Certificate) { c.Pockets[0] = append(c.Pockets[0], 0) },
			"empty pocket":     func(c *verify.Certificate) { c.Pockets[2] = nil },
			"the whole graph":  func(c *verify.Certificate) { c.Pockets = [][]int{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}} },
		}},
		{"disconnected", hamilton.Problem{G: twoParts}, proved("separator"), map[string]func(*verify.Certificate){
			"two cells removed": func(c *verify.Certificate) { c.Cells = []int{0, 3} },
		}},
		{"dead-ends", hamilton.Problem{G: star}, proved("dead-ends"), map[string]func(*verify.Certificate){
			"one fewer":  func(c *verify.Certificate) { c.Cells = c.Cells[:2] },
			"the centre": func(c *verify.Certificate) { c.Cells = []int{0, 1, 2} },
			"a repeat":   func(c *verify.Certificate) { c.Cells = []int{1, 1, 2} },
		}},
		{"colour", hamilton.Problem{G: k24}, proved("colour"), map[string]func(*verify.Certificate){
			"improper":  func(c *verify.Certificate) { c.Side[2] = c.Side[0] },
			"too short": func(c *verify.Certificate) { c.Side = c.Side[:5] },
			"not 0/1":   func(c *verify.Certificate) { c.Side[0] = 2 },
		}},
		{"givens", hamilton.Problem{G: line, Givens: givens}, proved("givens"), map[string]func(*verify.Certificate){
			"wider gap": func(c *verify.Certificate) { c.From, c.To = 0, 4 },
			"unfixed":   func(c *verify.Certificate) { c.To = 3 },
			"reversed":  func(c *verify.Certificate) { c.From, c.To = c.To, c.From },
		}},
		{"too-small", hamilton.Problem{G: pair, Closed: true}, proved("too-small"), map[string]func(*verify.Certificate){
			"kind": func(c *verify.Certificate) { c.Kind = "colour" },
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.p
			cert := tc.cert(t, &p)
			r, at := NoPathRules(&p)
			if err := verify.NoPath(r, at, VerifyCertificate(cert)); err != nil {
				t.Fatalf("the checker rejects the prover's certificate: %v", err)
			}
			if err := CheckCertificate(&p, &hamilton.Reason{Rule: tc.name, Cert: cert}); err != nil {
				t.Fatalf("CheckCertificate: %v", err)
			}
			for what, corrupt := range tc.corrupt {
				c := VerifyCertificate(cert)
				corrupt(&c)
				if err := verify.NoPath(r, at, c); err == nil {
					t.Errorf("%s: the checker accepts a corrupted certificate %+v", what, c)
				}
			}
		})
	}
	// A certificate the checker rejects makes the answer an internal error.
	bad := &hamilton.Certificate{Kind: "dead-ends", Cells: []int32{1, 2}}
	p := hamilton.Problem{G: star}
	var ue *UnverifiedError
	if err := CheckCertificate(&p, &hamilton.Reason{Rule: "dead-ends", Cert: bad}); !errors.As(err, &ue) {
		t.Errorf("CheckCertificate of a wrong certificate = %v, want an *UnverifiedError", err)
	}
}

// The portfolio hands narrow boards to the frontier dynamic program too:
// a king board of 4 columns is decided, by whichever engine is first, and
// a path it returns passes the verifier.
func TestPortfolioDecides(t *testing.T) {
	for _, spec := range []string{"12x4", "9x5"} {
		s := searchOf(t, LeaperFlags{Spec: spec, Moves: "king", Timeout: 5 * time.Second}, Source{}, solveNames)
		cells, _, dec, err := s.SolveDecided(t.Context(), s.Options())
		if err != nil || len(cells) != s.Graph.N() {
			t.Fatalf("%s: %v (%d cells), decided by %v", spec, err, len(cells), dec)
		}
		if dec.Engine != EngineSearch && dec.Engine != EngineDP {
			t.Errorf("%s: engine %q", spec, dec.Engine)
		}
	}
}
