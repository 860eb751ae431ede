package render

import (
	"os"
	"path/filepath"
	"testing"
)

// dump writes pic as NAME.svg and NAME.png into $RENDER_OUT when that is
// set, to look at the pictures by eye.
func dump(t *testing.T, name string, pic *Picture) {
	t.Helper()
	dir := os.Getenv("RENDER_OUT")
	if dir == "" {
		return
	}
	for _, ext := range []string{".svg", ".png"} {
		if err := pic.Save(filepath.Join(dir, name+ext)); err != nil {
			t.Fatal(err)
		}
	}
}
