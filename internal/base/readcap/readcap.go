package readcap

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrTooLarge is wrapped by the errors of ReadAll and ReadFile for an
// input over its limit.
var ErrTooLarge = errors.New("input too large")

// ReadAll reads r to the end and returns the data, or fails with an error
// wrapping ErrTooLarge as soon as more than limit bytes have come: at most
// limit+1 bytes are read and held. what names the input in the message
// ("the puzzle"), fix says what to do instead ("split the puzzle").
func ReadAll(r io.Reader, limit int64, what, fix string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(what, limit, fix)
	}
	return data, nil
}

// ReadFile reads the named file like ReadAll. A regular file over the
// limit is refused from its size, before reading; a directory is refused;
// a device or pipe is read up to the limit.
func ReadFile(name string, limit int64, what, fix string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch {
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a directory; give a file", name)
	case fi.Mode().IsRegular() && fi.Size() > limit:
		return nil, tooLarge(what, limit, fix)
	}
	return ReadAll(f, limit, what, fix)
}

func tooLarge(what string, limit int64, fix string) error {
	return fmt.Errorf("%w: %s is larger than %s, the limit; %s", ErrTooLarge, what, Size(limit), fix)
}

// Size writes a byte count for a message: "64 MiB", "1 KiB", "100 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
