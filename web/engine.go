package web

// This file is the adapter between the HTTP handlers and the library
// packages. It turns a decoded request into the library's inputs (board,
// move set, hamilton.Problem, numberlink.Grid) and calls the same functions
// the CLI calls. Board maps, move specs and the verifier's rules come from
// package request, the layer the CLI uses, so the page and the command line
// read the same inputs the same way (no file is ever opened: a web request
// carries its board in the body). The completion problem of a position
// (rest) is the web's own: the CLI has no positions.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/analysis"
	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/internal/app/failure"
	"github.com/boardgraph/boardgraph/internal/app/input"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

// leaper is a validated leaper position: the board, the move set, its graph
// and the cells placed so far (numbers 1..len(path)).
type leaper struct {
	b    *board.Board
	ms   moves.Set
	bg   *moves.BoardGraph
	path []int32 // board cells
}

// badf is bad input (failure.Inputf): the handlers answer it with 400 and
// its text, as the CLI answers it with exit code 2.
func badf(format string, a ...any) error { return failure.Inputf(format, a...) }

// leaperInput builds and validates a leaper position from a request.
func leaperInput(req *LeaperRequest, maxCells int) (*leaper, error) {
	var b *board.Board
	var err error
	spec := strings.TrimSpace(req.Board)
	if spec == "" {
		spec = "5x5"
	}
	var shared *hidato.Puzzle
	switch {
	case strings.Count(spec, ":") == 2 && !strings.Contains(spec, "\n"):
		// A puzzle share string from package hidato (MOVES:RxC:BODY).
		if len(spec) > hidato.MaxShareBytes {
			return nil, badf("board: share string longer than %d bytes", hidato.MaxShareBytes)
		}
		if shared, err = hidato.ParseShare(spec); err == nil {
			b = shared.Board
		}
	case input.IsSpec(spec):
		b, err = board.ParseSpec(spec)
	default:
		b, err = input.ParseBoardMap([]byte(spec))
	}
	if err != nil {
		return nil, badf("board: %v", err)
	}
	if b.Cells() > maxCells {
		return nil, badf("board: %s has %d cells; this server plays at most %d", b.Spec(), b.Cells(), maxCells)
	}
	if b.Open() == 0 {
		return nil, badf("board: every cell is blocked")
	}
	mv := req.Moves
	if mv == "" {
		mv = "diplomatico"
	}
	ms, err := input.ParseMoves(mv)
	if shared != nil {
		ms, err = shared.Moves, nil
	}
	if err != nil {
		return nil, badf("moves: %v", err)
	}
	for _, l := range ms.Leapers {
		if l.B > 64 {
			return nil, badf("moves: leaper %d,%d is longer than 64 cells", l.A, l.B)
		}
	}
	L := &leaper{b: b, ms: ms, bg: moves.Build(b, ms)}
	if len(req.Path) > b.Open() {
		return nil, badf("path: %d cells placed on a board with %d open cells", len(req.Path), b.Open())
	}
	seen := make(map[int32]bool, len(req.Path))
	for i, c := range req.Path {
		if c < 0 || int(c) >= b.Cells() {
			return nil, badf("path: number %d is on cell index %d, outside the %s board", i+1, c, b.Spec())
		}
		if b.Blocked(c) {
			return nil, badf("path: number %d is on blocked cell %s", i+1, b.FormatCell(c))
		}
		if seen[c] {
			return nil, badf("path: cell %s is used twice", b.FormatCell(c))
		}
		seen[c] = true
		if g := b.Given(c); g != 0 && int(g) != i+1 {
			return nil, badf("path: number %d is on cell %s, which must hold %d", i+1, b.FormatCell(c), g)
		}
		if i > 0 && !L.adjacent(req.Path[i-1], c) {
			return nil, badf("path: %s to %s is not a move of %s", b.FormatCell(req.Path[i-1]), b.FormatCell(c), ms.Name)
		}
	}
	L.path = append([]int32(nil), req.Path...)
	return L, nil
}

// adjacent reports whether cells a and b are one move apart.
func (L *leaper) adjacent(a, b int32) bool {
	va, vb := L.bg.VertexOf[a], L.bg.VertexOf[b]
	if va < 0 || vb < 0 {
		return false
	}
	for _, w := range L.bg.Neighbors(va) {
		if w == vb {
			return true
		}
	}
	return false
}

// verifyPath checks a full solution (board cells) with package verify,
// against the board's shape, moves and givens (hidato.Puzzle.Check).
func (L *leaper) verifyPath(path []int32) error {
	return (&hidato.Puzzle{Board: L.b, Moves: L.ms}).Check(path)
}

// rest is the completion problem of a position: the cells placed before the
// last one are removed, the last one is the fixed start, and the givens not
// yet reached are renumbered from there. A solution of rest, appended to the
// placed cells (without its first cell), completes the position.
type rest struct {
	b    *board.Board
	bg   *moves.BoardGraph
	prob hamilton.Problem
}

func (L *leaper) rest() *rest {
	b := L.b.Clone()
	k := int32(len(L.path))
	for c := range int32(b.Cells()) {
		if g := b.Given(c); g != 0 && k > 0 {
			// The head (number k) is position 1 of the completion.
			if g <= k {
				b.SetGiven(c, 0)
			} else {
				b.SetGiven(c, g-k+1)
			}
		}
	}
	if k > 0 {
		for _, c := range L.path[:k-1] {
			b.SetBlocked(c, true)
		}
	}
	bg := moves.Build(b, L.ms)
	R := &rest{b: b, bg: bg}
	R.prob = hamilton.Problem{G: bg.Graph,
		VertexName: func(v int32) string { return "cell " + b.FormatCell(bg.CellOf[v]) }}
	if k > 0 {
		R.prob.Start, R.prob.FixStart = bg.VertexOf[L.path[k-1]], true
	}
	if b.HasGivens() {
		R.prob.Givens = make([]int32, bg.N())
		for v, c := range bg.CellOf {
			R.prob.Givens[v] = b.Given(c) - 1
		}
	}
	return R
}

// proofCells picks the cells a precheck reason is about, for the page to
// mark: the cells with one move left (dead ends), the cells with none, or
// the cut cell named in the reason.
func (R *rest) proofCells(r *hamilton.Reason) []int32 {
	g := R.bg.Graph
	var out []int32
	switch r.Rule {
	case "dead-ends":
		for v := range int32(g.N()) {
			if g.Degree(v) == 1 && !(R.prob.FixStart && v == R.prob.Start) {
				out = append(out, R.bg.CellOf[v])
			}
		}
	case "disconnected":
		label, k := g.Components()
		if k > 1 {
			// Mark the smallest component: the cells the path cannot reach.
			size := make([]int, k)
			for _, l := range label {
				size[l]++
			}
			own := int32(-1)
			if R.prob.FixStart {
				own = label[R.prob.Start]
			}
			for v, l := range label {
				if l != own {
					out = append(out, R.bg.CellOf[v])
				}
			}
		}
	case "cut-cell":
		for _, v := range g.ArticulationPoints() {
			if strings.Contains(r.Text, "cell "+R.b.FormatCell(R.bg.CellOf[v])+" ") {
				out = append(out, R.bg.CellOf[v])
			}
		}
	default:
		// The polynomial proofs (flow, separator, pockets): the cells
		// their certificate names (issue 39).
		out = R.bg.Cells(r.Cert.Witness())
	}
	return out
}

// LeaperHint is the answer to a hint or solve request.
type LeaperHint struct {
	// Status is "solvable" (a completion exists; Next is its next cell),
	// "dead" (proved impossible; Rule and Reason say why), "unknown" (the
	// node or time budget ran out), or "done" (the board is complete).
	Status string `json:"status"`
	// Next is the board cell of the next number in a completion, or -1.
	Next int32 `json:"next"`
	// Rule names the proof: a precheck rule (dead-ends, disconnected,
	// cut-cell, colour, givens, conrad) or "search" (an exhausted search).
	Rule   string `json:"rule,omitempty"`
	Reason string `json:"reason"`
	// Cells are the board cells the reason is about (to be marked).
	Cells []int32 `json:"cells,omitempty"`
	// Solution is the whole path (placed cells first) when asked to solve;
	// it passed package verify.
	Solution []int32 `json:"solution,omitempty"`
	Nodes    uint64  `json:"nodes"`
	Millis   float64 `json:"ms"`
}

// leaperHint decides whether the position can be completed: the prechecks
// first (proofs without search), then a bounded search. With full it
// returns the whole solution.
func leaperHint(ctx context.Context, L *leaper, maxNodes uint64, full bool) (*LeaperHint, error) {
	t0 := time.Now()
	h := &LeaperHint{Next: -1}
	defer func() { h.Millis = float64(time.Since(t0).Microseconds()) / 1000 }()
	if len(L.path) == L.b.Open() {
		if err := L.verifyPath(L.path); err != nil {
			return nil, badf("path: %v", err)
		}
		h.Status, h.Reason = "done", fmt.Sprintf("complete: all %d cells are numbered and the path verifies", len(L.path))
		return h, nil
	}
	R := L.rest()
	if r, err := hamilton.Precheck(&R.prob); err != nil {
		return nil, badf("%v", err)
	} else if r != nil {
		text := L.numbers(r.Text)
		h.Status, h.Rule, h.Reason, h.Cells = "dead", r.Rule, text, R.proofCells(r)
		if r.Rule == "givens" || r.Rule == "colour" {
			h.Cells = L.numberedCells(text)
		}
		if len(L.path) > 0 {
			h.Reason = fmt.Sprintf("from %d at %s: %s", len(L.path), L.b.FormatCell(L.path[len(L.path)-1]), text)
		}
		return h, nil
	}
	sol, st, err := hamilton.Find(ctx, R.prob, hamilton.Options{Workers: 1, MaxNodes: maxNodes, Rank: R.bg.CentreRank()})
	h.Nodes = st.Nodes
	var proof *hamilton.Reason
	switch {
	case errors.As(err, &proof):
		// A polynomial proof Find tried while searching (issue 39).
		text := L.numbers(proof.Text)
		h.Status, h.Rule, h.Reason, h.Cells = "dead", proof.Rule, text, R.proofCells(proof)
		if len(L.path) > 0 {
			h.Reason = fmt.Sprintf("from %d at %s: %s", len(L.path), L.b.FormatCell(L.path[len(L.path)-1]), text)
		}
		return h, nil
	case errors.Is(err, hamilton.ErrNoSolution):
		h.Status, h.Rule = "dead", "search"
		h.Reason = fmt.Sprintf("an exhaustive search of %d nodes found no completion (no quick proof applies)", st.Nodes)
		return h, nil
	case errors.Is(err, hamilton.ErrLimit), errors.Is(err, context.DeadlineExceeded):
		h.Status = "unknown"
		h.Reason = fmt.Sprintf("undecided: the search stopped after %d nodes without finding a completion or proving there is none", st.Nodes)
		return h, nil
	case err != nil:
		return nil, err
	}
	cells := R.bg.Cells(sol)
	full1 := append(append([]int32(nil), L.path...), cells...)
	if len(L.path) > 0 {
		full1 = append(append([]int32(nil), L.path...), cells[1:]...)
	}
	if err := L.verifyPath(full1); err != nil {
		return nil, fmt.Errorf("internal: served solution failed verification: %v", err)
	}
	h.Status = "solvable"
	h.Next = full1[len(L.path)]
	h.Reason = fmt.Sprintf("a completion exists: place %d at %s", len(L.path)+1, L.b.FormatCell(h.Next))
	if full {
		h.Solution = full1
	}
	return h, nil
}

// LeaperCount is the number of completions of a position.
type LeaperCount struct {
	// Count is the number of completions (directed paths that extend the
	// placed numbers; with nothing placed, every directed Hamiltonian path
	// of the board, a path and its reverse counted twice).
	Count uint64 `json:"count"`
	// Complete is false when the budget ran out: Count is a lower bound.
	Complete   bool    `json:"complete"`
	Convention string  `json:"convention"`
	Nodes      uint64  `json:"nodes"`
	Millis     float64 `json:"ms"`
}

// leaperCount counts the completions of a position within ctx's deadline.
func leaperCount(ctx context.Context, L *leaper) (*LeaperCount, error) {
	t0 := time.Now()
	R := L.rest()
	out := &LeaperCount{Convention: "directed paths: a path and its reverse count as two"}
	if len(L.path) > 0 {
		out.Convention = "completions of the placed numbers"
	}
	if len(L.path) == L.b.Open() {
		out.Count, out.Complete = 1, true
		return out, nil
	}
	if r, err := hamilton.Precheck(&R.prob); err != nil {
		return nil, badf("%v", err)
	} else if r != nil {
		out.Complete = true
		return out, nil
	}
	n, st, err := hamilton.Count(ctx, R.prob, hamilton.Options{Workers: 1})
	out.Count, out.Nodes = n, st.Nodes
	out.Millis = float64(time.Since(t0).Microseconds()) / 1000
	switch {
	case err == nil:
		out.Complete = true
	case ctx.Err() != nil, errors.Is(err, hamilton.ErrOverflow):
		out.Complete = false
	default:
		return nil, err
	}
	return out, nil
}

// leaperAnalyze enumerates every solution of the board (placed numbers
// ignored) for the start-cell heatmap and edge usage.
func leaperAnalyze(ctx context.Context, L *leaper) (*analysis.Result, error) {
	if L.bg.N() > 49 {
		return nil, badf("analysis: the board has %d open cells; enumerating every solution is offered up to 49", L.bg.N())
	}
	p := hamilton.Problem{G: L.bg.Graph, Symmetries: L.bg.Automorphisms()}
	if L.b.HasGivens() {
		p.Givens = make([]int32, L.bg.N())
		for v, c := range L.bg.CellOf {
			p.Givens[v] = L.b.Given(c) - 1
		}
		p.Symmetries = nil
	}
	res, err := analysis.Analyze(ctx, p, analysis.Options{Workers: 1})
	if err != nil && res == nil {
		return nil, err
	}
	return res, nil
}

// nlInput parses a puzzle in any format numberlink reads (Tatham game ID or
// web URL, puzz.link URL, text, .has, JSON).
func nlInput(text string, maxCells int) (*numberlink.Grid, numberlink.Rules, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, numberlink.Rules{}, badf("puzzle: empty; paste a Tatham game ID, a puzz.link URL or a puzzle file")
	}
	text = input.TathamURL(text)
	if r, c, ok := declaredSize(text); ok && (r > maxCells || c > maxCells || r*c > maxCells) {
		return nil, numberlink.Rules{}, badf("puzzle: %dx%d has %d cells; this server plays at most %d", r, c, r*c, maxCells)
	}
	g, rules, err := puzzleio.Parse([]byte(text))
	if err != nil {
		return nil, rules, badf("puzzle: %v", err)
	}
	if g.Rows*g.Cols > maxCells {
		return nil, rules, badf("puzzle: %dx%d has %d cells; this server plays at most %d", g.Rows, g.Cols, g.Rows*g.Cols, maxCells)
	}
	return g, rules, nil
}

// declaredSize reads the size a Tatham game ID ("WxH...:") or a puzz.link
// URL (".../W/H/...") declares, so that a short text declaring a huge grid
// is refused before the parser allocates it. Other formats spell out every
// row, so the body limit bounds them.
func declaredSize(text string) (rows, cols int, ok bool) {
	num := func(s string) (int, bool) {
		if s == "" || len(s) > 9 || strings.Trim(s, "0123456789") != "" {
			return 0, false
		}
		n := 0
		for _, r := range s {
			n = n*10 + int(r-'0')
		}
		return n, true
	}
	switch puzzleio.Detect([]byte(text)) {
	case puzzleio.FormatTathamName:
		head, _, _ := strings.Cut(text, ":")
		w, rest, _ := strings.Cut(head, "x")
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		c, ok1 := num(w)
		r, ok2 := num(rest[:i])
		return r, c, ok1 && ok2
	case puzzleio.FormatPuzzLinkName:
		_, q, _ := strings.Cut(text, "?")
		f := strings.Split(q, "/")
		if len(f) >= 3 {
			c, ok1 := num(f[1])
			r, ok2 := num(f[2])
			return r, c, ok1 && ok2
		}
	}
	return 0, 0, false
}

// numbers rewrites the positions in a reason about the completion problem
// (position 1 is the last number placed) into the numbers the player sees:
// each "cells fixed at positions A and B" becomes "cells numbered A' and
// B'".
func (L *leaper) numbers(text string) string {
	const lead = "cells fixed at positions "
	k := len(L.path)
	var b strings.Builder
	for {
		x, y, i, j, ok := numberPair(text, lead)
		if !ok {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		if k == 0 {
			b.WriteString("cells numbered " + x + " and " + y)
		} else {
			p, _ := strconv.Atoi(x)
			q, _ := strconv.Atoi(y)
			fmt.Fprintf(&b, "cells numbered %d and %d", p+k-1, q+k-1)
		}
		text = text[j:]
	}
}

// numberPair finds the first "<lead>A and B" in text, A and B runs of
// ASCII digits (the regular expression lead(\d+) and (\d+), matched by
// hand so that the page's WebAssembly engine does not carry package
// regexp): it returns A, B and the match's bounds text[i:j].
func numberPair(text, lead string) (a, b string, i, j int, ok bool) {
	for from := 0; ; {
		at := strings.Index(text[from:], lead)
		if at < 0 {
			return "", "", 0, 0, false
		}
		i = from + at
		rest := text[i+len(lead):]
		na := digitRun(rest)
		if na > 0 && strings.HasPrefix(rest[na:], " and ") {
			nb := digitRun(rest[na+5:])
			if nb > 0 {
				j = i + len(lead) + na + 5 + nb
				return rest[:na], rest[na+5 : na+5+nb], i, j, true
			}
		}
		from = i + 1
	}
}

// digitRun returns the length of the run of ASCII digits s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// numberedCells returns the cells holding the two numbers a reason names
// ("cells numbered A and B"): placed ones from the path, the others from
// the givens.
func (L *leaper) numberedCells(text string) []int32 {
	a, b, _, _, ok := numberPair(text, "cells numbered ")
	if !ok {
		return nil
	}
	var out []int32
	for _, s := range []string{a, b} {
		n, _ := strconv.Atoi(s)
		if n >= 1 && n <= len(L.path) {
			out = append(out, L.path[n-1])
			continue
		}
		for c := range int32(L.b.Cells()) {
			if int(L.b.Given(c)) == n {
				out = append(out, c)
			}
		}
	}
	return out
}

// leaperGenerate makes a Hidato-style puzzle with package hidato on the
// board's shape (its givens are ignored) and checks the unique solution
// with package verify before the puzzle is served. It also returns the
// puzzle's Hinter, which keeps that solution for the hints.
func leaperGenerate(ctx context.Context, L *leaper, level hidato.Level, seed uint64) (*LeaperGenerated, *hidato.Hinter, error) {
	g, err := hidato.Generate(ctx, L.b, hidato.Options{Moves: L.ms, Level: level, Seed: seed, MaxTries: 200})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if errors.Is(err, hidato.ErrGiveUp) {
			return nil, nil, badf("generate: %v; try another level or a larger board", err)
		}
		return nil, nil, fmt.Errorf("generate: %w", err)
	}
	P := &leaper{b: g.Puzzle.Board, ms: g.Puzzle.Moves}
	P.bg = moves.Build(P.b, P.ms)
	if err := P.verifyPath(g.Grading.Solution); err != nil {
		return nil, nil, fmt.Errorf("internal: generated puzzle's solution failed verification: %v", err)
	}
	h, err := hidato.NewHinter(ctx, g.Puzzle, hidato.HintOptions{Solution: g.Grading.Solution})
	if err != nil {
		return nil, nil, fmt.Errorf("internal: generated puzzle's hints: %w", err)
	}
	return &LeaperGenerated{Board: P.b.Format(), Moves: L.ms.Name, Level: g.Grading.Level.String(),
		Givens: g.Puzzle.Givens(), Share: g.Puzzle.Share()}, h, nil
}
