package request

import (
	"errors"
	"syscall"
)

// ServeError words an error of the web server on addr (the --addr flag)
// as bad input: an address in use names the fix (stop the other server or
// pick another port, :0 for a free one), a port the user may not bind (below
// 1024) likewise; any other error is passed on as "serve: ...".
func ServeError(addr string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.EADDRINUSE):
		return Inputf("serve: --addr %s: the port is in use (another server, or an earlier boardgraph serve, listens there); stop it, or give another port with --addr, such as --addr 127.0.0.1:0 for a free one", addr)
	case errors.Is(err, syscall.EACCES):
		return Inputf("serve: --addr %s: no permission to listen there (ports below 1024 need privileges); give a port from 1024 up with --addr, such as --addr 127.0.0.1:8080", addr)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return Inputf("serve: --addr %s: this machine has no such address; give one of its own, such as --addr 127.0.0.1:8080", addr)
	}
	return Inputf("serve: %w", err)
}
