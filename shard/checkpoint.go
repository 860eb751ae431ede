package shard

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

// ErrCheckpoint marks a checkpoint file that cannot be used: not a
// checkpoint, written for another count, or contradicting itself.
var ErrCheckpoint = errors.New("unusable checkpoint")

// checkpointMagic starts a checkpoint file's first line.
const checkpointMagic = "boardgraph-checkpoint 1"

// MaxCheckpointBytes bounds the unit checkpoint files read: about a
// million units.
const MaxCheckpointBytes = 64 << 20

// Checkpoint is an append-only file of completed work units, for resuming
// a sharded count after a crash or a kill. The first line names the count
// (a key the caller chooses, for example a hash of the problem, the units'
// fingerprint and the shard); every further line records one unit:
//
//	boardgraph-checkpoint 1 KEY CRC
//	u UNIT CONTRIBUTION CRC
//
// CRC is the CRC-32 (IEEE) of the line's text before it, joined to KEY by a
// space in unit lines, in 8 hex digits. Each line is written with one
// write call, so a killed process leaves at most a last line without its
// newline. The file is locked (flock) while open: a second run on the same
// file is refused with ErrLocked instead of interleaving its lines. It is
// synced when created, at most every SyncEvery while units are appended,
// and on Close: a process kill loses nothing appended, a power failure at
// most the units of the last SyncEvery.
type Checkpoint struct {
	// SyncEvery is the longest time between syncs while appending
	// (OpenCheckpoint sets 100 ms; 0 syncs every line).
	SyncEvery time.Duration
	// Salvaged, when not empty, says what OpenCheckpoint dropped from a
	// damaged file (lines that failed their CRC or were torn); the units
	// they recorded are counted again. The caller shows it as a warning.
	Salvaged string

	mu       sync.Mutex
	f        *os.File
	key      string
	lastSync time.Time
	dirty    bool
}

// OpenCheckpoint opens and locks the checkpoint file at path for the count
// named key (one word) and returns the units it records as done (unit ->
// contribution). Without resume the file must not exist or be empty; with
// resume a missing file starts a new one, and an existing one must carry
// key. Damage is salvaged: every line that passes its CRC is kept, the
// others (a torn last line after a kill, bytes overwritten anywhere) are
// dropped from the file and named in Checkpoint.Salvaged. Only a damaged
// header, a file of another count, or two valid lines that contradict
// each other refuse the file (ErrCheckpoint). The file must be a regular
// file of at most MaxCheckpointBytes.
func OpenCheckpoint(path, key string, resume bool) (*Checkpoint, map[int]uint64, error) {
	if key == "" || strings.ContainsAny(key, " \t\r\n") {
		return nil, nil, fmt.Errorf("%w: checkpoint key %q must be one word", ErrCheckpoint, key)
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%w: %s is not a regular file; give a file name for the checkpoint", ErrCheckpoint, path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	fail := func(err error) (*Checkpoint, map[int]uint64, error) {
		f.Close()
		return nil, nil, err
	}
	if err := lockFile(f, path); err != nil {
		return fail(err)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxCheckpointBytes+1))
	if err != nil {
		return fail(fmt.Errorf("%w: reading %s: %w", ErrCheckpoint, path, err))
	}
	if len(data) > MaxCheckpointBytes {
		return fail(fmt.Errorf("%w: %s is longer than %d bytes: not a checkpoint of this boardgraph", ErrCheckpoint, path, MaxCheckpointBytes))
	}
	if len(data) > 0 && !resume {
		return fail(fmt.Errorf("%w: %s already exists; continue it with --resume or remove it", ErrCheckpoint, path))
	}
	c := &Checkpoint{SyncEvery: 100 * time.Millisecond, f: f, key: key, lastSync: time.Now()}
	ps, err := ParseCheckpoint(data)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", path, err))
	}
	if ps.Key != "" && ps.Key != key {
		return fail(fmt.Errorf("%w: %s belongs to another count (different board, moves, constraints, shard, method or boardgraph version); remove it or choose another file", ErrCheckpoint, path))
	}
	if ps.Good < len(data) {
		// Cut at the first damaged line and write back the valid lines
		// that followed it.
		if err := f.Truncate(int64(ps.Good)); err != nil {
			return fail(fmt.Errorf("%w: cutting the damaged part of %s: %w", ErrCheckpoint, path, err))
		}
	}
	if _, err := f.Seek(int64(ps.Good), io.SeekStart); err != nil {
		return fail(fmt.Errorf("%w: %w", ErrCheckpoint, err))
	}
	if ps.Good == 0 {
		if _, err := f.WriteString(withCRC(checkpointMagic+" "+key, "") + "\n"); err != nil {
			return fail(fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err))
		}
	}
	if len(ps.Kept) > 0 {
		if _, err := f.Write(bytes.Join(ps.Kept, nil)); err != nil {
			return fail(fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err))
		}
	}
	if ps.Good < len(data) || ps.Good == 0 {
		if err := f.Sync(); err != nil {
			return fail(fmt.Errorf("%w: syncing %s: %w", ErrCheckpoint, path, err))
		}
	}
	if ps.Dropped > 0 {
		c.Salvaged = fmt.Sprintf("%s: dropped %d damaged or torn line(s) (%d bytes, first at line %d) and kept the %d valid unit record(s); the dropped units are counted again",
			path, ps.Dropped, ps.DroppedBytes, ps.FirstBad, len(ps.Done))
	}
	return c, ps.Done, nil
}

// Parsed is what ParseCheckpoint read from a checkpoint file.
type Parsed struct {
	Key  string         // the count's key ("" for an empty file)
	Done map[int]uint64 // unit -> contribution, from every valid line
	// Good is the length of the prefix before the first damaged line;
	// Kept are the valid lines after it (each with its newline).
	Good int
	Kept [][]byte
	// Dropped lines failed their CRC, were malformed or torn (the last
	// line without a newline); DroppedBytes is their length and FirstBad
	// the 1-based number of the first.
	Dropped, DroppedBytes, FirstBad int
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

// ParseCheckpoint reads a checkpoint file's contents, salvaging what it
// can: lines that fail their CRC or are torn are counted as dropped, the
// valid ones kept. It fails (ErrCheckpoint) only when the first line is
// not a checkpoint header, or when two valid lines record one unit with
// different contributions. It reads data once: O(len(data)).
func ParseCheckpoint(data []byte) (Parsed, error) {
	ps := Parsed{Done: map[int]uint64{}}
	lineNo, off := 0, 0
	drop := func(n int) {
		ps.Dropped++
		ps.DroppedBytes += n
		if ps.FirstBad == 0 {
			ps.FirstBad = lineNo
			ps.Good = off
		}
	}
	for off < len(data) {
		rest := data[off:]
		lineNo++
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			if lineNo == 1 {
				return Parsed{Done: map[int]uint64{}}, nil // only a torn header: empty
			}
			drop(len(rest)) // torn last line
			break
		}
		line := string(rest[:nl])
		if lineNo == 1 {
			text, ok := checkLine(line, "")
			key := strings.TrimPrefix(text, checkpointMagic+" ")
			if !ok || !strings.HasPrefix(text, checkpointMagic+" ") || key == "" || strings.ContainsAny(key, " \t\r") {
				return Parsed{}, fmt.Errorf("%w: line 1 is not a boardgraph checkpoint header (the file is damaged or not a checkpoint; remove it to count again)", ErrCheckpoint)
			}
			ps.Key = key
		} else if u, c, ok := unitLine(line, ps.Key); !ok {
			drop(nl + 1)
		} else {
			if old, dup := ps.Done[u]; dup && old != c {
				return Parsed{}, fmt.Errorf("%w: line %d records unit %d again with another count (%d, then %d); remove the file to count again", ErrCheckpoint, lineNo, u, old, c)
			}
			ps.Done[u] = c
			if ps.FirstBad != 0 {
				ps.Kept = append(ps.Kept, rest[:nl+1])
			}
		}
		off += nl + 1
	}
	if ps.FirstBad == 0 {
		ps.Good = off
	}
	return ps, nil
}

// unitLine parses a unit record.
func unitLine(line, key string) (int, uint64, bool) {
	text, ok := checkLine(line, key)
	if !ok {
		return 0, 0, false
	}
	f := strings.Fields(text)
	if len(f) != 3 || f[0] != "u" {
		return 0, 0, false
	}
	u, err1 := strconv.Atoi(f[1])
	c, err2 := strconv.ParseUint(f[2], 10, 64)
	if err1 != nil || err2 != nil || u < 0 {
		return 0, 0, false
	}
	return u, c, true
}

// Append records a completed unit. It is safe for concurrent use; the
// record reaches the operating system before Append returns.
func (c *Checkpoint) Append(unit int, contribution uint64) error {
	line := withCRC(fmt.Sprintf("u %d %d", unit, contribution), c.key) + "\n"
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.f.WriteString(line); err != nil { // one write call
		return fmt.Errorf("%w: %w", ErrCheckpoint, err)
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
		return fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	c.lastSync, c.dirty = time.Now(), false
	return nil
}

// Close syncs, unlocks and closes the file. A second Close does nothing.
func (c *Checkpoint) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.f == nil {
		return nil
	}
	err := c.sync()
	if cerr := c.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%w: %w", ErrCheckpoint, cerr)
	}
	c.f = nil
	return err
}
