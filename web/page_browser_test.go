package web

// Browser tests of the page as a keen player meets it (issue 32): short
// position links that restore numbers, pencil marks and the clock; links
// crafted or damaged at random that never stop the page; best times only
// for puzzles finished without help; player words on every view; phone
// targets of at least 44 px; dark-mode givens apart from empty cells;
// printing without marks.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

func TestBrowserPage(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t)
	t.Run("ShortLink", func(t *testing.T) { b.shortLink(t) })
	t.Run("LinkFuzz", func(t *testing.T) { b.linkFuzz(t) })
	t.Run("FairTimes", func(t *testing.T) { b.fairTimes(t) })
	t.Run("PlayerWords", func(t *testing.T) { b.playerWords(t) })
	t.Run("PhoneTargets", func(t *testing.T) { b.phoneTargets(t) })
	t.Run("DarkGivens", func(t *testing.T) { b.darkGivens(t) })
}

// generateLeaper makes a puzzle in the page with its own menus and waits
// for it.
func generateLeaper(t *testing.T, ctx context.Context, size string, level int) {
	t.Helper()
	eval[any](t, ctx, fmt.Sprintf(`(() => { $("l-size").value = %q; $("l-level").value = "%d"; $("l-hinttext").textContent = ""; $("l-gen").click(); return 1; })()`, size, level))
	waitJS(t, ctx, textHas("l-hinttext", "givens and exactly one solution"))
}

// shortLink writes 20 numbers and 10 cells of two pencil marks each on a
// generated 10x10 Hopido with the clock at 12:34, and checks that the
// link is at most 300 characters and restores all three.
func (b *browserEnv) shortLink(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	generateLeaper(t, ctx, "10x10", 1)
	sol := leaperSolution(t, ctx)
	setup := fmt.Sprintf(`(() => { const sol = %s; const free = [];
		L.grid.forEach((x, c) => { if (!L.given.has(c) && !L.blocked.has(c)) free.push(c); });
		L.change(() => {
			free.slice(0, 20).forEach((c) => { L.grid[c] = sol[c]; });
			free.slice(20, 30).forEach((c) => { L.marks[c] = [sol[c], sol[c] === 1 ? 2 : sol[c] - 1].sort((a, b) => a - b); });
		});
		L.timer.start(754); L.share();
		return [document.getElementById("l-share").value, location.origin]; })()`, jsonOf(sol))
	got := eval[[2]string](t, ctx, setup)
	link, origin := got[0], got[1]
	frag := link[strings.Index(link, "#"):]
	t.Logf("10x10 Hopido link: %d characters in all, %d after %s/ (%s)", len(link), len(frag), origin, frag)
	if len(frag) > 300 {
		t.Errorf("the link's fragment is %d characters, want at most 300", len(frag))
	}
	if len(link)-len(origin) > 300+1 {
		t.Errorf("the link is %d characters after the origin, want at most 300", len(link)-len(origin))
	}
	want := eval[[2]string](t, ctx, `[JSON.stringify(L.grid), JSON.stringify(L.marks)]`)
	ctx2, ce2 := b.playTab(t, phone, "light")
	b.open(t, ctx2, link)
	back := eval[[2]string](t, ctx2, `[JSON.stringify(L.grid), JSON.stringify(L.marks)]`)
	if back != want {
		t.Errorf("the link restores\n%v\nwant\n%v", back, want)
	}
	if secs := eval[float64](t, ctx2, `L.timer.secs()`); secs < 754 || secs > 754+20 {
		t.Errorf("the link restores the clock at %.0f s, want 754 s (12:34)", secs)
	}
	if ms := eval[int](t, ctx2, `L.marks.filter((m) => m.length === 2).length`); ms != 10 {
		t.Errorf("%d cells with two pencil marks after the link, want 10", ms)
	}
	// The daily puzzle is a link of its own: the puzzle, its date and its
	// difficulty travel in the link, whatever the menus say.
	eval[any](t, ctx, `(() => { $("l-size").value = "6x6"; $("l-level").value = "1"; $("l-hinttext").textContent = ""; $("l-daily").click(); return 1; })()`)
	waitJS(t, ctx, textHas("l-hinttext", "The daily puzzle of"))
	daily := eval[[3]string](t, ctx, `[document.getElementById("l-share").value, L.req.board, L.daily]`)
	ctx3, ce3 := b.playTab(t, desktop, "dark")
	b.open(t, ctx3, strings.Replace(daily[0], "#", "?menus=ignored#", 1))
	eval[any](t, ctx3, `(() => { $("l-size").value = "8x8"; return 1; })()`)
	if got := eval[[2]string](t, ctx3, `[L.req.board, L.daily]`); got[0] != daily[1] || got[1] != daily[2] || daily[2] == "" {
		t.Errorf("the daily link opens board %q of %q, want %q of %q", got[0], got[1], daily[1], daily[2])
	}
	for _, c := range []*consoleErrors{ce, ce2, ce3} {
		noConsoleErrors(t, c)
	}
}

func jsonOf(v any) string { b, _ := json.Marshal(v); return string(b) }

// fuzzLinks returns n links' fragments, random and type-confused: JSON of
// the wrong shape in the older links (#leaper=, #nl=), random and mutated
// position codes in the new ones (#l=, #n=), and plain garbage. valid are
// two good links to mutate. Each comes with whether the page must call it
// damaged (or not loading).
func fuzzLinks(rng *rand.Rand, n int, valid []string) (frags []string, mustRefuse []bool) {
	b64 := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	junk := []string{`1`, `"x"`, `null`, `true`, `[1]`, `[[1,2]]`, `{"length":1}`, `{"toString":1}`, `{"valueOf":{}}`, `[[null,1]]`, `[["1","2"]]`, `-1e400`, `{}`, `[[1,2,3]]`, `"` + strings.Repeat("9", 40) + `"`, `{"__proto__":{"x":1}}`}
	fields := map[string][]string{"leaper": {"b", "m", "g", "p", "l"}, "nl": {"p", "c", "d"}}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~:%#=!.,"
	randStr := func(k int) string {
		var sb strings.Builder
		for range k {
			sb.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return sb.String()
	}
	for i := range n {
		var f string
		refuse := false
		switch i % 6 {
		case 0, 1: // an older link whose fields have the wrong types
			fam := []string{"leaper", "nl"}[rng.IntN(2)]
			obj := map[string]json.RawMessage{}
			for _, k := range fields[fam] {
				if rng.IntN(2) == 0 {
					obj[k] = json.RawMessage(junk[rng.IntN(len(junk))])
				}
			}
			// One field surely of a wrong type for any field (text, or a
			// list): an object, a number, null or true.
			obj[fields[fam][rng.IntN(len(fields[fam]))]] = json.RawMessage([]string{`{"length":1}`, `{"toString":1}`, `7`, `null`, `true`}[rng.IntN(5)])
			if fam == "leaper" && rng.IntN(3) == 0 {
				obj = map[string]json.RawMessage{"g": json.RawMessage(`[1]`)}
			}
			data, _ := json.Marshal(obj)
			f = "#" + fam + "=" + b64(string(data))
			refuse = true
		case 2: // not JSON, or not base64 at all
			f = "#" + []string{"leaper", "nl"}[rng.IntN(2)] + "=" + []string{b64(randStr(rng.IntN(30))), randStr(rng.IntN(40)), b64(`[1,2]`), b64(`"text"`)}[rng.IntN(4)]
			refuse = true
		case 3: // a good link mutated: a character changed, cut short, or doubled
			v := valid[rng.IntN(len(valid))]
			r := []byte(v)
			switch rng.IntN(3) {
			case 0:
				r[3+rng.IntN(len(r)-3)] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				r = r[:3+rng.IntN(len(r)-3)]
			default:
				r = append(r, r[3+rng.IntN(len(r)-3):]...)
			}
			f = string(r)
		case 4: // the new links with a random puzzle part or code
			fam := []string{"l", "n"}[rng.IntN(2)]
			f = "#" + fam + "=" + []string{randStr(rng.IntN(20)), "hopido:6x6:" + randStr(rng.IntN(10)), "7x7m2:" + randStr(8), "%E0%A4%A", "99999x99999"}[rng.IntN(5)] + "~" + randStr(rng.IntN(30))
		default: // garbage
			f = []string{"#", "#=", "#l=~", "#n=~", "#x=1", "#leaper=", "#nl=", "#l=%~AAAA", "#" + randStr(rng.IntN(60)), "#l=hopido:6x6:z~" + strings.Repeat("_", 500)}[rng.IntN(10)]
		}
		frags = append(frags, f)
		mustRefuse = append(mustRefuse, refuse)
	}
	return frags, mustRefuse
}

// linkFuzz opens the page on random and type-confused links: every load
// sets data-ready with no uncaught exception or console error, and shows
// a status line; the links of the wrong shape are called damaged (or not
// loading). The default run tries 6 links; BOARDGRAPH_LONG=1 tries 200.
func (b *browserEnv) linkFuzz(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light", 10*time.Minute)
	b.open(t, ctx, b.url)
	valid := []string{eval[string](t, ctx, `location.hash`)}
	eval[any](t, ctx, `(() => { showTab("nl"); NL.cycle(0, 1); NL.share(); return 1; })()`)
	valid = append(valid, eval[string](t, ctx, `location.hash`))
	n := 6
	if testfix.Long() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(32, uint64(n)))
	frags, refuse := fuzzLinks(rng, n, valid)
	start := time.Now()
	for i, f := range frags {
		url := fmt.Sprintf("%s?fuzz=%d%s", b.url, i, f)
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
			t.Fatalf("link %d %q: data-ready never set: %v", i, f, err)
		}
		if i < 3 {
			t.Logf("load %d: data-ready at %.0f ms after navigation start", i, eval[float64](t, ctx, `performance.now()`))
		}
		st := eval[[2]string](t, ctx, `[document.querySelector(".panel.active .status").textContent, String(document.querySelectorAll(".panel.active .board svg").length)]`)
		if strings.TrimSpace(st[0]) == "" || st[1] != "1" {
			t.Errorf("link %d %q: status %q, %s boards shown", i, f, st[0], st[1])
		}
		if refuse[i] && !strings.Contains(st[0], "damaged") && !strings.Contains(st[0], "does not load") {
			t.Errorf("link %d %q: status %q does not say the link is damaged", i, f, st[0])
		}
		if strings.Contains(st[0], "went wrong") {
			t.Errorf("link %d %q: %s", i, f, st[0])
		}
		if errs := ce.list(); len(errs) > 0 {
			t.Fatalf("link %d %q: %v", i, f, errs)
		}
	}
	t.Logf("%d links in %v", len(frags), time.Since(start).Round(time.Millisecond))
}

// fairTimes: a puzzle finished alone records a best time; one finished
// after a hint, a reveal or Solve says so and keeps no record, also when
// the position travels by link.
func (b *browserEnv) fairTimes(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	sol := leaperSolution(t, ctx)
	fill := fmt.Sprintf(`(() => { const sol = %s; L.change(() => { sol.forEach((n, c) => { if (!L.given.has(c) && !L.blocked.has(c)) L.grid[c] = n; }); }); return 1; })()`, jsonOf(sol))
	key := `"boardgraph.best.leaper." + L.bestWhat()`
	eval[any](t, ctx, `(() => { localStorage.clear(); return 1; })()`)
	eval[any](t, ctx, fill)
	waitJS(t, ctx, textHas("l-status", "Solved in"))
	if st := text(t, ctx, "l-status"); strings.Contains(st, "help") {
		t.Errorf("finished alone: %q", st)
	}
	if v := eval[any](t, ctx, `localStorage.getItem(`+key+`)`); v == nil {
		t.Errorf("finished alone: no best time kept")
	}
	// A hint, then the rest: no record.
	for _, help := range []string{"hint", "reveal", "solve", "link"} {
		eval[any](t, ctx, `(async () => { localStorage.setItem(`+key+`, "9999"); await L.load(L.req, null, {mode: "numbers", level: L.level}); return 1; })()`)
		c := ctx
		switch help {
		case "hint":
			eval[any](t, ctx, `L.hint().then(() => 1)`)
		case "reveal":
			eval[any](t, ctx, `L.reveal().then(() => 1)`)
		case "solve":
			eval[any](t, ctx, `L.solve().then(() => 1)`)
		case "link": // a hint, then the position shared and opened elsewhere
			eval[any](t, ctx, `L.hint().then(() => 1)`)
			link := eval[string](t, ctx, `(L.share(), document.getElementById("l-share").value)`)
			var ce2 *consoleErrors
			c, ce2 = b.playTab(t, desktop, "light")
			b.open(t, c, link)
			defer noConsoleErrors(t, ce2)
		}
		eval[any](t, c, fill)
		waitJS(t, c, textHas("l-status", "Solved in"))
		if st := text(t, c, "l-status"); !strings.Contains(st, "with help") {
			t.Errorf("finished after %s: %q does not say it had help", help, st)
		}
		if v := eval[string](t, c, `localStorage.getItem(`+key+`)`); v != "9999" {
			t.Errorf("finished after %s: best time %q, want the old 9999 kept", help, v)
		}
		if best := text(t, c, "l-best"); strings.Contains(best, ".") && !strings.Contains(best, ":") {
			t.Errorf("best time line %q", best)
		}
	}
	// Bridges: alone, then after a hint.
	_, nsol := tathamSolution(t, tathamFixture)
	for _, helped := range []bool{false, true} {
		eval[any](t, ctx, fmt.Sprintf(`(async () => { showTab("nl"); localStorage.clear(); await NL.load(%q); return 1; })()`, tathamFixture))
		if helped {
			eval[any](t, ctx, `NL.hint().then(() => 1)`)
		}
		eval[any](t, ctx, fmt.Sprintf(`(() => { NL.conn = %s; NL.update(); return 1; })()`, jsonOf(nsol)))
		waitJS(t, ctx, textHas("n-status", "Solved in"))
		st := text(t, ctx, "n-status")
		kept := eval[int](t, ctx, `Object.keys(localStorage).filter((k) => k.startsWith("boardgraph.best.")).length`)
		if helped != strings.Contains(st, "with help") || helped != (kept == 0) {
			t.Errorf("Bridges finished (help %v): %q, %d best times kept", helped, st, kept)
		}
	}
	noConsoleErrors(t, ce)
}

// engineWords are the engine's terms that belong in the Study panel only,
// and sentences the page must not say.
var engineWords = regexp.MustCompile(`τ|\btau\b|Φ|ω|§|\bk[0-9]\b|\bgrade\b|\bstage\b|\b(dead-ends|lookahead|isolation|probe|diplomatico)\b|D\(k\)|Solved! in|\ba [aeiou]\w*|Look here: There|\(Hint again|\bnode\b`)

// visibleText is the text a player sees in the header and the active
// panel, the Study panel left out.
const visibleText = `(() => { let s = document.querySelector("header").innerText + "\n" + document.querySelector(".panel.active").innerText;
	for (const st of document.querySelectorAll(".panel.active .study")) if (st.innerText) s = s.replace(st.innerText, "");
	return s; })()`

// playerWords walks the views (a puzzle, each rung of the hints, a tour, a
// new puzzle, solved) and scans what the player sees for engine terms.
func (b *browserEnv) playerWords(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	scan := func(view string) {
		t.Helper()
		for _, s := range []string{eval[string](t, ctx, visibleText)} {
			for _, line := range strings.Split(s, "\n") {
				if m := engineWords.FindString(line); m != "" {
					t.Errorf("%s: %q in %q", view, m, line)
				}
			}
		}
	}
	eval[any](t, ctx, `(() => { document.querySelectorAll("details").forEach((d) => { d.open = true; }); return 1; })()`)
	scan("a Hopido puzzle")
	for rung := 1; rung <= 3; rung++ {
		eval[any](t, ctx, `L.hint().then(() => 1)`)
		scan(fmt.Sprintf("Hopido hint, rung %d", rung))
	}
	eval[any](t, ctx, `L.solve().then(() => 1)`)
	waitJS(t, ctx, textHas("l-status", "Solved in"))
	scan("Hopido solved")
	tour(t, ctx, "5x5")
	eval[any](t, ctx, `L.hint().then(() => L.hint()).then(() => 1)`)
	scan("a free tour's hint")
	generateLeaper(t, ctx, "6x6", 2)
	scan("a new Hopido")
	eval[any](t, ctx, `(() => { showTab("nl"); return 1; })()`)
	scan("a Bridges puzzle")
	for rung := 1; rung <= 3; rung++ {
		eval[any](t, ctx, `NL.hint().then(() => 1)`)
		scan(fmt.Sprintf("Bridges hint, rung %d", rung))
	}
	for _, diff := range []string{"1", "3"} {
		eval[any](t, ctx, `(() => { $("n-size").value = "7x7"; $("n-diff").value = "`+diff+`"; $("n-hinttext").textContent = ""; $("n-gen").click(); return 1; })()`)
		waitJS(t, ctx, textHas("n-hinttext", "per pair, with exactly one solution"))
		scan("a new Bridges puzzle, difficulty " + diff)
	}
	eval[any](t, ctx, `NL.solve().then(() => 1)`)
	waitJS(t, ctx, textHas("n-status", "Solved in"))
	scan("Bridges solved")
	// The scan finds an engine term where there is one.
	planted := eval[string](t, ctx, `(() => { const p = document.createElement("p"); p.textContent = "a new puzzle (grade: tau)"; document.querySelector(".panel.active .stage").append(p); const s = `+visibleText+`; p.remove(); return s; })()`)
	if !engineWords.MatchString(planted) {
		t.Errorf("the scan missed a planted engine term in %q", planted)
	}
	noConsoleErrors(t, ce)
}

// interactiveJS lists the interactive elements of the active panel and
// the header (and the board's cells and islands) smaller than 44x44 px:
// each measured by its box, or by its hit area (a checkbox's label, an
// island's hit circle, a board cell as drawn).
const interactiveJS = `(() => {
	const out = [];
	const sel = "header button, .panel.active button, .panel.active a, .panel.active select, .panel.active input, .panel.active textarea, .panel.active summary, .panel.active [tabindex]:not(.board)";
	for (const e of document.querySelectorAll(sel)) {
		if (!e.getClientRects().length || e.closest("details:not([open]) > :not(summary)")) continue;
		const hit = e.type === "checkbox" ? e.closest("label") || e : e;
		const r = hit.getBoundingClientRect();
		if (r.width < 44 || r.height < 44) out.push((e.id || e.tagName + " " + e.textContent.trim().slice(0, 20)) + " " + r.width.toFixed(1) + "x" + r.height.toFixed(1));
	}
	for (const e of document.querySelectorAll(".panel.active rect.cell, .panel.active .nodehit")) {
		const r = e.getBoundingClientRect();
		if (r.width < 44 || r.height < 44) { out.push("board " + e.getAttribute("class") + " " + r.width.toFixed(1) + "x" + r.height.toFixed(1)); break; }
	}
	return out; })()`

// mainActionsJS lists the main actions (new, hint, undo, redo, solve) of
// the active panel that are not wholly in the viewport.
const mainActionsJS = `(() => { const p = document.querySelector(".panel.active").id[0];
	return ["new", "hint", "undo", "redo", "solve"].map((a) => p + "-" + a + (a === "new" ? "top" : "")).filter((id) => {
		const e = document.getElementById(id); if (!e) return true;
		const r = e.getBoundingClientRect(); return !(r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth); }); })()`

// phoneTargets: at 390x844 with touch, every interactive element is at
// least 44x44 px, board cells at the size the player plays at (a 10x10
// board fits the width, and zoomed scrolls in its frame with 44 px cells),
// and the main actions are in view at load.
func (b *browserEnv) phoneTargets(t *testing.T) {
	ctx, ce := b.playTab(t, phone, "light")
	b.open(t, ctx, b.url)
	check := func(view string) {
		t.Helper()
		eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
		if out := eval[[]string](t, ctx, mainActionsJS); len(out) > 0 {
			t.Errorf("%s: main actions not in view without scrolling: %v", view, out)
		}
		eval[any](t, ctx, `(() => { document.querySelectorAll(".panel.active details").forEach((d) => { d.open = true; }); return 1; })()`)
		if out := eval[[]string](t, ctx, interactiveJS); len(out) > 0 {
			t.Errorf("%s: targets under 44x44 px: %v", view, out)
		}
		if w := eval[[2]float64](t, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
			t.Errorf("%s: the page is %v px wide in a %v px window", view, w[0], w[1])
		}
		eval[any](t, ctx, `(() => { document.querySelectorAll(".panel.active details").forEach((d) => { d.open = false; }); window.scrollTo(0, 0); return 1; })()`)
	}
	check("Hopido 6x6 at load")
	b.shot(t, ctx, "phone-leaper-6x6")
	generateLeaper(t, ctx, "10x10", 1)
	eval[any](t, ctx, `(() => { window.scrollTo(0, 0); return 1; })()`)
	b.shot(t, ctx, "phone-leaper-10x10")
	// The 10x10 fits the phone's width (issue 40); Zoom board enlarges its
	// cells to a finger's 44 px, in a frame that scrolls.
	if out := eval[[]string](t, ctx, fitsJS); len(out) > 0 {
		t.Errorf("10x10 on a phone: %v", out)
	}
	tap(t, ctx, phone, "#l-zoom")
	check("Hopido 10x10 zoomed")
	// The zoomed 10x10 board scrolls in its frame, and a cell out of view
	// is reached and played there.
	frame := eval[[2]float64](t, ctx, `[document.getElementById("l-board").scrollWidth, document.getElementById("l-board").clientWidth]`)
	if frame[0] <= frame[1] {
		t.Errorf("10x10 at 44 px cells: board %v px in a %v px frame, want it to scroll", frame[0], frame[1])
	}
	far := eval[int](t, ctx, `(() => { let c = L.grid.length - 1; while (L.given.has(c) || L.blocked.has(c)) c--; return c; })()`)
	tap(t, ctx, phone, fmt.Sprintf("#lc%d", far))
	if cur := eval[int](t, ctx, `L.cursor`); cur != far {
		t.Errorf("tapped cell %d at the far corner; the cursor is on %d", far, cur)
	}
	b.scrollFrame(t, ctx)
	tap(t, ctx, phone, "#tab-nl")
	check("Bridges 7x7 at load")
	b.shot(t, ctx, "phone-nl-7x7")
	noConsoleErrors(t, ce)
}

// scrollFrame plays the 10x10 board in its scroll frame by touch: a drag
// from a number to a cell one move away writes the next number there, a
// drag from an empty cell scrolls the frame, and a tap selects.
func (b *browserEnv) scrollFrame(t *testing.T, ctx context.Context) {
	t.Helper()
	// A given with a free cell one move away whose next number is free,
	// both in view once the given is centred: every such pair is tried,
	// and none in view is a failure, not a skip.
	pairs := eval[[][2]int](t, ctx, `(() => { const used = new Set(L.given.values()), out = [];
		for (const [c, n] of L.given) { if (n === L.b.open || used.has(n + 1)) continue;
			for (let d = 0; d < L.grid.length; d++) if (!L.given.has(d) && !L.blocked.has(d) && !L.grid[d] && L.adjacent(c, d)) out.push([c, d]); }
		return out; })()`)
	if len(pairs) == 0 {
		t.Fatal("no given with a free cell one move away")
	}
	var (
		pair [2]int
		p    [4]float64
		seen bool
	)
	for _, pair = range pairs {
		centre(t, ctx, fmt.Sprintf("#lc%d", pair[0]))
		p = eval[[4]float64](t, ctx, fmt.Sprintf(`(() => { const a = document.getElementById("lc%d").getBoundingClientRect(), b = document.getElementById("lc%d").getBoundingClientRect(); return [a.left + a.width/2, a.top + a.height/2, b.left + b.width/2, b.top + b.height/2]; })()`, pair[0], pair[1]))
		if seen = p[2] >= 0 && p[2] <= float64(phone.width) && p[3] >= 0 && p[3] <= float64(phone.height); seen {
			break
		}
	}
	if !seen {
		t.Fatalf("of %d givens with a free cell one move away, none has both cells in view at 390x844 once centred (last %v: %v)", len(pairs), pair, p)
	}
	want := eval[int](t, ctx, fmt.Sprintf(`L.given.get(%d) + 1`, pair[0]))
	drag(t, ctx, phone, p[0], p[1], p[2], p[3])
	if got := eval[int](t, ctx, fmt.Sprintf(`L.grid[%d]`, pair[1])); got != want {
		t.Errorf("drag from the given at %s to %s in the scroll frame wrote %d, want %d", cellLabel(10, int32(pair[0])), cellLabel(10, int32(pair[1])), got, want)
	}
	// A drag sideways from an empty cell scrolls the frame.
	free := eval[int](t, ctx, `(() => { for (let c = 0; c < L.grid.length; c++) if (!L.given.has(c) && !L.blocked.has(c) && !L.grid[c] && c % L.b.cols >= 4 && c % L.b.cols <= 6) return c; return -1; })()`)
	x, y := centre(t, ctx, fmt.Sprintf("#lc%d", free))
	before := eval[float64](t, ctx, `document.getElementById("l-board").scrollLeft`)
	// The finger moves left to bring the right of the board into view, and
	// right to go back.
	dx := -60.0
	if before > 30 {
		dx = 60
	}
	drag(t, ctx, phone, x, y, x+dx, y)
	after := eval[float64](t, ctx, `document.getElementById("l-board").scrollLeft`)
	t.Logf("a drag of %v px from an empty cell scrolls the frame from %v to %v px", dx, before, after)
	if after == before || eval[int](t, ctx, `L.grid.filter((n) => n).length`) != 1 {
		t.Errorf("a drag of %v px from an empty cell: frame scrolled from %v to %v px, %d numbers written (want 1)", dx, before, after, eval[int](t, ctx, `L.grid.filter((n) => n).length`))
	}
}

// darkGivens measures, in dark mode, the contrast ratio between the fill
// of a given's cell and an empty cell's (at least 3:1), and checks that
// printing drops the selection ring and the hint's marks.
func (b *browserEnv) darkGivens(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "dark")
	b.open(t, ctx, b.url)
	r := eval[[3]string](t, ctx, `(() => { const g = L.cells.find((e) => e.classList.contains("given")), f = L.cells.find((e) => e.getAttribute("class") === "cell");
		return [getComputedStyle(g).fill, getComputedStyle(f).fill, getComputedStyle(document.body).backgroundColor]; })()`)
	ratio := contrast(t, r[0], r[1])
	t.Logf("dark mode: given cell %s, empty cell %s: %.2f:1", r[0], r[1], ratio)
	if ratio < 3 {
		t.Errorf("dark mode: givens (%s) and empty cells (%s) at %.2f:1, want at least 3:1", r[0], r[1], ratio)
	}
	// Print: no selection ring, no hint marks, on either board.
	eval[any](t, ctx, `L.hint().then(() => 1)`)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	pr := eval[[]string](t, ctx, `(() => { const out = []; const s = (e) => getComputedStyle(e);
		for (const e of document.querySelectorAll("#l-board rect.cell")) {
			const c = e.getAttribute("class"), st = s(e);
			if (!c.includes("blocked") && st.fill !== "rgb(255, 255, 255)") out.push(c + " filled " + st.fill);
			if (parseFloat(st.strokeWidth) > 1) out.push(c + " ringed " + st.strokeWidth);
		}
		return out; })()`)
	if len(pr) > 0 {
		t.Errorf("printing keeps marks: %v", pr[:min(len(pr), 5)])
	}
	eval[any](t, ctx, `(async () => { showTab("nl"); NL.ladder = null; await NL.hint(); await NL.hint(); return 1; })()`)
	pn := eval[[]string](t, ctx, `(() => { const out = []; const s = (e) => getComputedStyle(e);
		for (const e of document.querySelectorAll("#n-board .hintpair")) if (s(e).display !== "none") out.push("hint line shown");
		for (const e of document.querySelectorAll("#n-board .node circle")) if (parseFloat(s(e).strokeWidth) > 1.5 || s(e).fill !== "rgb(255, 255, 255)") out.push(e.parentNode.getAttribute("class") + " " + s(e).strokeWidth + " " + s(e).fill);
		return out; })()`)
	if len(pn) > 0 {
		t.Errorf("printing Bridges keeps marks: %v", pn[:min(len(pn), 5)])
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
		t.Fatal(err)
	}
	noConsoleErrors(t, ce)
}

// contrast is the WCAG contrast ratio of two CSS rgb() colours.
func contrast(t *testing.T, a, b string) float64 {
	t.Helper()
	lum := func(c string) float64 {
		var r, g, bl float64
		if _, err := fmt.Sscanf(c, "rgb(%g, %g, %g)", &r, &g, &bl); err != nil {
			t.Fatalf("colour %q: %v", c, err)
		}
		ch := func(v float64) float64 {
			v /= 255
			if v <= 0.03928 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(bl)
	}
	x, y := lum(a), lum(b)
	return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}
