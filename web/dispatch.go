package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/internal/app/failure"
	"github.com/boardgraph/boardgraph/internal/app/input"
	"github.com/boardgraph/boardgraph/render"
)

// This file is the one table of the page's API calls. Server routes
// POST /api/<name> to it, and the WebAssembly build of the page (web/wasm,
// run in a Web Worker by assets/engine-client.js) calls Engine.Call with the
// same name and body, so both modes answer with the same engine code.

// Engine answers the page's API calls in process, with no HTTP. It keeps
// the Numberlink solve cache and the Hopido hinters; it is safe for concurrent use.
type Engine struct {
	maxCells, maxGridCells int
	hintNodes              uint64
	cache                  nlCache
	hints                  hinters // per Hopido puzzle: its hidato.Hinter (playstep.go)
}

// NewEngine returns an engine that plays leaper boards of at most maxCells
// cells and Numberlink grids of at most maxGridCells, and bounds a leaper
// hint search by hintNodes nodes (ten times as many to solve). Zero values
// take the server's defaults (1600, 2500, 2e6).
func NewEngine(maxCells, maxGridCells int, hintNodes uint64) *Engine {
	if maxCells <= 0 {
		maxCells = 40 * 40
	}
	if maxGridCells <= 0 {
		maxGridCells = 50 * 50
	}
	if hintNodes == 0 {
		hintNodes = 2_000_000
	}
	return &Engine{maxCells: maxCells, maxGridCells: maxGridCells, hintNodes: hintNodes}
}

// endpoint is one API call: its name (the path after /api/), whether it is
// solver work (a solver slot and the deadline), whether it generates (four
// times the deadline), and the function answering a JSON body and the
// URL query (render reads format=svg|png).
type endpoint struct {
	name     string
	job      bool
	generate bool
	fn       func(e *Engine, ctx context.Context, body []byte, q query) (any, error)
}

// endpoints is the API, in the order the server lists it.
var endpoints = []endpoint{
	{"leaper/load", false, false, (*Engine).leaperLoad},
	{"leaper/hint", true, false, func(e *Engine, ctx context.Context, b []byte, q query) (any, error) {
		return e.leaperHintH(false)(ctx, b, q)
	}},
	{"leaper/solve", true, false, func(e *Engine, ctx context.Context, b []byte, q query) (any, error) {
		return e.leaperHintH(true)(ctx, b, q)
	}},
	{"leaper/count", true, false, (*Engine).leaperCountH},
	{"leaper/generate", true, true, (*Engine).leaperGenerateH},
	{"leaper/analyze", true, false, (*Engine).leaperAnalyzeH},
	{"leaper/render", false, false, (*Engine).leaperRenderH},
	{"leaper/check", false, false, (*Engine).leaperCheckH},
	{"leaper/step", false, false, (*Engine).leaperStepH},
	{"leaper/reveal", true, false, (*Engine).leaperRevealH},
	{"nl/load", false, false, (*Engine).nlLoadH},
	{"nl/hint", true, false, (*Engine).nlHintH},
	{"nl/check", false, false, (*Engine).nlCheckH},
	{"nl/solve", true, false, (*Engine).nlSolveH},
	{"nl/generate", true, true, (*Engine).nlGenerateH},
	{"nl/render", false, false, (*Engine).nlRenderH},
}

// EndpointInfo names one API call and the deadline the server gives it
// (zero: none), for a caller that must enforce it from outside (the Web
// Worker cannot interrupt a running WebAssembly call, so the page stops
// the worker at the deadline instead).
type EndpointInfo struct {
	Name    string        `json:"name"`
	Timeout time.Duration `json:"timeout"`
}

// Endpoints lists the API calls, each with the deadline Server gives it
// under the default solver timeout (5 s; generating 20 s).
func Endpoints() []EndpointInfo {
	out := make([]EndpointInfo, len(endpoints))
	for i, ep := range endpoints {
		out[i] = EndpointInfo{Name: ep.name, Timeout: ep.timeout(5 * time.Second)}
	}
	return out
}

func (ep endpoint) timeout(base time.Duration) time.Duration {
	switch {
	case !ep.job:
		return 0
	case ep.generate:
		return 4 * base
	}
	return base
}

// Answer is the body of a successful call as Server sends it: JSON (one
// value and a newline, as json.Encoder writes it) or a rendered picture.
type Answer struct {
	ContentType string
	// Name is a picture's file name; empty for JSON.
	Name string
	Data []byte
}

// Call answers the API call name (a path such as "leaper/hint", optionally
// with a query such as "leaper/render?format=png") with the JSON body, as
// POST /api/<name> would. Its error text is the message the server sends in
// {"error": ...}: bad input worded by failure.Classify, a passed deadline
// as "the solver ran out of time ...". The caller sets ctx's deadline.
func (e *Engine) Call(ctx context.Context, name string, body []byte) (*Answer, error) {
	var q query
	if i := strings.IndexByte(name, '?'); i >= 0 {
		var ok bool
		if q, ok = parseQuery(name[i+1:]); !ok {
			return nil, errors.New(badQuery(name[i+1:]))
		}
		name = name[:i]
	}
	for _, ep := range endpoints {
		if ep.name != name {
			continue
		}
		v, err := ep.fn(e, ctx, body, q)
		if err != nil {
			return nil, errors.New(errorText(err))
		}
		if img, ok := v.(*image); ok {
			return &Answer{ContentType: img.contentType, Name: img.name, Data: img.data}, nil
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(v); err != nil {
			return nil, err
		}
		return &Answer{ContentType: "application/json; charset=utf-8", Data: buf.Bytes()}, nil
	}
	names := make([]string, len(endpoints))
	for i, ep := range endpoints {
		names[i] = ep.name
	}
	return nil, fmt.Errorf("nothing at %s: the API calls are %s", clip(name), strings.Join(names, ", "))
}

// query is a call's parsed query ("format=png"): the values of each key.
type query map[string][]string

// Get returns the first value of key, or "".
func (q query) Get(key string) string {
	if v := q[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// parseQuery reads a query as url.ParseQuery does (key=value pairs joined
// by '&', each unescaped; a ';' or a malformed escape is refused), without
// package net/url, which would add 28 KB gzipped to the WebAssembly
// engine.
func parseQuery(raw string) (query, bool) {
	q := query{}
	for kv := range strings.SplitSeq(raw, "&") {
		if strings.Contains(kv, ";") {
			return nil, false
		}
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, ok1 := input.Unescape(k, true)
		v, ok2 := input.Unescape(v, true)
		if !ok1 || !ok2 {
			return nil, false
		}
		q[k] = append(q[k], v)
	}
	return q, true
}

func badQuery(q string) string { return fmt.Sprintf("query %q: use format=svg or format=png", clip(q)) }

// errorText words an error of an API call as Server.fail does for its
// {"error": ...} answer.
func errorText(err error) string {
	switch {
	case failure.IsInput(err):
		msg, _ := failure.Classify(err)
		return msg
	case errors.Is(err, context.DeadlineExceeded):
		return errOutOfTime
	}
	return err.Error()
}

// errOutOfTime is the answer when a solver call passes its deadline.
const errOutOfTime = "the solver ran out of time; try a smaller board or ask again"

// image is a rendered picture to send as is.
type image struct {
	contentType, name string
	data              []byte
}

func renderOut(pic *render.Picture, format, base string) (*image, error) {
	switch format {
	case "", "svg":
		var b strings.Builder
		if err := pic.WriteSVG(&b); err != nil {
			return nil, err
		}
		return &image{"image/svg+xml", base + ".svg", []byte(b.String())}, nil
	case "png":
		var buf bytes.Buffer
		if err := pic.WritePNG(&buf); err != nil {
			if errors.Is(err, render.ErrTooLarge) {
				return nil, badf("picture too large for PNG; export SVG instead")
			}
			return nil, err
		}
		return &image{"image/png", base + ".png", buf.Bytes()}, nil
	}
	return nil, badf("format %q: use svg or png", format)
}

// clip shortens a path from a request for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
