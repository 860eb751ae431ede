//go:build !(js && wasm)

package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/boardgraph/boardgraph/internal/request"
)

// Module is the module path of boardgraph, whose package web/wasm is the
// page's engine for the browser.
const Module = "github.com/boardgraph/boardgraph"

// WasmEngine is the engine of the static site, built by BuildWasm.
type WasmEngine struct {
	// Wasm is web/wasm compiled for GOOS=js GOARCH=wasm.
	Wasm []byte
	// Loader is wasm_exec.js of the same Go toolchain.
	Loader []byte
}

// staticMeta marks the static site's page: engine-client.js then runs
// the engine in a Web Worker instead of calling the server.
const staticMeta = `<meta name="boardgraph-mode" content="static">`

// WriteSite writes the static page into dir: index.html, sw.js (a service
// worker that keeps the files for offline play) and assets/ with the
// page's script and style, the engine (engine.wasm), its loader
// (wasm_exec.js) and the worker that runs it (worker.js). Any static file
// host serves it; no boardgraph process is needed. dir must not exist or
// be empty, unless force is set (then it is replaced). The folder is
// written beside dir and renamed into place, so a failure leaves no
// partial site.
func WriteSite(dir string, eng *WasmEngine, force bool) error {
	if err := CheckSiteDir(dir, force); err != nil {
		return err
	}
	files, err := siteFiles(eng)
	if err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".boardgraph-site-*")
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	for name, data := range files {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("site: %w", err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("site: replacing %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	return nil
}

// CheckSiteDir reports, as bad input, a dir that WriteSite would refuse:
// an empty name, a file, or a folder that is not empty (unless force).
func CheckSiteDir(dir string, force bool) error {
	if dir == "" {
		return request.Inputf("site: name the folder to write, e.g. boardgraph site public")
	}
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return request.Inputf("site: %s is a file, not a folder; name a new folder", dir)
		}
		if ents, err := os.ReadDir(dir); err != nil {
			return fmt.Errorf("site: %w", err)
		} else if len(ents) > 0 && !force {
			return request.Inputf("site: %s is not empty; name a new folder or pass --force to replace it", dir)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("site: %w", err)
	}
	return nil
}

// siteFiles returns the static site's files by slash path.
func siteFiles(eng *WasmEngine) (map[string][]byte, error) {
	if eng == nil || len(eng.Wasm) == 0 || len(eng.Loader) == 0 {
		return nil, errors.New("site: no engine (BuildWasm builds it)")
	}
	files := map[string][]byte{"assets/engine.wasm": eng.Wasm, "assets/wasm_exec.js": eng.Loader}
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := assets.ReadFile(p)
		if p == "assets/index.html" {
			files["index.html"], err = staticPage(data)
			return err
		}
		files[p] = data
		return err
	})
	if err != nil {
		return nil, err
	}
	files["sw.js"] = serviceWorker(files)
	return files, nil
}

// staticPage marks index.html as the static site's page, makes sure it
// loads engine-client.js before app.js, and writes into it the opening
// puzzles' answers (opening.go), computed here by the native engine: the
// page is playable before the WebAssembly engine has loaded.
func staticPage(page []byte) ([]byte, error) {
	s := string(page)
	s = strings.Replace(s, "<head>", "<head>\n"+staticMeta, 1)
	const client, app = `<script src="assets/engine-client.js"></script>`, `<script src="assets/app.js"></script>`
	if !strings.Contains(s, client) {
		s = strings.Replace(s, app, client+"\n"+app, 1)
	}
	script, err := openingScript(NewEngine(0, 0, 0))
	if err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	return []byte(withOpening(s, script)), nil
}

// serviceWorker returns sw.js: on install it stores every file of the
// site (a cache named by a hash of their contents, so a new site replaces
// the old cache), and it answers requests from that cache first, so the
// page plays offline after the first load.
func serviceWorker(files map[string][]byte) []byte {
	names := make([]string, 0, len(files)+1)
	h := sha256.New()
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, n := range names {
		h.Write([]byte(n))
		h.Write(files[n])
	}
	list, _ := json.Marshal(append([]string{"./"}, names...))
	version := hex.EncodeToString(h.Sum(nil))[:16]
	return []byte(`// boardgraph static site: keeps the site's files for offline play.
"use strict";
const CACHE = "boardgraph-` + version + `";
const FILES = ` + string(list) + `;
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith("boardgraph-") && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true })).then((r) => r || fetch(e.request)));
});
`)
}

// BuildWasm compiles the page's engine (package web/wasm) with the go
// command for GOOS=js GOARCH=wasm (stripped, -trimpath: the same toolchain
// and source give the same bytes) and reads wasm_exec.js from the same
// toolchain. The source is the boardgraph module around the working
// directory, else the module at the version this binary was built from
// (go mod download). It takes a minute or more the first time; the go
// build cache makes it quick after.
func BuildWasm(ctx context.Context) (*WasmEngine, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, request.Inputf("site: the engine is compiled to WebAssembly with the Go toolchain, and go is not on PATH; install Go %s or later (https://go.dev/dl)", minGo)
	}
	src, err := moduleDir(ctx, goTool)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "boardgraph-wasm-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "engine.wasm")
	cmd := exec.CommandContext(ctx, goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./web/wasm")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("site: building the WebAssembly engine in %s: %v: %s", src, err, firstLine(stderr.String()))
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	root, err := goOutput(ctx, goTool, src, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	var loader []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it to lib/
		if loader, err = os.ReadFile(filepath.Join(root, filepath.FromSlash(p))); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("site: no wasm_exec.js in the Go toolchain at %s: %w", root, err)
	}
	return &WasmEngine{Wasm: wasm, Loader: loader}, nil
}

// minGo is the Go version the module needs.
const minGo = "1.26"

// moduleDir finds boardgraph's source: the module of the working
// directory (or a module requiring it), else this binary's version from
// the module cache.
func moduleDir(ctx context.Context, goTool string) (string, error) {
	if dir, err := goOutput(ctx, goTool, "", "list", "-m", "-f", "{{.Dir}}", Module); err == nil && dir != "" {
		return dir, nil
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path == Module && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		tmp, err := os.MkdirTemp("", "boardgraph-mod-*")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(tmp)
		out, err := goOutput(ctx, goTool, tmp, "mod", "download", "-json", Module+"@"+bi.Main.Version)
		var m struct{ Dir string }
		if err == nil && json.Unmarshal([]byte(out), &m) == nil && m.Dir != "" {
			return m.Dir, nil
		}
	}
	return "", request.Inputf("site: cannot find the boardgraph source to compile the engine; run boardgraph site inside a boardgraph checkout (git clone https://%s)", Module)
}

// goOutput runs the go command in dir and returns its trimmed stdout.
func goOutput(ctx context.Context, goTool, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
