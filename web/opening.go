package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// The opening puzzles: what the page shows until the player asks for
// another. The engine's answers to loading them are written into the page
// (openingScript), so the first board is drawn and takes numbers before
// the engine is up: in the static site the WebAssembly engine takes a
// second or more to fetch, compile and start (issue 22, item 6 and its
// performance target, first interaction under 1.5 s), and in serve mode
// the page saves two round trips. Moves that need the engine (live
// errors, hints) are answered once it is ready.
const (
	openingLeaper     = "// a 6x6 Hopido puzzle (easy)\n. . . 4 27 32\n17 . . 30 . .\n. . . 12 . 3\n. . . 9 . .\n18 . . . 1 .\n. 21 . . . ."
	openingLeaperMove = "diplomatico"
	openingNumberlink = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3"
)

// openingCall is one engine call the page makes on its first load, with
// the engine's answer.
type openingCall struct {
	Path   string            `json:"path"`
	Body   map[string]string `json:"body"`
	Answer json.RawMessage   `json:"answer"`
}

// opening is the JSON the page reads from its boardgraph-opening element.
type opening struct {
	Leaper     string        `json:"leaper"`
	Moves      string        `json:"moves"`
	Numberlink string        `json:"numberlink"`
	Calls      []openingCall `json:"calls"`
}

// openingScript returns the page's <script type="application/json"
// id="boardgraph-opening"> element: the opening puzzles and e's answers
// to loading them. json.Marshal escapes <, > and &, so the text cannot
// close the element.
func openingScript(e *Engine) (string, error) {
	o := opening{Leaper: openingLeaper, Moves: openingLeaperMove, Numberlink: openingNumberlink}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range []openingCall{
		{Path: "leaper/load", Body: map[string]string{"board": openingLeaper, "moves": openingLeaperMove}},
		{Path: "nl/load", Body: map[string]string{"puzzle": openingNumberlink}},
	} {
		body, err := json.Marshal(c.Body)
		if err != nil {
			return "", err
		}
		a, err := e.Call(ctx, c.Path, body)
		if err != nil {
			return "", fmt.Errorf("the opening puzzle (%s): %w", c.Path, err)
		}
		c.Answer = a.Data
		o.Calls = append(o.Calls, c)
	}
	data, err := json.Marshal(o)
	if err != nil {
		return "", err
	}
	return `<script type="application/json" id="boardgraph-opening">` + string(data) + "</script>\n", nil
}

// withOpening writes script into page just before its first <script>
// element, so that app.js finds it.
func withOpening(page, script string) string {
	i := strings.Index(page, "<script")
	if i < 0 {
		return page + script
	}
	return page[:i] + script + page[i:]
}
