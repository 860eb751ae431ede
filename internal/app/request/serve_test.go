package request

import (
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// TestServeError: a listen on a busy port is bad input naming the port as
// in use and the --addr fix; other errors stay input errors with "serve:".
func TestServeError(t *testing.T) {
	t.Parallel()
	ln := testfix.Loopback(t)
	_, err := net.Listen("tcp", ln.Addr().String())
	if err == nil {
		t.Fatal("a second listener on the same port")
	}
	got := ServeError(ln.Addr().String(), err)
	if !errors.Is(got, ErrInput) || !strings.Contains(got.Error(), "the port is in use") || !strings.Contains(got.Error(), "--addr 127.0.0.1:0") {
		t.Errorf("busy port: %v", got)
	}
	if got := ServeError("x", errors.New("boom")); !errors.Is(got, ErrInput) || got.Error() != "serve: boom" {
		t.Errorf("other error: %v", got)
	}
	if ServeError("x", nil) != nil {
		t.Error("nil error worded")
	}
}
