package puzzleio

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardgraph/boardgraph/numberlink"
)

// puzz.link URLs (the package comment in format.go gives the format).

// isPuzzLink reports whether s is a pzpr URL of any puzzle type (ParsePuzzLink
// names the types it does not read).
func isPuzzLink(s string) bool {
	_, _, ok := puzzLinkURL(s)
	return ok
}

// puzzLinkHosts are the sites that serve pzpr puzzles under URLs
// "<host>/p?<type>/<W>/<H>/<body>" (pzv.jp: "p.html?").
var puzzLinkHosts = []string{"puzz.link/", "pzv.jp/", "pzprxs.vercel.app/", "pzplus.tck.mn/"}

// puzzLinkTypes are the pzpr names of Hashiwokakero.
var puzzLinkTypes = []string{"hashikake", "hashi", "bridges"}

// puzzLinkURL splits a pzpr URL into its puzzle type and what follows the
// type ("<W>/<H>/<body>"). ok is false when s is not such a URL: neither on
// a pzpr host nor holding "?hashikake/" (or hashi/, bridges/).
func puzzLinkURL(s string) (typ, body string, ok bool) {
	if strings.ContainsAny(s, " \t\n") {
		return "", "", false
	}
	for _, name := range puzzLinkTypes {
		if _, body, ok := strings.Cut(s, "?"+name+"/"); ok {
			return name, body, true
		}
	}
	for _, host := range puzzLinkHosts {
		_, rest, ok := strings.Cut(s, host)
		if !ok {
			continue
		}
		_, rest, ok = strings.Cut(rest, "?")
		if !ok {
			return "", "", false
		}
		typ, body, _ = strings.Cut(rest, "/")
		typ = strings.TrimSuffix(strings.TrimSuffix(typ, "_edit"), "_play")
		return typ, body, typ != ""
	}
	return "", "", false
}

// ParsePuzzLink reads a puzz.link hashikake URL (see the FORMAT comment).
// The bridge limit is 2. Islands with an unknown number ('.') are not
// supported. A URL of another puzzle type is refused with its type named,
// and a damaged body (cut short, or with characters past the last cell) is
// refused, never read as another puzzle.
func ParsePuzzLink(url string) (*numberlink.Grid, error) {
	return parsePuzzLink(context.Background(), url)
}

func parsePuzzLink(ctx context.Context, url string) (*numberlink.Grid, error) {
	url = strings.TrimSpace(url)
	typ, body, ok := puzzLinkURL(url)
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: %q is not a puzz.link hashikake URL: write https://puzz.link/p?hashikake/<W>/<H>/<body>", ErrFormat, clip(url))
	case !slices.Contains(puzzLinkTypes, typ):
		return nil, fmt.Errorf("%w: this is a %s puzzle (puzz.link type %q); boardgraph reads hashikake/bridges (Hashiwokakero) URLs", ErrFormat, clip(typ), clip(typ))
	}
	parts := strings.Split(body, "/")
	// Skip option segments before the size (none are defined for hashikake,
	// but pzpr URLs may carry a leading flag such as "p" or "v:"): letters
	// and colons only, so that a damaged size ("-3", "+3") is refused, not
	// skipped.
	for len(parts) > 0 && parts[0] != "" && strings.Trim(parts[0], "abcdefghijklmnopqrstuvwxyz:") == "" {
		parts = parts[1:]
	}
	if len(parts) < 2 {
		return nil, fmt.Errorf("%w: puzz.link URL without a size: write ?hashikake/<W>/<H>/<body>", ErrFormat)
	}
	cols, err1 := strconv.Atoi(parts[0])
	rows, err2 := strconv.Atoi(parts[1])
	if !allDigits(parts[0]) || !allDigits(parts[1]) || err1 != nil || err2 != nil || cols < 1 || rows < 1 || rows > numberlink.MaxCells/cols {
		return nil, fmt.Errorf("%w: puzz.link size %q/%q: width and height must be positive numbers, at most %d cells in all", ErrFormat, clip(parts[0]), clip(parts[1]), numberlink.MaxCells)
	}
	data := ""
	if len(parts) > 2 {
		data = parts[2]
	}
	if len(parts) > 3 && strings.Join(parts[3:], "") != "" {
		return nil, fmt.Errorf("%w: puzz.link URL has %q after the body: a hashikake URL ends with <W>/<H>/<body>; copy the URL whole", ErrFormat, clip(strings.Join(parts[3:], "/")))
	}
	n := rows * cols
	clues := make([]int, 0, min(n, 20*len(data)+1))
	hex := func(s string) (int, bool) {
		v, err := strconv.ParseUint(s, 16, 16)
		return int(v), err == nil
	}
	i := 0
	for ; i < len(data) && len(clues) < n; i++ {
		c := data[i]
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f':
			v, _ := hex(string(c))
			if v == 0 {
				return nil, fmt.Errorf("%w: puzz.link island numbered 0 at cell %d: islands are numbered 1 or more", ErrFormat, len(clues)+1)
			}
			clues = append(clues, v)
		case c == '-' || c == '+' || c == '=':
			w := 2
			if c != '-' {
				w = 3
			}
			if i+w >= len(data) {
				return nil, fmt.Errorf("%w: puzz.link body ends inside %q: it needs %d hex digits", ErrFormat, data[i:], w)
			}
			v, ok := hex(data[i+1 : i+1+w])
			if !ok || v == 0 {
				return nil, fmt.Errorf("%w: puzz.link %q: %c needs %d hex digits", ErrFormat, data[i:i+1+w], c, w)
			}
			if c == '=' {
				v += 4096
			}
			clues = append(clues, v)
			i += w
		case c == '.':
			return nil, fmt.Errorf("%w: puzz.link island with an unknown number ('.') at cell %d: give every island its number", ErrFormat, len(clues)+1)
		case c >= 'g' && c <= 'z':
			for range min(int(c-'g')+1, n-len(clues)) {
				clues = append(clues, 0) // a final skip may run past the end, as pzpr allows
			}
		default:
			return nil, fmt.Errorf("%w: puzz.link body character %q at position %d: clues are 0-9 a-f -xx +xxx, skips g-z", ErrFormat, c, i+1)
		}
	}
	switch {
	case i < len(data):
		return nil, fmt.Errorf("%w: puzz.link body has %q past the last of the %dx%d = %d cells: check the size or copy the URL whole", ErrFormat, clip(data[i:]), cols, rows, n)
	case len(clues) < n:
		return nil, fmt.Errorf("%w: puzz.link body describes %d cells, %dx%d needs %d: the URL is cut short; copy it whole", ErrFormat, len(clues), cols, rows, n)
	}
	g, err := buildGrid(ctx, rows, cols, 2, clues)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// FormatPuzzLink writes g as a puzz.link hashikake URL.
func FormatPuzzLink(g *numberlink.Grid) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "https://puzz.link/p?hashikake/%d/%d/", g.Cols, g.Rows)
	run := 0
	flush := func() { writeRuns(&b, &run, 'g', 20) }
	for _, m := range g.Clues() {
		switch {
		case m == 0:
			run++
			continue
		case m < 16:
			flush()
			b.WriteString(strconv.FormatInt(int64(m), 16))
		case m < 256:
			flush()
			fmt.Fprintf(&b, "-%02x", m)
		case m < 4096:
			flush()
			fmt.Fprintf(&b, "+%03x", m)
		default:
			return "", fmt.Errorf("%w: clue %d: puzz.link holds clues below 4096", ErrNotEncodable, m)
		}
	}
	flush()
	return b.String(), nil
}
