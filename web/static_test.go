package web

// The static site ("boardgraph site DIR"): its files, and the page served
// by a plain file server on loopback with no boardgraph server, driven in
// headless Chromium. The engine is compiled to WebAssembly once per test
// run (go build's cache makes later runs quick).

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestWriteSite(t *testing.T) {
	eng := &WasmEngine{Wasm: []byte("\x00asm fake"), Loader: []byte("// loader")}
	dir := filepath.Join(t.TempDir(), "public")
	if err := WriteSite(dir, eng, false); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "sw.js", "assets/app.js", "assets/style.css", "assets/engine-client.js", "assets/worker.js", "assets/engine.wasm", "assets/wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("site lacks %s: %v", name, err)
		}
	}
	page := string(testfix.ReadFile(t, filepath.Join(dir, "index.html")))
	if !strings.Contains(page, staticMeta) {
		t.Errorf("index.html is not marked static:\n%s", page)
	}
	if i, j := strings.Index(page, "assets/engine-client.js"), strings.Index(page, "assets/app.js"); i < 0 || j < i {
		t.Errorf("index.html must load engine-client.js before app.js")
	}
	sw := string(testfix.ReadFile(t, filepath.Join(dir, "sw.js")))
	for _, name := range []string{`"./"`, `"index.html"`, `"assets/engine.wasm"`, `"assets/worker.js"`} {
		if !strings.Contains(sw, name) {
			t.Errorf("sw.js does not cache %s", name)
		}
	}
	// A non-empty folder is refused (input, exit 2) unless forced.
	err := WriteSite(dir, eng, false)
	if !request.IsInput(err) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("writing over a site: %v; want an input error naming --force", err)
	}
	os.WriteFile(filepath.Join(dir, "stale.txt"), []byte("x"), 0o644)
	eng2 := &WasmEngine{Wasm: []byte("\x00asm other"), Loader: eng.Loader}
	if err := WriteSite(dir, eng2, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "stale.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--force kept an old file: %v", err)
	}
	if sw2 := string(testfix.ReadFile(t, filepath.Join(dir, "sw.js"))); sw2 == sw {
		t.Errorf("the service worker's cache name did not change with the engine")
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if err := WriteSite(file, eng, true); !request.IsInput(err) {
		t.Errorf("site over a file: %v; want an input error", err)
	}
	ents, _ := os.ReadDir(filepath.Dir(dir))
	if len(ents) != 1 {
		t.Errorf("temporary folders left beside the site: %v", ents)
	}
}

var builtEngine struct {
	sync.Once
	eng       *WasmEngine
	goVersion string
	err       error
}

// testEngine compiles the WebAssembly engine from the sources as they are
// (EngineBuild) once per test run: the browser tests try the code under
// test, and TestEmbeddedEngine checks that the built-in engine is the
// same.
func testEngine(t *testing.T) *WasmEngine {
	t.Helper()
	builtEngine.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		builtEngine.eng, builtEngine.goVersion, builtEngine.err = buildEngine(ctx)
	})
	if builtEngine.err != nil {
		t.Fatalf("building the WebAssembly engine: %v", builtEngine.err)
	}
	return builtEngine.eng
}

// staticEnv is the static site on a plain file server and a browser.
type staticEnv struct {
	url   string
	ctx   context.Context
	close func()
	mu    sync.Mutex
	// served lists every path the file server was asked for; requested
	// every URL the page's network events reported.
	served, requested []string
}

func newStaticEnv(t *testing.T) *staticEnv {
	exe := chromium(t)
	eng := testEngine(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := WriteSite(dir, eng, false); err != nil {
		t.Fatal(err)
	}
	s := &staticEnv{}
	files := http.FileServer(http.Dir(dir))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.served = append(s.served, r.Method+" "+r.URL.Path)
		s.mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	bctx := startBrowser(t, exe, t.Skipf)
	s.url, s.ctx, s.close = ts.URL+"/", bctx, ts.Close
	return s
}

// tab opens a tab that records its requests, with a deadline.
func (s *staticEnv) tab(t *testing.T, limit time.Duration) context.Context {
	ctx, cancel := chromedp.NewContext(s.ctx)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, limit)
	t.Cleanup(cancel2)
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			s.mu.Lock()
			s.requested = append(s.requested, e.Request.Method+" "+e.Request.URL)
			s.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

func (s *staticEnv) open(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(s.url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatalf("open %s: %v", s.url, err)
	}
}

// page opens a tab (tab) on the static page, loaded and ready (open).
func (s *staticEnv) page(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	ctx := s.tab(t, limit)
	s.open(t, ctx)
	return ctx
}

// workers fails the test unless the page's engine has started want
// workers in all, saying why that many.
func (s *staticEnv) workers(t *testing.T, ctx context.Context, want int, why string) {
	t.Helper()
	if n := eval[int](t, ctx, `BoardgraphEngine.workers`); n != want {
		t.Errorf("%d workers started, want %d: %s", n, want, why)
	}
}

// noAPI fails the test if any request went to /api/.
func (s *staticEnv) noAPI(t *testing.T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range slices.Concat(s.served, s.requested) {
		if strings.Contains(r, "/api/") {
			t.Errorf("the static page made an API request: %s", r)
		}
	}
	if !slices.Contains(s.served, "GET /assets/engine.wasm") {
		t.Errorf("the engine was never loaded; served %v", s.served)
	}
}

// callJS is a JavaScript function running one engine call and returning
// {json}, {text, type} for a picture, or {error}.
const callJS = `async function call1(path, body) {
	try {
		const r = await BoardgraphEngine.call(path, body);
		if (r instanceof Blob) return {text: await r.text(), type: r.type};
		return {json: r};
	} catch (e) { return {error: e.message, name: e.name}; }
}`

func TestStaticSite(t *testing.T) {
	t.Parallel() // each browser test has its own Chromium; they mostly wait on it
	s := newStaticEnv(t)

	t.Run("PlayHintGenerate", func(t *testing.T) {
		ctx := s.page(t, 3*time.Minute)
		if eval[bool](t, ctx, `typeof BoardgraphEngine === "object"`) != true {
			t.Fatal("window.BoardgraphEngine is not defined in the static page")
		}
		// A free tour: clicks, a hint, the last click verified.
		tour(t, ctx, "5x5")
		sol := solveLeaper(t, "5x5", "diplomatico")
		for _, c := range sol[:6] {
			clickCell(t, ctx, c)
		}
		if got := eval[[]int32](t, ctx, `L.path`); !slices.Equal(got, sol[:6]) {
			t.Fatalf("page path %v, clicked %v", got, sol[:6])
		}
		if st := eval[string](t, ctx, `(async () => { L.ladder = null; await L.hint(); return document.getElementById("l-hinttext").dataset.status; })()`); st != "solvable" {
			t.Errorf("hint status %q: %q", st, text(t, ctx, "l-hinttext"))
		}
		for _, c := range sol[6:] {
			clickCell(t, ctx, c)
		}
		waitJS(t, ctx, textHas("l-hinttext", "independent verifier accepts the path"))
		// A generated 6x6 puzzle (the page's New puzzle button).
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("l-size"), "6x6")); err != nil {
			t.Fatal(err)
		}
		clickAndWait(t, ctx, "l-gen", textHas("l-hinttext", "givens and exactly one solution"))
		if g, r := eval[int](t, ctx, `L.b.givens.length`), eval[int](t, ctx, `L.b.rows`); g == 0 || r != 6 {
			t.Errorf("generated board: %d givens, %d rows; hint line %q", g, r, text(t, ctx, "l-hinttext"))
		}
		// A k-grid hint.
		eval[any](t, ctx, `(async () => { showTab("nl"); NL.ladder = null; await NL.hint(); return 1; })()`)
		if st := eval[string](t, ctx, `document.getElementById("n-hinttext").dataset.status`); st != "step" {
			t.Errorf("k-grid hint status %q: %q", st, text(t, ctx, "n-hinttext"))
		}
		s.noAPI(t)
	})

	t.Run("SameAnswersAsServe", func(t *testing.T) {
		ctx := s.page(t, 3*time.Minute)
		cases := crossModeCases(t)
		js, _ := json.Marshal(cases)
		got := eval[[]map[string]any](t, ctx, `(async () => { `+callJS+` const out = []; for (const c of `+string(js)+`) out.push(await call1(c.path, c.body)); return out; })()`)
		srv := httptest.NewServer(New(Options{}))
		defer srv.Close()
		for i, c := range cases {
			want := serveAnswer(t, srv.URL, c.Path, c.Body)
			if !reflect.DeepEqual(dropMillis(got[i]), dropMillis(want)) {
				t.Errorf("%s %s:\n static %v\n serve  %v", c.Path, c.Body, got[i], want)
			}
		}
		// The opening answers written into the page (opening.go, by the
		// native engine) are what the WebAssembly engine answers.
		pairs := eval[[][2]any](t, ctx, `(async () => { const out = []; for (const c of opening.calls) out.push([c.answer, await BoardgraphEngine.call(c.path, c.body)]); return out; })()`)
		if len(pairs) != 2 {
			t.Errorf("%d opening answers in the page, want 2 (leaper/load, nl/load)", len(pairs))
		}
		for _, p := range pairs {
			if !reflect.DeepEqual(p[0], p[1]) {
				t.Errorf("opening answer in the page %v\n the engine answers %v", p[0], p[1])
			}
		}
		s.workers(t, ctx, 1, "the bad inputs must not restart it")
		s.noAPI(t)
	})

	t.Run("WorkerSurvivesAndCancels", func(t *testing.T) {
		ctx := s.page(t, 3*time.Minute)
		eval[any](t, ctx, `(() => { window.call1 = `+strings.Replace(callJS, "function call1", "function", 1)+`; return 1; })()`)
		bad := []string{
			`call1("nl/load", {puzzle: "7x7m2:zzzz"})`,
			`call1("leaper/hint", {board: "5x5", path: [0, 0]})`,
			`call1("leaper/hint", "not an object")`,
			`call1("no/such", {})`,
			`call1("leaper/render?format=gif", {board: "4x4"})`,
		}
		for _, js := range bad {
			r := eval[map[string]any](t, ctx, js)
			if msg, _ := r["error"].(string); msg == "" {
				t.Errorf("%s answered %v; want an error", js, r)
			}
		}
		if r := eval[map[string]any](t, ctx, `call1("leaper/load", {board: "5x5"})`); r["json"] == nil {
			t.Errorf("after bad puzzles the engine answers %v", r)
		}
		s.workers(t, ctx, 1, "bad puzzles must not restart it")
		// Cancel a long count (8x8 Diplomatico runs to the deadline): the
		// call rejects with AbortError at once and a new worker answers.
		r := eval[map[string]any](t, ctx, `(async () => { const ac = new AbortController(); const t0 = performance.now();
			const p = BoardgraphEngine.call("leaper/count", {board: "8x8"}, {signal: ac.signal});
			setTimeout(() => ac.abort(), 300);
			try { await p; return {ok: true}; } catch (e) { return {name: e.name, ms: performance.now() - t0}; } })()`)
		if r["name"] != "AbortError" || r["ms"].(float64) > 3000 {
			t.Errorf("cancelled count: %v; want AbortError within 3 s", r)
		}
		if r := eval[map[string]any](t, ctx, `call1("leaper/load", {board: "6x6"})`); r["json"] == nil {
			t.Errorf("after a cancel the engine answers %v", r)
		}
		s.workers(t, ctx, 2, "a cancel starts exactly one more")
		s.noAPI(t)
	})

	// The engine has no rasteriser: a PNG is its SVG drawn by the browser
	// (engine-client.js). Same size as the server's PNG and nearly the same
	// pixels (the text is drawn with the browser's fonts).
	t.Run("PNGDrawnFromSVG", func(t *testing.T) {
		ctx := s.page(t, 2*time.Minute)
		sol := solveLeaper(t, "5x5", "diplomatico")
		srv := httptest.NewServer(New(Options{}))
		defer srv.Close()
		for _, c := range []crossCase{
			{"leaper/render?format=png", map[string]any{"board": "5x5", "path": sol}},
			{"nl/render?format=png", map[string]any{"puzzle": "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"}},
		} {
			js, _ := json.Marshal(c.Body)
			r := eval[map[string]string](t, ctx, `(async () => { const b = await BoardgraphEngine.call(`+jsString(c.Path)+`, `+string(js)+`);
				const u = await new Promise((res) => { const f = new FileReader(); f.onload = () => res(f.result); f.readAsDataURL(b); });
				return {type: b.type, data: u.slice(u.indexOf(",") + 1)}; })()`)
			if r["type"] != "image/png" {
				t.Fatalf("%s: a %q blob, want image/png", c.Path, r["type"])
			}
			raw, _ := base64.StdEncoding.DecodeString(r["data"])
			got, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s: the page's PNG does not decode: %v", c.Path, err)
			}
			want, err := png.Decode(strings.NewReader(serveAnswer(t, srv.URL, c.Path, c.Body)["text"].(string)))
			if err != nil {
				t.Fatalf("%s: the server's PNG: %v", c.Path, err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("%s: the page's PNG is %v, the server's %v", c.Path, got.Bounds(), want.Bounds())
			}
			diff, ink := 0.0, 0
			b := want.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					g, w := gray(got.At(x, y)), gray(want.At(x, y))
					diff += math.Abs(g - w)
					if g < 0.5 {
						ink++
					}
				}
			}
			n := float64(b.Dx() * b.Dy())
			t.Logf("%s: %v, mean difference %.4f, %.1f%% dark pixels", c.Path, b, diff/n, 100*float64(ink)/n)
			if diff/n > 0.03 || float64(ink)/n < 0.01 {
				t.Errorf("%s: the page's PNG differs from the server's by %.4f a pixel (want at most 0.03) with %d dark pixels", c.Path, diff/n, ink)
			}
		}
		s.noAPI(t)
	})

	// Last: it stops the file server.
	t.Run("HintsFinishHard", func(t *testing.T) { staticHintsFinishHard(t, s) })
	t.Run("OfflineAfterFirstLoad", func(t *testing.T) {
		ctx := s.page(t, 2*time.Minute)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`navigator.serviceWorker.controller !== null || (location.reload(), false)`, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(2*time.Second))); err != nil {
			t.Fatalf("no service worker controls the page: %v", err)
		}
		s.mu.Lock()
		n := len(s.served)
		s.mu.Unlock()
		s.close() // the file server goes away: offline
		if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
			t.Fatalf("offline reload: %v", err)
		}
		if r := eval[map[string]any](t, ctx, `(async () => { `+callJS+` return call1("leaper/hint", {board: "5x5"}); })()`); r["json"] == nil {
			t.Errorf("offline hint: %v", r)
		}
		// Offline, the daily puzzles are made in the page from the date
		// alone, the same as the server's (issue 40).
		today := eval[string](t, ctx, `new Date().toISOString().slice(0, 10)`)
		clickAndWait(t, ctx, "l-daily", fmt.Sprintf(`L.daily === %q && document.getElementById("l-hinttext").textContent.includes("the same for everyone")`, today))
		if share, _ := dailyWant(t, "leaper", today); eval[string](t, ctx, `L.b.share`) != share {
			t.Errorf("offline Hopido daily %q, want %q", eval[string](t, ctx, `L.b.share`), share)
		}
		eval[any](t, ctx, `(() => { showTab("nl"); return 1; })()`)
		clickAndWait(t, ctx, "n-daily", fmt.Sprintf(`NL.daily === %q && document.getElementById("n-hinttext").textContent.includes("the same for everyone")`, today))
		if id, _ := dailyWant(t, "nl", today); eval[string](t, ctx, `NL.puzzle`) != id {
			t.Errorf("offline Bridges daily %q, want %q", eval[string](t, ctx, `NL.puzzle`), id)
		}
		s.mu.Lock()
		if extra := s.served[n:]; len(extra) > 0 {
			t.Errorf("offline, the file server was still asked for %v", extra)
		}
		s.mu.Unlock()
	})
}

type crossCase struct {
	Path string `json:"path"`
	Body any    `json:"body"`
}

// crossModeCases are calls whose answers must be the same from the server
// and from the WebAssembly engine: loads, hints of each kind (a
// completion, a dead end, a finished board), solve, count, generate with a
// seed, k-grid load, hint, check and solve, pictures, and bad input.
func crossModeCases(t *testing.T) []crossCase {
	sol := solveLeaper(t, "5x5", "diplomatico")
	dead, _ := deadEndPrefix(t)
	id := "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
	nl30 := strings.TrimSpace(string(testfix.ReadFile(t, "testdata/nl30x30.txt")))
	// A generated 6x6 Hopido with two numbers written beside the givens.
	gen, err := NewEngine(0, 0, 0).Call(context.Background(), "leaper/generate", []byte(`{"board":"6x6","moves":"diplomatico","seed":11}`))
	if err != nil {
		t.Fatal(err)
	}
	var g LeaperGenerated
	if err := json.Unmarshal(gen.Data, &g); err != nil {
		t.Fatal(err)
	}
	puzzle := g.Board
	grid := make([]int, 36)
	L, err := leaperInput(&LeaperRequest{Board: puzzle, Moves: g.Moves}, 100)
	if err != nil {
		t.Fatal(err)
	}
	full, err := leaperHint(context.Background(), L, 0, true)
	if err != nil || full.Status != "solvable" {
		t.Fatalf("solving the generated puzzle: %v %+v", err, full)
	}
	for i, c := range full.Solution {
		if L.b.Given(c) != 0 || i == 3 || i == 20 {
			grid[c] = i + 1
		}
	}
	return []crossCase{
		{"leaper/load", map[string]any{"board": "5x5"}},
		{"leaper/load", map[string]any{"board": ". . # .\n. 1 . .\n. . . .", "moves": "king"}},
		{"leaper/hint", map[string]any{"board": "5x5", "path": sol[:5]}},
		{"leaper/hint", map[string]any{"board": "5x5", "path": dead}},
		{"leaper/hint", map[string]any{"board": "5x5", "path": sol}},
		{"leaper/hint", map[string]any{"board": "10x10", "moves": "diplomatico", "path": solveLeaper(t, "10x10", "diplomatico")[:20]}},
		{"leaper/solve", map[string]any{"board": "6x6", "moves": "knight"}},
		{"leaper/count", map[string]any{"board": "5x5", "path": sol[:8]}},
		{"leaper/generate", map[string]any{"board": "6x6", "moves": "diplomatico", "level": 2, "seed": 7}},
		{"leaper/analyze", map[string]any{"board": "3x4", "moves": "king"}},
		{"leaper/render?format=svg", map[string]any{"board": "5x5", "path": sol}},
		{"leaper/check", map[string]any{"board": puzzle, "grid": grid}},
		{"leaper/step", map[string]any{"board": puzzle, "grid": grid}},
		{"leaper/reveal", map[string]any{"board": puzzle, "grid": grid}},
		{"leaper/step", map[string]any{"board": puzzle, "grid": []int{1}}},
		{"leaper/hint", map[string]any{"board": "0x0"}},
		{"leaper/hint", map[string]any{"board": "5x5", "moves": "banana"}},
		{"leaper/hint", map[string]any{"board": "5x5", "path": []int{0, 1}}},
		{"nl/load", map[string]any{"puzzle": id}},
		{"nl/hint", map[string]any{"puzzle": id}},
		{"nl/hint", map[string]any{"puzzle": nl30}},
		{"nl/check", map[string]any{"puzzle": id, "conn": make([]int, 16)}},
		{"nl/solve", map[string]any{"puzzle": id}},
		{"nl/generate", map[string]any{"rows": 7, "cols": 7, "k": 2, "difficulty": 2, "seed": 3}},
		{"nl/render?format=svg", map[string]any{"puzzle": id}},
		{"nl/load", map[string]any{"puzzle": "7x7m2:zzzz"}},
		{"nl/generate", map[string]any{"rows": 2, "cols": 7, "k": 2}},
	}
}

// serveAnswer posts one call to the server and returns it in callJS's
// shape.
func serveAnswer(t *testing.T, base, path string, body any) map[string]any {
	t.Helper()
	js, _ := json.Marshal(body)
	r, err := http.Post(base+"/api/"+path, "application/json", bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	data, _ := io.ReadAll(r.Body)
	ct := r.Header.Get("Content-Type")
	var v map[string]any
	switch {
	case r.StatusCode != 200:
		json.Unmarshal(data, &v)
		return map[string]any{"error": v["error"], "name": "Error"}
	case strings.Contains(ct, "json"):
		var j any
		json.Unmarshal(data, &j)
		return map[string]any{"json": j}
	}
	return map[string]any{"text": string(data), "type": ct}
}

// dropMillis removes the timings ("ms") from a decoded answer.
func dropMillis(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k != "ms" {
				out[k] = dropMillis(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = dropMillis(x)
		}
		return out
	}
	return v
}

// gray is the luminance of c, 0 (black) to 1 (white).
func gray(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 0xffff
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

// The opening element parses as the page reads it, names the puzzles the
// page opens with, and cannot be closed early by its text.
func TestOpeningScript(t *testing.T) {
	script, err := openingScript(NewEngine(0, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	const head = `<script type="application/json" id="boardgraph-opening">`
	body, ok := strings.CutPrefix(strings.TrimSuffix(script, "</script>\n"), head)
	if !ok || strings.Contains(body, "<") {
		t.Fatalf("opening element %.80q...: want %s, JSON with no '<'", script, head)
	}
	var o struct {
		Leaper, Moves, Numberlink string
		Calls                     []struct {
			Path   string
			Body   map[string]string
			Answer map[string]any
		}
	}
	if err := json.Unmarshal([]byte(body), &o); err != nil || len(o.Calls) != 2 {
		t.Fatalf("opening JSON: %v, %d calls", err, len(o.Calls))
	}
	if c := o.Calls[0]; c.Path != "leaper/load" || c.Body["board"] != o.Leaper || c.Answer["open"] == nil {
		t.Errorf("first opening call %s %v: want leaper/load of %q with its board's answer", c.Path, c.Body, o.Leaper)
	}
	if c := o.Calls[1]; c.Path != "nl/load" || c.Body["puzzle"] != o.Numberlink || c.Answer["pairs"] == nil {
		t.Errorf("second opening call %s %v: want nl/load of %q with its answer", c.Path, c.Body, o.Numberlink)
	}
	page := withOpening("<body><p>x</p><script src=a.js></script></body>", script)
	if !strings.Contains(page, "<p>x</p>"+script+"<script src=a.js>") {
		t.Errorf("withOpening put the element elsewhere: %s", page)
	}
}
