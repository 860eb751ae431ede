package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
	"github.com/boardgraph/boardgraph/render"
)

// LeaperBoard describes a loaded leaper board for the page.
type LeaperBoard struct {
	Rows    int        `json:"rows"`
	Cols    int        `json:"cols"`
	Blocked []int32    `json:"blocked"`
	Givens  [][2]int32 `json:"givens"` // cell, number
	Open    int        `json:"open"`
	Moves   string     `json:"moves"`
	Vectors [][2]int   `json:"vectors"`
	// Board is the board written back (a spec for a plain board, else a
	// text map), for the share link.
	Board string `json:"board"`
	// Share is the puzzle's share code (hidato.Puzzle.Share: moves, size,
	// blocked cells and givens in one URL-safe string) that the page's
	// position links start with; empty where the code would not read back
	// as this board (givens that hidato.ParseShare refuses).
	Share string `json:"share,omitempty"`
}

func (s *Engine) leaper(body []byte) (*leaper, error) {
	var req LeaperRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, err
	}
	return leaperInput(&req, s.maxCells)
}

func (s *Engine) leaperLoad(_ context.Context, body []byte, _ query) (any, error) {
	L, err := s.leaper(body)
	if err != nil {
		return nil, err
	}
	b := L.b
	out := &LeaperBoard{Rows: b.Rows, Cols: b.Cols, Open: b.Open(), Moves: L.ms.Name, Blocked: []int32{}, Givens: [][2]int32{}}
	for c := range int32(b.Cells()) {
		if b.Blocked(c) {
			out.Blocked = append(out.Blocked, c)
		}
		if g := b.Given(c); g != 0 {
			out.Givens = append(out.Givens, [2]int32{c, g})
		}
	}
	for _, v := range L.ms.Vectors() {
		out.Vectors = append(out.Vectors, [2]int{v.DR, v.DC})
	}
	if b.Plain() {
		out.Board = b.Spec()
	} else {
		out.Board = b.Format()
	}
	p := &hidato.Puzzle{Board: b, Moves: L.ms}
	if code := p.Share(); len(code) <= 4096 {
		if q, err := hidato.ParseShare(code); err == nil && q.Board.Format() == b.Format() && q.Moves.Spec() == L.ms.Spec() {
			out.Share = code
		}
	}
	return out, nil
}

func (s *Engine) leaperHintH(full bool) func(context.Context, []byte, query) (any, error) {
	return func(ctx context.Context, body []byte, _ query) (any, error) {
		L, err := s.leaper(body)
		if err != nil {
			return nil, err
		}
		nodes := s.hintNodes
		if full {
			nodes *= 10
		}
		return leaperHint(ctx, L, nodes, full)
	}
}

// LeaperGenerated is a generated leaper puzzle: a board map with its
// givens, and its grade.
type LeaperGenerated struct {
	Board  string `json:"board"`
	Moves  string `json:"moves"`
	Level  string `json:"level"`
	Givens int    `json:"givens"`
	Share  string `json:"share"`
}

func (s *Engine) leaperGenerateH(ctx context.Context, body []byte, _ query) (any, error) {
	var req LeaperGenerateRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, err
	}
	if req.Level < 0 || req.Level > int(hidato.LevelExpert) {
		return nil, badf("generate: level %d; use 0 (any) or 1..4 (easy .. expert)", req.Level)
	}
	L, err := leaperInput(&LeaperRequest{Board: req.Board, Moves: req.Moves}, 12*12)
	if err != nil {
		return nil, err
	}
	g, h, err := leaperGenerate(ctx, L, hidato.Level(req.Level), req.Seed)
	if err != nil {
		return nil, err
	}
	// The page loads the puzzle from g.Board: its hints find the solution
	// kept here instead of solving again.
	if P, err := leaperInput(&LeaperRequest{Board: g.Board, Moves: g.Moves}, s.maxCells); err == nil {
		s.hints.put(hintKey(P), h)
	}
	return g, nil
}

func (s *Engine) leaperCountH(ctx context.Context, body []byte, _ query) (any, error) {
	L, err := s.leaper(body)
	if err != nil {
		return nil, err
	}
	return leaperCount(ctx, L)
}

// LeaperAnalysis is the start-cell heatmap and edge usage of a board, as
// SVG pictures from package render, with the totals.
type LeaperAnalysis struct {
	Total      uint64 `json:"total"`
	Complete   bool   `json:"complete"`
	Convention string `json:"convention"`
	Orbits     uint64 `json:"orbits"`
	Heatmap    string `json:"heatmap"`
	Edges      string `json:"edges"`
}

func (s *Engine) leaperAnalyzeH(ctx context.Context, body []byte, _ query) (any, error) {
	L, err := s.leaper(body)
	if err != nil {
		return nil, err
	}
	res, err := leaperAnalyze(ctx, L)
	if err != nil {
		return nil, err
	}
	out := &LeaperAnalysis{Total: res.Total, Complete: res.Complete, Orbits: res.Orbits,
		Convention: "directed Hamiltonian paths (a path and its reverse count as two)"}
	vals := make([]float64, L.b.Cells())
	labels := make([]string, L.b.Cells())
	for v, c := range L.bg.CellOf {
		vals[c] = float64(res.PerStart[v])
		labels[c] = fmt.Sprint(res.PerStart[v])
	}
	title := "directed paths by start cell"
	if !res.Complete {
		title += " (stopped early: lower bounds)"
	}
	pic, err := render.Heatmap(L.b, vals, labels, render.HeatOptions{Title: title})
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	if err := pic.WriteSVG(&sb); err != nil {
		return nil, err
	}
	out.Heatmap = sb.String()
	edges := make([]render.Edge, len(res.Edges))
	for i, e := range res.Edges {
		edges[i] = render.Edge{A: L.bg.CellOf[e[0]], B: L.bg.CellOf[e[1]], Weight: float64(res.EdgeUse[i])}
	}
	pic, err = render.EdgeUsage(L.b, edges, render.HeatOptions{Title: "paths using each move"})
	if err != nil {
		return nil, err
	}
	sb.Reset()
	if err := pic.WriteSVG(&sb); err != nil {
		return nil, err
	}
	out.Edges = sb.String()
	return out, nil
}

func (s *Engine) leaperRenderH(_ context.Context, body []byte, q query) (any, error) {
	L, err := s.leaper(body)
	if err != nil {
		return nil, err
	}
	pic, err := render.Path(L.b, L.path, render.PathOptions{})
	if err != nil {
		return nil, badf("render: %v", err)
	}
	return renderOut(pic, q.Get("format"), "boardgraph-"+L.b.Spec())
}

func (s *Engine) nl(body []byte) (*numberlink.Grid, numberlink.Rules, numberlink.Solution, error) {
	var req NLRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, numberlink.Rules{}, nil, err
	}
	g, rules, err := nlInput(req.Puzzle, s.maxGridCells)
	if err != nil {
		return nil, rules, nil, err
	}
	conn, err := checkConn(req.Conn, len(g.Pairs), g.K)
	if err != nil {
		return nil, rules, nil, err
	}
	return g, rules, numberlink.Solution(conn), nil
}

func (s *Engine) nlLoadH(_ context.Context, body []byte, _ query) (any, error) {
	g, rules, _, err := s.nl(body)
	if err != nil {
		return nil, err
	}
	return nlGridJSON(g, rules), nil
}

func (s *Engine) nlHintH(ctx context.Context, body []byte, _ query) (any, error) {
	g, rules, conn, err := s.nl(body)
	if err != nil {
		return nil, err
	}
	return s.nlHint(ctx, g, rules, conn)
}

// NLCheck is the verdict on a position.
type NLCheck struct {
	Solved bool   `json:"solved"`
	Reason string `json:"reason"`
}

func (s *Engine) nlCheckH(_ context.Context, body []byte, _ query) (any, error) {
	g, rules, conn, err := s.nl(body)
	if err != nil {
		return nil, err
	}
	if err := numberlink.VerifySolution(g, rules, conn); err != nil {
		return &NLCheck{Reason: "not solved yet: " + err.Error()}, nil
	}
	return &NLCheck{Solved: true, Reason: "solved: the independent verifier accepts it"}, nil
}

// NLSolution is a solution with its uniqueness.
type NLSolution struct {
	// Solutions is 0, 1, or 2 meaning two or more.
	Solutions uint64 `json:"solutions"`
	Unique    bool   `json:"unique"`
	// Conn is the first solution found (verified), one count per pair.
	Conn   []int8  `json:"conn"`
	Reason string  `json:"reason"`
	Millis float64 `json:"ms"`
}

func (s *Engine) nlSolveH(ctx context.Context, body []byte, _ query) (any, error) {
	g, rules, _, err := s.nl(body)
	if err != nil {
		return nil, err
	}
	sv, err := s.nlSolve(ctx, g, rules)
	if err != nil {
		return nil, err
	}
	out := &NLSolution{Solutions: sv.count, Unique: sv.count == 1, Conn: []int8(sv.sol)}
	switch sv.count {
	case 0:
		out.Reason = "no solution"
		if v := numberlink.Unsolvable(g, rules); v != nil {
			out.Reason += ": " + v.Detail
		}
	case 1:
		out.Reason = "solved; the solution is unique"
		if sv.tau.Solved {
			out.Reason += " (τ alone completes it, §3.2)"
		}
	default:
		out.Reason = "solved; the puzzle has more than one solution"
	}
	return out, nil
}

// NLGenerated is a generated puzzle.
type NLGenerated struct {
	Puzzle string  `json:"puzzle"`
	Grade  string  `json:"grade"`
	Grid   *NLGrid `json:"grid"`
}

func (s *Engine) nlGenerateH(ctx context.Context, body []byte, _ query) (any, error) {
	var req NLGenerateRequest
	if err := decodeJSON(body, &req); err != nil {
		return nil, err
	}
	if req.Rows < 3 || req.Cols < 3 || req.Rows > 25 || req.Cols > 25 {
		return nil, badf("generate: size %dx%d; use 3..25 rows and columns", req.Rows, req.Cols)
	}
	if req.K < 1 || req.K > 4 {
		return nil, badf("generate: k = %d; use 1..4", req.K)
	}
	if req.Difficulty < 0 || req.Difficulty > int(numberlink.LevelSearch) {
		return nil, badf("generate: difficulty %d; use 0 (any) or 1..6 (bounds .. search)", req.Difficulty)
	}
	opt := numberlink.GenerateOptions{Rows: req.Rows, Cols: req.Cols, K: req.K, Seed: req.Seed, Difficulty: numberlink.Level(req.Difficulty)}
	g, sol, err := numberlink.Generate(ctx, opt)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, badf("generate: %v", err)
	}
	if err := numberlink.VerifySolution(g, numberlink.Rules{}, sol); err != nil {
		return nil, fmt.Errorf("internal: generated solution failed verification: %v", err)
	}
	grade, err := numberlink.Rate(ctx, g, numberlink.SolveOptions{})
	if err != nil {
		return nil, err
	}
	// Keep the solution with the puzzle: the generator proved it unique,
	// so the hints need not solve again.
	tau, err := numberlink.Tau(ctx, g, numberlink.Rules{})
	if err != nil {
		return nil, err
	}
	s.cache.put(puzzleio.FormatText(g, numberlink.Rules{}), &nlSolved{count: 1, sol: sol, tau: tau})
	gj := nlGridJSON(g, numberlink.Rules{})
	return &NLGenerated{Puzzle: gj.ID, Grade: grade.String(), Grid: gj}, nil
}

func (s *Engine) nlRenderH(_ context.Context, body []byte, q query) (any, error) {
	g, _, conn, err := s.nl(body)
	if err != nil {
		return nil, err
	}
	pic, err := render.KGrid(g, conn, render.KGridOptions{Node: -1})
	if err != nil {
		return nil, badf("render: %v", err)
	}
	return renderOut(pic, q.Get("format"), fmt.Sprintf("kgrid-%dx%d", g.Rows, g.Cols))
}
