// Command glpkhashi times GLPK (glpsol) on the Coelho et al. Hashi benchmark
// with its own GNU MathProg model (hashi.mod), so that boardgraph's solver
// times can be set beside those of a general MIP solver on the same
// instances. Each solution glpsol prints is checked by the independent
// verifier verify.KGrid before its time counts.
//
// Usage (from the repository root, glpk-utils installed):
//
//	go run ./scripts/glpkhashi -data internal/testdata/coelho2019 -every 8 -cpulim 20 > glpk.csv
//
// It prints one CSV line per instance (name, islands, status, glpsol's CPU
// seconds, glpsol's own "Time used") and then, on stderr, a table of mean,
// p99 and max CPU seconds per island count over the instances solved.
//
// With -table it runs nothing and prints a Markdown table instead, setting
// the CSV it wrote beside boardgraph's times on the same instances (the CSV
// of BOARDGRAPH_LONG=1 go test ./numberlink -run CoelhoTimes -coelho-csv FILE):
//
//	go run ./scripts/glpkhashi -table -glpk glpk.csv -ours ours.csv
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/verify"
)

// maxHas bounds the size of an instance file read.
const maxHas = 1 << 20

type island struct{ r, c, mag int }

type instance struct {
	rows, cols int
	clues      []int
	isl        []island
	pairs      [][2]int // island indices, 0-based, facing in a row or column
	cross      [][2]int // indices into pairs of two segments that cross
}

// readHas reads a Coelho .has file: "rows cols islands" then the grid.
func readHas(path string) (*instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxHas+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxHas {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxHas)
	}
	fs := strings.Fields(string(data))
	if len(fs) < 3 {
		return nil, fmt.Errorf("%s: no \"rows cols islands\" header", path)
	}
	var h [3]int
	for i := range h {
		if h[i], err = strconv.Atoi(fs[i]); err != nil || h[i] < 1 {
			return nil, fmt.Errorf("%s: bad header field %q", path, fs[i])
		}
	}
	in := &instance{rows: h[0], cols: h[1]}
	if len(fs) != 3+in.rows*in.cols {
		return nil, fmt.Errorf("%s: %d cells for a %dx%d grid", path, len(fs)-3, in.rows, in.cols)
	}
	id := make([]int, in.rows*in.cols)
	for i, s := range fs[3:] {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > 8 {
			return nil, fmt.Errorf("%s: bad cell %q", path, s)
		}
		in.clues = append(in.clues, v)
		id[i] = -1
		if v > 0 {
			id[i] = len(in.isl)
			in.isl = append(in.isl, island{i / in.cols, i % in.cols, v})
		}
	}
	if len(in.isl) != h[2] {
		return nil, fmt.Errorf("%s: header says %d islands, grid has %d", path, h[2], len(in.isl))
	}
	// Facing pairs: each island with the nearest island to its right and
	// below it.
	for a, is := range in.isl {
		for c := is.c + 1; c < in.cols; c++ {
			if b := id[is.r*in.cols+c]; b >= 0 {
				in.pairs = append(in.pairs, [2]int{a, b})
				break
			}
		}
		for r := is.r + 1; r < in.rows; r++ {
			if b := id[r*in.cols+is.c]; b >= 0 {
				in.pairs = append(in.pairs, [2]int{a, b})
				break
			}
		}
	}
	// A horizontal and a vertical segment cross when each passes strictly
	// through the other's line.
	for p, hp := range in.pairs {
		a, b := in.isl[hp[0]], in.isl[hp[1]]
		if a.r != b.r {
			continue
		}
		for q, vp := range in.pairs {
			u, v := in.isl[vp[0]], in.isl[vp[1]]
			if u.c != v.c {
				continue
			}
			if a.c < u.c && u.c < b.c && u.r < a.r && a.r < v.r {
				in.cross = append(in.cross, [2]int{p, q})
			}
		}
	}
	return in, nil
}

// writeData writes the instance as a MathProg data section for hashi.mod.
func (in *instance) writeData(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "data;\nparam n := %d;\nparam k := 2;\nparam mag :=", len(in.isl))
	for i, is := range in.isl {
		fmt.Fprintf(bw, "\n %d %d", i+1, is.mag)
	}
	fmt.Fprint(bw, ";\nset P :=")
	for _, p := range in.pairs {
		fmt.Fprintf(bw, "\n (%d,%d)", p[0]+1, p[1]+1)
	}
	fmt.Fprint(bw, ";\nset X :=")
	for _, x := range in.cross {
		p, q := in.pairs[x[0]], in.pairs[x[1]]
		fmt.Fprintf(bw, "\n (%d,%d,%d,%d)", p[0]+1, p[1]+1, q[0]+1, q[1]+1)
	}
	fmt.Fprint(bw, ";\nend;\n")
	return bw.Flush()
}

type result struct {
	name    string
	islands int
	status  string  // solved, timeout, or an error word
	cpu     float64 // glpsol's user+system seconds
	used    float64 // glpsol's "Time used" line (the MIP search)
}

// run solves one instance with glpsol and verifies the bridges it prints.
func run(model, path string, cpulim int, dir string) result {
	res := result{name: filepath.Base(path)}
	in, err := readHas(path)
	if err != nil {
		res.status = "bad-input"
		fmt.Fprintln(os.Stderr, err)
		return res
	}
	res.islands = len(in.isl)
	dat := filepath.Join(dir, strings.TrimSuffix(res.name, ".has")+".dat")
	f, err := os.Create(dat)
	if err == nil {
		err = in.writeData(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		res.status = "io-error"
		fmt.Fprintln(os.Stderr, err)
		return res
	}
	defer os.Remove(dat)
	var out bytes.Buffer
	// The limit is on CPU time (ulimit -t: the kernel stops glpsol with
	// SIGXCPU), like the times reported; glpsol's own --tmlim counts wall
	// time, which a shared machine stretches, so it is only a backstop.
	script := fmt.Sprintf("ulimit -t %d && exec glpsol --math \"$1\" -d \"$2\" --tmlim %d", cpulim, 20*cpulim)
	cmd := exec.Command("sh", "-c", script, "sh", model, dat)
	cmd.Stdout = &out
	cmd.Stderr = &out
	err = cmd.Run()
	if cmd.ProcessState != nil {
		res.cpu = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	}
	text := out.String()
	for _, l := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(l, "Time used:"); ok {
			res.used, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "secs")), 64)
		}
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && !exit.Exited() || strings.Contains(text, "TIME LIMIT EXCEEDED"):
		res.status = "timeout"
		return res
	case err != nil:
		res.status = "glpsol-error"
		fmt.Fprintf(os.Stderr, "%s: %v\n%s", res.name, err, tail(text))
		return res
	case !strings.Contains(text, "INTEGER OPTIMAL SOLUTION FOUND"):
		res.status = "no-solution"
		fmt.Fprintf(os.Stderr, "%s: glpsol found no solution\n%s", res.name, tail(text))
		return res
	}
	var bridges []verify.Bridge
	for _, l := range strings.Split(text, "\n") {
		var a, b, m int
		if _, err := fmt.Sscanf(l, "BRIDGE %d %d %d", &a, &b, &m); err != nil {
			continue
		}
		if a < 1 || b < 1 || a > len(in.isl) || b > len(in.isl) {
			res.status = "bad-output"
			return res
		}
		ia, ib := in.isl[a-1], in.isl[b-1]
		bridges = append(bridges, verify.Bridge{R1: ia.r, C1: ia.c, R2: ib.r, C2: ib.c, N: m})
	}
	if err := verify.KGrid(in.rows, in.cols, in.clues, 2, verify.KGridRules{}, bridges); err != nil {
		res.status = "rejected"
		fmt.Fprintf(os.Stderr, "%s: the verifier rejects glpsol's solution: %v\n", res.name, err)
		return res
	}
	res.status = "solved"
	return res
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

func main() {
	data := flag.String("data", "internal/testdata/coelho2019", "Coelho benchmark directory (subfolders 100, 200, 300, 400)")
	model := flag.String("model", "scripts/glpkhashi/hashi.mod", "the MathProg model")
	sizes := flag.String("sizes", "100,200,300,400", "island counts to run")
	every := flag.Int("every", 1, "run every n-th instance of each size (sorted by name)")
	cpulim := flag.Int("cpulim", 60, "glpsol CPU time limit per instance, seconds")
	tbl := flag.Bool("table", false, "print the comparison table from -glpk and -ours instead of running glpsol")
	glpkCSV := flag.String("glpk", "", "with -table: the CSV an earlier run printed")
	oursCSV := flag.String("ours", "", "with -table: TestCoelhoTimes' -coelho-csv file")
	flag.Parse()
	if *tbl {
		if *glpkCSV == "" || *oursCSV == "" {
			fmt.Fprintln(os.Stderr, "glpkhashi: -table needs -glpk FILE and -ours FILE")
			os.Exit(2)
		}
		if err := table(*glpkCSV, *oursCSV); err != nil {
			fmt.Fprintln(os.Stderr, "glpkhashi:", err)
			os.Exit(2)
		}
		return
	}
	if _, err := exec.LookPath("glpsol"); err != nil {
		fmt.Fprintln(os.Stderr, "glpkhashi: glpsol not found: install glpk-utils (apt-get install glpk-utils)")
		os.Exit(2)
	}
	if *every < 1 || *cpulim < 1 {
		fmt.Fprintln(os.Stderr, "glpkhashi: -every and -cpulim must be at least 1")
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "glpkhashi")
	if err != nil {
		fmt.Fprintln(os.Stderr, "glpkhashi:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(dir)
	bySize := map[string][]result{}
	var order []string
	fmt.Println("instance,islands,status,cpu_s,glpk_time_used_s")
	for _, size := range strings.Split(*sizes, ",") {
		files, err := filepath.Glob(filepath.Join(*data, size, "*.has"))
		if err != nil || len(files) == 0 {
			fmt.Fprintf(os.Stderr, "glpkhashi: no .has files under %s\n", filepath.Join(*data, size))
			os.Exit(2)
		}
		slices.Sort(files)
		order = append(order, size)
		for i, f := range files {
			if i%*every != 0 {
				continue
			}
			t0 := time.Now()
			r := run(*model, f, *cpulim, dir)
			fmt.Printf("%s,%d,%s,%.3f,%.1f\n", r.name, r.islands, r.status, r.cpu, r.used)
			fmt.Fprintf(os.Stderr, "%s %s cpu %.2fs wall %.1fs\n", r.name, r.status, r.cpu, time.Since(t0).Seconds())
			bySize[size] = append(bySize[size], r)
		}
	}
	fmt.Fprintf(os.Stderr, "\n%-8s %4s %6s | %9s %9s %9s (glpsol CPU s, solved instances)\n", "islands", "run", "solved", "mean", "p99", "max")
	failed := false
	for _, size := range order {
		var ts []float64
		for _, r := range bySize[size] {
			if r.status == "solved" {
				ts = append(ts, r.cpu)
			} else if r.status != "timeout" {
				failed = true
			}
		}
		if len(ts) == 0 {
			fmt.Fprintf(os.Stderr, "%-8s %4d %6d |\n", size, len(bySize[size]), 0)
			continue
		}
		slices.Sort(ts)
		sum := 0.0
		for _, t := range ts {
			sum += t
		}
		p99 := ts[(len(ts)*99+99)/100-1]
		fmt.Fprintf(os.Stderr, "%-8s %4d %6d | %9.2f %9.2f %9.2f\n", size, len(bySize[size]), len(ts), sum/float64(len(ts)), p99, ts[len(ts)-1])
	}
	if failed {
		fmt.Fprintln(os.Stderr, "glpkhashi: some instances failed (see above)")
		os.Exit(1)
	}
}
