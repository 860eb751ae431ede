//go:build !(js && wasm)

package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/boardgraph/boardgraph/internal/app/request"
)

// WasmEngine is the engine of the static site (BuiltEngine).
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
		return nil, errors.New("site: no engine (BuiltEngine returns it)")
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

// staticPage marks index.html as the static site's page, checks that it
// loads engine-client.js (the engine in a worker), and writes into it the opening
// puzzles' answers (opening.go), computed here by the native engine: the
// page is playable before the WebAssembly engine has loaded.
func staticPage(page []byte) ([]byte, error) {
	s := string(page)
	s = strings.Replace(s, "<head>", "<head>\n"+staticMeta, 1)
	if !strings.Contains(s, `<script src="assets/engine-client.js"></script>`) {
		return nil, errors.New("site: index.html does not load assets/engine-client.js, which the static page needs for its engine")
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

// The engine built into the binary: web/wasm compiled to WebAssembly
// (EngineBuild), gzipped, with Go's loader for it and a stamp naming the
// toolchain, the sources and the result. TestEmbeddedEngine fails when
// the sources changed since (go generate ./web rebuilds it), or when a
// build with the same toolchain gives other bytes.
//
//go:generate go test -run TestEmbeddedEngine -update .
//go:embed wasm/engine.wasm.gz wasm/wasm_exec.js wasm/engine.json
var engineFiles embed.FS

// EngineStamp describes the built-in engine (web/wasm/engine.json).
type EngineStamp struct {
	// Go is the toolchain that built it (go env GOVERSION).
	Go string `json:"go"`
	// Build is the go command that built it, in the folder of the module
	// (EngineBuild).
	Build []string `json:"build"`
	// Sources is a SHA-256 over the Go files of every package of the
	// module that web/wasm imports for GOOS=js GOARCH=wasm, and the
	// versions of the other modules it imports.
	Sources string `json:"sources"`
	// Wasm is the SHA-256 of engine.wasm, and Bytes its size.
	Wasm  string `json:"wasm"`
	Bytes int    `json:"bytes"`
}

// EngineBuild is the command that builds the engine, run in the module's
// folder with GOOS=js GOARCH=wasm (and CGO_ENABLED=0 GOFLAGS= GOWASM=):
// stripped, without file paths or version-control stamps, so that the
// same toolchain and sources give the same bytes wherever they are built.
// Everything is compiled without inlining, which makes the engine about
// 135 KB smaller gzipped (80 KB from the standard library, 55 KB from the
// module's own packages, measured after the hint engines of hidato and
// numberlink joined it); a hint step stays far inside its time budget.
var EngineBuild = []string{"go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w",
	"-gcflags=all=-l", "-o", "engine.wasm", "./web/wasm"}

// Module is the module path of boardgraph, whose package web/wasm is the
// page's engine for the browser.
const Module = "github.com/boardgraph/boardgraph"

// BuiltEngine returns the page's engine built into this binary: no Go
// toolchain or source tree is needed to write a static site.
func BuiltEngine() (*WasmEngine, *EngineStamp, error) {
	var st EngineStamp
	js, err := engineFiles.ReadFile("wasm/engine.json")
	if err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(js, &st); err != nil {
		return nil, nil, fmt.Errorf("site: the built-in engine's stamp: %w", err)
	}
	gz, err := engineFiles.ReadFile("wasm/engine.wasm.gz")
	if err != nil {
		return nil, nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, nil, fmt.Errorf("site: the built-in engine: %w", err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		return nil, nil, fmt.Errorf("site: the built-in engine: %w", err)
	}
	if sum := sha256.Sum256(wasm); hex.EncodeToString(sum[:]) != st.Wasm {
		return nil, nil, errors.New("site: the built-in engine does not match its stamp (a damaged build of boardgraph)")
	}
	loader, err := engineFiles.ReadFile("wasm/wasm_exec.js")
	if err != nil {
		return nil, nil, err
	}
	return &WasmEngine{Wasm: wasm, Loader: loader}, &st, nil
}
