package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"
)

// checkedWriter passes writes to w and remembers the first error; after
// one, it writes nothing more.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// runChecked runs the command like run, with stdout watched: a result that
// could not be written to stdout (a full disk, /dev/full, a closed
// terminal) makes the exit code 2, whatever the command returned, since
// the caller did not get the result that code describes. A command that
// returned 0 did not notice, so runChecked prints the one line; a command
// that failed has printed its own. An internal error (70) keeps its code.
func runChecked(e *env) int {
	out := &checkedWriter{w: e.stdout}
	sub := *e
	sub.stdout = out
	code := run(&sub)
	if out.err == nil || code == exitInternal {
		return code
	}
	if code == exitOK {
		err := out.err
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // "no space left on device", not "write /dev/stdout: ..."
		}
		fmt.Fprintf(e.stderr, "boardgraph: cannot write the result to standard output: %v\n", err)
	}
	return exitUsage
}

// loadContext is the context for loading a numberlink puzzle: the
// command's (Ctrl-C, SIGTERM, SIGHUP) with the subcommand's --timeout, if
// it has one, so that neither waits for a large puzzle to load.
func (f *nlFlags) loadContext(e *env) (context.Context, context.CancelFunc) {
	if fl := f.Lookup("timeout"); fl != nil {
		if g, ok := fl.Value.(flag.Getter); ok {
			if d, ok := g.Get().(time.Duration); ok && d > 0 {
				return context.WithTimeout(e.ctx, d)
			}
		}
	}
	return context.WithCancel(e.ctx)
}

// loadStopped reports a puzzle load stopped by ctx (exit 3).
func loadStopped(ctx context.Context, name string) error {
	why := "interrupted"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		why = "timed out"
	} else if c := context.Cause(ctx); c != nil && c != ctx.Err() {
		why = "interrupted (" + c.Error() + ")"
	}
	return &stoppedError{fmt.Sprintf("numberlink: %s while loading the puzzle %s; nothing was solved", why, displayName(name))}
}
