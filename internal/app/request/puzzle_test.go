package request

import "testing"

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
