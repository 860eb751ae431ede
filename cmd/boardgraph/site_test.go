package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteCLI: bad arguments and a folder in the way exit 2 with one line
// and write nothing; a real run (it compiles the engine) writes the site.
func TestSiteCLI(t *testing.T) {
	busy := t.TempDir()
	os.WriteFile(filepath.Join(busy, "keep.txt"), []byte("mine"), 0o644)
	for _, args := range [][]string{{"site"}, {"site", "a", "b"}, {"site", busy}} {
		var out, errb bytes.Buffer
		code := run(&env{ctx: context.Background(), args: args, stdin: strings.NewReader(""), stdout: &out, stderr: &errb})
		if code != exitUsage || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	if b, err := os.ReadFile(filepath.Join(busy, "keep.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a refused site touched the folder: %q %v", b, err)
	}
	if testing.Short() {
		t.Skip("compiling the WebAssembly engine takes a while; skipped with -short")
	}
	dir := filepath.Join(t.TempDir(), "public")
	var out, errb bytes.Buffer
	if code := run(&env{ctx: context.Background(), args: []string{"site", dir}, stdin: strings.NewReader(""), stdout: &out, stderr: &errb}); code != exitOK {
		t.Fatalf("site: exit %d: %s", code, errb.String())
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
