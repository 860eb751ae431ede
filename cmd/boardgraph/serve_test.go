package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/web"
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
// and write nothing; a real run writes the site with the built-in engine.
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

// TestSiteInstalled: a binary installed with go install writes the site
// from a folder outside any checkout with no Go toolchain on PATH (the
// engine is built into it), and the site is at most 1.6 MB gzipped in all
// (gzip -9 of each file, as static hosts send them), its engine at most
// 1.5 MB.
func TestSiteInstalled(t *testing.T) {
	testfix.SkipShort(t, "installing the binary takes a while")
	bin := t.TempDir()
	install := exec.Command("go", "install", ".")
	install.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	work := t.TempDir()
	site := exec.Command(filepath.Join(bin, "boardgraph"), "site", "out")
	site.Dir = work
	site.Env = []string{"PATH=" + bin, "HOME=" + work}
	if out, err := site.CombinedOutput(); err != nil {
		t.Fatalf("boardgraph site out, in %s with PATH=%s: %v\n%s", work, bin, err, out)
	}
	out := filepath.Join(work, "out")
	total, engine := 0, 0
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		rel, _ := filepath.Rel(out, p)
		t.Logf("%-24s %8d bytes, %8d gzipped", rel, len(data), gz.Len())
		total += gz.Len()
		if rel == filepath.Join("assets", "engine.wasm") {
			engine = gz.Len()
			want, _, err := web.BuiltEngine()
			if err != nil {
				return err
			}
			if !bytes.Equal(data, want.Wasm) {
				t.Errorf("the site's engine.wasm (%d bytes) is not the built-in engine (%d bytes)", len(data), len(want.Wasm))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the site: %d bytes gzipped in all, the engine %d", total, engine)
	if engine == 0 || engine > 1_500_000 {
		t.Errorf("assets/engine.wasm is %d bytes gzipped; want at most 1,500,000", engine)
	}
	if total > 1_600_000 {
		t.Errorf("the site is %d bytes gzipped in all; want at most 1,600,000", total)
	}
}
