package numberlink

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
)

// readFigure5 loads testdata/figure5.txt, the seed's Figure 5 rows extracted
// verbatim from the seed text: tables[r][k] = counts for n = 1.. (r = 2, 3, 4).
func readFigure5(t *testing.T) map[int]map[int][]uint64 {
	t.Helper()
	f, err := os.Open("testdata/figure5.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tables := map[int]map[int][]uint64{}
	r := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if n, ok := strings.CutPrefix(line, "neighbours "); ok {
			r, _ = strconv.Atoi(n)
			tables[r] = map[int][]uint64{}
			continue
		}
		f := strings.Fields(line)
		k, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("figure5.txt: %q", line)
		}
		for _, s := range f[1:] {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("figure5.txt: %q", line)
			}
			tables[r][k] = append(tables[r][k], v)
		}
	}
	return tables
}

// TestFigure5 checks every entry of the seed's three Figure 5 tables
// (k = 1..10, n = 1..40, 4/3/2 neighbours) against configCount, and that the
// blank cells of the seed are exactly the zero counts (n > rk).
func TestFigure5(t *testing.T) {
	t.Parallel()
	tables := readFigure5(t)
	entries := 0
	for _, r := range []int{4, 3, 2} {
		t.Run(fmt.Sprintf("neighbours=%d", r), func(t *testing.T) {
			if len(tables[r]) != 10 {
				t.Fatalf("testdata has %d rows for %d neighbours, want 10", len(tables[r]), r)
			}
			got := figure5(r, 10)
			for k := 1; k <= 10; k++ {
				want := tables[r][k]
				if !slices.Equal(got[k-1], want) {
					t.Errorf("k=%d: got %v, seed %v", k, got[k-1], want)
				}
				for n := 1; n <= 40; n++ {
					seed := uint64(0)
					if n <= len(want) {
						seed = want[n-1]
					}
					if c := configCount(k, n, r); c != seed {
						t.Errorf("configCount(k=%d, n=%d, r=%d) = %d, seed %d", k, n, r, c, seed)
					}
				}
			}
		})
		for _, row := range tables[r] {
			entries += len(row)
		}
	}
	// 4 neighbours: sum of 4k over k=1..10 = 220; 3: 165; 2: 110.
	if entries != 495 {
		t.Errorf("testdata holds %d nonzero entries, want 495", entries)
	}
}

// TestFigure5MatchesSeed re-reads the seed itself (the paper's text, kept
// outside the repository: BOARDGRAPH_SEEDS names its directory) and checks
// testdata/figure5.txt against it.
func TestFigure5MatchesSeed(t *testing.T) {
	t.Parallel()
	dir := testfix.External(t, "BOARDGRAPH_SEEDS", "the seed text 002_a807acf836385b75.txt (the k-grid paper)")
	data := testfix.ReadFile(t, filepath.Join(dir, "002_a807acf836385b75.txt"))
	tables := readFigure5(t)
	r := 0
	rows := 0
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, "p has ") {
			r, _ = strconv.Atoi(strings.Fields(line)[2])
			continue
		}
		if strings.HasPrefix(line, "Figure 5") {
			break
		}
		f := strings.Fields(line)
		if r == 0 || len(f) < 2 {
			continue
		}
		k, err := strconv.Atoi(f[0])
		if err != nil || k < 1 || k > 10 {
			continue
		}
		var row []uint64
		for _, s := range f[1:] {
			v, _ := strconv.ParseUint(s, 10, 64)
			row = append(row, v)
		}
		if !slices.Equal(row, tables[r][k]) {
			t.Errorf("seed r=%d k=%d: %v, testdata %v", r, k, row, tables[r][k])
		}
		rows++
	}
	if rows != 30 {
		t.Errorf("found %d table rows in the seed, want 30", rows)
	}
}

func wordStrings(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.String()
	}
	slices.Sort(out)
	return out
}

// TestPhiSection23 checks the two Φ_2 sets listed in §2.3.
func TestPhiSection23(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		n    int
		want string
	}{
		{"magnitude 2", 2, "11 22 33 44 12 13 14 23 24 34"},
		{"magnitude 5", 5, "11223 11224 11233 11234 11244 11334 11344 12233 12234 12244 12334 12344 13344 22334 22344 23344"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := strings.Fields(tc.want)
			slices.Sort(want)
			got := wordStrings(Phi(2, tc.n))
			if !slices.Equal(got, want) {
				t.Errorf("Φ_2 of magnitude %d = %v, want %v", tc.n, got, want)
			}
		})
	}
}

// TestPhiAgreesWithCount cross-checks the enumeration against the DP count
// for every direction mask, and the symmetry the seed notes in §3.1
// (n and rk-n have equally many configurations).
func TestPhiAgreesWithCount(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 5; k++ {
		for mask := 0; mask < 16; mask++ {
			r := maskSize(mask)
			for n := 0; n <= 4*k+1; n++ {
				ws := PhiOver(k, n, mask)
				if uint64(len(ws)) != configCount(k, n, r) {
					t.Fatalf("k=%d mask=%04b n=%d: %d words, count %d", k, mask, n, len(ws), configCount(k, n, r))
				}
				seen := map[Word]bool{}
				for _, w := range ws {
					if w.Len() != n || seen[w] {
						t.Fatalf("k=%d n=%d: bad or repeated word %v", k, n, w)
					}
					seen[w] = true
					for d := range 4 {
						if w[d] > k || (mask&(1<<d) == 0 && w[d] > 0) {
							t.Fatalf("k=%d mask=%04b: word %v breaks the limits", k, mask, w)
						}
					}
				}
				if n <= r*k && configCount(k, n, r) != configCount(k, r*k-n, r) {
					t.Errorf("k=%d r=%d: count(n=%d) != count(rk-n=%d)", k, r, n, r*k-n)
				}
			}
		}
	}
	// §3.1: magnitude 7, four neighbours, k = 2 has 4 ways; §2.2: magnitude
	// 20, four neighbours, k = 10 has 891. (§2.2 also says a magnitude-3 node
	// with four neighbours in a 2-grid has 4 ways; its own Figure 5 gives 16
	// for n = 3, and 4 for n = 7, the symmetric case; the table is right.)
	if c := configCount(2, 3, 4); c != 16 {
		t.Errorf("k=2 n=3 r=4: %d, Figure 5 says 16", c)
	}
	if c := configCount(2, 7, 4); c != 4 {
		t.Errorf("k=2 n=7 r=4: %d, §3.1 says 4", c)
	}
	if c := configCount(10, 20, 4); c != 891 {
		t.Errorf("k=10 n=20 r=4: %d, §2.2 says 891", c)
	}
}

func TestWordString(t *testing.T) {
	t.Parallel()
	w, err := ParseWord("1212121")
	if err != nil {
		t.Fatal(err)
	}
	if w != (Word{4, 3, 0, 0}) || w.String() != "1111222" || w.Len() != 7 || w.Count(1) != 4 {
		t.Errorf("ParseWord(1212121) = %v %q", w, w)
	}
	if _, err := ParseWord("15"); err == nil {
		t.Error("ParseWord(15): no error")
	}
	if s := (Word{}).String(); s != "∅" {
		t.Errorf("empty word prints %q", s)
	}
	a, _ := ParseWord("11223")
	b, _ := ParseWord("12234")
	if got := a.intersect(b).String(); got != "1223" {
		t.Errorf("11223 ∩ 12234 = %s, want 122", got)
	}
}

func ExamplePhi() {
	fmt.Println(Phi(2, 2))
	fmt.Println(configCount(2, 5, 4), configCount(10, 20, 4))
	// Output:
	// [11 12 13 14 22 23 24 33 34 44]
	// 16 891
}
