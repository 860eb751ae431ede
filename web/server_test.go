package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// newRequest is httptest.NewRequest as the page sends it: to localhost,
// and a POST's body declared JSON.
func newRequest(method, path string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, "http://localhost"+path, body)
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func post(t *testing.T, h http.Handler, path, body string) (*httptest.ResponseRecorder, map[string]any) {
	t.Helper()
	req := newRequest("POST", path, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var m map[string]any
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s: response is not JSON: %v: %s", path, err, rec.Body)
		}
	}
	return rec, m
}

func TestPageEmbedded(t *testing.T) {
	s := New(Options{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, newRequest("GET", "/", nil))
	if body := rec.Body.String(); !strings.Contains(body, ".tab.active") || !strings.Contains(body, `<script type="module" src="assets/app.js">`) {
		t.Errorf("the page does not carry its style inline and load its modules")
	}
	for _, p := range []string{"/", "/assets/app.js", "/assets/common.js", "/assets/cells.js", "/assets/leaper.js", "/assets/bridges.js", "/assets/links.js", "/assets/style.css"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest("GET", p, nil))
		if rec.Code != 200 || rec.Body.Len() < 500 {
			t.Errorf("GET %s: %d, %d bytes", p, rec.Code, rec.Body.Len())
		}
		if strings.Contains(rec.Body.String(), "http://") || strings.Contains(rec.Body.String(), "https://") && p != "/" {
			// The page may show example URLs as placeholders, but never
			// loads anything from outside.
			if strings.Contains(rec.Body.String(), "src=\"http") || strings.Contains(rec.Body.String(), "href=\"http") {
				t.Errorf("GET %s refers to an outside resource", p)
			}
		}
	}
}

// TestBadInput: every kind of bad input gets a 4xx with a JSON reason
// naming the problem.
func TestBadInput(t *testing.T) {
	s := New(Options{MaxBody: 4096})
	big := `{"board":"` + strings.Repeat(".", 5000) + `"}`
	cases := []struct {
		name, path, body string
		code             int
		want             string
	}{
		{"not json", "/api/leaper/hint", `{"board":`, 400, "bad JSON"},
		{"unknown field", "/api/leaper/hint", `{"bord":"5x5"}`, 400, "unknown field"},
		{"trailing data", "/api/leaper/load", `{"board":"5x5"} {}`, 400, "after the object"},
		{"bad spec", "/api/leaper/load", `{"board":"5y5"}`, 400, "board"},
		{"too large board", "/api/leaper/hint", `{"board":"100x100"}`, 400, "at most 1600"},
		{"huge spec", "/api/leaper/hint", `{"board":"100000x100000"}`, 400, "board"},
		{"bad moves", "/api/leaper/hint", `{"board":"5x5","moves":"0,0"}`, 400, "moves"},
		{"far leaper", "/api/leaper/hint", `{"board":"5x5","moves":"1,1000"}`, 400, "moves"},
		{"cell out of board", "/api/leaper/hint", `{"board":"5x5","path":[25]}`, 400, "outside"},
		{"negative cell", "/api/leaper/hint", `{"board":"5x5","path":[-1]}`, 400, "outside"},
		{"illegal move", "/api/leaper/hint", `{"board":"5x5","path":[0,1]}`, 400, "not a move"},
		{"repeated cell", "/api/leaper/hint", `{"board":"5x5","path":[0,3,0]}`, 400, "twice"},
		{"blocked cell", "/api/leaper/hint", `{"board":"#..\n...\n...","path":[0]}`, 400, "blocked"},
		{"given clash", "/api/leaper/hint", `{"board":"3...\n....\n....\n....","path":[0]}`, 400, "must hold 3"},
		{"all blocked", "/api/leaper/load", `{"board":"##\n##"}`, 400, "blocked"},
		{"body too large", "/api/leaper/hint", big, 413, "too large"},
		{"huge tatham", "/api/nl/load", `{"puzzle":"4000x4000m2:zzzz"}`, 400, "at most 2500"},
		{"huge puzzlink", "/api/nl/load", `{"puzzle":"https://puzz.link/p?hashikake/4000/4000/zz"}`, 400, "at most 2500"},
		{"empty puzzle", "/api/nl/load", `{"puzzle":""}`, 400, "empty"},
		{"bad puzzle", "/api/nl/hint", `{"puzzle":"7x7m2:zzzzzzzzzzzzzz"}`, 400, "puzzle"},
		{"bad puzzlink", "/api/nl/load", `{"puzzle":"https://puzz.link/p?hashikake/2/1/1."}`, 400, "puzzle"},
		{"conn length", "/api/nl/check", `{"puzzle":"7x7m2:a1a3b42d2b2d4o3c2a3b3b3","conn":[1,2]}`, 400, "pairs"},
		{"conn range", "/api/nl/check", `{"puzzle":"3x1m2:1a1","conn":[3]}`, 400, "0..2"},
		{"conn overflow", "/api/nl/check", `{"puzzle":"3x1m2:1a1","conn":[300]}`, 400, `bad JSON request: field "conn" takes an integer from -128 to 127, not number 300`},
		{"type words", "/api/nl/generate", `{"rows":"5"}`, 400, `field "rows" takes an integer, not string`},
		{"string field", "/api/leaper/load", `{"board":5}`, 400, `field "board" takes a string, not number`},
		{"fields named", "/api/leaper/hint", `{"bord":"5x5"}`, 400, `unknown field "bord"; the fields are "board", "moves", "path"`},
		{"syntax", "/api/leaper/hint", `{"board" "5x5"}`, 400, "invalid JSON at byte"},
		{"null body", "/api/leaper/load", `null`, 400, "the body is null; send a JSON object"},
		{"empty body", "/api/nl/generate", ``, 400, "the body is empty"},
		{"array body", "/api/leaper/load", `[1]`, 400, "not a JSON object"},
		{"generate size", "/api/nl/generate", `{"rows":200,"cols":200,"k":2}`, 400, "size"},
		{"generate k", "/api/nl/generate", `{"rows":5,"cols":5,"k":0}`, 400, "k ="},
		{"render format", "/api/leaper/render?format=gif", `{"board":"5x5"}`, 400, "format"},
		{"duplicate key", "/api/leaper/load", `{"board":"5x5","board":"6x6"}`, 400, `the key "board" comes twice`},
		{"duplicate nested key", "/api/nl/generate", `{"rows":5,"cols":5,"k":2,"seed":1,"k":3}`, 400, `the key "k" comes twice`},
		{"mark out of range", "/api/leaper/step", `{"board":"6x6","moves":"hopido","marks":[[999]]}`, 400, "pencil mark"},
		{"mark out of range, every cell", "/api/leaper/step", `{"board":"6x6","moves":"hopido","marks":[` + strings.Repeat(`[],`, 35) + `[999]]}`, 400, "cell F6 has the pencil mark 999; the numbers run from 1 to 36"},
		{"mark zero", "/api/leaper/step", `{"board":"6x6","moves":"hopido","marks":[[0]` + strings.Repeat(`,[]`, 35) + `]}`, 400, "pencil mark 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, m := post(t, s, c.path, c.body)
			if rec.Code != c.code {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.code, rec.Body)
			}
			msg, _ := m["error"].(string)
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %q does not mention %q", msg, c.want)
			}
			if strings.Contains(msg, "Go struct") || strings.Contains(msg, "int8") || strings.Contains(msg, "json:") {
				t.Errorf("error %q speaks Go", msg)
			}
		})
	}
	// Wrong method and unknown path answer JSON errors in the API's
	// shape, with the status kept and Allow on 405.
	for _, c := range []struct {
		method, path string
		code         int
		allow, want  string
	}{
		{"GET", "/api/leaper/hint", 405, "POST", "method GET is not allowed on /api/leaper/hint; use POST"},
		{"DELETE", "/", 405, "GET, HEAD", "method DELETE is not allowed on /"},
		{"POST", "/api/nothing", 404, "", "nothing at /api/nothing: the page is GET /, and the API is POST /api/leaper/load, "},
		{"GET", "/nothing", 404, "", "nothing at /nothing"},
		{"GET", "/assets/nothing.js", 404, "", `no asset "nothing.js"`},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest(c.method, c.path, nil))
		var m map[string]string
		err := json.Unmarshal(rec.Body.Bytes(), &m)
		if rec.Code != c.code || err != nil || !strings.Contains(m["error"], c.want) || rec.Header().Get("Allow") != c.allow ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: %d %q (Allow %q, %v), want %d %q", c.method, c.path, rec.Code, rec.Body, rec.Header().Get("Allow"), err, c.code, c.want)
		}
	}
	// Wrong method and unknown path: 405 and 404, never 500.
	for _, c := range []struct {
		method, path string
		code         int
	}{{"GET", "/api/leaper/hint", 405}, {"POST", "/api/nothing", 404}, {"GET", "/assets/../../etc/passwd", 404}} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest(c.method, c.path, nil))
		if rec.Code != c.code && !(c.code == 404 && rec.Code/100 == 3) {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, rec.Code, c.code)
		}
	}
}

// TestLeaperAPI checks the answers against facts: 4x4 Diplomatico has no
// solution (four cells of degree one, the paper's Proposition II.1), 5x5
// has, and served solutions verify.
// TestCrossSite: the server answers only its own names (loopback, the
// listen address, --allow-host) and only JSON calls from its own page:
// another Host gets 403, another Origin 403, a body not declared JSON 415,
// each with a one-line reason, and the solver never runs for them.
func TestCrossSite(t *testing.T) {
	s := New(Options{Hosts: []string{"box.lan"}})
	cases := []struct {
		name, host, origin, ctype string
		code                      int
		want                      string
	}{
		{"localhost", "localhost:8080", "", "application/json", 200, ""},
		{"loopback v4", "127.0.0.1:8080", "http://127.0.0.1:8080", "application/json", 200, ""},
		{"loopback v6", "[::1]:8080", "", "application/json; charset=utf-8", 200, ""},
		{"allowed host", "BOX.lan:9000", "http://box.lan:9000", "application/json", 200, ""},
		{"other host", "evil.example", "", "application/json", 403, `does not answer for host "evil.example"`},
		{"rebinding", "evil.example:8080", "http://evil.example:8080", "application/json", 403, "--allow-host evil.example"},
		{"other origin", "localhost:8080", "http://evil.example", "application/json", 403, `a call from the page of "http://evil.example" is refused`},
		{"null origin", "localhost:8080", "null", "application/json", 403, "refused"},
		{"other port", "localhost:8080", "http://localhost:9999", "application/json", 403, "refused"},
		{"text body", "localhost:8080", "", "text/plain", 415, `Content-Type: application/json, not "text/plain"`},
		{"form body", "localhost:8080", "", "application/x-www-form-urlencoded", 415, "Content-Type"},
		{"no type", "localhost:8080", "", "", 415, "Content-Type"},
		{"the issue's probe", "evil.example", "http://evil.example", "text/plain", 403, "host"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/api/leaper/load", strings.NewReader(`{"board":"5x5"}`))
			req.Host = c.host
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			var m map[string]any
			json.Unmarshal(rec.Body.Bytes(), &m)
			msg, _ := m["error"].(string)
			if rec.Code != c.code || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
				t.Errorf("status %d %q, want %d with %q", rec.Code, msg, c.code, c.want)
			}
			if c.code == 200 && m["cells"] == nil && m["board"] == nil && rec.Body.Len() < 20 {
				t.Errorf("no answer: %s", rec.Body)
			}
		})
	}
	// The page itself is refused to other hosts too (DNS rebinding reads
	// nothing), and served to loopback.
	for host, code := range map[string]int{"evil.example": 403, "localhost": 200} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != code {
			t.Errorf("GET / for %s: %d, want %d", host, rec.Code, code)
		}
	}
}

// TestListenHost: a server listening on an address answers for that
// address's host as well as for loopback, and no other.
func TestListenHost(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback:", err)
	}
	s := New(Options{})
	s.allowHost(ln.Addr().String())
	ln.Close()
	for host, want := range map[string]bool{ln.Addr().String(): true, "127.0.0.1": true, "localhost:1": true, "[::1]:2": true, "10.0.0.1": false, "": false, "localhost.evil.example": false} {
		if got := s.hosts[hostName(host)]; got != want {
			t.Errorf("host %q answered: %v, want %v", host, got, want)
		}
	}
	s = New(Options{Hosts: []string{"box.lan:8080", "[FE80::1]"}})
	if !s.hosts["box.lan"] || !s.hosts["fe80::1"] {
		t.Errorf("--allow-host names not kept: %v", s.hosts)
	}
}

func TestLeaperAPI(t *testing.T) {
	s := New(Options{})
	rec, m := post(t, s, "/api/leaper/hint", `{"board":"4x4"}`)
	if rec.Code != 200 || m["status"] != "dead" || m["rule"] != "dead-ends" {
		t.Errorf("4x4 hint: %d %v", rec.Code, m)
	}
	if cells, _ := m["cells"].([]any); len(cells) != 4 {
		t.Errorf("4x4 proof marks %v, want the four cells of degree one", m["cells"])
	}
	rec, m = post(t, s, "/api/leaper/solve", `{"board":"5x5","path":[0]}`)
	if rec.Code != 200 || m["status"] != "solvable" {
		t.Fatalf("5x5 solve: %d %v", rec.Code, m)
	}
	sol := m["solution"].([]any)
	if len(sol) != 25 || sol[0].(float64) != 0 {
		t.Errorf("solution %v does not extend the position", sol)
	}
	// The completed path comes back "done" (and verified).
	path, _ := json.Marshal(sol)
	_, m = post(t, s, "/api/leaper/hint", `{"board":"5x5","path":`+string(path)+`}`)
	if m["status"] != "done" {
		t.Errorf("complete path: %v", m)
	}
	// Counting convention: 5x5 Diplomatico has 12400 directed paths
	// (docs/references.md, the Diplomatico paper's table).
	_, m = post(t, s, "/api/leaper/count", `{"board":"5x5"}`)
	if m["count"].(float64) != 12400 || m["complete"] != true {
		t.Errorf("5x5 count: %v", m)
	}
	_, m = post(t, s, "/api/leaper/analyze", `{"board":"5x5"}`)
	if m["total"].(float64) != 12400 || !strings.HasPrefix(m["heatmap"].(string), "<svg") {
		t.Errorf("5x5 analyze: total %v", m["total"])
	}
	// Givens: a text map with a given is renumbered for the completion.
	_, m = post(t, s, "/api/leaper/solve", `{"board":". . . . .\n. . . . .\n. . 25 . .\n. . . . .\n. . . . .","path":[]}`)
	if m["status"] != "solvable" || m["solution"].([]any)[24].(float64) != 12 {
		t.Errorf("solve with the given 25 at 3,3: %v", m)
	}
	rec, _ = post(t, s, "/api/leaper/render?format=png", `{"board":"5x5","path":[0,3]}`)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || !strings.HasPrefix(rec.Body.String(), "\x89PNG") {
		t.Errorf("render png: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

func TestNumberlinkAPI(t *testing.T) {
	s := New(Options{})
	const id = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
	rec, m := post(t, s, "/api/nl/load", `{"puzzle":"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#`+id+`"}`)
	if rec.Code != 200 || m["id"] != id {
		t.Fatalf("Tatham URL: %d %v", rec.Code, m)
	}
	_, m = post(t, s, "/api/nl/solve", `{"puzzle":"`+id+`"}`)
	if m["unique"] != true {
		t.Fatalf("solve: %v", m)
	}
	conn, _ := json.Marshal(m["conn"])
	_, m = post(t, s, "/api/nl/check", `{"puzzle":"`+id+`","conn":`+string(conn)+`}`)
	if m["solved"] != true {
		t.Errorf("check of the solution: %v", m)
	}
	_, m = post(t, s, "/api/nl/hint", `{"puzzle":"`+id+`","conn":`+string(conn)+`}`)
	if m["status"] != "done" {
		t.Errorf("hint on the solution: %v", m)
	}
	// A wrong bridge is named.
	g, _, _ := puzzleio.ParseTatham(id)
	var c []int8
	json.Unmarshal(conn, &c)
	for p := range c {
		if c[p] < int8(g.K) {
			c[p]++
			break
		}
	}
	wrong, _ := json.Marshal(c)
	_, m = post(t, s, "/api/nl/hint", `{"puzzle":"`+id+`","conn":`+string(wrong)+`}`)
	if m["status"] != "wrong" {
		t.Errorf("hint with a wrong bridge: %v", m)
	}
	// From scratch the hint is τ's first step with its configurations.
	_, m = post(t, s, "/api/nl/hint", `{"puzzle":"`+id+`"}`)
	if m["status"] != "step" || !strings.Contains(m["reason"].(string), "ω*") || m["feasibleCount"].(float64) < 1 {
		t.Errorf("first hint: %v", m)
	}
	rec, _ = post(t, s, "/api/nl/render?format=svg", `{"puzzle":"`+id+`","conn":`+string(conn)+`}`)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "<svg") {
		t.Errorf("render svg: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	rec, m = post(t, s, "/api/nl/generate", `{"rows":6,"cols":6,"k":2,"seed":3,"difficulty":2}`)
	if rec.Code != 200 {
		t.Fatalf("generate: %d %v", rec.Code, m)
	}
	if gr := m["grade"].(string); !strings.Contains(gr, "bounds") && !strings.Contains(gr, "crossing") && !strings.Contains(gr, "tau") && !strings.Contains(gr, "τ") {
		t.Errorf("generated grade %q is above crossing", gr)
	}
}

// TestBusy: with one solver slot and a queue of one, a third concurrent
// solver request is refused at once with 429, and a page request is still
// served.
func TestBusy(t *testing.T) {
	s := New(Options{Jobs: 1, Queue: 1, QueueWait: 5 * time.Second, Timeout: 1500 * time.Millisecond})
	ts := httptest.NewServer(s)
	defer ts.Close()
	slow := `{"board":"7x7","moves":"knight"}` // counting 7x7 knight paths takes far longer than the deadline
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := http.Post(ts.URL+"/api/leaper/count", "application/json", strings.NewReader(slow))
			if err == nil {
				codes[i] = r.StatusCode
				r.Body.Close()
			}
		}()
		time.Sleep(200 * time.Millisecond)
	}
	t0 := time.Now()
	r, err := http.Post(ts.URL+"/api/leaper/count", "application/json", strings.NewReader(slow))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	// 2 s leaves room for a loaded machine; a third job that queued
	// instead would wait for the first one's 1.5 s timeout and the
	// second's (2.6 s or more after t0).
	if r.StatusCode != 429 || time.Since(t0) > 2*time.Second {
		t.Errorf("third job: %d after %v, want 429 at once", r.StatusCode, time.Since(t0))
	}
	r, err = http.Get(ts.URL + "/")
	if err != nil || r.StatusCode != 200 {
		t.Errorf("page while busy: %v %v", r.StatusCode, err)
	}
	r.Body.Close()
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Errorf("slow job %d: status %d, want 200 with a lower bound", i, c)
		}
	}
}

// TestClientGone: a solver call stops when the client disconnects.
func TestClientGone(t *testing.T) {
	s := New(Options{Jobs: 1, Timeout: time.Minute})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/leaper/count", strings.NewReader(`{"board":"7x7","moves":"knight"}`))
	req.Header.Set("Content-Type", "application/json")
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	http.DefaultClient.Do(req)
	// The slot must come free soon: a new job gets it.
	t0 := time.Now()
	r, err := http.Post(ts.URL+"/api/leaper/hint", "application/json", strings.NewReader(`{"board":"5x5"}`))
	if err != nil || r.StatusCode != 200 {
		t.Fatalf("after the client left: %v %v", r, err)
	}
	r.Body.Close()
	if d := time.Since(t0); d > 3*time.Second {
		t.Errorf("the abandoned job held the slot for %v", d)
	}
}

// TestRecover: a panic in a handler is a 500 with a JSON reason, and the
// server keeps serving.
func TestRecover(t *testing.T) {
	s := New(Options{})
	s.mux.HandleFunc("POST /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	rec, m := post(t, s, "/api/test-panic", `{}`)
	if rec.Code != 500 || !strings.Contains(m["error"].(string), "internal") {
		t.Errorf("panic: %d %v", rec.Code, m)
	}
	rec, _ = post(t, s, "/api/leaper/load", `{"board":"5x5"}`)
	if rec.Code != 200 {
		t.Errorf("after a panic: %d", rec.Code)
	}
}

// TestShutdown: Serve returns when its context ends.
func TestShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	urls := make(chan string, 1)
	go func() { done <- Serve(ctx, ln, Options{}, func(u string) { urls <- u }) }()
	r, err := http.Get(<-urls)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	cancel()
	awaitStop(t, done, "Serve after its context ended")
}

// awaitStop waits up to 10 s for done, the result of a server told to stop
// (what names it), and fails the test on an error or a timeout.
func awaitStop(t *testing.T, done <-chan error, what string) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: did not return within 10 s", what)
	}
}

// TestNumberlinkHintsSolve follows the hints from an empty grid until the
// page would show "solved": on a puzzle τ solves alone (the node rule
// suffices), and on one where τ stalls after 15 steps and the stages up to
// probing decide the rest. Every hint must add connections without a
// reveal, and the end must verify.
func TestNumberlinkHintsSolve(t *testing.T) {
	s := New(Options{})
	for _, c := range []struct{ id, lastStage string }{
		{"7x7m2:a1a3b42d2b2d4o3c2a3b3b3", "bounds"},
		{"12x12m3:44b574c46d2a2d4a5c6d3a4a3b6a2j31a35m96d4c6a3h241zv", "probe"},
	} {
		g, rules, err := puzzleio.ParseTatham(c.id)
		if err != nil {
			t.Fatal(err)
		}
		conn := make([]int8, len(g.Pairs))
		stages := map[string]bool{}
		for step := 0; ; step++ {
			if step > len(g.Pairs)*g.K {
				t.Fatalf("%s: hints did not finish", c.id)
			}
			body, _ := json.Marshal(NLRequest{Puzzle: c.id, Conn: conn})
			rec, m := post(t, s, "/api/nl/hint", string(body))
			if rec.Code != 200 {
				t.Fatalf("%s: %d %v", c.id, rec.Code, m)
			}
			if m["status"] == "done" {
				break
			}
			if m["status"] != "step" {
				t.Fatalf("%s: hint %v", c.id, m)
			}
			if m["reveal"] == true {
				t.Fatalf("%s: a reveal where the stages decide the puzzle: %v", c.id, m)
			}
			stage, _ := m["stage"].(string)
			stages[stage] = true
			pairs, counts := m["pairs"].([]any), m["counts"].([]any)
			if len(pairs) == 0 {
				t.Fatalf("%s: a hint without a pair: %v", c.id, m)
			}
			for i, p := range pairs {
				pi, want := int(p.(float64)), int8(counts[i].(float64))
				if want <= conn[pi] {
					t.Fatalf("%s: hint asks for %d on pair %d, which has %d", c.id, want, pi, conn[pi])
				}
				conn[pi] = want
			}
		}
		if err := numberlink.VerifySolution(g, rules, conn); err != nil {
			t.Errorf("%s: the hints led to a rejected grid: %v", c.id, err)
		}
		found := false
		for st := range stages {
			found = found || strings.HasPrefix(st, c.lastStage)
		}
		if !found {
			t.Errorf("%s: stages used %v, want %q among them", c.id, stages, c.lastStage)
		}
	}
}

// TestGivenUnreachable: a position from which a given can no longer be
// reached in time is refuted, and the reason names the player's numbers
// (not the completion problem's positions) and marks both cells.
func TestGivenUnreachable(t *testing.T) {
	// 5x5 Diplomatico, 4 must stand at 5,5 (cell 24). Search for a
	// two-move prefix whose head is more than two moves from 5,5, found
	// by the engine rather than by hand.
	board := ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . 4"
	for a := range int32(24) {
		for b := range int32(24) {
			L, err := leaperInput(&LeaperRequest{Board: board, Path: []int32{a, b}}, 100)
			if err != nil {
				continue
			}
			h, err := leaperHint(context.Background(), L, 0, false)
			if err != nil {
				t.Fatal(err)
			}
			if h.Rule != "givens" {
				continue
			}
			if !strings.Contains(h.Reason, "cells numbered 2 and 4") || !strings.Contains(h.Reason, "more than 2 moves apart") {
				t.Errorf("reason %q; want the numbers 2 and 4, 2 moves", h.Reason)
			}
			if len(h.Cells) != 2 || h.Cells[0] != b || h.Cells[1] != 24 {
				t.Errorf("marked %v, want [%d 24]", h.Cells, b)
			}
			return
		}
	}
	t.Fatal("no two-move prefix refuted by the givens rule")
}

// TestLeaperGenerate: a generated puzzle comes back as a board map whose
// givens have one completion, which the server then solves and verifies.
func TestLeaperGenerate(t *testing.T) {
	s := New(Options{})
	rec, m := post(t, s, "/api/leaper/generate", `{"board":"6x6","moves":"diplomatico","level":1,"seed":1}`)
	if rec.Code != 200 {
		t.Fatalf("generate: %d %v", rec.Code, m)
	}
	if m["level"] != "easy" || m["givens"].(float64) < 2 {
		t.Errorf("generated %v", m)
	}
	board, _ := json.Marshal(m["board"])
	_, c := post(t, s, "/api/leaper/count", `{"board":`+string(board)+`}`)
	if c["count"].(float64) != 1 || c["complete"] != true {
		t.Errorf("the generated puzzle has %v completions, want exactly 1", c["count"])
	}
	// The share string loads as a board too.
	share, _ := json.Marshal(m["share"])
	rec, l := post(t, s, "/api/leaper/load", `{"board":`+string(share)+`}`)
	if rec.Code != 200 || l["board"] != m["board"] {
		t.Errorf("share string loads as %v, want the board %v", l["board"], m["board"])
	}
	rec, _ = post(t, s, "/api/leaper/generate", `{"board":"6x6","level":9}`)
	if rec.Code != 400 {
		t.Errorf("level 9: %d", rec.Code)
	}
}

// TestNumberlinkGeneratedHints plays, through the page's API, the hint
// ladder from the givens of a generated 10x10 puzzle of each difficulty
// (k = 2 and 3, seed 1): every hint is a step the solution has, none is a
// reveal, the player's words name islands and bridges only (the seed's
// terms stay in the study text), and the ladder ends at "done". The first
// hint comes from the solution kept with the generated puzzle.
func TestNumberlinkGeneratedHints(t *testing.T) {
	s := New(Options{})
	for _, k := range []int{2, 3} {
		for d := numberlink.Easy; d <= numberlink.Expert; d++ {
			name := fmt.Sprintf("k=%d %s", k, d.DifficultyName())
			rec, m := post(t, s, "/api/nl/generate", fmt.Sprintf(`{"rows":10,"cols":10,"k":%d,"seed":1,"difficulty":%d}`, k, d))
			if rec.Code != 200 {
				t.Fatalf("%s: generate: %d %v", name, rec.Code, m)
			}
			id := m["puzzle"].(string)
			_, m = post(t, s, "/api/nl/solve", `{"puzzle":"`+id+`"}`)
			var sol []int8
			b, _ := json.Marshal(m["conn"])
			json.Unmarshal(b, &sol)
			conn := make([]int8, len(sol))
			stages := map[string]int{}
			for step := 0; ; step++ {
				if step > len(sol)*k {
					t.Fatalf("%s: the ladder did not finish", name)
				}
				body, _ := json.Marshal(NLRequest{Puzzle: id, Conn: conn})
				_, m := post(t, s, "/api/nl/hint", string(body))
				if m["status"] == "done" {
					break
				}
				if m["status"] != "step" || m["reveal"] == true {
					t.Fatalf("%s, step %d: %v", name, step+1, m)
				}
				words := m["look"].(string) + m["plain"].(string)
				for _, w := range []string{"τ", "Φ", "ω", "node", "§"} {
					if strings.Contains(words, w) {
						t.Fatalf("%s, step %d: player words name %q: %s", name, step+1, w, words)
					}
				}
				stages[m["stage"].(string)]++
				for i, p := range m["pairs"].([]any) {
					pi, c := int(p.(float64)), int8(m["counts"].([]any)[i].(float64))
					if c <= conn[pi] || c > sol[pi] {
						t.Fatalf("%s, step %d: %d bridges on pair %d (drawn %d, solution %d)", name, step+1, c, pi, conn[pi], sol[pi])
					}
					conn[pi] = c
				}
			}
			if !slices.Equal(conn, sol) {
				t.Errorf("%s: the ladder ended away from the solution", name)
			}
			t.Logf("%s: steps by stage %v", name, stages)
		}
	}
}
