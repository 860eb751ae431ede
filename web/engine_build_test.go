package web

// The engine built into the binary (web/wasm/engine.wasm.gz and its
// stamp): built here with EngineBuild, checked against the sources and
// rewritten by -update (go generate ./web).

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// engineEnv is the environment of EngineBuild: the target, and nothing
// from the caller's environment that would change the bytes.
func engineEnv() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=", "GOEXPERIMENT=")
}

// goOut runs the go command in the module's folder (the parent of web)
// with env and returns its stdout.
func goOut(ctx context.Context, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = ".."
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// buildEngine compiles web/wasm with EngineBuild and reads wasm_exec.js
// from the same toolchain; it returns the toolchain's version too.
func buildEngine(ctx context.Context) (*WasmEngine, string, error) {
	tmp, err := os.MkdirTemp("", "boardgraph-wasm-*")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(tmp)
	args := slices.Clone(EngineBuild[1:])
	args[slices.Index(args, "engine.wasm")] = filepath.Join(tmp, "engine.wasm")
	if _, err := goOut(ctx, engineEnv(), args...); err != nil {
		return nil, "", err
	}
	wasm, err := os.ReadFile(filepath.Join(tmp, "engine.wasm"))
	if err != nil {
		return nil, "", err
	}
	env, err := goOut(ctx, os.Environ(), "env", "GOROOT", "GOVERSION")
	if err != nil {
		return nil, "", err
	}
	lines := strings.Fields(string(env))
	if len(lines) != 2 {
		return nil, "", fmt.Errorf("go env GOROOT GOVERSION: %q", env)
	}
	loader, err := os.ReadFile(filepath.Join(lines[0], "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, "", err
	}
	return &WasmEngine{Wasm: wasm, Loader: loader}, lines[1], nil
}

// engineSources is EngineStamp.Sources for the sources as they are now.
func engineSources(ctx context.Context) (string, error) {
	out, err := goOut(ctx, engineEnv(), "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard,Module", "./web/wasm")
	if err != nil {
		return "", err
	}
	h := sha256.New()
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			ImportPath, Dir     string
			GoFiles, EmbedFiles []string
			Standard            bool
			Module              *struct {
				Path, Version string
				Main          bool
			}
		}
		if err := dec.Decode(&p); err != nil {
			return "", err
		}
		switch {
		case p.Standard: // the toolchain's
		case p.Module != nil && !p.Module.Main:
			fmt.Fprintf(h, "module %s %s\n", p.Module.Path, p.Module.Version)
		default:
			for _, f := range slices.Concat(p.GoFiles, p.EmbedFiles) {
				data, err := os.ReadFile(filepath.Join(p.Dir, f))
				if err != nil {
					return "", err
				}
				fmt.Fprintf(h, "file %s/%s %d\n", p.ImportPath, f, len(data))
				h.Write(data)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TestEmbeddedEngine: the engine built into the binary is web/wasm as it
// is now. The sources' hash must match the stamp (a quick check, run by
// -short too); a full run builds the engine and must get the same bytes
// when the toolchain is the stamp's. -update (go generate ./web) writes
// the engine, its loader and the stamp.
func TestEmbeddedEngine(t *testing.T) {
	ctx := context.Background()
	sources, err := engineSources(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		eng := testEngine(t)
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(eng.Wasm)
		zw.Close()
		sum := sha256.Sum256(eng.Wasm)
		st := EngineStamp{Go: builtEngine.goVersion, Build: EngineBuild, Sources: sources, Wasm: hex.EncodeToString(sum[:]), Bytes: len(eng.Wasm)}
		js, _ := json.MarshalIndent(st, "", "  ")
		for name, data := range map[string][]byte{"engine.wasm.gz": gz.Bytes(), "wasm_exec.js": eng.Loader, "engine.json": append(js, '\n')} {
			if err := os.WriteFile(filepath.Join("wasm", name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("wrote wasm/engine.wasm.gz (%d bytes, %d gzipped), built by %s", len(eng.Wasm), gz.Len(), st.Go)
		return
	}
	eng, st, err := BuiltEngine()
	if err != nil {
		t.Fatal(err)
	}
	if st.Sources != sources {
		t.Fatalf("the built-in engine (web/wasm/engine.wasm.gz) is stale: its sources changed since it was built; run go generate ./web and commit web/wasm")
	}
	if !slices.Equal(st.Build, EngineBuild) {
		t.Fatalf("the built-in engine was built by %q, not EngineBuild %q; run go generate ./web", st.Build, EngineBuild)
	}
	testfix.SkipShort(t, "building the WebAssembly engine takes a while")
	built := testEngine(t)
	if builtEngine.goVersion != st.Go {
		msg := fmt.Sprintf("the built-in engine was built by %s, this toolchain is %s: its bytes cannot be compared", st.Go, builtEngine.goVersion)
		if testfix.CI() {
			t.Fatal(msg + "; CI builds with the stamp's toolchain: run go generate ./web with it")
		}
		t.Skip(msg)
	}
	if !bytes.Equal(built.Wasm, eng.Wasm) {
		t.Errorf("web/wasm built now (%d bytes) differs from the built-in engine (%d bytes) with the same sources and toolchain: the build is not reproducible", len(built.Wasm), len(eng.Wasm))
	}
	if !bytes.Equal(built.Loader, eng.Loader) {
		t.Errorf("the toolchain's wasm_exec.js differs from the built-in one")
	}
}

// TestBuiltEngineSize: the engine the site ships is at most 1.5 MB
// gzipped (gzip -9, as static hosts send it). web/wasm/engine.wasm.gz is
// that file (go generate writes it with gzip.BestCompression), so its
// size is read, not made again; BuiltEngine checks it against the stamp.
func TestBuiltEngineSize(t *testing.T) {
	eng, _, err := BuiltEngine()
	if err != nil {
		t.Fatal(err)
	}
	gz, err := engineFiles.ReadFile("wasm/engine.wasm.gz")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engine.wasm: %d bytes, %d gzipped", len(eng.Wasm), len(gz))
	if len(gz) > 1_500_000 {
		t.Errorf("engine.wasm is %d bytes gzipped; at most 1,500,000", len(gz))
	}
}
