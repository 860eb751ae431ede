package main

import (
	"flag"
	"fmt"

	"github.com/boardgraph/boardgraph/internal/request"
	"github.com/boardgraph/boardgraph/web"
)

func runSite(e *env, fs *flag.FlagSet) func(pos []string) int {
	force := fs.Bool("force", false, "replace DIR if it is not empty")
	return func(pos []string) int {
		if len(pos) != 1 {
			return fail(e, request.Inputf("site takes one folder to write, e.g. boardgraph site public; got %d arguments", len(pos)))
		}
		if err := web.CheckSiteDir(pos[0], *force); err != nil {
			return fail(e, err)
		}
		fmt.Fprintln(e.stderr, "boardgraph: compiling the engine to WebAssembly (go build; a minute the first time)")
		eng, err := web.BuildWasm(e.ctx)
		if err != nil {
			return fail(e, err)
		}
		if err := web.WriteSite(pos[0], eng, *force); err != nil {
			return fail(e, err)
		}
		fmt.Fprintf(e.stdout, "boardgraph: wrote the static site to %s (engine %d bytes); serve the folder with any static file server\n", pos[0], len(eng.Wasm))
		return exitOK
	}
}
