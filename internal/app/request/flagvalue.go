package request

import (
	"errors"
	"strings"
	"time"
)

// DurationValue is a flag.Value (and flag.Getter) of a duration read by
// ParseDuration, so that a command line's "--timeout 10" is refused with
// the unit suggested. Its errors leave out the flag's name and value,
// which the flag package prints itself.
type DurationValue struct {
	P    *time.Duration
	Name string // the flag's name, without dashes
}

// Set parses s into *P.
func (d *DurationValue) Set(s string) error {
	v, err := ParseDuration(d.Name, s)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), ErrInput.Error()+": ")
		if _, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "--"+d.Name) {
			msg = rest
		}
		return errors.New(msg)
	}
	*d.P = v
	return nil
}

// String returns the duration, or "" for none (the flag's default).
func (d *DurationValue) String() string {
	if d.P == nil || *d.P == 0 {
		return ""
	}
	return d.P.String()
}

// Get returns the duration (flag.Getter).
func (d *DurationValue) Get() any { return *d.P }
