package main

import (
	"errors"
	"fmt"
	"io"
	"os"
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
