package web

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReasonNumbers: leaper.numbers and numberPair, which read the
// positions a precheck reason names without package regexp (kept out of
// the WebAssembly engine), give what the regular expressions they replace
// gave, on listed and random reasons.
func TestReasonNumbers(t *testing.T) {
	t.Parallel()
	positionsRe := regexp.MustCompile(`cells fixed at positions (\d+) and (\d+)`)
	numberedRe := regexp.MustCompile(`cells numbered (\d+) and (\d+)`)
	oracle := func(text string, k int) string { // the code before the change
		if k == 0 {
			return positionsRe.ReplaceAllString(text, "cells numbered $1 and $2")
		}
		return positionsRe.ReplaceAllStringFunc(text, func(m string) string {
			g := positionsRe.FindStringSubmatch(m)
			a, _ := strconv.Atoi(g[1])
			b, _ := strconv.Atoi(g[2])
			return fmt.Sprintf("cells numbered %d and %d", a+k-1, b+k-1)
		})
	}
	cases := []string{
		"",
		"the cells fixed at positions 3 and 7 are more than 2 moves apart",
		"cells fixed at positions 1 and 2; cells fixed at positions 10 and 12.",
		"cells fixed at positions x and 2, cells fixed at positions 4 and 5",
		"cells fixed at positions 4 and ",
		"cells numbered 2 and 4 are far",
	}
	pieces := []string{"cells fixed at positions ", "cells numbered ", " and ", "and", "1", "23", "0", "x", " ", ";", "99999999999999999999"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(9) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, text := range cases {
		for _, k := range []int{0, 1, 5} {
			L := &leaper{path: make([]int32, k)}
			if got, want := L.numbers(text), oracle(text, k); got != want {
				t.Errorf("numbers(%q) with %d placed = %q, want %q", text, k, got, want)
			}
		}
		a, b, i, j, ok := numberPair(text, "cells numbered ")
		m := numberedRe.FindStringSubmatchIndex(text)
		if ok != (m != nil) || ok && (a != text[m[2]:m[3]] || b != text[m[4]:m[5]] || i != m[0] || j != m[1]) {
			t.Errorf("numberPair(%q) = %q %q [%d:%d] %v, the regular expression finds %v", text, a, b, i, j, ok, m)
		}
	}
}

// TestParseQuery: parseQuery reads what url.ParseQuery reads, and refuses
// what it refuses.
func TestParseQuery(t *testing.T) {
	t.Parallel()
	cases := []string{"", "format=png", "format=svg&x=1", "a=1&a=2", "format", "=x", "a%zz=1", "a=%41+b", "a=1;b=2", "&&format=png&", "f%6Frmat=png"}
	rng := rand.New(rand.NewPCG(7, 8))
	const alphabet = "af=&%+;2"
	for range 20000 {
		b := make([]byte, rng.IntN(9))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, err := url.ParseQuery(s)
		got, ok := parseQuery(s)
		if ok != (err == nil) || ok && !reflect.DeepEqual(map[string][]string(got), map[string][]string(want)) {
			t.Errorf("parseQuery(%q) = %v, %v; url.ParseQuery gives %v, %v", s, got, ok, want, err)
		}
	}
}
