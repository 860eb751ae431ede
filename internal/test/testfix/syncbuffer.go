package testfix

import (
	"bytes"
	"sync"
)

// SyncBuffer is a bytes.Buffer that one goroutine may write while another
// reads it (a progress printer's poller and the test, a command's stderr
// and its canceller). Its zero value is empty and ready.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what has been written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
