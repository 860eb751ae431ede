package input

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/moves"
)

// IsSpec reports whether s has the shape of a board size, "5x5": digits,
// x or X, digits (surrounding space ignored).
func IsSpec(s string) bool {
	s = strings.TrimSpace(s)
	r := digits(s)
	if r == 0 || r == len(s) || (s[r] != 'x' && s[r] != 'X') {
		return false
	}
	c := digits(s[r+1:])
	return c > 0 && r+1+c == len(s)
}

// ParseBoardMap reads a board text map (board.Parse). A map drawn in Rosetta
// Code's Hopido layout, where '0' is an open cell and '.' a blocked one
// (every cell '0' or '.'), is read in that convention.
func ParseBoardMap(data []byte) (*board.Board, error) {
	if rosetta(data) {
		var sb strings.Builder
		for _, ch := range string(data) {
			switch ch {
			case '0':
				sb.WriteByte('.')
			case '.':
				sb.WriteByte('#')
			default:
				sb.WriteRune(ch)
			}
		}
		data = []byte(sb.String())
	}
	return board.Parse(bytes.NewReader(data))
}

// rosetta reports whether a map uses Rosetta Code's layout: at least one
// '0' cell and nothing but '0', '.' and white space outside comments.
func rosetta(data []byte) bool {
	zero := false
	for line := range strings.SplitSeq(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "//") {
			continue
		}
		for _, tok := range strings.Fields(t) {
			for _, ch := range tok {
				switch ch {
				case '0':
					zero = true
				case '.':
				default:
					return false
				}
			}
		}
	}
	return zero
}

// ParseMoves reads a move set (moves.Parse); an error lists every preset.
func ParseMoves(spec string) (moves.Set, error) {
	ms, err := moves.Parse(spec)
	if err != nil {
		return ms, fmt.Errorf("%w; presets: %s", err, strings.Join(moves.Presets(), ", "))
	}
	return ms, nil
}

// TathamID reports whether s starts with the head of a Tatham Bridges
// game ID: <W>x<H>, then parameters, then ':' (the regular expression
// ^[0-9]+x[0-9]+[0-9A-Za-z]*:, matched by hand so that the page's
// WebAssembly engine does not carry package regexp).
func TathamID(s string) bool {
	w := digits(s)
	if w == 0 || w == len(s) || s[w] != 'x' {
		return false
	}
	s = s[w+1:]
	h := digits(s)
	if h == 0 {
		return false
	}
	for _, c := range []byte(s[h:]) {
		switch {
		case c == ':':
			return true
		case '0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	return false
}

// digits returns the length of the run of ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// TathamURL returns the game ID of a Tatham web URL
// ("https://.../bridges.html#7x7m2:...": the part after '#', unescaped),
// and any other text, puzz.link URLs included, unchanged. puzzleio.Parse
// reads the bare ID. Unlike PuzzleInput it does not check that the page is
// Bridges: the parser's error says what is wrong with the ID.
func TathamURL(text string) string {
	if !strings.HasPrefix(text, "http://") && !strings.HasPrefix(text, "https://") || strings.Contains(text, "puzz.link") {
		return text
	}
	if _, frag, ok := URLFragment(text); ok {
		return frag
	}
	return text
}

// URLFragment splits a at its first '#' into the page and the fragment,
// unescaped where it can be, and says whether there was one.
func URLFragment(a string) (page, frag string, ok bool) {
	page, frag, ok = strings.Cut(a, "#")
	if u, ok := Unescape(frag, false); ok {
		frag = u
	}
	return page, frag, ok
}

// Unescape decodes the %XX escapes of s, and for a query (query true) '+'
// as a space: url.QueryUnescape and url.PathUnescape, without package
// net/url (whose initialisation would add 28 KB gzipped to the page's
// WebAssembly engine). ok is false when an escape is malformed.
func Unescape(s string, query bool) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", false
			}
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		case c == '+' && query:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
