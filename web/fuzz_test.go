package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

// FuzzLeaperRequest: any body either decodes into a valid position or is
// refused with an input error; a valid position yields a completion
// problem the prechecks accept as well formed.
func FuzzLeaperRequest(f *testing.F) {
	for _, s := range []string{
		`{"board":"5x5","moves":"diplomatico","path":[0,3]}`,
		`{"board":"4x4"}`,
		`{"board":". . #\n1 . .\n. . 9","moves":"knight","path":[3]}`,
		`{"board":"3...\n....\n....\n....","path":[0]}`,
		`{"board":"8x8","moves":"1,2+3,0","path":[]}`,
		`{"board":"5x5","path":[0,3,0]}`,
		`{"board":"","moves":"","path":null}`,
		`{"board":"2x2","moves":"king","path":[0,1,2,3]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req LeaperRequest
		if err := decodeJSON(data, &req); err != nil {
			if !request.IsInput(err) {
				t.Fatalf("decode error %T %v is not an input error", err, err)
			}
			return
		}
		L, err := leaperInput(&req, 400)
		if err != nil {
			if !request.IsInput(err) {
				t.Fatalf("input error %T %v", err, err)
			}
			return
		}
		if L.b.Cells() > 400 || len(L.path) > L.b.Open() {
			t.Fatalf("accepted %s with %d placed", L.b.Spec(), len(L.path))
		}
		if len(L.path) == L.b.Open() {
			return
		}
		R := L.rest()
		if _, err := hamilton.Precheck(&R.prob); err != nil {
			// Givens may clash (two cells with one number): the engine
			// reports that as bad input, which the handler maps to 400.
			if !strings.Contains(err.Error(), "invalid") {
				t.Fatalf("precheck: %v", err)
			}
		}
	})
}

// FuzzNLRequest: any body either decodes into a grid and a position of the
// right shape or is refused with an input error.
func FuzzNLRequest(f *testing.F) {
	for _, s := range []string{
		`{"puzzle":"7x7m2:a1a3b42d2b2d4o3c2a3b3b3","conn":[]}`,
		`{"puzzle":"https://puzz.link/p?hashikake/3/2/1g2-10h"}`,
		`{"puzzle":"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#3x1m2:1a1","conn":[1]}`,
		`{"puzzle":"k=2\n1.1\n","conn":[3]}`,
		`{"puzzle":"3 3 2\n1 0 1\n0 0 0\n1 0 1","conn":[1,1,1,1]}`,
		`{"puzzle":"{\"rows\":1,\"cols\":2,\"k\":2,\"clues\":[[1,1]]}"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req NLRequest
		if err := decodeJSON(data, &req); err != nil {
			return
		}
		g, _, err := nlInput(req.Puzzle, 2500)
		if err != nil {
			if !request.IsInput(err) {
				t.Fatalf("input error %T %v", err, err)
			}
			return
		}
		if g.Rows*g.Cols > 2500 {
			t.Fatalf("accepted %dx%d", g.Rows, g.Cols)
		}
		conn, err := checkConn(req.Conn, len(g.Pairs), g.K)
		if err != nil {
			return
		}
		if len(conn) != len(g.Pairs) {
			t.Fatalf("conn has %d entries for %d pairs", len(conn), len(g.Pairs))
		}
		for _, c := range conn {
			if c < 0 || int(c) > g.K {
				t.Fatalf("conn entry %d outside 0..%d", c, g.K)
			}
		}
	})
}

// FuzzHandlers posts arbitrary bodies to the endpoints that need no solver
// and checks the server never answers 500.
func FuzzHandlers(f *testing.F) {
	f.Add("leaper/load", []byte(`{"board":"5x5"}`))
	f.Add("leaper/render", []byte(`{"board":"5x5","path":[0,3]}`))
	f.Add("nl/load", []byte(`{"puzzle":"3x1m2:1a1"}`))
	f.Add("nl/check", []byte(`{"puzzle":"3x1m2:1a1","conn":[1]}`))
	f.Add("nl/render", []byte(`{"puzzle":"3x1m2:1a1","conn":[2]}`))
	s := New(Options{MaxCells: 400, MaxGridCells: 400})
	f.Fuzz(func(t *testing.T, ep string, body []byte) {
		switch ep {
		case "leaper/load", "leaper/render", "nl/load", "nl/check", "nl/render":
		default:
			return
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest("POST", "/api/"+ep, strings.NewReader(string(body))))
		if rec.Code >= 500 {
			t.Fatalf("%s %q: %d %s", ep, body, rec.Code, rec.Body)
		}
	})
}

// FuzzEngineCall: the WebAssembly page's entry (Engine.Call) answers any
// name and body with an answer or a message, never a panic.
func FuzzEngineCall(f *testing.F) {
	e := NewEngine(0, 0, 0)
	for _, name := range []string{"leaper/load", "leaper/hint", "leaper/render?format=png", "nl/load?%zz", "nl/render?format=gif", "no/such", ""} {
		f.Add(name, `{"board":"4x4"}`)
		f.Add(name, `{"puzzle":"3x3m2:1a1b2a2"}`)
	}
	f.Fuzz(func(t *testing.T, name, body string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		a, err := e.Call(ctx, name, []byte(body))
		switch {
		case err != nil && err.Error() == "":
			t.Errorf("%q %q: an error without a message", name, body)
		case err == nil && (a == nil || len(a.Data) == 0 || a.ContentType == ""):
			t.Errorf("%q %q: an empty answer %+v", name, body, a)
		}
	})
}
