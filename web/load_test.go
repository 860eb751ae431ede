package web

// The load test runs only with BOARDGRAPH_LONG=1: it builds the boardgraph binary,
// starts "boardgraph serve" on a free loopback port, sends 200 concurrent
// mixed requests and a deliberately huge one, and reports latencies and the
// server's peak RSS.
//
//	BOARDGRAPH_LONG=1 go test ./web -run Load -v

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardgraph/boardgraph/internal/test/testfix"
	"github.com/boardgraph/boardgraph/numberlink"
	"github.com/boardgraph/boardgraph/numberlink/puzzleio"
)

type loadReq struct {
	name, method, path, body string
}

func TestLoad(t *testing.T) {
	testfix.SkipUnlessLong(t, "load test")
	bin := filepath.Join(t.TempDir(), "boardgraph")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/boardgraph").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no URL in %q", line)
	}
	base := strings.Fields(line[i:])[0]
	t.Logf("server: %s", strings.TrimSpace(line))

	// Eight different 30x30 k-grids, so most numberlink requests miss the
	// server's solution cache (it holds what it solved before).
	nl30 := []string{strings.TrimSpace(string(testfix.ReadFile(t, "testdata/nl30x30.txt")))}
	for seed := range int64(7) {
		g, _, err := numberlink.Generate(context.Background(), numberlink.GenerateOptions{Rows: 30, Cols: 30, K: 2, Seed: 100 + seed})
		if err != nil {
			t.Fatal(err)
		}
		id, err := puzzleio.FormatTatham(g, numberlink.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		nl30 = append(nl30, id)
	}
	var reqs []loadReq
	sizes := []int{8, 10, 12, 16, 20, 24, 30}
	for i := range 200 {
		n := sizes[i%len(sizes)]
		mv := []string{"diplomatico", "knight"}[i/len(sizes)%2]
		switch i % 5 {
		case 0:
			reqs = append(reqs, loadReq{"page", "GET", "/", ""})
		case 1:
			reqs = append(reqs, loadReq{"leaper hint", "POST", "/api/leaper/hint", fmt.Sprintf(`{"board":"%dx%d","moves":"%s","path":[0]}`, n, n, mv)})
		case 2:
			reqs = append(reqs, loadReq{"leaper solve", "POST", "/api/leaper/solve", fmt.Sprintf(`{"board":"%dx%d","moves":"%s"}`, n, n, mv)})
		case 3:
			reqs = append(reqs, loadReq{"numberlink solve 30x30", "POST", "/api/nl/solve", fmt.Sprintf(`{"puzzle":%q}`, nl30[i/5%len(nl30)])})
		case 4:
			reqs = append(reqs, loadReq{"numberlink hint 30x30", "POST", "/api/nl/hint", fmt.Sprintf(`{"puzzle":%q}`, nl30[(i/5+3)%len(nl30)])})
		}
	}

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: time.Minute}
	type result struct {
		code int
		d    time.Duration
		err  error
	}
	results := make([]result, len(reqs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	var hugeCode int
	var hugeD time.Duration
	var hugeErr error
	wg.Add(1)
	go func() { // the deliberately huge request: a 64 MiB body
		defer wg.Done()
		<-start
		time.Sleep(20 * time.Millisecond)
		body := io.MultiReader(strings.NewReader(`{"board":"`), io.LimitReader(zeros{}, 64<<20))
		t0 := time.Now()
		r, err := client.Post(base+"api/leaper/hint", "application/json", body)
		hugeD = time.Since(t0)
		if err != nil {
			hugeErr = err
			return
		}
		hugeCode = r.StatusCode
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}()
	for i, q := range reqs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req, _ := http.NewRequestWithContext(context.Background(), q.method, base+strings.TrimPrefix(q.path, "/"), strings.NewReader(q.body))
			req.Header.Set("Content-Type", "application/json")
			t0 := time.Now()
			r, err := client.Do(req)
			if err == nil {
				io.Copy(io.Discard, r.Body)
				r.Body.Close()
				results[i] = result{r.StatusCode, time.Since(t0), nil}
				return
			}
			results[i] = result{0, time.Since(t0), err}
		}()
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(t0)

	var ds []time.Duration
	codes := map[int]int{}
	byName := map[string][]time.Duration{}
	for i, r := range results {
		if r.err != nil {
			t.Errorf("%s: %v", reqs[i].name, r.err)
			continue
		}
		codes[r.code]++
		if r.code >= 500 {
			t.Errorf("%s %s: status %d", reqs[i].name, reqs[i].body, r.code)
		}
		ds = append(ds, r.d)
		byName[reqs[i].name] = append(byName[reqs[i].name], r.d)
	}
	slices.Sort(ds)
	q := func(p int) time.Duration { return ds[(len(ds)-1)*p/100] }
	t.Logf("200 concurrent mixed requests in %v: status counts %v; latency p50 %v, p90 %v, p99 %v, max %v",
		wall.Round(time.Millisecond), codes, q(50).Round(time.Millisecond), q(90).Round(time.Millisecond), q(99).Round(time.Millisecond), q(100).Round(time.Millisecond))
	for name, d := range byName {
		slices.Sort(d)
		t.Logf("  %-24s n=%3d p50 %v max %v", name, len(d), d[len(d)/2].Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond))
	}
	switch {
	case hugeErr != nil:
		t.Logf("huge request (64 MiB body): connection closed by the server after %v (%v)", hugeD.Round(time.Millisecond), hugeErr)
	case hugeCode != http.StatusRequestEntityTooLarge:
		t.Errorf("huge request: status %d, want 413", hugeCode)
	default:
		t.Logf("huge request (64 MiB body): 413 after %v", hugeD.Round(time.Millisecond))
	}
	if hugeD > 5*time.Second {
		t.Errorf("huge request took %v to refuse", hugeD)
	}
	// A huge board is refused at once too.
	t1 := time.Now()
	r, err := client.Post(base+"api/leaper/solve", "application/json", strings.NewReader(`{"board":"30000x30000"}`))
	if err != nil || r.StatusCode != 400 {
		t.Errorf("huge board: %v %v", r, err)
	} else {
		r.Body.Close()
		t.Logf("huge board (30000x30000): 400 after %v", time.Since(t1).Round(time.Microsecond))
	}
	if status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)); err == nil {
		for l := range strings.Lines(string(status)) {
			if strings.HasPrefix(l, "VmHWM") || strings.HasPrefix(l, "VmRSS") {
				t.Logf("server %s", strings.Join(strings.Fields(l), " "))
			}
		}
	}
	// Graceful shutdown on SIGTERM.
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	awaitStop(t, done, "the server after SIGTERM")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '.'
	}
	return len(p), nil
}
