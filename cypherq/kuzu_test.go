package cypherq_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardgraph/boardgraph/board"
	"github.com/boardgraph/boardgraph/cypherq"
	"github.com/boardgraph/boardgraph/graphio"
	"github.com/boardgraph/boardgraph/hamilton"
	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/moves"
	"github.com/boardgraph/boardgraph/verify"
)

// kuzuDir holds the npm project with Kuzu (installed by .ci/run with npm ci).
var kuzuDir, _ = filepath.Abs(filepath.Join("testdata", "kuzu"))

// needKuzu skips the test (fails it under CI=true), saying why, unless node
// and the kuzu package are installed.
func needKuzu(t *testing.T) {
	t.Helper()
	testfix.Tool(t, "nodejs", "node")
	if _, err := os.Stat(filepath.Join(kuzuDir, "node_modules", "kuzu", "kuzujs.node")); err != nil {
		testfix.Missing(t, "the npm package kuzu is not installed; run (cd %s && npm ci)", kuzuDir)
	}
}

type kuzuJob struct {
	DDL     []string    `json:"ddl"`
	Script  string      `json:"script,omitempty"`
	Copy    []string    `json:"copy,omitempty"`
	Queries []kuzuQuery `json:"queries"`
}

type kuzuQuery struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

type kuzuResult struct {
	Rows [][]json.RawMessage `json:"rows"`
	Ms   float64             `json:"ms"`
}

func runKuzu(t *testing.T, job kuzuJob) map[string]kuzuResult {
	t.Helper()
	dir := t.TempDir()
	data, _ := json.Marshal(job)
	jf := filepath.Join(dir, "job.json")
	testfix.WriteFile(t, jf, data)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("node", filepath.Join(kuzuDir, "run.js"), jf)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("kuzu: %v: %s", err, stderr.String())
	}
	out := map[string]kuzuResult{}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("kuzu output: %v: %.300s", err, stdout.String())
	}
	return out
}

// boardDDL is Kuzu's schema for the paper's graph: Kuzu needs its tables
// declared, where Neo4j creates labels on the fly (the one addition the
// exports need).
var boardDDL = []string{
	"CREATE NODE TABLE Node(id STRING, row INT64, col INT64, degree INT64, step INT64, PRIMARY KEY(id))",
	"CREATE REL TABLE MOVE(FROM Node TO Node)",
	"CREATE REL TABLE NEXT(FROM Node TO Node, step INT64)",
}

// cellsOf turns exported node ids n_i_j back into cells.
func cellsOf(t *testing.T, raw json.RawMessage) []verify.Cell {
	t.Helper()
	var ids []string
	if err := json.Unmarshal(raw, &ids); err != nil {
		t.Fatalf("a returned path is not a list of node ids: %s", raw)
	}
	cells := make([]verify.Cell, len(ids))
	for i, id := range ids {
		var r, c int
		if _, err := fmt.Sscanf(strings.ReplaceAll(id, "_", " "), "n %d %d", &r, &c); err != nil {
			t.Fatalf("node id %q is not n_i_j", id)
		}
		cells[i] = verify.Cell{Row: r, Col: c}
	}
	return cells
}

// TestKuzuPaperQueries loads the Cypher script and the neo4j-admin CSV
// exports of boards into Kuzu and runs the paper's Raw and Constructive
// queries there: every returned path passes the independent verifier, they
// are distinct, and there are exactly as many as boardgraph counts
// (directed paths; 144 on 4x5, the paper's table), with and without a
// fixed start and end.
//
// By default only 4x5 runs, and the slow Constructive query without a fixed
// start and corner to corner (6 s and 4 s in Kuzu) only with BOARDGRAPH_LONG=1, which adds 4x6 (3 minutes).
func TestKuzuPaperQueries(t *testing.T) {
	needKuzu(t)
	for _, spec := range []string{"4x5", "4x6"} {
		if spec == "4x6" && !testfix.Long() {
			continue
		}
		t.Run(spec, func(t *testing.T) {
			b, _ := board.ParseSpec(spec)
			bg := moves.Build(b, moves.Hopido())
			n := bg.N()
			src := graphio.BoardSource(bg, spec+" hopido")
			// A solution rides along, to check the NEXT relationships.
			path, _, err := hamilton.Find(context.Background(), hamilton.Problem{G: bg.Graph}, hamilton.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			src.Path = path
			dir := t.TempDir()
			script := filepath.Join(dir, "board.cypher")
			nodes, rels := filepath.Join(dir, "nodes.csv"), filepath.Join(dir, "rels.csv")
			writeFile(t, script, func(w *os.File) error {
				return graphio.Write(context.Background(), w, graphio.Cypher, src, graphio.WriteOptions{Batch: 7})
			})
			nf, _ := os.Create(nodes)
			rf, _ := os.Create(rels)
			if err := graphio.WriteCSV(context.Background(), nf, rf, src); err != nil {
				t.Fatal(err)
			}
			nf.Close()
			rf.Close()

			variants := map[string]cypherq.Options{
				"free":    {Kuzu: true},
				"start":   {Kuzu: true, Start: &cypherq.Endpoint{Row: 1, Col: 1}},
				"corners": {Kuzu: true, Start: &cypherq.Endpoint{Row: 1, Col: 1}, End: &cypherq.Endpoint{Row: b.Rows, Col: b.Cols}},
			}
			var queries []kuzuQuery
			for _, s := range []cypherq.Strategy{cypherq.Raw, cypherq.Constructive} {
				for _, name := range []string{"free", "start", "corners"} {
					if s == cypherq.Constructive && (name != "start" && !testfix.Long() || testing.Short()) {
						continue // 4 to 6 s each in Kuzu; -short runs the Raw query only
					}
					q, err := cypherq.Query(s, n, variants[name])
					if err != nil {
						t.Fatal(err)
					}
					queries = append(queries, kuzuQuery{string(s) + "/" + name, q})
				}
			}
			nq := len(queries)
			queries = append(queries,
				kuzuQuery{"acyclic-only", fmt.Sprintf("MATCH p = (s:Node)-[:MOVE* ACYCLIC %d..%d]->(e:Node) RETURN count(*)", n-1, n-1)},
				kuzuQuery{"next", "MATCH (a:Node)-[r:NEXT]->(b:Node) RETURN a.id, b.id, r.step, a.step, b.step ORDER BY r.step"},
				kuzuQuery{"counts", "MATCH (a:Node) OPTIONAL MATCH (a)-[m:MOVE]->() RETURN count(DISTINCT a), count(m)"})

			fromScript := runKuzu(t, kuzuJob{DDL: boardDDL, Script: script, Queries: queries})
			csvCopy := []string{
				fmt.Sprintf("COPY Node FROM (LOAD FROM %s (header=true) RETURN `id:ID`, row, col, degree, step)", strconv.Quote(nodes)),
				fmt.Sprintf("COPY MOVE FROM (LOAD FROM %s (header=true) WHERE `:TYPE` = 'MOVE' RETURN `:START_ID`, `:END_ID`)", strconv.Quote(rels)),
				fmt.Sprintf("COPY NEXT FROM (LOAD FROM %s (header=true) WHERE `:TYPE` = 'NEXT' RETURN `:START_ID`, `:END_ID`, step)", strconv.Quote(rels)),
			}
			// From the CSV files: the loading checks and the Raw query.
			fromCSV := runKuzu(t, kuzuJob{DDL: boardDDL, Copy: csvCopy, Queries: append([]kuzuQuery{queries[0]}, queries[nq:]...)})

			want := map[string]uint64{}
			for name, opt := range variants {
				s, e := int32(-1), int32(-1)
				if opt.Start != nil {
					s = bg.VertexOf[b.Cell(0, 0)]
				}
				if opt.End != nil {
					e = bg.VertexOf[b.Cell(b.Rows-1, b.Cols-1)]
				}
				p := hamilton.Problem{G: bg.Graph}.WithEnds(s, e)
				c, _, err := hamilton.Count(context.Background(), p, hamilton.Options{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				want[name] = c
			}
			rules := verify.Rules{Rows: b.Rows, Cols: b.Cols, Leapers: [][2]int{{3, 0}, {2, 2}}}
			for load, res := range map[string]map[string]kuzuResult{"cypher script": fromScript, "csv": fromCSV} {
				m := res["counts"].Rows[0]
				if string(m[0]) != strconv.Itoa(n) || string(m[1]) != strconv.Itoa(2*bg.M()) {
					t.Errorf("%s: Kuzu holds %s nodes and %s MOVE relationships, want %d and %d", load, m[0], m[1], n, 2*bg.M())
				}
				next := res["next"].Rows
				if len(next) != n-1 {
					t.Errorf("%s: %d NEXT relationships, want %d", load, len(next), n-1)
				}
				for i, row := range next {
					if string(row[2]) != strconv.Itoa(i+1) || string(row[3]) != strconv.Itoa(i+1) || string(row[4]) != strconv.Itoa(i+2) {
						t.Errorf("%s: NEXT %d reads %s", load, i+1, row)
						break
					}
				}
				for _, q := range queries[:nq] {
					r, ok := res[q.Name]
					if !ok {
						continue
					}
					rows := r.Rows
					kind := strings.Split(q.Name, "/")[1]
					seen := map[string]bool{}
					for _, row := range rows {
						cells := cellsOf(t, row[0])
						if err := verify.Path(rules, cells); err != nil {
							t.Fatalf("%s %s: Kuzu returned a path that fails verification: %v", load, q.Name, err)
						}
						if kind != "free" && cells[0] != (verify.Cell{Row: 1, Col: 1}) || kind == "corners" && cells[n-1] != (verify.Cell{Row: b.Rows, Col: b.Cols}) {
							t.Fatalf("%s %s: path %v does not run corner to corner", load, q.Name, cells)
						}
						seen[string(row[0])] = true
					}
					if uint64(len(rows)) != want[kind] || len(seen) != len(rows) {
						t.Errorf("%s %s: Kuzu returned %d paths (%d distinct), boardgraph counts %d", load, q.Name, len(rows), len(seen), want[kind])
					}
					t.Logf("%s, %s via %s: %d paths in %.0f ms (boardgraph: %d)", spec, q.Name, load, len(rows), res[q.Name].Ms, want[kind])
				}
				t.Logf("%s: ACYCLIC alone gives %s paths of %d moves", spec, res["acyclic-only"].Rows[0][0], n-1)
			}
		})
	}
}

func writeFile(t *testing.T, name string, fn func(*os.File) error) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := fn(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
