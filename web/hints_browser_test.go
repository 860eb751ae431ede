package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// staticHintsFinishHard plays a hard Hopido on the static site
// (boardgraph site: the engine in WebAssembly, no server) from the givens
// to the end by hints alone, through the page's buttons: New puzzle, then
// Hint three times a step (where to look, why, write it), each click
// waiting for the page's answer. Every number the
// hints write is the unique solution's, no reveal is offered, and the page
// ends on its "Solved" line. The board is 10x10 with BOARDGRAPH_LONG=1
// (about 75 steps, a minute), 6x6 in the default run. Before the ladder,
// a wrong number and then pencil marks that leave out a cell's number are
// each the first hint, and its third press takes them away (mistakes).
//
// It runs as TestStaticSite/HintsFinishHard, on that test's site and
// browser.
func staticHintsFinishHard(t *testing.T, s *staticEnv) {
	size := 6
	if testfix.Long() {
		size = 10
	}
	spec := fmt.Sprintf("%dx%d", size, size)
	ctx := s.page(t, 8*time.Minute)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("l-size"), spec), chromedp.SetValue(chromedp.ID("l-level"), "3")); err != nil {
		t.Fatal(err)
	}
	clickAndWait(t, ctx, "l-gen", textHas("l-hinttext", "givens and exactly one solution"))
	if h := text(t, ctx, "l-hinttext"); !strings.Contains(h, "a hard "+spec) {
		t.Fatalf("generated: %q, want a hard puzzle", h)
	}
	sol := leaperSolution(t, ctx)
	t0 := time.Now()
	filled := func() int {
		return eval[int](t, ctx, `L.grid.filter((n, c) => n > 0 && !L.given.has(c)).length`)
	}
	givens := eval[int](t, ctx, `L.b.givens.length`)
	free := size*size - givens
	// One step: the Hint button clicked three times, each click waiting
	// for the page's answer (its rung, then the number in the grid); the
	// words of each rung and the step come back to be checked here.
	const stepJS = `(async () => {
		const ht = document.getElementById("l-hinttext"), btn = document.getElementById("l-hint");
		const until = async (f) => { const t0 = performance.now(); while (!f()) { if (performance.now() - t0 > 20000) throw new Error("timed out"); await new Promise((r) => setTimeout(r, 5)); } };
		const out = {};
		btn.click(); await until(() => ht.dataset.rung === "1");
		out.status = ht.dataset.status; out.look = ht.textContent;
		if (out.status !== "step") return out;
		btn.click(); await until(() => ht.dataset.rung === "2");
		out.why = ht.textContent; out.cell = L.ladder.h.cell; out.number = L.ladder.h.number;
		btn.click(); await until(() => L.grid[out.cell] === out.number);
		out.reveal = !document.getElementById("l-reveal").hidden;
		return out;
	})()`
	mistakes(t, ctx, sol)
	steps := 0
	for filled() < free {
		if steps > free {
			t.Fatalf("%d hints and the board is not full", steps)
		}
		before := filled()
		type answer struct {
			Status, Look, Why string
			Cell, Number      int32
			Reveal            bool
		}
		r := eval[answer](t, ctx, stepJS)
		if r.Status != "step" {
			t.Fatalf("after %d steps the hint is %q: %q", steps, r.Status, r.Look)
		}
		if !strings.HasPrefix(r.Look, "Look here:") {
			t.Fatalf("first rung: %q", r.Look)
		}
		if name := cellLabel(size, r.Cell); !strings.Contains(r.Why, name) {
			t.Errorf("second rung %q does not name %s", r.Why, name)
		}
		if sol[r.Cell] != r.Number {
			t.Fatalf("hint %d: %d at %s; the solution has %d there (%s)", steps+1, r.Number, cellLabel(size, r.Cell), sol[r.Cell], r.Why)
		}
		if filled() != before+1 {
			t.Fatalf("the third rung wrote %d numbers, want 1", filled()-before)
		}
		if r.Reveal {
			t.Fatalf("a reveal is offered after %d steps", steps)
		}
		steps++
	}
	waitJS(t, ctx, textHas("l-status", "Solved in"))
	t.Logf("%d givens, %d hint steps to the end in %v", givens, steps, time.Since(t0).Round(time.Millisecond))
	s.noAPI(t)
}

// mistakes writes a number the solution puts elsewhere on a free cell, then
// pencil marks that leave out a free cell's number, and checks that each is
// what the Hint button points at first ("Look again at ..."), that the
// second press says why, and that the third takes it away.
func mistakes(t *testing.T, ctx context.Context, sol []int32) {
	t.Helper()
	const ladderJS = `(async () => {
		const ht = document.getElementById("l-hinttext"), btn = document.getElementById("l-hint");
		const until = async (f) => { const t0 = performance.now(); while (!f()) { if (performance.now() - t0 > 20000) throw new Error("timed out"); await new Promise((r) => setTimeout(r, 5)); } };
		const out = {};
		btn.click(); await until(() => ht.dataset.rung === "1");
		out.status = ht.dataset.status; out.look = ht.textContent;
		btn.click(); await until(() => ht.dataset.rung === "2");
		out.why = ht.textContent;
		btn.click(); await until(() => !L.ladder);
		out.after = ht.textContent;
		return out;
	})()`
	type answer struct{ Status, Look, Why, After string }
	free := eval[[]int32](t, ctx, `L.grid.map((n, c) => c).filter((c) => !L.given.has(c) && !L.blocked.has(c))`)
	if len(free) < 2 {
		t.Fatalf("%d free cells", len(free))
	}
	a, b := free[0], free[1]
	// The wrong number: b's number, written at a.
	eval[bool](t, ctx, fmt.Sprintf(`(L.setNumber(%d, %d), true)`, a, sol[b]))
	r := eval[answer](t, ctx, ladderJS)
	if r.Status != "error" || !strings.Contains(r.Look, "Look again at "+fmt.Sprint(sol[b])) {
		t.Fatalf("a wrong number %d at cell %d: first rung %q (%s)", sol[b], a, r.Look, r.Status)
	}
	if !strings.Contains(r.Why, "take it away") || !strings.Contains(r.After, "taken away") {
		t.Fatalf("wrong number: second rung %q, third %q", r.Why, r.After)
	}
	if n := eval[int32](t, ctx, fmt.Sprintf(`L.grid[%d]`, a)); n != 0 {
		t.Fatalf("the third rung left %d at cell %d", n, a)
	}
	// Pencil marks at a that leave out its number.
	eval[bool](t, ctx, fmt.Sprintf(`(L.change(() => { L.marks[%d] = [%d]; }), true)`, a, sol[b]))
	r = eval[answer](t, ctx, ladderJS)
	if r.Status != "error" || !strings.Contains(r.Look, "Look again") {
		t.Fatalf("pencil marks without the cell's number: first rung %q (%s)", r.Look, r.Status)
	}
	if left := eval[int](t, ctx, fmt.Sprintf(`L.marks[%d].length`, a)); left != 0 || !strings.Contains(r.After, "Pencil marks cleared") {
		t.Fatalf("the third rung left %d marks (%q)", left, r.After)
	}
}
