package spill

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/boardgraph/boardgraph/count/internal/ckfile"
)

// OpenError is a bucket file of a manifest's layer that is missing or
// does not have the bytes the manifest gives.
type OpenError struct {
	Name string // the file
	Err  error  // what is wrong with it
}

// Error returns the file's name and what is wrong with it.
func (e *OpenError) Error() string { return e.Name + ": " + e.Err.Error() }

// Unwrap returns what is wrong with the file.
func (e *OpenError) Unwrap() error { return e.Err }

// Open opens the files of the layer a manifest describes (ms) in c's
// directory: the buckets not done must have exactly their bytes (the
// layer a step reads) or, with cut, at least them (the layer it writes,
// cut back to them). The files of buckets done, and those the manifest
// does not name, are deleted. A file that does not fit is an
// *OpenError.
func Open(c Config, ms *ckfile.Set, cut bool) (*Buckets, error) {
	s := New(c)
	copy(s.Size, ms.Size)
	copy(s.Recs, ms.Recs)
	copy(s.Gen, ms.Gen)
	copy(s.Done, ms.Done)
	defer s.removeStrays()
	for b := range s.files {
		name := filepath.Join(c.Dir, BucketFile(b, s.Gen[b]))
		if s.Done[b] {
			os.Remove(name) // a killed count may not have removed it
			continue
		}
		f, err := os.OpenFile(name, os.O_RDWR, 0)
		var fi os.FileInfo
		if err == nil {
			fi, err = f.Stat()
		}
		if err == nil && (fi.Size() < s.Size[b] || !cut && fi.Size() != s.Size[b]) {
			err = fmt.Errorf("%d bytes, the checkpoint says %d", fi.Size(), s.Size[b])
		}
		if err == nil && cut && fi.Size() > s.Size[b] {
			err = f.Truncate(s.Size[b])
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			s.Close()
			return nil, &OpenError{Name: name, Err: err}
		}
		s.files[b] = f
	}
	return s, nil
}
