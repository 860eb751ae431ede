package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// stdoutWriter passes a command's stdout to w, counting the bytes (see
// fail) and remembering the first error; after one, it writes nothing
// more.
type stdoutWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *stdoutWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// check returns the exit code of a command that wrote through c: a result
// that could not be written to stdout (a full disk, /dev/full, a closed
// terminal) makes it 2, whatever the command returned, since the caller
// did not get the result that code describes. A command that returned 0
// did not notice, so check prints the one line on stderr; a command that
// failed has printed its own. An internal error (70) keeps its code.
func (c *stdoutWriter) check(stderr io.Writer, code int) int {
	if c.err == nil || code == exitInternal {
		return code
	}
	if code == exitOK {
		err := c.err
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // "no space left on device", not "write /dev/stdout: ..."
		}
		fmt.Fprintf(stderr, "boardgraph: cannot write the result to standard output: %v\n", err)
	}
	return exitUsage
}
