package testfix

import (
	"net"
	"testing"
)

// Loopback listens on a free TCP port of the loopback interface until the
// test ends, skipping the test where the system has no loopback listener:
// the port it holds is one that another listener finds busy.
func Loopback(tb testing.TB) net.Listener {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Skipf("no loopback listener here: %v", err)
	}
	tb.Cleanup(func() { ln.Close() })
	return ln
}
