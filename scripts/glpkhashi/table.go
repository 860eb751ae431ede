package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// readCSV reads a small CSV file with a header line into rows of fields
// keyed by the header's names.
func readCSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(io.LimitReader(f, 16<<20)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			if i < len(r) {
				m[h] = r[i]
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// stats returns the mean, p99 and max of xs (p99: the value at rank
// ceil(0.99 n)), or "-" three times when xs is empty.
func stats(xs []float64, unit func(float64) string) [3]string {
	if len(xs) == 0 {
		return [3]string{"-", "-", "-"}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	return [3]string{unit(sum / float64(len(s))), unit(s[(len(s)*99+99)/100-1]), unit(s[len(s)-1])}
}

// table prints a Markdown table that sets glpsol's CPU times (the CSV this
// command writes) beside boardgraph's (TestCoelhoTimes -coelho-csv), over
// the instances glpsol was run on.
func table(glpkPath, oursPath string) error {
	g, err := readCSV(glpkPath)
	if err != nil {
		return err
	}
	o, err := readCSV(oursPath)
	if err != nil {
		return err
	}
	ours := map[string]map[string]string{}
	for _, r := range o {
		ours[r["instance"]] = r
	}
	ms := func(x float64) string { return fmt.Sprintf("%.1f ms", x) }
	sec := func(x float64) string { return fmt.Sprintf("%.2f s", x) }
	fmt.Println("| islands | instances | boardgraph solve mean / p99 / max | boardgraph count-to-2 mean / p99 / max | GLPK solved | GLPK mean / p99 / max (solved) | boardgraph solve max on those |")
	fmt.Println("|---|---|---|---|---|---|---|")
	var sizes []string
	for _, r := range g {
		if !slices.Contains(sizes, r["islands"]) {
			sizes = append(sizes, r["islands"])
		}
	}
	for _, size := range sizes {
		var solve, count2, glpk, solvedOurs []float64
		n := 0
		for _, r := range g {
			if r["islands"] != size {
				continue
			}
			n++
			or, ok := ours[r["instance"]]
			if !ok {
				return fmt.Errorf("%s: not in %s", r["instance"], oursPath)
			}
			s, _ := strconv.ParseFloat(or["solve_ms"], 64)
			c, _ := strconv.ParseFloat(or["count2_ms"], 64)
			solve = append(solve, s)
			count2 = append(count2, c)
			if r["status"] == "solved" {
				x, _ := strconv.ParseFloat(r["cpu_s"], 64)
				glpk = append(glpk, x)
				solvedOurs = append(solvedOurs, s)
			}
		}
		a, b, c := stats(solve, ms), stats(count2, ms), stats(glpk, sec)
		fmt.Printf("| %s | %d | %s | %s | %d of %d | %s | %s |\n", size, n, strings.Join(a[:], " / "), strings.Join(b[:], " / "), len(glpk), n, strings.Join(c[:], " / "), stats(solvedOurs, ms)[2])
	}
	return nil
}
