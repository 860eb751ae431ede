package input

import (
	"math/rand/v2"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestShapeMatchers: TathamID and IsSpec match exactly what the regular
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
		if got, want := TathamID(s), tathamRE.MatchString(s); got != want {
			t.Errorf("TathamID(%q) = %v, the regular expression says %v", s, got, want)
		}
		if got, want := IsSpec(s), specRE.MatchString(strings.TrimSpace(s)); got != want {
			t.Errorf("IsSpec(%q) = %v, the regular expression says %v", s, got, want)
		}
	}
}

// TestUnescape: Unescape decodes as url.PathUnescape and url.QueryUnescape
// do, and fails where they fail.
func TestUnescape(t *testing.T) {
	t.Parallel()
	cases := []string{"", "a", "%41", "%4", "%", "%zz", "a+b", "7x7m2%3Aa1", "%e2%82%AC", "%%41", "100%"}
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "%+aF09gz:"
	for range 20000 {
		b := make([]byte, rng.IntN(7))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		for _, query := range []bool{false, true} {
			want, err := url.PathUnescape(s)
			if query {
				want, err = url.QueryUnescape(s)
			}
			if got, ok := Unescape(s, query); ok != (err == nil) || ok && got != want {
				t.Errorf("Unescape(%q, %v) = %q, %v; net/url gives %q, %v", s, query, got, ok, want, err)
			}
		}
	}
}
