package count

import (
	"io"
	"os"
	"path/filepath"

	"github.com/boardgraph/boardgraph/count/internal/spill"
)

// writeSynced replaces path by what write writes, atomically: to the
// temporary file tmp, synced, renamed over path, and the directory synced
// (without sync, only renamed). A failed write removes tmp. The layer
// checkpoint, the manifest (manifest.go) and the shards' markers
// (exchangefile.go) are written so.
func writeSynced(path, tmp string, sync bool, write func(f io.Writer) error) error {
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if sync {
		spill.SyncDir(filepath.Dir(path))
	}
	return nil
}

// writeBytes returns a write function for writeSynced that writes b.
func writeBytes(b []byte) func(io.Writer) error {
	return func(f io.Writer) error {
		_, err := f.Write(b)
		return err
	}
}
