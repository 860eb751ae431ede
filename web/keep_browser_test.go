package web

// Issue 40, "the page a player keeps", in real headless Chromium: pencil
// marks that are never lost, boards that fit a phone, the hint beside the
// board on a laptop, reasons a phone can read, Bridges levels named as
// generated, the record of play (history, statistics, export and import),
// one daily for everyone and its archive, and the small things (Copied,
// undo to before a mistake, mistakes by shape, "Hopido").

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// laptop is the smallest laptop screen issue 40 names.
var laptop = device{"laptop", 1366, 768, false}

func TestBrowserKeep(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t)
	t.Run("PencilKept", func(t *testing.T) { b.pencilKept(t) })
	t.Run("PhoneFits", func(t *testing.T) { b.phoneFits(t) })
	t.Run("LaptopHintInView", func(t *testing.T) { b.laptopHint(t) })
	t.Run("PhoneHintInView", func(t *testing.T) { b.phoneHint(t) })
	t.Run("ShortReasons", func(t *testing.T) { b.shortReasons(t) })
	t.Run("BridgesLevels", func(t *testing.T) { b.bridgesLevels(t) })
	t.Run("BridgesAddMore", func(t *testing.T) { b.bridgesAddMore(t) })
	t.Run("History", func(t *testing.T) { b.history(t) })
	t.Run("SmallThings", func(t *testing.T) { b.smallThings(t) })
	t.Run("RecordViews", func(t *testing.T) { b.recordViews(t) })
}

// freeCells is the JavaScript list of the leaper board's empty cells.
const freeCells = `L.grid.map((n, c) => c).filter((c) => !L.given.has(c) && !L.blocked.has(c) && !L.grid[c])`

// pencilKept: on a 10x10 and a 12x12 (more than 9 numbers, so a digit
// could start a number of two), Pencil on, a cell selected, 7 tapped and
// another cell tapped keeps the 7 in the first cell; OK ends a pending
// mark too; marks are at least 12 px, and readable in dark mode. On a
// phone with touch and on a laptop with the mouse and keys.
func (b *browserEnv) pencilKept(t *testing.T) {
	for _, d := range []device{phone, laptop} {
		for _, scheme := range []string{"light", "dark"} {
			ctx, ce := b.playTab(t, d, scheme, 120*time.Second)
			b.open(t, ctx, b.url)
			for _, size := range []string{"10x10", "12x12"} {
				generateLeaper(t, ctx, size, 1)
				cells := eval[[]int](t, ctx, freeCells)
				a, c, e := cells[0], cells[len(cells)/2], cells[len(cells)-1]
				tap(t, ctx, d, "#l-pencil")
				tap(t, ctx, d, fmt.Sprintf("#lc%d", a))
				if d.touch {
					tap(t, ctx, d, `#l-pad button[data-d="7"]`)
				} else {
					keys(t, ctx, "7")
				}
				if p := text(t, ctx, "l-pending"); !strings.Contains(p, "7") {
					t.Errorf("%s %s %s: pending shows %q after 7, want the 7", d.name, scheme, size, p)
				}
				tap(t, ctx, d, fmt.Sprintf("#lc%d", c))
				if m := eval[[]int](t, ctx, fmt.Sprintf(`L.marks[%d]`, a)); len(m) != 1 || m[0] != 7 {
					t.Errorf("%s %s %s: after 7 and another cell, the marks of the first are %v, want [7]", d.name, scheme, size, m)
				}
				if st := text(t, ctx, "l-status"); strings.Contains(st, "…") {
					t.Errorf("%s %s %s: status %q still waits for a digit", d.name, scheme, size, st)
				}
				// 1, then OK: the mark 1 is kept in c.
				if d.touch {
					tap(t, ctx, d, `#l-pad button[data-d="1"]`)
				} else {
					keys(t, ctx, "1")
				}
				tap(t, ctx, d, "#l-ok")
				if m := eval[[]int](t, ctx, fmt.Sprintf(`L.marks[%d]`, c)); len(m) != 1 || m[0] != 1 {
					t.Errorf("%s %s %s: after 1 and OK the marks are %v, want [1]", d.name, scheme, size, m)
				}
				// 1, 2 make 12; leaving Pencil keeps it.
				tap(t, ctx, d, fmt.Sprintf("#lc%d", e))
				for _, k := range []string{"1", "2"} {
					if d.touch {
						tap(t, ctx, d, fmt.Sprintf(`#l-pad button[data-d="%s"]`, k))
					} else {
						keys(t, ctx, k)
					}
				}
				tap(t, ctx, d, "#l-pencil")
				if m := eval[[]int](t, ctx, fmt.Sprintf(`L.marks[%d]`, e)); len(m) != 1 || m[0] != 12 {
					t.Errorf("%s %s %s: after 1, 2 and Pencil off the marks are %v, want [12]", d.name, scheme, size, m)
				}
				// Size and contrast of a mark against its cell.
				got := eval[[3]string](t, ctx, fmt.Sprintf(`(() => { const p = L.pencils[%d], r = L.cells[%d]; return [String(p.getBBox().height), getComputedStyle(p).fill, getComputedStyle(r).fill]; })()`, a, a))
				var h float64
				fmt.Sscan(got[0], &h)
				fs := eval[float64](t, ctx, fmt.Sprintf(`parseFloat(getComputedStyle(L.pencils[%d]).fontSize) * L.pencils[%d].ownerSVGElement.getBoundingClientRect().width / L.pencils[%d].ownerSVGElement.viewBox.baseVal.width`, a, a, a))
				if fs < 12 {
					t.Errorf("%s %s %s: pencil marks drawn at %.1f px, want at least 12", d.name, scheme, size, fs)
				}
				if r := contrast(t, got[1], got[2]); r < 4.5 {
					t.Errorf("%s %s %s: pencil marks %s on %s, contrast %.2f, want at least 4.5", d.name, scheme, size, got[1], got[2], r)
				}
				if size == "12x12" && d.touch && scheme == "light" {
					eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
					b.shot(t, ctx, "leaper-phone-12x12")
				}
				// Many marks stay inside their cell, in lines.
				eval[any](t, ctx, fmt.Sprintf(`(() => { L.change(() => { L.marks[%d] = [3, 14, 25, 36, 47, 58, 69, 70]; }); return 1; })()`, a))
				if out := eval[[4]float64](t, ctx, fmt.Sprintf(`(() => { const p = L.pencils[%d].getBoundingClientRect(), r = L.cells[%d].getBoundingClientRect(); return [p.left - r.left, r.right - p.right, p.top - r.top, r.bottom - p.bottom]; })()`, a, a)); out[0] < -0.5 || out[1] < -0.5 || out[2] < -0.5 || out[3] < -0.5 {
					t.Errorf("%s %s %s: 8 pencil marks overflow their cell by %v (left, right, top, bottom)", d.name, scheme, size, out)
				}
			}
			noConsoleErrors(t, ce)
		}
	}
}

// fitsJS lists what does not fit the window's width: the page scrolling
// sideways, the board's frame scrolling, or the board's right edge past
// the window.
const fitsJS = `(() => { const out = [], h = document.querySelector(".panel.active .board"), s = h.querySelector("svg").getBoundingClientRect();
	if (document.documentElement.scrollWidth > innerWidth) out.push("page " + document.documentElement.scrollWidth + " px wide");
	if (h.scrollWidth > h.clientWidth + 1) out.push("board frame scrolls: " + h.scrollWidth + " in " + h.clientWidth);
	if (s.right > innerWidth + 0.5 || s.left < -0.5) out.push("board from " + s.left.toFixed(0) + " to " + s.right.toFixed(0));
	return out; })()`

// phoneFits: on a 390x844 phone the whole board fits the width at every
// size the page makes (Hopido 5x5 to 12x12, Bridges 5x5 to 20x20), with
// no sideways scroll; Zoom board enlarges cells to 44 px in a scroll frame.
func (b *browserEnv) phoneFits(t *testing.T) {
	ctx, ce := b.playTab(t, phone, "light", 240*time.Second)
	b.open(t, ctx, b.url)
	for _, size := range []string{"5x5", "6x6", "7x7", "8x8", "10x10", "12x12"} {
		eval[any](t, ctx, fmt.Sprintf(`L.load({board: %q, moves: "diplomatico"}, null, {mode: "numbers"}).then(() => 1)`, size))
		eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
		if out := eval[[]string](t, ctx, fitsJS); len(out) > 0 {
			t.Errorf("Hopido %s on a phone: %v", size, out)
		}
	}
	// A 12x12 is played by touch: a tap on the far corner selects it.
	last := eval[int](t, ctx, `L.grid.length - 1`)
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", last))
	if got := eval[int](t, ctx, `L.cursor`); got != last {
		t.Errorf("tapped L12 at 12x12: cursor on %d", got)
	}
	// Zoomed: cells of 44 px, the frame scrolls, the page does not.
	tap(t, ctx, phone, "#l-zoom")
	z := eval[[3]float64](t, ctx, `[L.cells[0].getBoundingClientRect().width, document.getElementById("l-board").scrollWidth - document.getElementById("l-board").clientWidth, document.documentElement.scrollWidth - innerWidth]`)
	if z[0] < 44 || z[1] <= 0 || z[2] > 0 {
		t.Errorf("zoomed 12x12: cell %.1f px, frame overflow %.0f, page overflow %.0f; want 44 px cells in a scrolling frame", z[0], z[1], z[2])
	}
	tap(t, ctx, phone, "#l-zoom")
	tap(t, ctx, phone, "#tab-nl")
	for _, size := range []string{"5x5", "7x7", "10x10", "15x15", "20x20"} {
		var rc [2]int
		fmt.Sscanf(size, "%dx%d", &rc[0], &rc[1])
		eval[any](t, ctx, fmt.Sprintf(`(async () => { $("n-size").value = %q; $("n-diff").value = "1"; $("n-hinttext").textContent = ""; await NL.generate(""); return 1; })()`, size))
		eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
		if g := eval[[2]int](t, ctx, `[NL.g.rows, NL.g.cols]`); g != rc {
			t.Fatalf("Bridges %s: generated %v", size, g)
		}
		if out := eval[[]string](t, ctx, fitsJS); len(out) > 0 {
			t.Errorf("Bridges %s on a phone: %v", size, out)
		}
	}
	noConsoleErrors(t, ce)
}

// rectCentre returns the viewport centre of the element with the id,
// without scrolling (the press must find the button where the player
// sees it).
func rectCentre(t *testing.T, ctx context.Context, id string) (float64, float64) {
	t.Helper()
	p := eval[[2]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, id))
	return p[0], p[1]
}

// inViewJS tells whether the element's first line (its top 24 px) is in
// the viewport, and says where it is.
func inViewJS(id string) string {
	return fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return [r.top >= 0 && r.top + 24 <= innerHeight && r.left >= 0 && r.left < innerWidth ? 1 : 0, r.top, r.left]; })()`, id)
}

// laptopHint: at 1366x768, light and dark, every press of Hint (the
// mouse on the button) leaves the hint's words and the status in view
// without scrolling, on Hopido 6x6 to 12x12 and Bridges 7x7 to 15x15.
func (b *browserEnv) laptopHint(t *testing.T) {
	var waits []time.Duration // press to words, CDP round trips included
	defer func() {
		slices.Sort(waits)
		if len(waits) > 0 {
			t.Logf("Hopido Hint on a laptop, press to words (CDP included): %d presses, median %v, max %v", len(waits), waits[len(waits)/2].Round(time.Millisecond), waits[len(waits)-1].Round(time.Millisecond))
		}
	}()
	for _, scheme := range []string{"light", "dark"} {
		ctx, ce := b.playTab(t, laptop, scheme, 180*time.Second)
		b.open(t, ctx, b.url)
		for _, size := range []string{"6x6", "10x10", "12x12"} {
			if size != "6x6" {
				generateLeaper(t, ctx, size, 2)
			}
			for press := 1; press <= 4; press++ {
				eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
				x, y := rectCentre(t, ctx, "l-hint")
				before := eval[string](t, ctx, `$("l-hinttext").textContent`)
				t0 := time.Now()
				tapAt(t, ctx, laptop, x, y)
				waitJS(t, ctx, fmt.Sprintf(`$("l-hinttext").textContent !== %q && !$("l-hinttext").textContent.includes("thinking")`, before))
				waits = append(waits, time.Since(t0))
				for _, id := range []string{"l-hinttext", "l-status"} {
					if v := eval[[3]float64](t, ctx, inViewJS(id)); v[0] != 1 {
						t.Errorf("%s Hopido %s, press %d: #%s at y=%.0f, x=%.0f, not in view at 1366x768", scheme, size, press, id, v[1], v[2])
					}
				}
				if scrolled := eval[float64](t, ctx, `window.scrollY`); scrolled != 0 {
					t.Errorf("%s Hopido %s, press %d: the page scrolled to %v", scheme, size, press, scrolled)
				}
			}
			if size == "12x12" {
				b.shot(t, ctx, fmt.Sprintf("leaper-laptop-hint-%s", scheme))
				axeClean(t, ctx, scheme+" laptop, the hint beside a 12x12")
			}
		}
		tap(t, ctx, laptop, "#tab-nl")
		for _, size := range []string{"7x7", "15x15"} {
			eval[any](t, ctx, fmt.Sprintf(`(async () => { $("n-size").value = %q; $("n-diff").value = "2"; await NL.generate(""); window.scrollTo(0, 0); return 1; })()`, size))
			for press := 1; press <= 3; press++ {
				eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
				before := eval[string](t, ctx, `$("n-hinttext").textContent`)
				x, y := rectCentre(t, ctx, "n-hint")
				tapAt(t, ctx, laptop, x, y)
				waitJS(t, ctx, fmt.Sprintf(`$("n-hinttext").textContent !== %q && !$("n-hinttext").textContent.includes("thinking")`, before))
				for _, id := range []string{"n-hinttext", "n-status"} {
					if v := eval[[3]float64](t, ctx, inViewJS(id)); v[0] != 1 {
						t.Errorf("%s Bridges %s, press %d: #%s at y=%.0f, x=%.0f, not in view at 1366x768", scheme, size, press, id, v[1], v[2])
					}
				}
			}
		}
		noConsoleErrors(t, ce)
	}
}

// axeClean runs axe-core (injected here) on the page as it is and fails on
// a serious or critical violation.
func axeClean(t *testing.T, ctx context.Context, view string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe === "object"`) {
		eval[any](t, ctx, axeSource(t)+"\n;1")
	}
	res := eval[[]map[string]any](t, ctx, `(async () => { const r = await axe.run(document, {resultTypes: ["violations"]});
		return r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))})); })()`)
	for _, v := range res {
		t.Errorf("%s: axe %s violation %v: %v on %v", view, v["impact"], v["id"], v["help"], v["nodes"])
	}
}

// phoneHint: on a 390x844 phone, by touch, each press of Hint on a 10x10
// and a 12x12 Hopido and a 10x10 Bridges leaves the first lines of its
// words in view under the board and the pad, with the Hint button.
func (b *browserEnv) phoneHint(t *testing.T) {
	ctx, ce := b.playTab(t, phone, "light", 120*time.Second)
	b.open(t, ctx, b.url)
	check := func(what, p string, press int) {
		t.Helper()
		if v := eval[[3]float64](t, ctx, inViewJS(p+"-hint")); v[0] != 1 {
			t.Errorf("%s, press %d: the Hint button at y=%.0f, not in view at 390x844", what, press, v[1])
		}
		// The hint's first three lines (72 px), or all of it when shorter.
		if v := eval[[3]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return [r.top >= 0 && r.top + Math.min(r.height, 72) <= innerHeight ? 1 : 0, r.top, r.height]; })()`, p+"-hinttext")); v[0] != 1 {
			t.Errorf("%s, press %d: the hint at y=%.0f (%.0f px high), its first lines not in view at 390x844", what, press, v[1], v[2])
		}
	}
	for _, size := range []string{"10x10", "12x12"} {
		generateLeaper(t, ctx, size, 2)
		eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
		for press := 1; press <= 6; press++ {
			before := eval[string](t, ctx, `$("l-hinttext").textContent`)
			x, y := rectCentre(t, ctx, "l-hint")
			tapAt(t, ctx, phone, x, y)
			waitJS(t, ctx, fmt.Sprintf(`$("l-hinttext").textContent !== %q && !$("l-hinttext").textContent.includes("thinking")`, before))
			check("Hopido "+size, "l", press)
		}
	}
	eval[any](t, ctx, `(async () => { showTab("nl"); $("n-size").value = "10x10"; $("n-diff").value = "2"; await NL.generate(""); window.scrollTo(0, 0); return 1; })()`)
	for press := 1; press <= 3; press++ {
		before := eval[string](t, ctx, `$("n-hinttext").textContent`)
		x, y := rectCentre(t, ctx, "n-hint")
		tapAt(t, ctx, phone, x, y)
		waitJS(t, ctx, fmt.Sprintf(`$("n-hinttext").textContent !== %q && !$("n-hinttext").textContent.includes("thinking")`, before))
		check("Bridges 10x10", "n", press)
	}
	noConsoleErrors(t, ce)
}

// headlineJS returns the hint's headline (its first sentence, shown) and
// its full reason (behind "why?"), "" when there is none.
func headlineJS(p string) string {
	return fmt.Sprintf(`(() => { const h = document.querySelector("#%s-hinttext .headline"), w = document.querySelector("#%s-hinttext .why div"); return [h ? h.textContent : "", w ? w.textContent : ""]; })()`, p, p)
}

// shortReasons: on a generated hard 10x10 Hopido finished by hints alone,
// each step's reason opens with a sentence of at most 200 characters that
// names the number and its cell; a longer reason is whole behind "why?",
// which opens on a tap. The same for every step of a hard 10x10 Bridges.
func (b *browserEnv) shortReasons(t *testing.T) {
	ctx, ce := b.playTab(t, phone, "light", 300*time.Second)
	b.open(t, ctx, b.url)
	generateLeaper(t, ctx, "10x10", 3)
	// A mistake first: another cell's number written; its reason's
	// headline stands alone too ("N cannot go at X.").
	// (The first hint's number, written at another cell: the solution is
	// unique, so it is wrong there.)
	wrongN := eval[int](t, ctx, `(async () => { await L.hint(); const h = L.ladder.h; const d = `+freeCells+`.find((c) => c !== h.cell); L.setNumber(d, h.number); await L.hint(); await L.hint(); return h.number; })()`)
	if hw := eval[[2]string](t, ctx, headlineJS("l")); !strings.HasPrefix(hw[0], fmt.Sprintf("%d cannot go at ", wrongN)) || len([]rune(hw[0])) > 200+len(" Press Hint again to take it away.") {
		t.Errorf("a wrong number: headline %q (why? %q)", hw[0], hw[1])
	}
	eval[any](t, ctx, `(async () => { await L.hint(); return 1; })()`)
	longSeen, opened := 0, false
	for step := 0; step < 200; step++ {
		eval[any](t, ctx, `(async () => { await L.hint(); return 1; })()`)
		st := eval[string](t, ctx, `L.ladder ? L.ladder.h.status : ""`)
		if st == "done" || eval[bool](t, ctx, `L.solved`) {
			break
		}
		eval[any](t, ctx, `(async () => { await L.hint(); return 1; })()`)
		hw := eval[[2]string](t, ctx, headlineJS("l"))
		reason := eval[string](t, ctx, `L.ladder.h.reason`)
		head := strings.TrimSuffix(strings.TrimSuffix(hw[0], " Press Hint again to fill it in."), " Press Hint again to take it away.")
		if len([]rune(head)) > 200 || head == "" {
			t.Errorf("step %d: headline of %d characters: %q", step, len([]rune(head)), head)
		}
		if st == "step" {
			n, cell := eval[int](t, ctx, `L.ladder.h.number`), eval[string](t, ctx, `(() => { const c = L.ladder.h.cell, cols = L.b.cols; let s = "", x = c % cols; do { s = String.fromCharCode(65 + x % 26) + s; x = Math.floor(x / 26) - 1; } while (x >= 0); return s + (Math.floor(c / cols) + 1); })()`)
			if !strings.Contains(head, fmt.Sprint(n)) || !strings.Contains(head, cell) {
				t.Errorf("step %d: headline %q does not say %d goes at %s", step, head, n, cell)
			}
		}
		if len(reason) > 200 {
			longSeen++
			if hw[1] != strings.ReplaceAll(reason, "hopido", "Hopido") {
				t.Errorf("step %d: the reason behind why? is %q, want the whole %q", step, hw[1], reason)
			}
			if !opened {
				tap(t, ctx, phone, "#l-hinttext .why summary")
				if !eval[bool](t, ctx, `document.querySelector("#l-hinttext .why").open`) {
					t.Errorf("step %d: why? does not open on a tap", step)
				}
				b.shot(t, ctx, "leaper-phone-why")
				axeClean(t, ctx, "phone light, a reason's why? open")
				opened = true
			}
		}
		eval[any](t, ctx, `(async () => { await L.hint(); return 1; })()`)
	}
	if !eval[bool](t, ctx, `L.solved`) {
		t.Errorf("the hard 10x10 is not finished by hints: %s", text(t, ctx, "l-status"))
	}
	t.Logf("hard 10x10: %d reasons over 200 characters, each summed up in a headline", longSeen)
	if longSeen == 0 {
		t.Errorf("no long reason met on a hard 10x10: the test saw no case analysis")
	}
	// Bridges: a hard 10x10 by hints.
	eval[any](t, ctx, `(async () => { showTab("nl"); $("n-size").value = "10x10"; $("n-diff").value = "3"; await NL.generate(""); return 1; })()`)
	for step := 0; step < 120 && !eval[bool](t, ctx, `NL.solved`); step++ {
		eval[any](t, ctx, `(async () => { await NL.hint(); return 1; })()`)
		st := eval[string](t, ctx, `NL.ladder ? NL.ladder.h.status : "none"`)
		if st == "done" || st == "none" {
			break
		}
		eval[any](t, ctx, `(async () => { await NL.hint(); return 1; })()`)
		hw := eval[[2]string](t, ctx, headlineJS("n"))
		head := strings.TrimSuffix(strings.TrimSuffix(hw[0], " Press Hint again to draw it."), " Press Hint again to reveal it.")
		if len([]rune(head)) > 200 || head == "" {
			t.Errorf("Bridges step %d: headline of %d characters: %q", step, len([]rune(head)), head)
		}
		eval[any](t, ctx, `(async () => { await NL.hint(); return 1; })()`)
	}
	waitJS(t, ctx, `NL.solved && document.getElementById("n-status").textContent.includes("Solved")`)
	noConsoleErrors(t, ce)
}

var nlLevelNames = []string{"", "easy", "medium", "hard", "tricky", "expert", "extreme"}

// bridgesLevels: each difficulty of the Bridges menu makes a puzzle the
// grader rates at exactly that stage, and the page names it by that
// difficulty, one name per stage: in the hint, the level, and the
// best-time key. (Extreme, a grid that needs search, is not offered: the
// generator finds none at the page's sizes.)
func (b *browserEnv) bridgesLevels(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light", 240*time.Second)
	b.open(t, ctx, b.url)
	tap(t, ctx, desktop, "#tab-nl")
	opts := eval[[]string](t, ctx, `[...document.querySelectorAll("#n-diff option")].map((o) => o.value + "=" + o.textContent)`)
	if want := []string{"1=easy", "2=medium", "3=hard", "4=tricky", "5=expert"}; strings.Join(opts, " ") != strings.Join(want, " ") {
		t.Errorf("difficulty menu %v, want %v", opts, want)
	}
	for lvl := 1; lvl <= 5; lvl++ {
		t.Run(nlLevelNames[lvl], func(t *testing.T) {
			// The sizes where the generator makes each level (a 7x7 is
			// too small for a puzzle that needs the cut argument).
			size := map[int]string{1: "7x7", 2: "7x7", 3: "7x7", 4: "10x10", 5: "7x7"}[lvl]
			eval[any](t, ctx, fmt.Sprintf(`(async () => { $("n-size").value = %q; $("n-diff").value = "%d"; await NL.generate(""); return 1; })()`, size, lvl))
			id := eval[string](t, ctx, `NL.puzzle`)
			g, rules, err := puzzleio.ParseTatham(id)
			if err != nil {
				g2, rules2, err2 := puzzleio.Parse([]byte(id))
				if err2 != nil {
					t.Fatalf("the page's puzzle %q: %v / %v", id, err, err2)
				}
				g, rules = g2, rules2
			}
			gr, err := numberlink.Rate(context.Background(), g, numberlink.SolveOptions{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			if int(gr.Level) != lvl {
				t.Errorf("asked for %s (stage %d): the grader rates it %v", nlLevelNames[lvl], lvl, gr.Level)
			}
			if got := eval[string](t, ctx, `NL.level`); got != nlLevelNames[lvl] {
				t.Errorf("stage %v named %q, want %q", gr.Level, got, nlLevelNames[lvl])
			}
			if h := text(t, ctx, "n-hinttext"); !strings.Contains(h, " "+nlLevelNames[lvl]+" ") {
				t.Errorf("the new puzzle's words %q do not name it %s", h, nlLevelNames[lvl])
			}
			if k := eval[string](t, ctx, `NL.bestWhat()`); !strings.HasSuffix(k, "."+nlLevelNames[lvl]) {
				t.Errorf("best times filed under %q", k)
			}
		})
	}
	noConsoleErrors(t, ce)
}

// bridgesAddMore: where one bridge of two is drawn, the hint says to add
// one more, and drawing what it says gives the solution's count, not a
// pair wrapped to none; where two are drawn and the solution has none, it
// says to take both away.
func (b *browserEnv) bridgesAddMore(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light", 120*time.Second)
	b.open(t, ctx, b.url)
	tap(t, ctx, desktop, "#tab-nl")
	g, sol := tathamSolution(t, tathamFixture)
	eval[any](t, ctx, fmt.Sprintf(`NL.load(%q).then(() => 1)`, tathamFixture))
	// Follow the hints until one asks for 2 bridges on a pair; then undo
	// it, draw one of the two and ask again.
	found := false
	for step := 0; step < 40 && !found; step++ {
		eval[any](t, ctx, `(async () => { NL.ladder = null; await NL.hint(); await NL.hint(); return 1; })()`)
		p := eval[int](t, ctx, `(() => { const h = NL.ladder && NL.ladder.h; if (!h || h.status !== "step") return -2; const i = h.counts.findIndex((c, i) => c === 2 && NL.conn[h.pairs[i]] === 0); return i < 0 ? -1 : h.pairs[i]; })()`)
		if p == -2 {
			break
		}
		if p >= 0 {
			found = true
			eval[any](t, ctx, fmt.Sprintf(`(async () => { NL.setConn(%d, 1); await NL.hint(); await NL.hint(); return 1; })()`, p))
			h := text(t, ctx, "n-hinttext")
			pr := g.Pairs[p]
			want := fmt.Sprintf("add 1 more bridge between %s and %s (2 in all)", numberlink.IslandName(g, pr.A), numberlink.IslandName(g, pr.B))
			if eval[bool](t, ctx, fmt.Sprintf(`NL.ladder.h.pairs.includes(%d)`, p)) {
				if !strings.Contains(strings.ToLower(h), strings.ToLower(want)) || strings.Contains(h, "draw 2 bridges between "+numberlink.IslandName(g, pr.A)) {
					t.Errorf("with 1 of 2 bridges drawn the hint says %q, want %q", h, want)
				}
				// Doing what it says by hand: one more drag (a cycle up).
				eval[any](t, ctx, fmt.Sprintf(`(() => { NL.cycle(%d, 1); return 1; })()`, p))
				if got := eval[int](t, ctx, fmt.Sprintf(`NL.conn[%d]`, p)); got != int(sol[p]) {
					t.Errorf("after adding 1 more bridge the pair has %d, the solution %d", got, sol[p])
				}
			} else {
				t.Errorf("with 1 of 2 bridges drawn the next hint is about other pairs: %q", h)
			}
		} else {
			eval[any](t, ctx, `(async () => { await NL.hint(); return 1; })()`)
		}
	}
	if !found {
		t.Errorf("no hint asked for 2 bridges on the fixture %s", tathamFixture)
	}
	// Two bridges where the solution has none: take both away, and the
	// third press leaves none.
	zero := -1
	for p := range g.Pairs {
		if sol[p] == 0 {
			zero = p
			break
		}
	}
	eval[any](t, ctx, fmt.Sprintf(`(async () => { await NL.load(%q); NL.setConn(%d, 2); await NL.hint(); await NL.hint(); return 1; })()`, tathamFixture, zero))
	if h := text(t, ctx, "n-hinttext"); !strings.Contains(h, "the solution has no bridge there. Take both away. Press Hint again to take them away.") {
		t.Errorf("two bridges where the solution has none: %q", h)
	}
	eval[any](t, ctx, `NL.hint().then(() => 1)`)
	if got := eval[int](t, ctx, fmt.Sprintf(`NL.conn[%d]`, zero)); got != 0 {
		t.Errorf("after the third press the pair has %d bridges, want 0", got)
	}
	noConsoleErrors(t, ce)
}

// history: a game finished alone is in the history after a reload, with
// its size, level and time; one left half done is there unfinished, one
// finished after a hint says so; the statistics count them; the record is
// exported as a file's text, cleared, and imported back whole.
func (b *browserEnv) history(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light", 120*time.Second)
	b.open(t, ctx, b.url)
	eval[any](t, ctx, `(() => { localStorage.clear(); return 1; })()`)
	// A game left half done: one number written.
	generateLeaper(t, ctx, "6x6", 1)
	sol := leaperSolution(t, ctx)
	eval[any](t, ctx, fmt.Sprintf(`(() => { const sol = %s; const c = %s[0]; L.setNumber(c, sol[c]); return 1; })()`, jsonOf(sol), freeCells))
	// A game finished after a hint.
	generateLeaper(t, ctx, "6x6", 1)
	sol = leaperSolution(t, ctx)
	eval[any](t, ctx, `L.hint().then(() => 1)`)
	eval[any](t, ctx, fmt.Sprintf(`(() => { const sol = %s; L.change(() => { sol.forEach((n, c) => { if (!L.given.has(c) && !L.blocked.has(c)) L.grid[c] = n; }); }); return 1; })()`, jsonOf(sol)))
	waitJS(t, ctx, textHas("l-status", "Solved in"))
	// A game finished alone, by the keys.
	generateLeaper(t, ctx, "6x6", 2)
	sol = leaperSolution(t, ctx)
	free := eval[[]int](t, ctx, freeCells)
	for _, c := range free {
		clickCell(t, ctx, int32(c))
		keys(t, ctx, strings.Split(fmt.Sprint(sol[c]), "")...)
		keys(t, ctx, "\r")
	}
	waitJS(t, ctx, textHas("l-status", "Solved in"))
	share := eval[string](t, ctx, `L.b.share`)
	// A Bridges game finished alone, checked by the verifier first.
	_, nsol := tathamSolution(t, tathamFixture)
	eval[any](t, ctx, fmt.Sprintf(`(async () => { showTab("nl"); await NL.load(%q); NL.setConn(0, NL.conn[0]); NL.conn = %s; NL.update(); return 1; })()`, tathamFixture, jsonOf(nsol)))
	waitJS(t, ctx, textHas("n-status", "Solved in"))
	b.open(t, ctx, b.url) // the reload: the default puzzle, the record kept
	hist := eval[[]map[string]any](t, ctx, `readHistory()`)
	if len(hist) != 4 {
		t.Fatalf("after a reload the history holds %d games, want 4: %v", len(hist), hist)
	}
	if n := hist[0]; n["family"] != "nl" || n["game"] != "Bridges" || n["size"] != "7x7" || n["finished"] != true || n["help"] != false {
		t.Errorf("the Bridges game finished alone is kept as %v", n)
	}
	hist = hist[1:]
	last := hist[0]
	if last["id"] != "leaper|"+share || last["finished"] != true || last["help"] != false || last["size"] != "6x6" || last["level"] != "medium" || last["game"] != "Hopido" || last["secs"] == nil {
		t.Errorf("the game finished alone is kept as %v", last)
	}
	if hist[1]["finished"] != true || hist[1]["help"] != true {
		t.Errorf("the game finished after a hint is kept as %v", hist[1])
	}
	if hist[2]["finished"] != false || hist[2]["help"] != false {
		t.Errorf("the game left half done is kept as %v", hist[2])
	}
	tap(t, ctx, desktop, "#tab-rec")
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#r-history tbody tr")].map((r) => r.innerText.replace(/\s+/g, " "))`)
	if len(rows) != 4 || !strings.Contains(rows[1], "Hopido 6x6 medium") || !strings.Contains(rows[1], "yes no") || !strings.Contains(rows[0], "Bridges 7x7") {
		t.Errorf("history view rows %q", rows)
	}
	stats := eval[[]string](t, ctx, `[...document.querySelectorAll("#r-stats tbody tr")].map((r) => r.innerText.replace(/\s+/g, " "))`)
	if len(stats) != 3 || !strings.HasPrefix(stats[0], "Bridges 7x7 — 1 1 1 ") || !strings.HasPrefix(stats[1], "Hopido 6x6 easy 2 1 0 — —") || !strings.HasPrefix(stats[2], "Hopido 6x6 medium 1 1 1 ") {
		t.Errorf("statistics rows %q", stats)
	}
	// Export by the button (the file's text is what exportRecord gives),
	// clear, import the file back through the file input.
	tap(t, ctx, desktop, "#r-export")
	if n := text(t, ctx, "r-note"); !strings.Contains(n, "Exported 4 games") {
		t.Errorf("after Export: %q", n)
	}
	file := eval[string](t, ctx, `exportRecord()`)
	eval[any](t, ctx, `(() => { localStorage.clear(); showRecord(); return 1; })()`)
	if n := eval[int](t, ctx, `readHistory().length`); n != 0 {
		t.Fatalf("cleared record holds %d", n)
	}
	eval[any](t, ctx, fmt.Sprintf(`(() => { const dt = new DataTransfer(); dt.items.add(new File([%s], "record.json", {type: "application/json"}));
		const i = document.getElementById("r-import"); i.files = dt.files; i.dispatchEvent(new Event("change")); return 1; })()`, jsonOf(file)))
	waitJS(t, ctx, textHas("r-note", "Imported 4 games"))
	back := eval[[]map[string]any](t, ctx, `readHistory()`)
	if jsonOf(back[1:]) != jsonOf(hist) {
		t.Errorf("imported back:\n%v\nwant\n%v", back, hist)
	}
	// A file that is not a record is refused with words.
	eval[any](t, ctx, `(() => { const dt = new DataTransfer(); dt.items.add(new File(["{\"games\": 3}"], "x.json")); const i = document.getElementById("r-import"); i.files = dt.files; i.dispatchEvent(new Event("change")); return 1; })()`)
	waitJS(t, ctx, textHas("r-note", "not a boardgraph record"))
	if n := eval[int](t, ctx, `readHistory().length`); n != 4 {
		t.Errorf("a bad file changed the record to %d games", n)
	}
	noConsoleErrors(t, ce)
}

// smallThings: Copy link says Copied; undo to before the mistake takes
// one press; a mistake is marked by shape as well as colour; status lines
// say "Hopido" with a capital.
func (b *browserEnv) smallThings(t *testing.T) {
	ctx, ce := b.playTab(t, phone, "light", 90*time.Second)
	b.open(t, ctx, b.url)
	tap(t, ctx, phone, "#l-copy")
	waitJS(t, ctx, `$("l-copy").textContent === "Copied"`)
	sol := leaperSolution(t, ctx)
	free := eval[[]int](t, ctx, freeCells)
	// One right number, then two numbers far from their neighbours.
	a := free[0]
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", a))
	typeNumber(t, ctx, phone, sol[a])
	tap(t, ctx, phone, "#l-ok")
	good := eval[string](t, ctx, `JSON.stringify(L.grid)`)
	// The number next to a given, written where it is not one move away.
	wrong := eval[[2]int](t, ctx, `(() => { const used = new Set([...L.given.values(), ...L.grid.filter((n) => n)]);
		for (const [c, n] of L.given) for (const m of [n + 1, n - 1]) { if (m < 1 || m > L.b.open || used.has(m)) continue;
			for (let d = 0; d < L.grid.length; d++) if (!L.given.has(d) && !L.blocked.has(d) && !L.grid[d] && !L.adjacent(c, d)) return [d, m]; }
		return [-1, -1]; })()`)
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", wrong[0]))
	typeNumber(t, ctx, phone, int32(wrong[1]))
	tap(t, ctx, phone, "#l-ok")
	waitJS(t, ctx, `L.errs.length > 0 && !$("l-undomistake").hidden`)
	if st := text(t, ctx, "l-status"); strings.Contains(st, "hopido") || !strings.Contains(st, "Hopido") {
		t.Errorf("mistake status %q: want Hopido with a capital", st)
	}
	shape := eval[[2]string](t, ctx, `(() => { const e = L.cells[L.errs[0]]; const s = getComputedStyle(e); return [s.strokeDasharray, s.strokeWidth]; })()`)
	if shape[0] == "none" || shape[0] == "" {
		t.Errorf("a mistake is marked by colour alone: stroke-dasharray %q, width %q", shape[0], shape[1])
	}
	// Another change after the mistake, then one press back.
	c2 := eval[int](t, ctx, freeCells+`[0]`)
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", c2))
	typeNumber(t, ctx, phone, 1)
	tap(t, ctx, phone, "#l-ok")
	waitJS(t, ctx, `!$("l-undomistake").hidden`)
	tap(t, ctx, phone, "#l-undomistake")
	if g := eval[string](t, ctx, `JSON.stringify(L.grid)`); g != good {
		t.Errorf("undo to before the mistake: grid %s, want %s", g, good)
	}
	waitJS(t, ctx, `$("l-undomistake").hidden && L.errs.length === 0`)
	// A number the solution puts elsewhere, that clashes with nothing:
	// once a hint points at it, one press goes back to before it.
	quiet := [2]int{-1, -1}
	req := eval[map[string]string](t, ctx, `L.req`)
	grid := eval[[]int32](t, ctx, `L.grid`)
	free = eval[[]int](t, ctx, freeCells)
	eng := NewEngine(1600, 2500, 1e6)
	for _, c := range free {
		for _, d := range free {
			if c == d || quiet[0] >= 0 {
				continue
			}
			g := slices.Clone(grid)
			g[c] = sol[d]
			a, err := eng.Call(context.Background(), "leaper/check", []byte(jsonOf(map[string]any{"board": req["board"], "moves": req["moves"], "grid": g})))
			if err != nil {
				t.Fatal(err)
			}
			var r struct{ Errors []any }
			if err := json.Unmarshal(a.Data, &r); err != nil {
				t.Fatal(err)
			}
			if len(r.Errors) == 0 {
				quiet = [2]int{c, int(sol[d])}
			}
		}
	}
	if quiet[0] < 0 {
		t.Fatal("no wrong number without a clash on the 6x6")
	}
	before := eval[string](t, ctx, `JSON.stringify(L.grid)`)
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", quiet[0]))
	typeNumber(t, ctx, phone, int32(quiet[1]))
	tap(t, ctx, phone, "#l-ok")
	// Then a pencil mark elsewhere (a change that clashes with nothing).
	c3 := eval[int](t, ctx, fmt.Sprintf(`%s.find((c) => c !== %d)`, freeCells, quiet[0]))
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", c3))
	tap(t, ctx, phone, "#l-pencil")
	typeNumber(t, ctx, phone, 5)
	tap(t, ctx, phone, "#l-pencil")
	waitJS(t, ctx, fmt.Sprintf(`L.errs.length === 0 && $("l-undomistake").hidden && L.marks[%d].length === 1`, c3))
	tap(t, ctx, phone, "#l-hint")
	waitJS(t, ctx, `!$("l-undomistake").hidden`)
	tap(t, ctx, phone, "#l-undomistake")
	if g := eval[string](t, ctx, `JSON.stringify(L.grid)`); g != before || eval[int](t, ctx, fmt.Sprintf(`L.marks[%d].length`, c3)) != 0 {
		t.Errorf("undo to before a wrong number the hint found: grid %s, want %s, and the later mark gone", g, before)
	}
	// Bridges: an over-full island is marked by a dashed ring.
	tap(t, ctx, phone, "#tab-nl")
	tap(t, ctx, phone, "#n-copy")
	waitJS(t, ctx, `$("n-copy").textContent === "Copied"`)
	eval[any](t, ctx, `(() => { const g = NL.g; const i = g.nodes.findIndex((n) => n.m === 1); const ps = g.pairs.map((p, j) => j).filter((j) => g.pairs[j].a === i || g.pairs[j].b === i); NL.setConn(ps[0], 2); return 1; })()`)
	over := eval[string](t, ctx, `getComputedStyle(document.querySelector(".node.over circle")).strokeDasharray`)
	if over == "none" || over == "" {
		t.Errorf("an over-full island is marked by colour alone")
	}
	tap(t, ctx, phone, "#n-undomistake")
	if n := eval[int](t, ctx, `NL.conn.reduce((a, b) => a + b, 0)`); n != 0 {
		t.Errorf("undo to before the mistake on Bridges leaves %d bridges", n)
	}
	noConsoleErrors(t, ce)
}

// recordViews: the Record view (archive, statistics, history) with games
// in it, on a laptop and a phone, light and dark: axe-core finds no
// serious or critical issue; the screenshots go to the gallery.
func (b *browserEnv) recordViews(t *testing.T) {
	axe := axeSource(t)
	ctx, ce := b.playTab(t, laptop, "light", 120*time.Second)
	b.open(t, ctx, b.url)
	eval[any](t, ctx, axe+"\n;1")
	// A record of a few weeks of play, written as the page writes it.
	eval[any](t, ctx, `(() => { localStorage.clear(); const day = 86400000, now = Date.now(), list = [];
		for (let i = 0; i < 24; i++) { const d = new Date(now - i * day).toISOString(); const daily = i % 3 !== 2 ? d.slice(0, 10) : "";
			list.push({id: "x" + i, family: i % 2 ? "nl" : "leaper", game: i % 2 ? "Bridges" : "Hopido", size: i % 2 ? "7x7" : ["6x6", "8x8", "10x10"][i % 3], level: ["easy", "medium", "hard"][i % 3], date: d, secs: 100 + 37 * i, finished: i % 5 !== 4, help: i % 4 === 3, daily}); }
		localStorage.setItem("boardgraph.history", JSON.stringify(list)); return 1; })()`)
	tap(t, ctx, laptop, "#tab-rec")
	for _, d := range []device{laptop, phone} {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: d.width, Height: d.height, DeviceScaleFactor: 1, Mobile: d.touch}); err != nil {
			t.Fatal(err)
		}
		for _, scheme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
				t.Fatal(err)
			}
			for _, part := range []string{"r-archive", "r-stats", "r-history"} {
				eval[any](t, ctx, fmt.Sprintf(`(() => { showRecord(); if (%[1]q === "r-archive") window.scrollTo(0, 0); else { document.getElementById(%[1]q).scrollIntoView({block: "start"}); window.scrollBy(0, -60); } return 1; })()`, part))
				name := map[string]string{"r-archive": "daily-archive", "r-stats": "statistics", "r-history": "history"}[part]
				b.shot(t, ctx, fmt.Sprintf("record-%s-%s-%s", name, d.name, scheme))
			}
			res := eval[[]map[string]any](t, ctx, `(async () => { const r = await axe.run(document, {resultTypes: ["violations"]});
				return r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))})); })()`)
			for _, v := range res {
				t.Errorf("%s %s record view: axe %s violation %v: %v on %v", d.name, scheme, v["impact"], v["id"], v["help"], v["nodes"])
			}
			if w := eval[[2]float64](t, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
				t.Errorf("%s %s record view: page %v px wide in %v", d.name, scheme, w[0], w[1])
			}
			if out := eval[[]string](t, ctx, interactiveJS); d.touch && len(out) > 0 {
				t.Errorf("%s %s record view: targets under 44x44 px: %v", d.name, scheme, out)
			}
		}
	}
	noConsoleErrors(t, ce)
}

// TestBrowserDaily: the daily puzzle of each family is the same in two
// fresh browsers (two Chromium profiles, two servers) whose menus say
// different things; its level follows the weekday; a shared position link
// of it reopens with the daily label; a past date opens from the archive
// and from a #daily= link, the same puzzle both ways; a finished daily
// gives the share line and counts in the streak.
func TestBrowserDaily(t *testing.T) {
	t.Parallel()
	b1, b2 := newBrowserEnv(t), newBrowserEnv(t)
	c1, ce1 := b1.playTab(t, desktop, "light", 300*time.Second)
	c2, ce2 := b2.playTab(t, phone, "dark", 300*time.Second)
	b1.open(t, c1, b1.url)
	b2.open(t, c2, b2.url)
	// Today as the page sees it (the UTC date), read just before the
	// dailies are made.
	today := eval[string](t, c1, `new Date().toISOString().slice(0, 10)`)
	wantL := map[time.Weekday]string{time.Monday: "easy", time.Tuesday: "easy", time.Wednesday: "medium", time.Thursday: "medium", time.Friday: "hard", time.Saturday: "hard", time.Sunday: "expert"}
	wantN := map[time.Weekday]string{time.Monday: "easy", time.Tuesday: "medium", time.Wednesday: "hard", time.Thursday: "hard", time.Friday: "tricky", time.Saturday: "tricky", time.Sunday: "expert"}
	// Different menus in the two browsers.
	eval[any](t, c1, `(() => { $("l-size").value = "10x10"; $("l-level").value = "4"; $("l-moves").value = "knight"; $("n-size").value = "15x15"; $("n-diff").value = "5"; $("n-k").value = "3"; return 1; })()`)
	eval[any](t, c2, `(() => { $("l-size").value = "5x5"; $("l-level").value = "1"; $("n-size").value = "5x5"; $("n-diff").value = "1"; $("n-k").value = "1"; return 1; })()`)
	tap(t, c1, desktop, "#l-daily")
	tap(t, c2, phone, "#l-daily")
	for _, c := range []context.Context{c1, c2} {
		waitJS(t, c, fmt.Sprintf(`L.daily === %q && $("l-hinttext").textContent.includes("the same for everyone")`, today))
	}
	p1, p2 := eval[[]string](t, c1, `[L.b.share, L.level, $("l-dailytag").textContent]`), eval[[]string](t, c2, `[L.b.share, L.level, $("l-dailytag").textContent]`)
	if p1[0] != p2[0] || p1[1] != p2[1] {
		t.Errorf("Hopido daily differs between two browsers: %v and %v", p1, p2)
	}
	day, _ := time.Parse("2006-01-02", today)
	wd := day.Weekday()
	if p1[1] != wantL[wd] || !strings.Contains(p1[2], today) {
		t.Errorf("Hopido daily on a %v: level %q (want %q), label %q", wd, p1[1], wantL[wd], p1[2])
	}
	if share, level := dailyWant(t, "leaper", today); p1[0] != share || p1[1] != level {
		t.Errorf("Hopido daily %v, want %s %s by the documented rule", p1, share, level)
	}
	for i, c := range []context.Context{c1, c2} {
		tap(t, c, []device{desktop, phone}[i], "#tab-nl")
		tap(t, c, []device{desktop, phone}[i], "#n-daily")
		waitJS(t, c, fmt.Sprintf(`NL.daily === %q && $("n-hinttext").textContent.includes("the same for everyone")`, today))
	}
	n1, n2 := eval[[]string](t, c1, `[NL.puzzle, NL.level]`), eval[[]string](t, c2, `[NL.puzzle, NL.level]`)
	if n1[0] != n2[0] || n1[1] != n2[1] || n1[1] != wantN[wd] {
		t.Errorf("Bridges daily: %v and %v, want the same, %s on a %v", n1, n2, wantN[wd], wd)
	}
	if id, level := dailyWant(t, "nl", today); n1[0] != id || n1[1] != level {
		t.Errorf("Bridges daily %v, want %s %s by the documented rule", n1, id, level)
	}
	// The position link of the daily, reopened in the other browser, is
	// still labelled daily.
	tap(t, c1, desktop, "#tab-leaper")
	link := eval[string](t, c1, `(L.share(), $("l-share").value)`)
	c3, ce3 := b2.playTab(t, desktop, "light")
	b2.open(t, c3, strings.Replace(link, b1.url, b2.url, 1))
	if got := eval[[]string](t, c3, `[L.daily, $("l-dailytag").hidden ? "" : $("l-dailytag").textContent]`); got[0] != today || !strings.Contains(got[1], "Daily puzzle of "+today) {
		t.Errorf("daily link reopened: daily %q, label %q", got[0], got[1])
	}
	// A past date: from the archive in one browser, from a link in the other.
	past := day.AddDate(0, 0, -3).Format("2006-01-02")
	eval[any](t, c1, `(() => { L.b = L.b; return 1; })()`)
	tap(t, c1, desktop, "#tab-rec")
	tap(t, c1, desktop, fmt.Sprintf(`#r-archive button[data-family="leaper"][data-date="%s"]`, past))
	waitJS(t, c1, fmt.Sprintf(`L.daily === %q && $("l-hinttext").textContent.includes("the same for everyone")`, past))
	c4, ce4 := b2.playTab(t, phone, "light")
	b2.open(t, c4, b2.url+"#daily=hopido/"+past)
	if a, l := eval[string](t, c1, `L.b.share`), eval[string](t, c4, `L.daily + " " + L.b.share`); l != past+" "+a {
		t.Errorf("the daily of %s: from the archive %q, from a link %q", past, a, l)
	}
	// Today's daily finished alone: the share line, and a streak of one.
	tap(t, c2, phone, "#tab-leaper")
	sol := leaperSolution(t, c2)
	eval[any](t, c2, fmt.Sprintf(`(() => { const sol = %s; L.change(() => { sol.forEach((n, c) => { if (!L.given.has(c) && !L.blocked.has(c)) L.grid[c] = n; }); }); return 1; })()`, jsonOf(sol)))
	waitJS(t, c2, textHas("l-status", "Solved in"))
	line := text(t, c2, "l-shareline")
	want := regexp.MustCompile(`^boardgraph daily ` + today + ` · Hopido ` + wantL[wd] + ` · \d+:\d\d · no help\n\S+#daily=hopido/` + today + `$`)
	if !want.MatchString(line) {
		t.Errorf("share line %q, want %v", line, want)
	}
	tap(t, c2, phone, "#l-sharecopy")
	waitJS(t, c2, `$("l-sharecopy").textContent === "Copied"`)
	tap(t, c2, phone, "#tab-rec")
	if s := text(t, c2, "r-streaks"); !strings.Contains(s, "Hopido 1 (best 1)") {
		t.Errorf("streaks after today's daily: %q", s)
	}
	for _, ce := range []*consoleErrors{ce1, ce2, ce3, ce4} {
		noConsoleErrors(t, ce)
	}
}

// dailyWant is what the page's daily of family ("leaper" or "nl") on date
// must be, computed here from the rule docs/web.md states (record.js
// dailyOf): the level by the weekday, the size by the level, the seed an
// FNV-1a hash of the date and family (the next seeds of the date when one
// makes no puzzle), generated by the native engine. It returns the
// puzzle's share code (a leaper) or its ID (Bridges), and the level name.
func dailyWant(t *testing.T, family, date string) (string, string) {
	t.Helper()
	day, err := time.Parse("2006-01-02", date)
	if err != nil {
		t.Fatal(err)
	}
	wd := day.Weekday()
	seed := func(attempt int) uint32 {
		s := date + "|daily|" + family
		if attempt > 0 {
			s += fmt.Sprintf("|%d", attempt)
		}
		h := fnv.New32a()
		h.Write([]byte(s))
		return h.Sum32()
	}
	e := NewEngine(1600, 2500, 1e6)
	call := func(path string, body any) map[string]any {
		a, err := e.Call(context.Background(), path, []byte(jsonOf(body)))
		if err != nil {
			return nil
		}
		var v map[string]any
		if err := json.Unmarshal(a.Data, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for attempt := 0; attempt <= 5; attempt++ {
		if family == "leaper" {
			level := []int{4, 1, 1, 2, 2, 3, 3}[wd]
			size := map[int]string{1: "6x6", 2: "7x7", 3: "8x8", 4: "8x8"}[level]
			r := call("leaper/generate", map[string]any{"board": size, "moves": "diplomatico", "level": level, "seed": seed(attempt)})
			if r == nil {
				continue
			}
			l := call("leaper/load", map[string]any{"board": r["board"], "moves": r["moves"]})
			return l["share"].(string), []string{"", "easy", "medium", "hard", "expert"}[level]
		}
		level := []int{5, 1, 2, 3, 3, 4, 4}[wd]
		size := map[int]int{1: 7, 2: 7, 3: 10, 4: 10, 5: 10}[level]
		r := call("nl/generate", map[string]any{"rows": size, "cols": size, "k": 2, "difficulty": level, "seed": seed(attempt)})
		if r == nil {
			continue
		}
		return r["puzzle"].(string), nlLevelNames[level]
	}
	t.Fatalf("no %s daily for %s in 6 seeds", family, date)
	return "", ""
}

// TestDailyEveryDay: the daily rule (docs/web.md, record.js dailyOf) makes
// a puzzle of each family on each of 28 days from 2026-12-07, every
// weekday's level and size four times, within its six seeds.
func TestDailyEveryDay(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	for i := range 28 {
		date := start.AddDate(0, 0, i).Format("2006-01-02")
		for _, family := range []string{"leaper", "nl"} {
			if code, level := dailyWant(t, family, date); code == "" || level == "" {
				t.Errorf("%s daily of %s: %q %q", family, date, code, level)
			}
		}
	}
}
