package request

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/count"
)

// TestCountGridPath: grid graphs (moves 1,0) go through the grid sweep
// with --method dp and auto, without annealing an order, and agree with
// the search and with the general dynamic program (--order-seed keeps
// it, as a cross-check).
func TestCountGridPath(t *testing.T) {
	t.Parallel()
	prev := ""
	for _, tc := range []struct {
		lf   LeaperFlags
		cf   CountFlags
		grid bool
		want string
	}{
		{LeaperFlags{Spec: "6x6", Moves: "1,0", Closed: true}, CountFlags{Undirected: true}, true, "1072"},
		{LeaperFlags{Spec: "6x6", Moves: "1,0", Closed: true}, CountFlags{Method: MethodDP}, true, "2144"},
		{LeaperFlags{Spec: "6x6", Moves: "1,0", Closed: true}, CountFlags{Method: MethodDP, OrderSeed: 3}, false, "2144"},
		{LeaperFlags{Spec: "5x5", Moves: "1,0"}, CountFlags{Undirected: true}, true, "4324"},
		{LeaperFlags{Spec: "5x5", Moves: "1,0"}, CountFlags{Method: MethodDFS, Undirected: true}, false, "4324"},
		{LeaperFlags{Spec: "4x6", Moves: "1,0", Start: "2,3"}, CountFlags{}, true, "?"},
		{LeaperFlags{Spec: "4x6", Moves: "1,0", Start: "2,3"}, CountFlags{Method: MethodDFS}, false, "="},
		{LeaperFlags{Spec: "4x6", Moves: "1,0", Start: "1,1", End: "4,5"}, CountFlags{Method: MethodDP}, true, "?"},
		{LeaperFlags{Spec: "4x6", Moves: "1,0", Start: "1,1", End: "4,5"}, CountFlags{Method: MethodDFS}, false, "="},
	} {
		// "?": any count, which the next case ("=") must repeat.
		c, err := newCount(t, tc.lf, tc.cf)
		if err != nil {
			t.Fatalf("%+v %+v: %v", tc.lf, tc.cf, err)
		}
		if c.gridPath() != tc.grid {
			t.Errorf("%+v %+v: grid path %v, want %v (method %s: %s)", tc.lf, tc.cf, c.gridPath(), tc.grid, c.Method, c.Why)
		}
		res, err := c.Run(t.Context(), c.Options(), DPOptions{})
		if err != nil || !res.Complete {
			t.Fatalf("%+v %+v: %v", tc.lf, tc.cf, err)
		}
		switch tc.want {
		case "?":
			prev = res.Count.String()
			if prev == "0" {
				t.Errorf("%+v: no paths", tc.lf)
			}
			continue
		case "=":
			tc.want = prev
		}
		if res.Count.String() != tc.want {
			t.Errorf("%+v %+v: %v, want %s", tc.lf, tc.cf, res.Count, tc.want)
		}
		if s := c.Summary(res); tc.grid && !strings.Contains(s, "grid transfer matrix") {
			t.Errorf("summary %q does not name the grid sweep", s)
		}
	}
}

// A grid count over --max-memory is refused in the user's terms: the
// flag as given, the memory and time the count needs and a value that
// fits, never the library's field; the value it names lets it run.
func TestCountGridRefusal(t *testing.T) {
	t.Parallel()
	lf := LeaperFlags{Spec: "14x14", Moves: "1,0", Closed: true}
	c, err := newCount(t, lf, CountFlags{Method: MethodDP, MaxMemory: "1M"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Run(t.Context(), c.Options(), DPOptions{})
	msg := fmt.Sprint(err)
	if !errors.Is(err, ErrInput) || !strings.Contains(msg, "over --max-memory 1M;") || !strings.Contains(msg, "of CPU") || strings.Contains(msg, "Options.MaxBytes") {
		t.Fatalf("14x14 at --max-memory 1M: %v; want an input error naming --max-memory 1M, the time, and no library field", err)
	}
	fit := fitFrom(t, msg)
	if c, err = newCount(t, lf, CountFlags{Method: MethodDP, MaxMemory: fit}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(t.Context(), c.Options(), DPOptions{})
	if err != nil || res.Directed.String() != "112252999240982874562527216" {
		t.Errorf("--max-memory %s: %v, %v; want 2 x A003763(7)", fit, res, err)
	}
}

// A grid count modulo one prime (count --prime-index) over --max-memory
// is refused in the same terms, for its one pass; the value it names lets
// it run, and the residue is the count's.
func TestCountGridPrimeRefusal(t *testing.T) {
	t.Parallel()
	lf := LeaperFlags{Spec: "14x14", Moves: "1,0", Closed: true}
	c, err := newCount(t, lf, CountFlags{Method: MethodDP, MaxMemory: "1M", PrimeIndex: "0"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.RunPrime(t.Context(), DPOptions{}, "test")
	msg := fmt.Sprint(err)
	if !errors.Is(err, ErrInput) || !strings.Contains(msg, "over --max-memory 1M;") || !strings.Contains(msg, "one pass for this prime") || strings.Contains(msg, "Options.MaxBytes") {
		t.Fatalf("14x14 prime 0 at --max-memory 1M: %v; want an input error naming --max-memory 1M and one pass, and no library field", err)
	}
	fit := fitFrom(t, msg)
	if c, err = newCount(t, lf, CountFlags{Method: MethodDP, MaxMemory: fit, PrimeIndex: "0"}); err != nil {
		t.Fatal(err)
	}
	r, _, err := c.RunPrime(t.Context(), DPOptions{}, "test")
	total, _ := new(big.Int).SetString("112252999240982874562527216", 10) // 2 x A003763(7)
	want := total.Mod(total, new(big.Int).SetUint64(count.Prime(0)))
	if err != nil || r.Residue != want.String() {
		t.Errorf("--max-memory %s: %v, %v; want residue %s", fit, r, err, want)
	}
}

// fitFrom returns the value a refusal tells the user to give to
// --max-memory.
func fitFrom(t *testing.T, msg string) string {
	t.Helper()
	i := strings.Index(msg, "give --max-memory ")
	if i < 0 {
		t.Fatalf("no value to give in %q", msg)
	}
	return strings.Fields(msg[i+len("give --max-memory "):])[0]
}
