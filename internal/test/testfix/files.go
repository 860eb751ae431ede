package testfix

import (
	"os"
	"path/filepath"
	"testing"
)

// ReadFile returns the content of the file name, failing the test when it
// cannot be read.
func ReadFile(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// WriteFile writes data to the file name (mode 0644), failing the test
// when it cannot be written.
func WriteFile(tb testing.TB, name string, data []byte) {
	tb.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

// TempFile writes content to a file called name in a fresh temporary
// directory (removed after the test) and returns its path, failing the
// test when it cannot be written.
func TempFile(tb testing.TB, name, content string) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), name)
	WriteFile(tb, p, []byte(content))
	return p
}
