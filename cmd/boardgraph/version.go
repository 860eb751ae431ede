package main

import (
	"flag"
	"fmt"

	"github.com/boardgraph/boardgraph/format"
	"github.com/boardgraph/boardgraph/internal/app/request"
)

func runVersion(e *env, fs *flag.FlagSet) func(pos []string) int {
	form := fs.String("format", "", "output `FORMAT`: text (the default) or json")
	return func(pos []string) int {
		name, err := textJSON.Parse(*form)
		if err == nil && len(pos) > 0 {
			err = request.Inputf("version takes no arguments, got %q", pos)
		}
		if err != nil {
			return fail(e, err)
		}
		if name == "json" {
			err = format.WriteJSON(e.stdout, struct{}{})
		} else {
			_, err = fmt.Fprintln(e.stdout, "boardgraph", format.Version)
		}
		if err != nil {
			return fail(e, err)
		}
		return exitOK
	}
}
