package web

// Acceptance tests of the page as a player meets it, in real headless
// Chromium: at 1280x800 with a mouse and at 390x844 with touch emulation;
// keyboard-only play; shared links; bad input; axe-core on every view,
// light and dark; screenshots (-update writes them to docs/gallery).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// device is a viewport the tests play on.
type device struct {
	name          string
	width, height int64
	touch         bool
}

var (
	desktop = device{"desktop", 1280, 800, false}
	phone   = device{"phone", 390, 844, true}
)

// consoleErrors collects the page's console errors and uncaught exceptions.
type consoleErrors struct {
	mu   sync.Mutex
	msgs []string
}

func (c *consoleErrors) add(s string) { c.mu.Lock(); c.msgs = append(c.msgs, s); c.mu.Unlock() }
func (c *consoleErrors) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.msgs)
}

// playTab opens a tab sized and (for phones) touch-emulated as d, in the
// colour scheme given ("light" or "dark"), collecting console errors; its
// deadline is 60 s, or the limit given.
func (b *browserEnv) playTab(t *testing.T, d device, scheme string, limit ...time.Duration) (context.Context, *consoleErrors) {
	t.Helper()
	ctx := b.tab(t, limit...)
	ce := &consoleErrors{}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				ce.add("console.error: " + strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			msg := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
			ce.add("exception: " + msg)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: d.width, Height: d.height, DeviceScaleFactor: 1, Mobile: d.touch}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatal(err)
	}
	if d.touch {
		if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
			t.Fatal(err)
		}
	}
	return ctx, ce
}

func noConsoleErrors(t *testing.T, ce *consoleErrors) {
	t.Helper()
	for _, m := range ce.list() {
		t.Errorf("page logged %s", m)
	}
}

// centre returns the viewport centre of the element matched by the CSS
// selector, scrolling it into view first.
func centre(t *testing.T, ctx context.Context, sel string) (float64, float64) {
	t.Helper()
	js, _ := json.Marshal(sel)
	p := eval[[2]float64](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, js))
	return p[0], p[1]
}

// touch sends one touch event; points is empty for the end.
func touch(ctx context.Context, typ input.DispatchTouchEventType, points ...*input.TouchPoint) error {
	if points == nil {
		points = []*input.TouchPoint{}
	}
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
	return err
}

func mouse(ctx context.Context, typ input.DispatchMouseEventType, x, y float64, button input.MouseButton) error {
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: button}
	switch {
	case button == input.MouseButtonLeft && typ != input.DispatchMouseEventTypeMouseMoved:
		p.Buttons, p.ClickCount = 1, 1
	case button == input.MouseButtonRight && typ != input.DispatchMouseEventTypeMouseMoved:
		p.Buttons, p.ClickCount = 2, 1
	case button == input.MouseButtonLeft:
		p.Buttons = 1
	}
	_, err := chromedp.Call(ctx, input.DispatchMouseEvent, p)
	return err
}

// tapAt taps (touch) or clicks (mouse) a viewport point.
func tapAt(t *testing.T, ctx context.Context, d device, x, y float64) {
	t.Helper()
	var err error
	if d.touch {
		if err = touch(ctx, input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x, Y: y}); err == nil {
			err = touch(ctx, input.DispatchTouchEventTypeTouchEnd)
		}
	} else {
		err = chromedp.Do(ctx, chromedp.MouseClickXY(x, y))
	}
	if err != nil {
		t.Fatalf("tap at %.0f,%.0f: %v", x, y, err)
	}
}

func tap(t *testing.T, ctx context.Context, d device, sel string) {
	t.Helper()
	x, y := centre(t, ctx, sel)
	tapAt(t, ctx, d, x, y)
}

// drag drags (touch or mouse) from one viewport point to another.
func drag(t *testing.T, ctx context.Context, d device, x1, y1, x2, y2 float64) {
	t.Helper()
	const steps = 4
	var errs []error
	if d.touch {
		errs = append(errs, touch(ctx, input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x1, Y: y1}))
		for i := 1; i <= steps; i++ {
			f := float64(i) / steps
			errs = append(errs, touch(ctx, input.DispatchTouchEventTypeTouchMove, &input.TouchPoint{X: x1 + (x2-x1)*f, Y: y1 + (y2-y1)*f}))
		}
		errs = append(errs, touch(ctx, input.DispatchTouchEventTypeTouchEnd))
	} else {
		errs = append(errs, mouse(ctx, input.DispatchMouseEventTypeMouseMoved, x1, y1, input.MouseButtonNone),
			mouse(ctx, input.DispatchMouseEventTypeMousePressed, x1, y1, input.MouseButtonLeft))
		for i := 1; i <= steps; i++ {
			f := float64(i) / steps
			errs = append(errs, mouse(ctx, input.DispatchMouseEventTypeMouseMoved, x1+(x2-x1)*f, y1+(y2-y1)*f, input.MouseButtonLeft))
		}
		errs = append(errs, mouse(ctx, input.DispatchMouseEventTypeMouseReleased, x2, y2, input.MouseButtonLeft))
	}
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("drag: %v", err)
	}
}

// keys types keys into the focused element.
func keys(t *testing.T, ctx context.Context, ks ...string) {
	t.Helper()
	for _, k := range ks {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatalf("key %q: %v", k, err)
		}
	}
}

func waitJS(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		st := eval[string](t, ctx, `document.querySelector(".panel.active .status").textContent + " | " + document.querySelector(".panel.active .hint").textContent`)
		t.Fatalf("waiting for %s: %v (status: %s)", cond, err, st)
	}
}

// leaperSolution solves the loaded leaper puzzle with the engine (the test
// side, not the page) and returns the number of every cell.
func leaperSolution(t *testing.T, ctx context.Context) []int32 {
	t.Helper()
	req := eval[map[string]string](t, ctx, `L.req`)
	p, err := playInput(&PlayRequest{Board: req["board"], Moves: req["moves"]}, 1600)
	if err != nil {
		t.Fatal(err)
	}
	r, err := playReveal(context.Background(), p, 1e7, true)
	if err != nil || r.Status != "reveal" {
		t.Fatalf("solving the page's puzzle: %+v %v", r, err)
	}
	return r.Grid
}

// typeNumber writes n into the selected cell: keys on a desktop, the
// on-screen number pad on a phone.
func typeNumber(t *testing.T, ctx context.Context, d device, n int32) {
	t.Helper()
	for _, ch := range fmt.Sprint(n) {
		if d.touch {
			tap(t, ctx, d, fmt.Sprintf(`#l-pad button[data-d="%c"]`, ch))
		} else {
			keys(t, ctx, string(ch))
		}
	}
}

func TestBrowserPlay(t *testing.T) {
	t.Parallel() // each browser test has its own Chromium; they mostly wait on it
	b := newBrowserEnv(t)
	// Each game is played on one device by default (Hopido on the phone,
	// Bridges on the desktop) and on both with BOARDGRAPH_LONG=1 or
	// -update (whose screenshots the gallery keeps).
	both := testfix.Long() || *update
	for _, d := range []device{desktop, phone} {
		t.Run(d.name, func(t *testing.T) {
			if d.touch || both {
				t.Run("HopidoOutOfOrder", func(t *testing.T) { b.playHopido(t, d) })
			}
			if !d.touch || both {
				t.Run("BridgesByDragging", func(t *testing.T) { b.playBridgesDrag(t, d) })
			}
		})
	}
	t.Run("KeyboardOnly", func(t *testing.T) { b.playKeyboard(t) })
	t.Run("SharedLinks", func(t *testing.T) { b.sharedLinks(t) })
	t.Run("BadInput", func(t *testing.T) { b.badInput(t) })
	t.Run("Accessibility", func(t *testing.T) { b.accessibility(t) })
	t.Run("CellNames", func(t *testing.T) { b.cellNames(t) })
}

// cellNames checks that the page's cell-naming rule (assets/cells.js) and
// Go's (cellLabel, in the hints' words) name every cell alike, on boards
// of every width up to 50 columns and 50 rows (the largest boards the
// server plays: 40x40 leaper boards, 50x50 k-grids).
func (b *browserEnv) cellNames(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	const most = 50
	js := eval[[]string](t, ctx, fmt.Sprintf(`(async () => { const m = await import("./assets/cells.js"); const out = [];
		for (let cols = 1; cols <= %d; cols++) { const names = []; for (let c = 0; c < cols * %d; c++) names.push(m.cellName(cols, c)); out.push(names.join(" ")); }
		return out; })()`, most, most))
	if len(js) != most {
		t.Fatalf("cells.js named %d board widths, want %d", len(js), most)
	}
	for cols := 1; cols <= most; cols++ {
		names := make([]string, cols*most)
		for c := range names {
			names[c] = cellLabel(cols, int32(c))
		}
		if want := strings.Join(names, " "); js[cols-1] != want {
			got := strings.Split(js[cols-1], " ")
			for c := range names {
				if c >= len(got) || got[c] != names[c] {
					t.Errorf("%d columns, cell %d: the page says %q, Go says %q", cols, c, got[min(c, len(got)-1)], names[c])
					break
				}
			}
		}
	}
	noConsoleErrors(t, ce)
}

// playHopido generates a 6x6 Hopido in the page and plays it to the end:
// pencil marks, one hint of each ladder step, then the numbers in a
// shuffled order.
func (b *browserEnv) playHopido(t *testing.T, d device) {
	ctx, ce := b.playTab(t, d, "light")
	b.open(t, ctx, b.url)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("l-size"), "6x6"), chromedp.SetValue(chromedp.ID("l-level"), "1")); err != nil {
		t.Fatal(err)
	}
	tap(t, ctx, d, "#l-gen")
	waitJS(t, ctx, `document.getElementById("l-hinttext").textContent.includes("givens and exactly one solution")`)
	// The board fits the phone's width with no sideways scroll.
	if d.touch {
		w := eval[[3]float64](t, ctx, `[document.documentElement.scrollWidth, window.innerWidth, document.getElementById("l-svg-board").getBoundingClientRect().right]`)
		if w[0] > w[1] || w[2] > w[1] {
			t.Errorf("at 390 px: page %v px wide, board ends at %v px, window %v px", w[0], w[2], w[1])
		}
		small := eval[[]string](t, ctx, `[...document.querySelectorAll("#leaper button, #leaper select")].filter(e => e.offsetParent && (e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 44)).map(e => e.id || e.textContent)`)
		if len(small) > 0 {
			t.Errorf("touch targets under 44 px: %v", small)
		}
	}
	sol := leaperSolution(t, ctx)
	given := eval[[][2]int32](t, ctx, `[...L.given.entries()]`)
	isGiven := map[int32]bool{}
	for _, g := range given {
		isGiven[g[0]] = true
	}
	// Pencil marks: two candidates in a free cell, shown, then one removed,
	// leaving the cell's own number (marks that leave it out are a mistake
	// the hint would point at first). Both are single digits from 4 up, so
	// that two typed one after the other never read as one number.
	var free []int32
	for c := range int32(36) {
		if !isGiven[c] {
			free = append(free, c)
		}
	}
	pc := int32(-1)
	for _, c := range free {
		if sol[c] >= 4 && sol[c] <= 9 {
			pc = c
			break
		}
	}
	if pc < 0 {
		t.Fatalf("no free cell holds a number from 4 to 9 (board %q)", eval[string](t, ctx, `L.req.board`))
	}
	keep, drop := sol[pc], int32(4)
	if keep == 4 {
		drop = 5
	}
	tap(t, ctx, d, fmt.Sprintf("#lc%d", pc))
	tap(t, ctx, d, "#l-pencil")
	typeNumber(t, ctx, d, drop)
	typeNumber(t, ctx, d, keep)
	if got, want := eval[string](t, ctx, fmt.Sprintf(`L.pencils[%d].textContent`, pc)), fmt.Sprint(min(keep, drop), " ", max(keep, drop)); got != want {
		t.Errorf("pencil marks in the cell: %q, want %q", got, want)
	}
	typeNumber(t, ctx, d, drop)
	if got := eval[string](t, ctx, fmt.Sprintf(`L.pencils[%d].textContent`, pc)); got != fmt.Sprint(keep) {
		t.Errorf("pencil marks after toggling %d: %q, want \"%d\"", drop, got, keep)
	}
	tap(t, ctx, d, "#l-pencil")
	// The hint ladder: look, why, fill in.
	tap(t, ctx, d, "#l-hint")
	waitJS(t, ctx, `document.getElementById("l-hinttext").dataset.rung === "1"`)
	h1 := text(t, ctx, "l-hinttext")
	look := eval[int](t, ctx, `document.querySelectorAll(".cell.look").length`)
	if !strings.HasPrefix(h1, "Look here:") || look == 0 {
		t.Errorf("hint step 1: %q with %d cells highlighted", h1, look)
	}
	tap(t, ctx, d, "#l-hint")
	waitJS(t, ctx, `document.getElementById("l-hinttext").dataset.rung === "2"`)
	h2 := text(t, ctx, "l-hinttext")
	step := eval[map[string]any](t, ctx, `L.ladder.h`)
	cell := int32(step["cell"].(float64))
	num := int32(step["number"].(float64))
	if name := cellLabel(6, cell); !strings.Contains(h2, name) || strings.Contains(h2, "node") {
		t.Errorf("hint step 2 %q does not name %s in plain words", h2, name)
	}
	if sol[cell] != num {
		t.Errorf("hint says %d at %s; the solution has %d (board %q, grid %v)", num, cellLabel(6, cell), sol[cell], eval[string](t, ctx, `L.req.board`), eval[[]int32](t, ctx, `L.grid`))
	}
	tap(t, ctx, d, "#l-hint")
	waitJS(t, ctx, fmt.Sprintf(`L.grid[%d] === %d`, cell, num))
	// The rest, in a shuffled order (never 1, 2, 3...).
	rng := rand.New(rand.NewPCG(1, 2))
	order := slices.Clone(free)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, c := range order {
		if c == cell {
			continue
		}
		tap(t, ctx, d, fmt.Sprintf("#lc%d", c))
		typeNumber(t, ctx, d, sol[c])
	}
	waitJS(t, ctx, `document.getElementById("l-status").textContent.includes("Solved in")`)
	if h := text(t, ctx, "l-hinttext"); !strings.Contains(h, "independent verifier") {
		t.Errorf("after the last number: %q", h)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#l-board path.pathline").length`); n != 35 {
		t.Errorf("%d jumps drawn on the solved 6x6, want 35", n)
	}
	b.shot(t, ctx, "leaper-hopido-solved-"+d.name)
	noConsoleErrors(t, ce)
}

// tathamFixture is a Tatham Bridges ID with a unique solution.
const tathamFixture = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"

// tathamSolution parses the Tatham Bridges ID id and returns its grid and
// its solution, failing the test unless it has exactly one.
func tathamSolution(t *testing.T, id string) (*numberlink.Grid, numberlink.Solution) {
	t.Helper()
	g, rules, err := puzzleio.ParseTatham(id)
	if err != nil {
		t.Fatal(err)
	}
	n, sol, _, err := numberlink.Count(context.Background(), g, 2, numberlink.SolveOptions{Rules: rules})
	if err != nil || n != 1 {
		t.Fatalf("count = %d, %v", n, err)
	}
	return g, sol
}

// playBridgesDrag solves the Tatham ID by dragging from island to island.
func (b *browserEnv) playBridgesDrag(t *testing.T, d device) {
	ctx, ce := b.playTab(t, d, "light")
	b.open(t, ctx, b.url)
	tap(t, ctx, d, "#tab-nl")
	js, _ := json.Marshal(tathamFixture)
	eval[any](t, ctx, fmt.Sprintf(`NL.load(%s).then(() => 1)`, js))
	g, sol := tathamSolution(t, tathamFixture)
	centre(t, ctx, "#n-board")
	pts := eval[[][2]float64](t, ctx, `[...document.querySelectorAll("#n-board .node circle")].map(e => { const r = e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })`)
	for p, k := range sol {
		for range int(k) {
			a, b := pts[g.Pairs[p].A], pts[g.Pairs[p].B]
			drag(t, ctx, d, a[0], a[1], b[0], b[1])
		}
	}
	if got := eval[[]int8](t, ctx, `NL.conn`); !slices.Equal(got, []int8(sol)) {
		t.Fatalf("bridges after dragging: %v, want %v", got, sol)
	}
	waitJS(t, ctx, `document.getElementById("n-status").textContent.includes("Solved in") && document.getElementById("n-hinttext").textContent.includes("independent verifier")`)
	// Right-click (or long press) on a bridge removes one; undo puts it back.
	// (The status line above the board may have grown: measure again.)
	pts = eval[[][2]float64](t, ctx, `[...document.querySelectorAll("#n-board .node circle")].map(e => { const r = e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })`)
	removed := false
	for p := range sol {
		na, nb := g.Nodes[g.Pairs[p].A], g.Nodes[g.Pairs[p].B]
		if span := max(na.Row-nb.Row, nb.Row-na.Row) + max(na.Col-nb.Col, nb.Col-na.Col); sol[p] > 0 && len(g.Crossings[p]) == 0 && span >= 2 {
			removed = true
			a, b := pts[g.Pairs[p].A], pts[g.Pairs[p].B]
			x, y := (a[0]+b[0])/2, (a[1]+b[1])/2
			var err error
			if d.touch {
				// Hold until the page takes the bridge away (half a second).
				err = touch(ctx, input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x, Y: y})
				waitJS(t, ctx, fmt.Sprintf(`NL.conn[%d] === %d`, p, sol[p]-1))
				err = errors.Join(err, touch(ctx, input.DispatchTouchEventTypeTouchEnd))
			} else {
				err = errors.Join(mouse(ctx, input.DispatchMouseEventTypeMousePressed, x, y, input.MouseButtonRight),
					mouse(ctx, input.DispatchMouseEventTypeMouseReleased, x, y, input.MouseButtonRight))
			}
			if err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, fmt.Sprintf(`NL.conn[%d] === %d`, p, sol[p]-1))
			tap(t, ctx, d, "#n-undo")
			waitJS(t, ctx, fmt.Sprintf(`NL.conn[%d] === %d`, p, sol[p]))
			break
		}
	}
	if !removed {
		t.Error("no bridge to remove in the fixture")
	}
	b.shot(t, ctx, "bridges-solved-"+d.name)
	noConsoleErrors(t, ce)
}

// playKeyboard plays both families with the keyboard alone: Tab to the
// board, arrows, digits, pencil, hints, undo and redo; for bridges, arrows
// between islands, Shift+arrow to add, Ctrl+arrow to remove, d for done.
func (b *browserEnv) playKeyboard(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	// Tab from the top of the page reaches the board.
	for i := 0; i < 7 && eval[string](t, ctx, `document.activeElement.id`) != "l-board"; i++ {
		keys(t, ctx, kb.Tab)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "l-board" {
		t.Fatalf("Tab reaches #%s, not the board", id)
	}
	sol := leaperSolution(t, ctx)
	cols := int32(eval[int](t, ctx, `L.b.cols`))
	isGiven := map[int32]bool{}
	for _, g := range eval[[][2]int32](t, ctx, `[...L.given.entries()]`) {
		isGiven[g[0]] = true
	}
	moveTo := func(c int32) {
		cur := int32(eval[int](t, ctx, `L.cursor`))
		for cur/cols < c/cols {
			keys(t, ctx, kb.ArrowDown)
			cur += cols
		}
		for cur/cols > c/cols {
			keys(t, ctx, kb.ArrowUp)
			cur -= cols
		}
		for cur%cols < c%cols {
			keys(t, ctx, kb.ArrowRight)
			cur++
		}
		for cur%cols > c%cols {
			keys(t, ctx, kb.ArrowLeft)
			cur--
		}
	}
	// h three times: look, why, written.
	keys(t, ctx, "h")
	waitJS(t, ctx, `document.getElementById("l-hinttext").dataset.rung === "1"`)
	keys(t, ctx, "h")
	waitJS(t, ctx, `document.getElementById("l-hinttext").dataset.rung === "2"`)
	keys(t, ctx, "h")
	waitJS(t, ctx, `document.getElementById("l-hinttext").textContent.includes("written at")`)
	// u undoes the hint's number, r redoes it.
	before := eval[int](t, ctx, `L.grid.filter(x => x).length`)
	keys(t, ctx, "u")
	if n := eval[int](t, ctx, `L.grid.filter(x => x).length`); n != before-1 {
		t.Errorf("after u: %d numbers written, want %d", n, before-1)
	}
	keys(t, ctx, "r")
	// Pencil a mark with p, then fill every cell from the last to the first.
	for c := int32(len(sol)) - 1; c >= 0; c-- {
		if isGiven[c] || eval[int](t, ctx, fmt.Sprintf(`L.grid[%d]`, c)) != 0 {
			continue
		}
		moveTo(c)
		if c == int32(len(sol))-2 {
			keys(t, ctx, "p", "3", "p")
			if got := eval[string](t, ctx, fmt.Sprintf(`L.pencils[%d].textContent`, c)); got != "3" {
				t.Errorf("pencil by keys: %q", got)
			}
		}
		for _, ch := range fmt.Sprint(sol[c]) {
			keys(t, ctx, string(ch))
		}
	}
	waitJS(t, ctx, `document.getElementById("l-status").textContent.includes("Solved in")`)

	// Bridges by keys.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-nl"))); err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(tathamFixture)
	eval[any](t, ctx, fmt.Sprintf(`NL.load(%s).then(() => 1)`, js))
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("n-board"))); err != nil {
		t.Fatal(err)
	}
	g, sol2 := tathamSolution(t, tathamFixture)
	arrow := func(from, to int32) string {
		a, b := g.Nodes[from], g.Nodes[to]
		switch {
		case b.Row < a.Row:
			return kb.ArrowUp
		case b.Row > a.Row:
			return kb.ArrowDown
		case b.Col < a.Col:
			return kb.ArrowLeft
		}
		return kb.ArrowRight
	}
	// goTo walks the cursor along pairs (breadth-first over the grid's pairs).
	goTo := func(target int32) {
		cur := int32(eval[int](t, ctx, `NL.cursor`))
		prev := map[int32]int32{cur: -1}
		queue := []int32{cur}
		for len(queue) > 0 && prev[target] == 0 && target != cur {
			u := queue[0]
			queue = queue[1:]
			for _, p := range g.Pairs {
				for _, e := range [][2]int32{{p.A, p.B}, {p.B, p.A}} {
					if e[0] == u {
						if _, seen := prev[e[1]]; !seen {
							prev[e[1]] = u
							queue = append(queue, e[1])
						}
					}
				}
			}
		}
		var route []int32
		for v := target; v != cur; v = prev[v] {
			route = append(route, v)
		}
		for i := len(route) - 1; i >= 0; i-- {
			from := cur
			if i < len(route)-1 {
				from = route[i+1]
			}
			keys(t, ctx, arrow(from, route[i]))
		}
		if got := int32(eval[int](t, ctx, `NL.cursor`)); got != target {
			t.Fatalf("cursor at island %d, want %d", got, target)
		}
	}
	shift := func(k string) {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k, chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
			t.Fatal(err)
		}
	}
	for p, k := range sol2 {
		if k == 0 {
			continue
		}
		pr := g.Pairs[p]
		goTo(pr.A)
		for range int(k) {
			shift(arrow(pr.A, pr.B))
		}
		keys(t, ctx, "d")
	}
	if got := eval[[]int8](t, ctx, `NL.conn`); !slices.Equal(got, []int8(sol2)) {
		t.Fatalf("bridges by keys: %v, want %v", got, sol2)
	}
	waitJS(t, ctx, `document.getElementById("n-status").textContent.includes("Solved in")`)
	if n := eval[int](t, ctx, `NL.done.size`); n == 0 {
		t.Errorf("d marked no island done")
	}
	// Ctrl+arrow removes a bridge, u puts it back.
	pr := g.Pairs[slices.IndexFunc(sol2, func(k int8) bool { return k > 0 })]
	goTo(pr.A)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(arrow(pr.A, pr.B), chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	sum := func() int { return eval[int](t, ctx, `NL.conn.reduce((a, b) => a + b, 0)`) }
	total := 0
	for _, k := range sol2 {
		total += int(k)
	}
	if s := sum(); s != total-1 {
		t.Errorf("after Ctrl+arrow: %d bridges, want %d", s, total-1)
	}
	keys(t, ctx, "u")
	if s := sum(); s != total {
		t.Errorf("after u: %d bridges, want %d", s, total)
	}
	noConsoleErrors(t, ce)
}

// sharedLinks reloads shared links and expects the same position.
func (b *browserEnv) sharedLinks(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	sol := leaperSolution(t, ctx)
	written := 0
	for c, n := range sol {
		if written == 5 {
			break
		}
		if eval[bool](t, ctx, fmt.Sprintf(`L.given.has(%d)`, c)) {
			continue
		}
		clickCell(t, ctx, int32(c))
		keys(t, ctx, strings.Split(fmt.Sprint(n), "")...)
		written++
	}
	// A puzzle with givens is played by numbers: the in-order box shows
	// it and cannot be ticked.
	if m := eval[[]bool](t, ctx, `[document.getElementById("l-tourmode").checked, document.getElementById("l-tourmode").disabled]`); m[0] || !m[1] {
		t.Errorf("in-order box on a puzzle with givens: checked %v, disabled %v; want unchecked and disabled", m[0], m[1])
	}
	want := eval[[]int32](t, ctx, `L.grid`)
	share := eval[string](t, ctx, `document.getElementById("l-share").value`)
	ctx2, ce2 := b.playTab(t, phone, "light")
	b.open(t, ctx2, share)
	if got := eval[[]int32](t, ctx2, `L.grid`); !slices.Equal(got, want) {
		t.Errorf("shared position reloads as %v, want %v", got, want)
	}
	b.shot(t, ctx2, "leaper-shared-phone")
	// A bridges position.
	eval[any](t, ctx, `(() => { showTab("nl"); NL.cycle(0, 1); NL.cycle(2, 1); NL.cycle(2, 1); NL.toggleDone(1); return 1; })()`)
	wantC := eval[[]int8](t, ctx, `NL.conn`)
	share = eval[string](t, ctx, `document.getElementById("n-share").value`)
	ctx3, ce3 := b.playTab(t, desktop, "dark")
	b.open(t, ctx3, share)
	if got := eval[[]int8](t, ctx3, `NL.conn`); !slices.Equal(got, wantC) || wantC[2] != 2 {
		t.Errorf("shared bridges position reloads as %v, want %v", got, wantC)
	}
	if got := eval[[]int](t, ctx3, `[...NL.done]`); !slices.Equal(got, []int{1}) {
		t.Errorf("islands marked done after the shared link: %v, want [1]", got)
	}
	for _, c := range []*consoleErrors{ce, ce2, ce3} {
		noConsoleErrors(t, c)
	}
}

// badInput feeds the page a damaged share code, a letter where a number
// goes and impossible boards: each gets a clear status line, the page
// stays playable and logs no error.
func (b *browserEnv) badInput(t *testing.T) {
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url+"#leaper=eyJiIjoiNXg1Iiwib!!damaged")
	if st := text(t, ctx, "l-status"); !strings.Contains(st, "damaged") {
		t.Errorf("damaged share code: status %q", st)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#l-board rect.cell").length`); n == 0 {
		t.Errorf("damaged share code left no board")
	}
	// A letter typed into a cell.
	free := eval[int](t, ctx, `L.grid.findIndex((x, c) => !L.given.has(c))`)
	clickCell(t, ctx, int32(free))
	keys(t, ctx, "x")
	if st := text(t, ctx, "l-status"); !strings.Contains(st, `"x" is not a number`) {
		t.Errorf("letter typed: status %q", st)
	}
	// A number too big for the board.
	keys(t, ctx, "9", "9")
	if st := text(t, ctx, "l-status"); !strings.Contains(st, "Numbers run from 1 to") && eval[int](t, ctx, fmt.Sprintf(`L.grid[%d]`, free)) != 9 {
		t.Errorf("99 typed: status %q", st)
	}
	// Impossible boards pasted: no tour at all, givens too far apart, and
	// text that is no board.
	for _, tc := range []struct{ board, moves, want string }{
		{". . .\n. . .\n. . .", "knight", "This board has no solution"},
		{"1 2 . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .", "diplomatico", "not one"},
		{"hello world", "diplomatico", "Could not load that board"},
	} {
		js, _ := json.Marshal(tc.board)
		eval[any](t, ctx, fmt.Sprintf(`(() => { $("l-moves").value = %q; $("l-map").value = %s; $("l-load").click(); return 1; })()`, tc.moves, js))
		waitJS(t, ctx, fmt.Sprintf(`document.getElementById("l-status").textContent.includes(%q)`, tc.want))
	}
	// A damaged Bridges ID.
	eval[any](t, ctx, `(() => { showTab("nl"); $("n-input").value = "7x7m2:a1a3b4zz"; $("n-load").click(); return 1; })()`)
	waitJS(t, ctx, `document.getElementById("n-status").textContent.includes("Could not load that puzzle")`)
	noConsoleErrors(t, ce)
}

// contrastJS returns a line for every board number whose contrast with its
// cell is under 4.5:1 (WCAG AA), after writing a number in a free cell, and
// one if givens and the player's numbers share a colour.
const contrastJS = `(() => {
	const lum = (c) => { const m = c.match(/[0-9.]+/g).map(Number); return m.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0); };
	const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const free = L.grid.findIndex((x, c) => !L.given.has(c) && !L.blocked.has(c));
	const other = L.grid.findIndex((x, c) => c !== free && !L.given.has(c) && !L.blocked.has(c));
	L.grid[free] = 1; L.grid[other] = 2; L.cursor = free; L.errs = [other]; L.update();
	const out = [];
	const colours = { given: new Set(), num: new Set() };
	L.labels.forEach((t, c) => {
		if (!t.textContent) return;
		const fg = getComputedStyle(t).fill, bg = getComputedStyle(L.cells[c]).fill;
		colours[t.getAttribute("class") === "givenlabel" ? "given" : "num"].add(fg);
		const r = ratio(fg, bg);
		if (r < 4.5) out.push("number " + t.textContent + " (" + t.getAttribute("class") + ", cell " + L.cells[c].getAttribute("class") + "): contrast " + r.toFixed(2) + ":1");
	});
	for (const c of colours.given) if (colours.num.has(c)) out.push("givens and the player's numbers share the colour " + c);
	L.grid[free] = 0; L.grid[other] = 0; L.errs = []; L.update();
	return out; })()`

// axeSource is axe-core's script, installed by npm ci in testdata/axe.
func axeSource(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		testfix.Missing(t, "axe-core not installed (%v): run npm ci in web/testdata/axe (.ci/run does)", err)
	}
	return string(src)
}

// accessibility runs axe-core on every view, light and dark, and fails on
// a serious or critical violation; it also takes the gallery's screenshots
// of each view on a desktop and a phone, light and dark. One tab serves
// them all: the viewport and the colour scheme change in place.
func (b *browserEnv) accessibility(t *testing.T) {
	axe := axeSource(t)
	ctx, ce := b.playTab(t, desktop, "light")
	b.open(t, ctx, b.url)
	eval[any](t, ctx, axe+"\n;1")
	for _, d := range []device{desktop, phone} {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: d.width, Height: d.height, DeviceScaleFactor: 1, Mobile: d.touch}); err != nil {
			t.Fatal(err)
		}
		for _, scheme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
				t.Fatal(err)
			}
			dark := eval[bool](t, ctx, `matchMedia("(prefers-color-scheme: dark)").matches`)
			if dark != (scheme == "dark") {
				t.Fatalf("prefers-color-scheme: dark matches %v in the %s scheme", dark, scheme)
			}
			for _, view := range []string{"leaper", "nl"} {
				if view == "leaper" {
					eval[any](t, ctx, `(async () => { showTab("leaper"); L.draw(); L.ladder = null; L.cursor = L.grid.findIndex((x, c) => !L.given.has(c)); L.update(); await L.hint(); window.scrollTo(0, 0); return 1; })()`)
				} else {
					eval[any](t, ctx, `(async () => { showTab("nl"); NL.draw(); NL.ladder = null; await NL.hint(); await NL.hint(); window.scrollTo(0, 0); return 1; })()`)
				}
				b.shot(t, ctx, fmt.Sprintf("%s-%s-%s", view, d.name, scheme))
				if view == "leaper" {
					// axe does not judge SVG text: every number on the board
					// is measured here against its cell, givens and the
					// player's numbers alike, and the two must differ.
					low := eval[[]string](t, ctx, contrastJS)
					for _, l := range low {
						t.Errorf("%s %s: %s", d.name, scheme, l)
					}
				}
				res := eval[[]map[string]any](t, ctx, `(async () => { const r = await axe.run(document, {resultTypes: ["violations"]});
					return r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))})); })()`)
				for _, v := range res {
					t.Errorf("%s %s %s: axe %s violation %v: %v on %v", d.name, scheme, view, v["impact"], v["id"], v["help"], v["nodes"])
				}
			}
		}
	}
	// Print: the board alone, black on white.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	pr := eval[[]string](t, ctx, `(() => { showTab("leaper"); const s = (e) => getComputedStyle(e); return [s(document.querySelector("#leaper aside")).display, s(document.querySelector("header")).display, s(L.cells[0]).fill, s(L.labels.find((t) => t.textContent)).fill]; })()`)
	if pr[0] != "none" || pr[1] != "none" || pr[2] != "rgb(255, 255, 255)" && pr[2] != "rgb(0, 0, 0)" || pr[3] != "rgb(0, 0, 0)" {
		t.Errorf("print view: aside %s, header %s, cell fill %s, number fill %s; want the board alone, black on white", pr[0], pr[1], pr[2], pr[3])
	}
	b.shot(t, ctx, "leaper-print")
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
		t.Fatal(err)
	}
	// axe does find a violation where there is one: text at 1.5:1.
	res := eval[[]string](t, ctx, `(async () => { const p = document.createElement("p"); p.textContent = "faint"; p.style.color = "#ccc"; p.style.background = "#fff"; document.body.prepend(p);
		const r = await axe.run(p, {runOnly: ["color-contrast"]}); p.remove(); return r.violations.map(v => v.id); })()`)
	if !slices.Contains(res, "color-contrast") {
		t.Errorf("axe missed a planted contrast violation: %v", res)
	}
	noConsoleErrors(t, ce)
}
