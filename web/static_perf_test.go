package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// probeJS runs before the page's scripts: it records when the page
// becomes playable (data-ready), every long main-thread task, and the
// longest gap between timer ticks (the main thread's responsiveness).
const probeJS = `(() => {
	window.__long = [];
	try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({type: "longtask", buffered: true}); } catch (e) {}
	new MutationObserver(() => { if (!window.__readyAt && document.body && document.body.dataset.ready === "1") window.__readyAt = performance.now(); })
		.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
	window.__gap = 0; let last = performance.now();
	setInterval(() => { const t = performance.now(); window.__gap = Math.max(window.__gap, t - last); last = t; }, 10);
})()`

// TestStaticPerformance measures the static site in the browser (run
// with BOARDGRAPH_LONG=1; figures in the log): the site's size raw and gzipped, the
// first interaction (data-ready) on loopback, hints on a 10x10 Hopido and
// on the 30x30 Bridges puzzle, generating a 10x10 Hopido, and the
// longest main-thread task meanwhile.
func TestStaticPerformance(t *testing.T) {
	testfix.SkipUnlessLong(t, "static site timings")
	s := newStaticEnv(t)
	// Sizes of the site as written.
	dir := t.TempDir()
	if err := WriteSite(filepath.Join(dir, "s"), testEngine(t), false); err != nil {
		t.Fatal(err)
	}
	var raw, gz int
	var lines []string
	filepath.WalkDir(filepath.Join(dir, "s"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(b)
		w.Close()
		raw += len(b)
		gz += buf.Len()
		rel, _ := filepath.Rel(filepath.Join(dir, "s"), p)
		lines = append(lines, fmt.Sprintf("%s %d raw, %d gzip -9", rel, len(b), buf.Len()))
		return nil
	})
	sort.Strings(lines)
	t.Logf("static site: %d bytes raw, %d bytes gzip -9 (%.2f MB); files: %s", raw, gz, float64(gz)/1e6, strings.Join(lines, "; "))

	ctx := s.tab(t, 5*time.Minute)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probeJS}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		t0 := time.Now()
		if err := chromedp.Do(ctx, chromedp.Navigate(s.url+fmt.Sprintf("?load%d", i)), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
			t.Fatal(err)
		}
		wall := time.Since(t0)
		in := eval[map[string]float64](t, ctx, `({ready: window.__readyAt, dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd, sw: navigator.serviceWorker.controller ? 1 : 0})`)
		marks := eval[map[string]float64](t, ctx, `Object.fromEntries(performance.getEntries().filter(e => e.entryType === "mark" || e.name.endsWith(".wasm") || e.name.endsWith(".js")).map(e => [e.name.replace(/^.*\//, "") + (e.entryType === "mark" ? "" : " done"), e.entryType === "mark" ? e.startTime : e.responseEnd]))`)
		t.Logf("load %d: milestones (ms after navigation start): %v", i+1, marks)
		t.Logf("load %d (%s): playable (data-ready) at %.0f ms after navigation start (DOMContentLoaded %.0f ms; %.0f ms wall incl. CDP); service worker in control: %v",
			i+1, map[bool]string{true: "first, empty cache", false: "again"}[i == 0], in["ready"], in["dcl"], float64(wall.Microseconds())/1000, in["sw"] == 1)
	}
	if la, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("machine load average: %s", strings.TrimSpace(string(la)))
	}
	rt := eval[[]float64](t, ctx, `(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); await BoardgraphEngine.call("leaper/load", {board: "4x4"}); out.push(performance.now() - t); } return out; })()`)
	t.Logf("round trip of a trivial call (leaper/load 4x4) page -> worker -> page: p50 %.1f ms, min %.1f ms", pct(rt, 50), pct(rt, 0))
	mainThread := func(what string) {
		long := eval[[]float64](t, ctx, `window.__long`)
		gap := eval[float64](t, ctx, `window.__gap`)
		t.Logf("main thread while %s: %d long tasks (>50 ms), longest %.0f ms; longest gap between 10 ms timer ticks %.0f ms", what, len(long), pct(append(long, 0), 100), gap)
		eval[any](t, ctx, `(() => { window.__long = []; window.__gap = 0; return 1; })()`)
	}
	eval[any](t, ctx, `(() => { window.__long = []; window.__gap = 0; return 1; })()`)

	// 10x10 Hopido: a generated puzzle (givens, nothing placed), and a
	// plain 10x10 board 30 moves into a solution.
	gen := eval[[]float64](t, ctx, `(async () => { const out = []; for (let i = 1; i <= 5; i++) { const t = performance.now();
		window.__puz = await BoardgraphEngine.call("leaper/generate", {board: "10x10", moves: "diplomatico", level: 0, seed: i}); out.push(performance.now() - t); } return out; })()`)
	t.Logf("generate a 10x10 Hopido (seeds 1..5): %s ms; p50 %.0f ms, max %.0f ms", fmtMs(gen), pct(gen, 50), pct(gen, 100))
	mainThread("generating (engine calls only)")
	sol := solveLeaper(t, "10x10", "diplomatico")
	js, _ := json.Marshal(sol[:30])
	for _, tc := range []struct{ name, body string }{
		{"generated 10x10 Hopido, nothing placed", `{board: __puz.board, moves: __puz.moves, path: []}`},
		{"10x10 Hopido, 30 placed", `{board: "10x10", moves: "diplomatico", path: ` + string(js) + `}`},
	} {
		ms := eval[[][2]float64](t, ctx, `(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now();
			const h = await BoardgraphEngine.call("leaper/hint", `+tc.body+`); if (h.status !== "solvable") throw new Error("hint " + h.status + ": " + h.reason); out.push([performance.now() - t, h.ms]); } return out; })()`)
		var call, engine []float64
		for _, m := range ms {
			call, engine = append(call, m[0]), append(engine, m[1])
		}
		t.Logf("hint on a %s: p50 %.1f ms, p90 %.1f ms, max %.1f ms (engine call from the page, worker round trip included); the engine's own time in the worker p50 %.1f ms, min %.1f ms",
			tc.name, pct(call, 50), pct(call, 90), pct(call, 100), pct(engine, 50), pct(engine, 0))
	}
	mainThread("hinting (engine calls only)")
	// The same through the page's own Hint button path (L.hint redraws).
	tour(t, ctx, "10x10")
	for _, c := range sol[:30] {
		clickCell(t, ctx, c)
	}
	ui := eval[[]float64](t, ctx, `(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); L.ladder = null; await L.hint(); out.push(performance.now() - t); } return out; })()`)
	t.Logf("hint through the page (L.hint, redraw included) on 10x10 Hopido, 30 placed: p50 %.1f ms, p90 %.1f ms", pct(ui, 50), pct(ui, 90))

	id := strings.TrimSpace(string(testfix.ReadFile(t, "testdata/nl30x30.txt")))
	idj, _ := json.Marshal(id)
	eval[any](t, ctx, fmt.Sprintf(`(async () => { showTab("nl"); await NL.load(%s); return 1; })()`, idj))
	first := eval[float64](t, ctx, `(async () => { const t = performance.now(); await NL.hint(); return performance.now() - t; })()`)
	nl := eval[[]float64](t, ctx, `(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); NL.ladder = null; await NL.hint(); out.push(performance.now() - t); } return out; })()`)
	nlEngine := eval[[]float64](t, ctx, fmt.Sprintf(`(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); await BoardgraphEngine.call("nl/hint", {puzzle: %s}); out.push(performance.now() - t); } return out; })()`, idj))
	t.Logf("30x30 Bridges hint as an engine call (no redraw): p50 %.1f ms, min %.1f ms", pct(nlEngine, 50), pct(nlEngine, 0))
	if st := eval[string](t, ctx, `document.getElementById("n-hinttext").dataset.status`); st != "step" {
		t.Errorf("30x30 hint status %q", st)
	}
	t.Logf("30x30 Bridges (testdata/nl30x30.txt) hint through the page: first (solve, then cached in the worker) %.0f ms; then p50 %.1f ms, p90 %.1f ms", first, pct(nl, 50), pct(nl, 90))
	mainThread("hinting through the page (its redraws included)")
}

// BenchmarkStaticCases times natively (Engine.Call, no HTTP) the calls
// TestStaticPerformance times in the browser's WebAssembly worker, for
// the ratio between the two.
//
//	go test ./web -run XXX -bench StaticCases -benchtime 21x
func BenchmarkStaticCases(b *testing.B) {
	e := NewEngine(0, 0, 0)
	sol := solveLeaper(&testing.T{}, "10x10", "diplomatico")
	path, _ := json.Marshal(sol[:30])
	nl := testfix.ReadFile(b, "testdata/nl30x30.txt")
	nlj, _ := json.Marshal(strings.TrimSpace(string(nl)))
	for _, tc := range []struct{ name, path, body, want string }{
		{"hint-hopido10x10-30placed", "leaper/hint", `{"board":"10x10","moves":"diplomatico","path":` + string(path) + `}`, `"status":"solvable"`},
		{"hint-bridges30x30", "nl/hint", `{"puzzle":` + string(nlj) + `}`, `"status":"step"`},
		{"generate-hopido10x10", "leaper/generate", `{"board":"10x10","moves":"diplomatico","seed":1}`, `"givens"`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				a, err := e.Call(b.Context(), tc.path, []byte(tc.body))
				if err != nil || !bytes.Contains(a.Data, []byte(tc.want)) {
					b.Fatalf("%s: %v %.200s", tc.path, err, a.Data)
				}
			}
		})
	}
}

func fmtMs(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.0f", x)
	}
	return strings.Join(parts, ", ")
}
