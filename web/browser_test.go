package web

// Browser tests: a real headless Chromium (Debian's chromium package, which
// .ci/run installs) drives the page through chromedp. They skip with a
// message when no browser is installed, and under -short.
//
//	go test ./web -run Browser -v                 # screenshots in a temp dir (logged)
//	go test ./web -run Browser -shots /tmp/shots  # keep them
//	go test ./web -run Browser -update            # refresh docs/gallery/web-*.png

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

var (
	update   = flag.Bool("update", false, "write the browser tests' screenshots to docs/gallery")
	shotsDir = flag.String("shots", "", "write the browser tests' screenshots to `DIR`")
)

// chromium returns the browser's path; without one the test skips, or
// fails under CI=true.
func chromium(t *testing.T) string {
	t.Helper()
	testfix.SkipShort(t, "browser tests take several seconds")
	return testfix.Tool(t, "chromium", "chromium", "chromium-browser", "google-chrome", "headless-shell")
}

// browserEnv is a server on loopback and a headless browser.
type browserEnv struct {
	t     *testing.T
	url   string
	ctx   context.Context
	shots string
}

// startBrowser starts the headless Chromium at exe for the test (closed
// at its end) and returns its context; missing words a Chromium that does
// not start (testfix.Missing, or t.Skipf). A start that fails is retried
// twice with a fresh profile: Chromium has been seen to exit at start once
// in many runs on a loaded CI machine, and a browser that does start is
// what the tests are about.
func startBrowser(t *testing.T, exe string, missing func(format string, args ...any)) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900), chromedp.Flag("disable-dev-shm-usage", true))
	const attempts = 3
	var err error
	for try := 1; try <= attempts; try++ {
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err = chromedp.Do(bctx); err == nil {
			t.Cleanup(acancel)
			t.Cleanup(bcancel)
			return bctx
		}
		bcancel()
		acancel()
		t.Logf("Chromium start %d of %d failed: %v", try, attempts, err)
		time.Sleep(time.Duration(try) * 500 * time.Millisecond)
	}
	missing("Chromium at %s does not start (%d tries): %v", exe, attempts, err)
	return nil
}

func newBrowserEnv(t *testing.T) *browserEnv {
	exe := chromium(t)
	ts := httptest.NewServer(New(Options{}))
	t.Cleanup(ts.Close)
	bctx := startBrowser(t, exe, func(format string, args ...any) { testfix.Missing(t, format, args...) })
	shots := *shotsDir
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return &browserEnv{t: t, url: ts.URL + "/", ctx: bctx, shots: shots}
}

// tab opens a new tab with a deadline (60 s, or the one given).
func (b *browserEnv) tab(t *testing.T, limit ...time.Duration) context.Context {
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	d := 60 * time.Second
	if len(limit) > 0 {
		d = limit[0]
	}
	ctx, cancel2 := context.WithTimeout(ctx, d)
	t.Cleanup(cancel2)
	return ctx
}

func (b *browserEnv) open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

func (b *browserEnv) shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	p := filepath.Join(b.shots, name+".png")
	testfix.WriteFile(t, p, png)
	t.Logf("screenshot %s", p)
	if *update && galleryShots[name] {
		g := filepath.Join("..", "docs", "gallery", "web-"+name+".png")
		testfix.WriteFile(t, g, png)
		t.Logf("gallery %s", g)
	}
}

// galleryShots are the screenshots -update copies to docs/gallery (as
// web-NAME.png) for the README.
var galleryShots = map[string]bool{
	"leaper-diplomatico-5x5-solved": true,
	"leaper-dead-end-hint":          true,
	"leaper-heatmap-edge-usage":     true,
	"numberlink-hint-7x7":           true,
	"numberlink-puzzlink-solved":    true,
	"leaper-hopido-solved-desktop":  true,
	"leaper-hopido-solved-phone":    true,
	"bridges-solved-phone":          true,
	"leaper-desktop-light":          true,
	"leaper-desktop-dark":           true,
	"leaper-phone-light":            true,
	"leaper-phone-dark":             true,
	"nl-desktop-light":              true,
	"nl-desktop-dark":               true,
	"nl-phone-light":                true,
	"nl-phone-dark":                 true,
	// issue 40: the phone at 12x12, the hint beside the board on a laptop,
	// the reason's "why?", and the Record view's parts.
	"leaper-phone-12x12":                true,
	"leaper-laptop-hint-light":          true,
	"leaper-phone-why":                  true,
	"record-history-laptop-light":       true,
	"record-statistics-laptop-light":    true,
	"record-statistics-phone-dark":      true,
	"record-daily-archive-laptop-light": true,
	"record-daily-archive-phone-light":  true,
}

// tour loads an empty leaper board in free-tour mode (1, 2, 3... in
// order), the page's mode for boards without givens.
func tour(t *testing.T, ctx context.Context, spec string) {
	t.Helper()
	eval[any](t, ctx, fmt.Sprintf(`L.load({board: %q, moves: "diplomatico"}, null, {mode: "tour"}).then(() => 1)`, spec))
}

// eval runs JavaScript in the page (awaiting promises) and decodes the
// result.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %q: %v", js, err)
	}
	return v
}

func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
	if err != nil {
		t.Fatalf("text of #%s: %v", id, err)
	}
	return s
}

// clickCell clicks the centre of a board cell with the mouse. The cell
// must be in the viewport (boards up to 20x20 are, at 1280x900).
func clickCell(t *testing.T, ctx context.Context, cell int32) {
	t.Helper()
	p := eval[[2]float64](t, ctx, fmt.Sprintf(`(() => { const e = document.getElementById("lc%d"); e.scrollIntoView({block: "nearest", inline: "nearest"}); const r = e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, cell))
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(p[0], p[1])); err != nil {
		t.Fatalf("click cell %d: %v", cell, err)
	}
}

func TestBrowser(t *testing.T) {
	t.Parallel() // each browser test has its own Chromium; they mostly wait on it
	b := newBrowserEnv(t)

	t.Run("Diplomatico5x5ByClicks", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		tour(t, ctx, "5x5")
		sol := solveLeaper(t, "5x5", "diplomatico")
		for _, c := range sol {
			clickCell(t, ctx, c)
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#l-hinttext.ok`))); err != nil {
			t.Fatal(err)
		}
		if st := text(t, ctx, "l-status"); !strings.Contains(st, "Solved in") {
			t.Errorf("status after the last click = %q", st)
		}
		if h := text(t, ctx, "l-hinttext"); !strings.Contains(h, "independent verifier accepts the path") {
			t.Errorf("hint after the last click = %q; want the server's verification", h)
		}
		if got := eval[[]int32](t, ctx, `L.path`); !slices.Equal(got, sol) {
			t.Errorf("page path %v, clicked %v", got, sol)
		}
		b.shot(t, ctx, "leaper-diplomatico-5x5-solved")
	})

	t.Run("HintProvesDeadEnd", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		tour(t, ctx, "5x5")
		prefix, want := deadEndPrefix(t)
		for _, c := range prefix {
			clickCell(t, ctx, c)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("l-hint")), chromedp.WaitVisible(chromedp.CSS(`#l-hinttext[data-status="dead"]`))); err != nil {
			t.Fatal(err)
		}
		h := text(t, ctx, "l-hinttext")
		if !strings.Contains(h, "cannot be finished") || !strings.Contains(eval[string](t, ctx, `document.getElementById("l-studytext").textContent`), "proof: dead-ends") {
			t.Errorf("hint = %q; want a dead-end proof", h)
		}
		clickAndWait(t, ctx, "l-hint", textHas("l-hinttext", "dead end"))
		marked := eval[[]int32](t, ctx, `[...document.querySelectorAll(".cell.err")].map(e => +e.dataset.cell).sort((a,b)=>a-b)`)
		if !slices.Equal(marked, want) {
			t.Errorf("marked cells %v, want the dead ends %v", marked, want)
		}
		b.shot(t, ctx, "leaper-dead-end-hint")
	})

	t.Run("TathamByClickingBridges", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		const id = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-nl"))); err != nil {
			t.Fatal(err)
		}
		eval[any](t, ctx, fmt.Sprintf(`(() => { $("n-input").value = %q; $("n-load").click(); return 1; })()`, id))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`NL.puzzle === `+strconv.Quote(id), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatal(err)
		}
		g, sol := tathamSolution(t, id)
		// Take one hint first: plain words for the player, the paper's
		// terms in the study panel.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("n-hint")), chromedp.WaitVisible(chromedp.CSS(`#n-hinttext[data-status="step"]`))); err != nil {
			t.Fatal(err)
		}
		clickAndWait(t, ctx, "n-hint", `document.getElementById("n-hinttext").dataset.rung === "2"`)
		if h, st := text(t, ctx, "n-hinttext"), eval[string](t, ctx, `document.getElementById("n-studytext").textContent`); !strings.Contains(h, "bridge") || strings.Contains(h, "ω*") ||
			!strings.Contains(st, "feasible configuration") || !strings.Contains(st, "ω*") {
			t.Errorf("hint = %q, study = %q", h, st)
		}
		b.shot(t, ctx, "numberlink-hint-7x7")
		pts := eval[[][2]float64](t, ctx, pairPointsJS)
		for p, k := range sol {
			for range int(k) {
				if err := chromedp.Do(ctx, chromedp.MouseClickXY(pts[p][0], pts[p][1])); err != nil {
					t.Fatal(err)
				}
			}
		}
		if got := eval[[]int8](t, ctx, `NL.conn`); !slices.Equal(got, []int8(sol)) {
			t.Fatalf("bridges after clicking: %v, want %v", got, sol)
		}
		waitJS(t, ctx, textHas("n-status", "Solved in"))
		clickAndWait(t, ctx, "n-check", textHas("n-hinttext", "independent verifier"))
		if h := text(t, ctx, "n-hinttext"); !strings.Contains(h, "independent verifier accepts") {
			t.Errorf("check = %q", h)
		}
		b.shot(t, ctx, "numberlink-tatham-7x7-solved")
		// One click too many makes a pair over-full: the page marks it.
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(pts[0][0], pts[0][1])); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll(".node.over").length`); n == 0 && sol[0] < int8(g.K) {
			t.Errorf("no over-full island marked after adding a bridge to a solved grid")
		}
	})

	t.Run("PuzzLinkURL", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		url := puzzLinkFixture(t)
		g, err := puzzleio.ParsePuzzLink(url)
		if err != nil {
			t.Fatal(err)
		}
		// The tab opens on a default puzzle whose hint line is visible too, so
		// wait for the loaded puzzle's islands, not only for a hint line.
		islands := fmt.Sprintf(`document.querySelectorAll("#n-board .node").length === %d`, len(g.Nodes))
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-nl"))); err != nil {
			t.Fatal(err)
		}
		eval[any](t, ctx, fmt.Sprintf(`(() => { $("n-input").value = %q; $("n-load").click(); return 1; })()`, url))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](islands, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			n := eval[int](t, ctx, `document.querySelectorAll("#n-board .node").length`)
			t.Errorf("page shows %d islands, the URL has %d (%v)", n, len(g.Nodes), err)
		}
		clickAndWait(t, ctx, "n-solve", textHas("n-status", "Solved in"))
		if st := text(t, ctx, "n-status"); !strings.Contains(st, "Solved in") {
			t.Errorf("status after Solve = %q", st)
		}
		b.shot(t, ctx, "numberlink-puzzlink-solved")
	})

	t.Run("SharedURLReload", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		tour(t, ctx, "5x5")
		sol := solveLeaper(t, "5x5", "diplomatico")
		for _, c := range sol[:7] {
			clickCell(t, ctx, c)
		}
		share := eval[string](t, ctx, `document.getElementById("l-share").value`)
		if !strings.Contains(share, "#l=hopido:5x5:") {
			t.Fatalf("share link %q", share)
		}
		ctx2 := b.tab(t)
		b.open(t, ctx2, share)
		if got := eval[[]int32](t, ctx2, `L.path`); !slices.Equal(got, sol[:7]) {
			t.Errorf("shared leaper position reloads as %v, want %v", got, sol[:7])
		}
		// An older link (base64url JSON) still reads.
		old, _ := json.Marshal(map[string]any{"b": "5x5", "m": "diplomatico", "p": sol[:7]})
		ctxOld := b.tab(t)
		b.open(t, ctxOld, b.url+"#leaper="+base64.RawURLEncoding.EncodeToString(old))
		if got := eval[[]int32](t, ctxOld, `L.path`); !slices.Equal(got, sol[:7]) {
			t.Errorf("an older link reloads as %v, want %v", got, sol[:7])
		}
		labels := eval[[]string](t, ctx2, fmt.Sprintf(`[%s].map(c => L.labels[c].textContent)`, joinInts(sol[:7])))
		for i, l := range labels {
			if l != fmt.Sprint(i+1) {
				t.Errorf("cell %d shows %q, want %d", sol[i], l, i+1)
			}
		}
		b.shot(t, ctx2, "leaper-shared-position")

		// The same for a k-grid position.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-nl"))); err != nil {
			t.Fatal(err)
		}
		pts := eval[[][2]float64](t, ctx, pairPointsJS)
		for _, p := range []int{0, 2, 2} {
			if err := chromedp.Do(ctx, chromedp.MouseClickXY(pts[p][0], pts[p][1])); err != nil {
				t.Fatal(err)
			}
		}
		want := eval[[]int8](t, ctx, `NL.conn`)
		share = eval[string](t, ctx, `document.getElementById("n-share").value`)
		ctx3 := b.tab(t)
		b.open(t, ctx3, share)
		if got := eval[[]int8](t, ctx3, `NL.conn`); !slices.Equal(got, want) || want[0] != 1 || want[2] != 2 {
			t.Errorf("shared k-grid position reloads as %v, want %v", got, want)
		}
	})

	t.Run("KeyboardPlay", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		tour(t, ctx, "5x5")
		// Cursor starts on 1,1: right, Enter places 1 on 1,2; "1" plays the
		// first legal move; u undoes it; r redoes it.
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("l-board")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("\r"), chromedp.KeyEvent("1")); err != nil {
			t.Fatal(err)
		}
		got := eval[[]int32](t, ctx, `L.path`)
		if len(got) != 2 || got[0] != 1 {
			t.Fatalf("after right, Enter, 1: path %v, want 1 on cell 1 then a move", got)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("u")); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, `L.path.length`); n != 1 {
			t.Errorf("after u: %d placed, want 1", n)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("r")); err != nil {
			t.Fatal(err)
		}
		if got2 := eval[[]int32](t, ctx, `L.path`); !slices.Equal(got2, got) {
			t.Errorf("after r: %v, want %v", got2, got)
		}
	})

	t.Run("GalleryViews", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, b.url)
		tour(t, ctx, "5x5")
		// Start-cell heatmap and edge usage of 5x5 Diplomatico (12400
		// directed paths, the paper's table).
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("l-analyze")), chromedp.WaitVisible(chromedp.CSS(`#l-views svg`))); err != nil {
			t.Fatal(err)
		}
		if h := text(t, ctx, "l-hinttext"); !strings.Contains(h, "12400 directed") {
			t.Errorf("analysis text %q", h)
		}
		b.shot(t, ctx, "leaper-heatmap-edge-usage")
		// A knight board with blocked cells and a given, pasted as a map.
		board := "// a knight puzzle\n. . . . . .\n. # . . # .\n. . . . . .\n. . . . . .\n. # . . # .\n. . . . . 32"
		js, _ := json.Marshal(board)
		eval[any](t, ctx, fmt.Sprintf(`(async () => { $("l-moves").value = "knight"; $("l-map").value = %s; $("l-load").click(); return 1; })()`, js))
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#l-status`))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		clickAndWait(t, ctx, "l-solve", textHas("l-status", "Solved"))
		if st := text(t, ctx, "l-status"); !strings.Contains(st, "Solved in") {
			t.Errorf("knight map status %q", st)
		}
		b.shot(t, ctx, "leaper-knight-blocked-solved")
		// Generate a k-grid with a difficulty.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-nl")), chromedp.SetValue(chromedp.ID("n-size"), "10x10"),
			chromedp.SetValue(chromedp.ID("n-diff"), "2")); err != nil {
			t.Fatal(err)
		}
		clickAndWait(t, ctx, "n-gen", textHas("n-hinttext", "exactly one solution"))
		if h := text(t, ctx, "n-hinttext"); !strings.Contains(h, "exactly one solution") {
			t.Errorf("generate: %q", h)
		}
		b.shot(t, ctx, "numberlink-generated-10x10")
	})

	t.Run("Performance", func(t *testing.T) {
		testfix.SkipUnlessLong(t, "browser timings")
		ctx := b.tab(t, 3*time.Minute)
		// First load of the page, fresh tab.
		if err := chromedp.Do(ctx, chromedp.Navigate(b.url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
			t.Fatal(err)
		}
		resources := eval[[]map[string]any](t, ctx, `performance.getEntriesByType("resource").map(r => ({name: r.name.replace(location.origin, ""), start: r.startTime, end: r.responseEnd, bytes: r.transferSize}))`)
		for _, r := range resources {
			t.Logf("  resource %v: %.1f..%.1f ms, %v bytes", r["name"], r["start"], r["end"], r["bytes"])
		}
		nav := eval[map[string]float64](t, ctx, `(() => { const n = performance.getEntriesByType("navigation")[0];
			const res = performance.getEntriesByType("resource");
			return {load: n.loadEventEnd, dcl: n.domContentLoadedEventEnd, html: n.responseEnd, bytes: n.transferSize + res.reduce((s, r) => s + r.transferSize, 0),
			        body: n.encodedBodySize + res.reduce((s, r) => s + r.encodedBodySize, 0), requests: 1 + res.length}; })()`)
		t.Logf("first page load (fresh tab): HTML received %.1f ms, DOMContentLoaded %.1f ms, load event %.1f ms, %v requests, %.0f bytes transferred (%.0f bytes of bodies; includes the two API calls the page makes on start)",
			nav["html"], nav["dcl"], nav["load"], nav["requests"], nav["bytes"], nav["body"])
		for i := range 3 {
			if err := chromedp.Do(ctx, chromedp.Navigate(b.url+"?again"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
				t.Fatal(err)
			}
			again := eval[map[string]float64](t, ctx, `(() => { const n = performance.getEntriesByType("navigation")[0]; return {html: n.responseEnd, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd}; })()`)
			t.Logf("page load %d in a warm tab: HTML received %.1f ms, DOMContentLoaded %.1f ms, load event %.1f ms", i+2, again["html"], again["dcl"], again["load"])
		}
		if la, err := os.ReadFile("/proc/loadavg"); err == nil {
			t.Logf("machine load average while measuring: %s", strings.TrimSpace(string(la)))
		}

		// Leaper 20x20: legality check (in the page) and hint (server round trip).
		tour(t, ctx, "20x20")
		sol := solveLeaper(t, "20x20", "diplomatico")
		for _, c := range sol[:30] {
			clickCell(t, ctx, c)
		}
		legal := eval[[]float64](t, ctx, `(() => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); L.legal(); L.update(); out.push(performance.now() - t); } return out; })()`)
		hints := eval[[]float64](t, ctx, `(async () => { const out = []; window.fetchMs = []; window.serverMs = []; for (let i = 0; i < 21; i++) { const t = performance.now(); L.ladder = null; await L.hint(); out.push(performance.now() - t); fetchMs.push(lastApiMillis); serverMs.push(L.ladder.h.ms); } return out; })()`)
		fetchMs := eval[[]float64](t, ctx, `fetchMs`)
		serverMs := eval[[]float64](t, ctx, `serverMs`)
		t.Logf("20x20 hint breakdown: fetch round trip p50 %.2f ms, of which the engine (server-side) p50 %.2f ms", pct(fetchMs, 50), pct(serverMs, 50))
		if st := eval[string](t, ctx, `document.getElementById("l-hinttext").dataset.status`); st != "solvable" {
			t.Errorf("20x20 hint status %q", st)
		}
		t.Logf("20x20 Diplomatico after 30 moves: legality check + redraw p50 %.2f ms (p90 %.2f); hint end to end p50 %.2f ms (p90 %.2f, max %.2f)",
			pct(legal, 50), pct(legal, 90), pct(hints, 50), pct(hints, 90), pct(hints, 100))

		// Numberlink 30x30: hint end to end (the first one solves and caches).
		id := strings.TrimSpace(string(testfix.ReadFile(t, "testdata/nl30x30.txt")))
		js, _ := json.Marshal(id)
		eval[any](t, ctx, fmt.Sprintf(`(async () => { showTab("nl"); await NL.load(%s); return 1; })()`, js))
		first := eval[float64](t, ctx, `(async () => { const t = performance.now(); await NL.hint(); return performance.now() - t; })()`)
		nl := eval[[]float64](t, ctx, `(async () => { const out = []; for (let i = 0; i < 21; i++) { const t = performance.now(); NL.ladder = null; await NL.hint(); out.push(performance.now() - t); } return out; })()`)
		if st := eval[string](t, ctx, `document.getElementById("n-hinttext").dataset.status`); st != "step" {
			t.Errorf("30x30 hint status %q", st)
		}
		t.Logf("numberlink 30x30 hint end to end: first (solve + τ, then cached) %.2f ms; then p50 %.2f ms (p90 %.2f)", first, pct(nl, 50), pct(nl, 90))
		b.shot(t, ctx, "numberlink-30x30-hint")
	})
}

// pairPointsJS gives, for every pair of the loaded k-grid, a viewport point
// half a cell from its first island along the bridge: inside that pair's
// click area and clear of islands and of the pairs crossing it.
const pairPointsJS = `(() => { const svg = document.getElementById("n-svg-board"); const r = svg.getBoundingClientRect(); const f = r.width / svg.viewBox.baseVal.width; const s = NL.s * f, o = NL.o * f;
	return NL.g.pairs.map(p => { const a = NL.g.nodes[p.a], b = NL.g.nodes[p.b];
		return [r.left + o + a.c*s + s/2 + Math.sign(b.c-a.c)*s*0.5, r.top + o + a.r*s + s/2 + Math.sign(b.r-a.r)*s*0.5]; }); })()`

func pct(xs []float64, p int) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	i := (len(s) - 1) * p / 100
	return s[i]
}

func joinInts(xs []int32) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

// solveLeaper finds a solution (board cells) with the library, verified.
func solveLeaper(t testing.TB, spec, mv string) []int32 {
	t.Helper()
	L, err := leaperInput(&LeaperRequest{Board: spec, Moves: mv}, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	h, err := leaperHint(context.Background(), L, 0, true)
	if err != nil || h.Status != "solvable" {
		t.Fatalf("solve %s %s: %v %+v", spec, mv, err, h)
	}
	return h.Solution
}

// deadEndPrefix finds, by depth-first search over legal prefixes of 5x5
// Diplomatico, a position whose completion the dead-end rule refutes, and
// the cells with one move left that prove it.
func deadEndPrefix(t *testing.T) ([]int32, []int32) {
	t.Helper()
	var found []int32
	var cells []int32
	var dfs func(path []int32) bool
	dfs = func(path []int32) bool {
		L, err := leaperInput(&LeaperRequest{Board: "5x5", Path: path}, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(path) >= 3 {
			R := L.rest()
			if r, _ := hamilton.Precheck(&R.prob); r != nil {
				if r.Rule == "dead-ends" {
					found, cells = slices.Clone(path), R.proofCells(r)
					return true
				}
				return false
			}
		}
		if len(path) >= 10 {
			return false
		}
		head := path[len(path)-1]
		for c := range int32(25) {
			if !slices.Contains(path, c) && L.adjacent(head, c) && dfs(append(path, c)) {
				return true
			}
		}
		return false
	}
	for start := range int32(25) {
		if dfs([]int32{start}) {
			slices.Sort(cells)
			return found, cells
		}
	}
	t.Fatal("no dead-end position found on 5x5 Diplomatico")
	return nil, nil
}

// puzzLinkFixture is a puzz.link URL written by numberlink's own writer
// from a Tatham 10x10 k=2 puzzle of the numberlink test data.
func puzzLinkFixture(t *testing.T) string {
	t.Helper()
	for line := range strings.Lines(string(testfix.ReadFile(t, "../numberlink/testdata/tatham_bridges.txt"))) {
		f := strings.Fields(line)
		if len(f) != 2 || !strings.HasPrefix(f[0], "10x10m2d") {
			continue
		}
		g, _, err := puzzleio.ParseTatham(f[1])
		if err != nil {
			t.Fatal(err)
		}
		url, err := puzzleio.FormatPuzzLink(g)
		if err != nil {
			t.Fatal(err)
		}
		return url
	}
	t.Fatal("no 10x10m2 puzzle in the test data")
	return ""
}

// clickAndWait clicks the element id and waits (up to 20 s) until the
// JavaScript expression cond holds. Tests wait for the outcome's own words:
// a class such as "ok" may still be on a line from an earlier step.
func clickAndWait(t *testing.T, ctx context.Context, id, cond string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("after clicking #%s, waiting for %s: %v", id, cond, err)
	}
}

// textHas is a JavaScript condition: the text of the element id contains s.
func textHas(id, s string) string {
	return fmt.Sprintf("document.getElementById(%q).textContent.includes(%q)", id, s)
}
