package web

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// Handler-level timings (no network, no browser): what the engine and the
// JSON layer cost per request.
//
//	go test ./web -run XXX -bench . -benchtime 2s

func benchPost(b *testing.B, s *Server, path, body string) {
	b.Helper()
	for b.Loop() {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, newRequest("POST", path, strings.NewReader(body)))
		if rec.Code != 200 {
			b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

func BenchmarkLeaperHint20x20(b *testing.B) {
	sol := solveLeaper(b, "20x20", "")
	body, _ := json.Marshal(LeaperRequest{Board: "20x20", Moves: "diplomatico", Path: sol[:30]})
	benchPost(b, New(Options{}), "/api/leaper/hint", string(body))
}

// BenchmarkLeaperStep20x20 is the plain-word hint (leaper/step) and the
// live check (leaper/check) on a 20x20 Hopido puzzle with its givens and a
// quarter of the other numbers written.
func BenchmarkLeaperStep20x20(b *testing.B) {
	sol := solveLeaper(b, "20x20", "")
	// Givens: every fifth number; written: every fourth of the others.
	rows := make([][]string, 20)
	for r := range rows {
		rows[r] = make([]string, 20)
		for c := range rows[r] {
			rows[r][c] = "."
		}
	}
	grid := make([]int32, 400)
	for i, c := range sol {
		switch {
		case i%5 == 0:
			rows[c/20][c%20] = fmt.Sprint(i + 1)
		case i%4 == 1:
			grid[c] = int32(i + 1)
		}
	}
	var sb strings.Builder
	for _, r := range rows {
		sb.WriteString(strings.Join(r, " ") + "\n")
	}
	body, _ := json.Marshal(PlayRequest{Board: sb.String(), Moves: "diplomatico", Grid: grid})
	s := New(Options{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, newRequest("POST", "/api/leaper/step", strings.NewReader(string(body))))
	var st PlayStep
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || st.Status != "step" {
		b.Fatalf("step on the 20x20: %s", rec.Body)
	}
	b.Run("step", func(b *testing.B) { benchPost(b, s, "/api/leaper/step", string(body)) })
	b.Run("check", func(b *testing.B) { benchPost(b, s, "/api/leaper/check", string(body)) })
}

func BenchmarkLeaperLoad20x20(b *testing.B) {
	benchPost(b, New(Options{}), "/api/leaper/load", `{"board":"20x20"}`)
}

func BenchmarkNumberlinkHint30x30(b *testing.B) {
	id := strings.TrimSpace(string(testfix.ReadFile(b, "testdata/nl30x30.txt")))
	body, _ := json.Marshal(NLRequest{Puzzle: id})
	b.Run("cached", func(b *testing.B) { benchPost(b, New(Options{}), "/api/nl/hint", string(body)) })
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			s := New(Options{})
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, newRequest("POST", "/api/nl/hint", strings.NewReader(string(body))))
			if rec.Code != 200 {
				b.Fatal(rec.Body)
			}
		}
	})
}

func BenchmarkPage(b *testing.B) {
	s := New(Options{})
	for b.Loop() {
		for _, p := range []string{"/", "/assets/app.js", "/assets/style.css"} {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, newRequest("GET", p, nil))
			if rec.Code != 200 {
				b.Fatal(p, rec.Code)
			}
		}
	}
}
