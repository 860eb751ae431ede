package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/hidato"
	"github.com/boardgraph/boardgraph/verify"
)

func TestGenerateAndGrade(t *testing.T) {
	dir := t.TempDir()
	for _, level := range []string{"easy", "medium", "hard", "expert"} {
		res := cli(t, "", "generate", "7x7", "--difficulty", level, "--seed", "3", "--format", "json", "--solution", "--quiet")
		if res.code != 0 {
			t.Fatal(res)
		}
		var jp hidato.Report
		if err := json.Unmarshal([]byte(res.stdout), &jp); err != nil {
			t.Fatal(err)
		}
		if jp.Difficulty != level || jp.Solutions != 1 || jp.Board != "7x7" || len(jp.Map) != 7 {
			t.Fatalf("%s: %+v", level, jp)
		}
		// The printed solution passes the verifier with the givens.
		p, err := hidato.ParseShare(jp.Share)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := verify.GridPath(verify.Grid{Rows: 7, Cols: 7, Numbers: jp.Solution})
		if err != nil {
			t.Fatal(err)
		}
		if err := verify.Path(p.Rules(), cells); err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		// grade agrees, from the text map and from the share string.
		file := filepath.Join(dir, level+".txt")
		if res := cli(t, "", "generate", "7x7", "--difficulty", level, "--seed", "3", "--out", file, "--quiet"); res.code != 0 {
			t.Fatal(res)
		}
		for _, arg := range []string{file, jp.Share} {
			res := cli(t, "", "grade", arg)
			if res.code != 0 || !strings.HasPrefix(res.stdout, "difficulty: "+level+" ") {
				t.Fatalf("grade %s: %v", arg, res)
			}
		}
	}
}

func TestGenerateFormats(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "p.png")
	if res := cli(t, "", "generate", "6x6", "--format", "png", "--out", png, "--quiet"); res.code != 0 {
		t.Fatal(res)
	}
	data, err := os.ReadFile(png)
	if err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Fatalf("png: %v", err)
	}
	res := cli(t, "", "generate", "6x6", "--format", "svg", "--quiet")
	if res.code != 0 || !strings.Contains(res.stdout, "<svg") {
		t.Fatal(res)
	}
	// One given is "1 given" (a trivial puzzle: king 1x3, one end given).
	res = cli(t, "", "generate", "--moves", "king", "1x3", "--difficulty", "easy", "--quiet")
	if res.code != 0 || !strings.Contains(res.stdout, ", 1 given, one solution") {
		t.Fatal(res)
	}
	res = cli(t, "", "generate", "6x6", "--moves", "knight", "--format", "share", "--quiet")
	if res.code != 0 || !strings.HasPrefix(res.stdout, "knight:6x6:") {
		t.Fatal(res)
	}
	// The text form reads back through grade from stdin.
	res = cli(t, "", "generate", "--board", "-", "--quiet", "--difficulty", "hard")
	if res.code != 2 {
		t.Fatalf("empty stdin board: %v", res)
	}
	shape := "..#....\n.......\n.......\n...#...\n.......\n.......\n"
	res = cli(t, shape, "generate", "--board", "-", "--quiet", "--difficulty", "hard")
	if res.code != 0 || !strings.Contains(res.stdout, "#") {
		t.Fatal(res)
	}
	if g := cli(t, res.stdout, "grade", "-"); g.code != 0 || !strings.Contains(g.stdout, "difficulty: hard") {
		t.Fatal(g)
	}
}

func TestGenerateGradeErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"generate", "4x4", "--quiet"}, 1, "no Hamiltonian path"},
		{[]string{"generate", "6x6", "--difficulty", "fiendish"}, 2, "use easy, medium, hard or expert"},
		{[]string{"generate", "6x6", "--format", "png"}, 2, "--out FILE.png"},
		{[]string{"generate", "6x6", "--format", "gif"}, 2, "unknown --format"},
		{[]string{"grade", "hopido:3x3:zz"}, 2, "bad puzzle"},
		{[]string{"grade", "hopido:5x5:y"}, 1, "more than one solution"},
		{[]string{"grade", "hopido:4x4:p"}, 1, "no solution"},
		{[]string{"grade"}, 2, "give one puzzle"},
	} {
		res := cli(t, "", c.args...)
		if res.code != c.code || !strings.Contains(res.stderr, c.msg) {
			t.Errorf("%v: want exit %d with %q, got %v", c.args, c.code, c.msg, res)
		}
	}
}
