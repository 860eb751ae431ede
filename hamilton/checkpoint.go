package hamilton

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrCheckpoint marks a checkpoint file that cannot be used: corrupt, or
// written for another count.
var ErrCheckpoint = errors.New("unusable checkpoint")

// checkpointMagic starts a checkpoint file's first line.
const checkpointMagic = "boardgraph-checkpoint 1"

// Checkpoint is an append-only file of completed work units, for resuming a
// CountShard after a crash or a kill. The first line names the count (a key
// the caller chooses, for example a hash of the problem, the units'
// Fingerprint and the shard); every further line records one unit:
//
//	boardgraph-checkpoint 1 KEY CRC
//	u UNIT CONTRIBUTION CRC
//
// CRC is the CRC-32 (IEEE) of the line's text before it, joined to KEY by a
// space in unit lines, in 8 hex digits; a line that fails its CRC is
// corruption and refuses the file. Each line is written with one write
// call, so a killed process leaves at most a last line without its newline,
// which reading drops (the unit is counted again). The file is synced to
// disk when created, at most every SyncEvery while units are appended, and
// on Close: a process kill loses nothing appended, a power failure at most
// the units of the last SyncEvery.
type Checkpoint struct {
	// SyncEvery is the longest time between syncs while appending
	// (OpenCheckpoint sets 100 ms; 0 syncs every line).
	SyncEvery time.Duration

	mu       sync.Mutex
	f        *os.File
	key      string
	lastSync time.Time
	dirty    bool
}

// OpenCheckpoint opens the checkpoint file at path for the count named key
// (no spaces or newlines) and returns the units it records as done (unit ->
// contribution, the form ShardOptions.Done takes). Without resume the file
// must not exist or be empty; with resume a missing file starts a new one,
// and an existing one must carry key. A torn last line is cut off before
// appending.
func OpenCheckpoint(path, key string, resume bool) (*Checkpoint, map[int]uint64, error) {
	if key == "" || strings.ContainsAny(key, " \t\r\n") {
		return nil, nil, fmt.Errorf("%w: checkpoint key %q must be one word", ErrInvalid, key)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%w: reading %s: %v", ErrCheckpoint, path, err)
	}
	c := &Checkpoint{SyncEvery: 100 * time.Millisecond, f: f, key: key, lastSync: time.Now()}
	done := map[int]uint64{}
	if len(data) > 0 && !resume {
		f.Close()
		return nil, nil, fmt.Errorf("%w: %s already exists; continue it with --resume or remove it", ErrCheckpoint, path)
	}
	good := 0 // bytes of complete, checked lines
	if len(data) > 0 {
		var gotKey string
		gotKey, done, good, err = ParseCheckpoint(data)
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if good > 0 && gotKey != key {
			f.Close()
			return nil, nil, fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, shard, method or boardgraph version); remove it or choose another file", ErrCheckpoint, path)
		}
	}
	if good < len(data) {
		if err := f.Truncate(int64(good)); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%w: cutting the torn last line of %s: %v", ErrCheckpoint, path, err)
		}
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	if good == 0 {
		if _, err := f.WriteString(withCRC(checkpointMagic+" "+key, "") + "\n"); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%w: writing %s: %v", ErrCheckpoint, path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%w: syncing %s: %v", ErrCheckpoint, path, err)
		}
	}
	return c, done, nil
}

// withCRC appends the CRC of text (joined to key when key is not empty).
func withCRC(text, key string) string {
	s := text
	if key != "" {
		s += " " + key
	}
	return fmt.Sprintf("%s %08x", text, crc32.ChecksumIEEE([]byte(s)))
}

// checkLine splits off and verifies a line's CRC.
func checkLine(line, key string) (string, bool) {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return "", false
	}
	text := line[:i]
	return text, withCRC(text, key) == line
}

// ParseCheckpoint reads a checkpoint file's contents: its key, the units it
// records and the length of the prefix made of complete lines (a torn last
// line without a newline is left out). A line that fails its CRC, a
// malformed line and a unit recorded twice with different contributions are
// errors wrapping ErrCheckpoint.
func ParseCheckpoint(data []byte) (key string, done map[int]uint64, good int, err error) {
	done = map[int]uint64{}
	lineNo := 0
	for len(data[good:]) > 0 {
		rest := data[good:]
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			break // torn last line
		}
		line := string(rest[:nl])
		lineNo++
		if lineNo == 1 {
			text, ok := checkLine(line, "")
			if !ok || !strings.HasPrefix(text, checkpointMagic+" ") {
				return "", nil, 0, fmt.Errorf("%w: line 1 is not a boardgraph checkpoint header", ErrCheckpoint)
			}
			key = strings.TrimPrefix(text, checkpointMagic+" ")
			if key == "" || strings.ContainsAny(key, " \t\r") {
				return "", nil, 0, fmt.Errorf("%w: line 1 has a malformed key", ErrCheckpoint)
			}
		} else {
			text, ok := checkLine(line, key)
			if !ok {
				return "", nil, 0, fmt.Errorf("%w: line %d fails its checksum (the file is corrupt; remove it to count again)", ErrCheckpoint, lineNo)
			}
			f := strings.Fields(text)
			if len(f) != 3 || f[0] != "u" {
				return "", nil, 0, fmt.Errorf("%w: line %d is not a unit record", ErrCheckpoint, lineNo)
			}
			u, err1 := strconv.Atoi(f[1])
			c, err2 := strconv.ParseUint(f[2], 10, 64)
			if err1 != nil || err2 != nil || u < 0 {
				return "", nil, 0, fmt.Errorf("%w: line %d has a malformed unit or count", ErrCheckpoint, lineNo)
			}
			if old, dup := done[u]; dup && old != c {
				return "", nil, 0, fmt.Errorf("%w: line %d records unit %d again with another count", ErrCheckpoint, lineNo, u)
			}
			done[u] = c
		}
		good += nl + 1
	}
	if lineNo == 0 && good < len(data) {
		// Only a torn header: treat as empty.
		return "", done, 0, nil
	}
	return key, done, good, nil
}

// Append records a completed unit. It is safe for concurrent use; the
// record reaches the operating system before Append returns.
func (c *Checkpoint) Append(unit int, contribution uint64) error {
	line := withCRC(fmt.Sprintf("u %d %d", unit, contribution), c.key) + "\n"
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.f.WriteString(line); err != nil { // one write call
		return fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	c.dirty = true
	if time.Since(c.lastSync) >= c.SyncEvery {
		return c.sync()
	}
	return nil
}

func (c *Checkpoint) sync() error {
	if !c.dirty {
		return nil
	}
	if err := c.f.Sync(); err != nil {
		return fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	c.lastSync, c.dirty = time.Now(), false
	return nil
}

// Close syncs and closes the file.
func (c *Checkpoint) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	err := c.sync()
	if cerr := c.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%w: %v", ErrCheckpoint, cerr)
	}
	return err
}
