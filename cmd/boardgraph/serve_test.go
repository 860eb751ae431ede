package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/testfix"
)

// TestServeCLI: bad flags exit 2 with one line; a running server answers
// and stops when its context ends, exit 0.
func TestServeCLI(t *testing.T) {
	for _, args := range [][]string{{"serve", "extra"}, {"serve", "--addr", "nonsense"}, {"serve", "--jobs", "-1"}, {"serve", "--addr", "256.0.0.1:1"}} {
		if r := cli(t, "", args...); r.code != exitUsage || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
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

// TestSiteCLI: bad arguments and a folder in the way exit 2 with one line
// and write nothing; a real run (it compiles the engine) writes the site.
func TestSiteCLI(t *testing.T) {
	busy := t.TempDir()
	os.WriteFile(filepath.Join(busy, "keep.txt"), []byte("mine"), 0o644)
	for _, args := range [][]string{{"site"}, {"site", "a", "b"}, {"site", busy}} {
		if r := cli(t, "", args...); r.code != exitUsage || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if b, err := os.ReadFile(filepath.Join(busy, "keep.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a refused site touched the folder: %q %v", b, err)
	}
	testfix.SkipShort(t, "compiling the WebAssembly engine takes a while")
	dir := filepath.Join(t.TempDir(), "public")
	if r := cli(t, "", "site", dir); r.code != exitOK {
		t.Fatalf("site: exit %d: %s", r.code, r.stderr)
	}
	for _, name := range []string{"index.html", "sw.js", "assets/engine.wasm", "assets/wasm_exec.js", "assets/worker.js"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("site lacks %s: %v", name, err)
		}
	}
	if wasm, _ := os.ReadFile(filepath.Join(dir, "assets/engine.wasm")); !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("engine.wasm is not WebAssembly")
	}
}
