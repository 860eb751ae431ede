package request

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestTathamURL: the web page and the CLI read a Tatham page URL as its
// game ID (unescaped), and leave IDs, puzz.link URLs, URLs without '#' and
// undecodable escapes as they are.
func TestTathamURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"7x7m2:a1a3b42", "7x7m2:a1a3b42"},
		{"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#7x7m2:a1a3b42", "7x7m2:a1a3b42"},
		{"http://x/bridges.html#7x7m2%3Aa1a3b42", "7x7m2:a1a3b42"},
		{"http://x/bridges.html#7x7m2:a1%zz", "7x7m2:a1%zz"},
		{"https://x/bridges.html", "https://x/bridges.html"},
		{"https://puzz.link/p?hashikake/7/7/a#b", "https://puzz.link/p?hashikake/7/7/a#b"},
	} {
		if got := TathamURL(tc.in); got != tc.want {
			t.Errorf("TathamURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestShapeMatchers: isTathamID and IsSpec match exactly what the regular
// expressions they replace (to keep package regexp out of the page's
// WebAssembly engine) match, on listed and random strings.
func TestShapeMatchers(t *testing.T) {
	t.Parallel()
	tathamRE := regexp.MustCompile(`^[0-9]+x[0-9]+[0-9A-Za-z]*:`)
	specRE := regexp.MustCompile(`^[0-9]+[xX][0-9]+$`)
	cases := []string{"", "x", "7x7", "7x7:", "7x7m2:a1", "7X7m2:a1", "x7:", "7x:", "77x7b:", "7x7m-2:", "7x7m2", " 5x5 ", "5X5", "5x5x", "05x05", "5x5\n", "1x", "12x34:"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789xX:m- \n"
	for range 20000 {
		b := make([]byte, rng.IntN(8))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := isTathamID(s), tathamRE.MatchString(s); got != want {
			t.Errorf("isTathamID(%q) = %v, the regular expression says %v", s, got, want)
		}
		if got, want := IsSpec(s), specRE.MatchString(strings.TrimSpace(s)); got != want {
			t.Errorf("IsSpec(%q) = %v, the regular expression says %v", s, got, want)
		}
	}
}
