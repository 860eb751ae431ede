package web_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/boardgraph/boardgraph/web"
)

// A hint on the empty 4x4 Diplomatico board: no solution, and the engine's
// proof (the paper's Proposition II.1: four cells with one move each, but a
// path has two ends).
func Example() {
	srv := web.New(web.Options{})
	req := httptest.NewRequest("POST", "http://localhost/api/leaper/hint", strings.NewReader(`{"board":"4x4","moves":"diplomatico"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	body := rec.Body.String()
	fmt.Println(rec.Code, strings.Contains(body, `"status":"dead"`), strings.Contains(body, `"rule":"dead-ends"`))
	// Output: 200 true true
}
