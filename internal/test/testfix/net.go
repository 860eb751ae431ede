package testfix

import (
	"net"
	"testing"
)

// Loopback listens on a free TCP port of the loopback interface until the
// test ends: the port it holds is one that another listener finds busy.
// Where the system has no loopback listener the test skips, and under
// CI=true, where there always is one, it fails.
func Loopback(tb testing.TB) net.Listener {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		if CI() {
			tb.Fatalf("CI=true: no loopback listener: %v", err)
		}
		tb.Skipf("no loopback listener here: %v", err)
	}
	tb.Cleanup(func() { ln.Close() })
	return ln
}
