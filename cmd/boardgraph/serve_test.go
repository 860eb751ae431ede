package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeCLI: bad flags exit 2 with one line; a running server answers
// and stops when its context ends, exit 0.
func TestServeCLI(t *testing.T) {
	for _, args := range [][]string{{"serve", "extra"}, {"serve", "--addr", "nonsense"}, {"serve", "--jobs", "-1"}, {"serve", "--addr", "256.0.0.1:1"}} {
		var out, errb bytes.Buffer
		code := run(&env{ctx: context.Background(), args: args, stdin: strings.NewReader(""), stdout: &out, stderr: &errb})
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int)
	go func() {
		var errb bytes.Buffer
		done <- run(&env{ctx: ctx, args: []string{"serve", "--addr", "127.0.0.1:0"}, stdin: strings.NewReader(""), stdout: pw, stderr: &errb})
	}()
	line := make([]byte, 200)
	n, _ := pr.Read(line)
	s := string(line[:n])
	i := strings.Index(s, "http://")
	if i < 0 {
		t.Fatalf("no URL printed: %q", s)
	}
	url := strings.Fields(s[i:])[0]
	r, err := http.Post(url+"api/leaper/hint", "application/json", strings.NewReader(`{"board":"4x4"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if !strings.Contains(string(body), `"rule":"dead-ends"`) {
		t.Errorf("4x4 hint: %s", body)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after stop", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}
