package main

import (
	"flag"
	"fmt"
	"net"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/web"
)

// The web page's two commands: serve runs it with its API on a local
// server, site writes it as a static site with the engine compiled to
// WebAssembly.

func runServe(e *env, fs *flag.FlagSet) func(pos []string) int {
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (loopback by default; port 0 picks a free one)")
	jobs := fs.Int("jobs", 0, "solver calls run at once (`N`; 0: one per core)")
	timeout := fs.Duration("timeout", 5*time.Second, "deadline of every API call (`D`; generating a puzzle gets four times as long)")
	var hosts []string
	fs.Func("allow-host", "answer requests for `NAME` too (repeat or separate by commas), besides localhost, 127.0.0.1, [::1] and the --addr host", func(v string) error {
		for h := range strings.SplitSeq(v, ",") {
			if h = strings.TrimSpace(h); h == "" || strings.ContainsAny(h, "/ ") {
				return fmt.Errorf("write a host name such as box.lan or 192.168.1.5, not %q", h)
			}
			hosts = append(hosts, h)
		}
		return nil
	})
	return func(pos []string) int {
		if len(pos) > 0 {
			return fail(e, request.Inputf("serve takes no arguments; got %q", pos[0]))
		}
		if *jobs < 0 || *timeout <= 0 {
			return fail(e, request.Inputf("--jobs must be 0 or more and --timeout positive"))
		}
		if _, _, err := net.SplitHostPort(*addr); err != nil {
			return fail(e, request.Inputf("--addr %q: write HOST:PORT such as 127.0.0.1:8080", *addr))
		}
		ctx, stop := signal.NotifyContext(e.ctx, syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		err := web.Listen(ctx, *addr, web.Options{Jobs: *jobs, Timeout: *timeout, Log: e.stderr, Hosts: hosts}, func(url string) {
			fmt.Fprintf(e.stdout, "boardgraph: serving on %s (Ctrl-C stops)\n", url)
		})
		if err != nil {
			return fail(e, request.ServeError(*addr, err))
		}
		fmt.Fprintln(e.stderr, "boardgraph: server stopped")
		return exitOK
	}
}

func runSite(e *env, fs *flag.FlagSet) func(pos []string) int {
	force := fs.Bool("force", false, "replace DIR if it is not empty")
	return func(pos []string) int {
		if len(pos) != 1 {
			return fail(e, request.Inputf("site takes one folder to write, e.g. boardgraph site public; got %d arguments", len(pos)))
		}
		if err := web.CheckSiteDir(pos[0], *force); err != nil {
			return fail(e, err)
		}
		eng, _, err := web.BuiltEngine()
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
