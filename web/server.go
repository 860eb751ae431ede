//go:build !(js && wasm)

package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardgraph/boardgraph/internal/app/request"
	"github.com/boardgraph/boardgraph/render"
)

//go:embed assets
var assets embed.FS

// Options bound what the server accepts and how much it works. The zero
// value gives the defaults in the comments.
type Options struct {
	// MaxBody is the largest request body in bytes (default 256 KiB).
	MaxBody int64
	// MaxCells bounds leaper boards (default 40x40 = 1600 cells) and
	// MaxGridCells numberlink grids (default 50x50 = 2500).
	MaxCells, MaxGridCells int
	// Jobs is the number of solver calls run at once (default GOMAXPROCS);
	// Queue the number that may wait for one (default 256). A request that
	// finds the queue full, or a queue whose calls would keep it waiting
	// longer than QueueWait (default 10 s) at the lane's mean call time,
	// gets 429 at once; one that still waits that long gets 429 then.
	Jobs, Queue int
	QueueWait   time.Duration
	// Timeout is the deadline of every API call (default 5 s; generating
	// a puzzle gets four times as long).
	Timeout time.Duration
	// LightJobs is the number of cheap calls run at once in a lane of their
	// own (default Jobs), so that long counts cannot starve them. A call is
	// cheap when it loads, hints, checks or renders a board of at most
	// LightCells cells (default 144, 12x12), judged from the request before
	// anything runs; every other call takes a solver slot (Jobs).
	LightJobs, LightCells int
	// PictureMemory bounds the memory of PNG pictures rasterised at once
	// (default 64 MiB; see pictureBytes, about 26 MiB for the largest): a
	// picture waits until its estimate fits, and one larger than the whole
	// budget runs alone.
	PictureMemory int64
	// HintNodes is the node budget of a leaper hint search (default 2e6).
	HintNodes uint64
	// Log receives one line per failed request and per recovered panic;
	// nil discards them.
	Log io.Writer
	// Hosts are the names (without a port) a request's Host header may
	// give besides the loopback names (localhost, 127.0.0.1, [::1]) and
	// the host of the listen address: the server refuses every other Host
	// with 403, so that a page of another site cannot reach it through
	// DNS rebinding ("boardgraph serve --allow-host").
	Hosts []string
}

func (o Options) withDefaults() Options {
	if o.MaxBody <= 0 {
		o.MaxBody = 256 << 10
	}
	if o.MaxCells <= 0 {
		o.MaxCells = 40 * 40
	}
	if o.MaxGridCells <= 0 {
		o.MaxGridCells = 50 * 50
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	if o.Queue <= 0 {
		o.Queue = 256
	}
	if o.QueueWait <= 0 {
		o.QueueWait = 10 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.LightJobs <= 0 {
		o.LightJobs = o.Jobs
	}
	if o.LightCells <= 0 {
		o.LightCells = 12 * 12
	}
	if o.PictureMemory <= 0 {
		o.PictureMemory = 64 << 20
	}
	if o.HintNodes == 0 {
		o.HintNodes = 2_000_000
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// Server is the HTTP handler of "boardgraph serve".
//
// Every API call runs in one of two lanes, each a bounded pool of slots
// with a bounded waiting room, under a deadline (Options.Timeout): the
// solver lane for counts, solutions, generation, analysis and anything on
// a large board, and the light lane for loading, hints, checks and
// pictures of small boards. A client that keeps every solver slot busy
// thus delays no one's hint. PNG pictures take in addition a share of a
// memory budget (Options.PictureMemory) while they are rasterised.
type Server struct {
	opt   Options
	heavy lane // solver slots
	light lane // cheap calls on small boards
	// pictures is the PNG memory budget in MiB tokens; pictureMu lets one
	// picture at a time take its tokens, so that two cannot each hold half.
	pictures  chan struct{}
	pictureMu sync.Mutex
	// stop ends when the server shuts down: queued calls leave the queue,
	// running ones are cancelled, and both are answered 503.
	stop     context.Context
	shutdown context.CancelFunc
	eng      *Engine // the API (dispatch.go), shared with the WebAssembly page
	log      *log.Logger
	mux      *http.ServeMux
	// apiNames are the API calls, for the answer to an unknown path.
	apiNames []string
	// hosts are the Host names answered (lower case, no port, no
	// brackets): the loopback names, Options.Hosts and the listen address.
	hosts map[string]bool
}

// New returns a server with the given options.
func New(opt Options) *Server {
	opt = opt.withDefaults()
	s := &Server{opt: opt,
		heavy:    lane{name: "solver", slots: make(chan struct{}, opt.Jobs), queue: make(chan struct{}, opt.Queue)},
		light:    lane{name: "light", slots: make(chan struct{}, opt.LightJobs), queue: make(chan struct{}, opt.Queue)},
		pictures: make(chan struct{}, max(1, opt.PictureMemory>>20)),
		log:      log.New(opt.Log, "serve: ", log.LstdFlags), mux: http.NewServeMux(),
		eng:   NewEngine(opt.MaxCells, opt.MaxGridCells, opt.HintNodes),
		hosts: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}}
	for _, h := range opt.Hosts {
		s.allowHost(h)
	}
	s.stop, s.shutdown = context.WithCancel(context.Background())
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	page := inlinePage(static, s.eng)
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.Method != http.MethodHead {
			w.Write(page)
		}
	})
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A missing asset is answered as an unknown path: a JSON 404.
		if name := strings.TrimPrefix(r.URL.Path, "/"); name != "" {
			if _, err := fs.Stat(static, name); err != nil {
				writeJSON(w, http.StatusNotFound, apiError{fmt.Sprintf("no asset %q; the page is GET /", clip(name))})
				return
			}
		}
		files.ServeHTTP(w, r)
	})))
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, map[string]string{"status": "ok"}) })
	for _, ep := range endpoints { // the table shared with the WebAssembly page (dispatch.go)
		s.api(ep.name, ep.job, func(ctx context.Context, body []byte, r *http.Request) (any, error) {
			return ep.fn(s.eng, ctx, body, query(r.URL.Query()))
		})
	}
	return s
}

// ServeHTTP serves the page and the API, turning a panic into a 500 (a
// last guard; input is validated before any library call).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Printf("panic serving %s: %v\n%s", r.URL.Path, v, debug.Stack())
			writeJSON(w, http.StatusInternalServerError, apiError{"internal error (a bug in boardgraph); the server keeps running"})
		}
	}()
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !s.hosts[hostName(r.Host)] {
		writeJSON(w, http.StatusForbidden, apiError{fmt.Sprintf("this server does not answer for host %q; open it as http://localhost:PORT/, or start it with --allow-host %s", clip(r.Host), clip(hostName(r.Host)))})
		return
	}
	if _, pattern := s.mux.Handler(r); pattern == "" {
		s.unrouted(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// unrouted answers a request no route takes as the other API errors are
// answered, {"error": ...} in JSON: 405 (with the mux's Allow header) for a
// known path with another method, 404 for an unknown path. The mux's own
// plain-text answer is only recorded, for its status and Allow header.
func (s *Server) unrouted(w http.ResponseWriter, r *http.Request) {
	rec := &statusOnly{header: http.Header{}, code: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	path := clip(r.URL.Path)
	switch rec.code {
	case http.StatusMethodNotAllowed:
		allow := rec.header.Get("Allow")
		w.Header().Set("Allow", allow)
		writeJSON(w, rec.code, apiError{fmt.Sprintf("method %s is not allowed on %s; use %s", r.Method, path, allow)})
	case http.StatusNotFound:
		writeJSON(w, rec.code, apiError{fmt.Sprintf("nothing at %s: the page is GET /, and the API is POST /api/%s", path, strings.Join(s.apiNames, ", /api/"))})
	default:
		s.mux.ServeHTTP(w, r)
	}
}

// statusOnly is a ResponseWriter that keeps the status and headers and
// drops the body.
type statusOnly struct {
	header http.Header
	code   int
}

func (s *statusOnly) Header() http.Header         { return s.header }
func (s *statusOnly) WriteHeader(code int)        { s.code = code }
func (s *statusOnly) Write(p []byte) (int, error) { return len(p), nil }

type apiError struct {
	Error string `json:"error"`
}

// handlerFunc is an API handler: it returns a value to send as JSON, or an
// error that fail turns into a status.
type handlerFunc func(ctx context.Context, body []byte, r *http.Request) (any, error)

// api registers POST /api/<name>. Every call takes a slot of a lane (see
// Server) and runs under the deadline; with job set it always takes a
// solver slot, otherwise the size of the request's board decides.
func (s *Server) api(name string, job bool, h handlerFunc) {
	s.apiNames = append(s.apiNames, name)
	s.mux.HandleFunc("POST /api/"+name, func(w http.ResponseWriter, r *http.Request) {
		if s.stop.Err() != nil {
			s.fail(w, r, errShutdown)
			return
		}
		if code, msg := crossSite(r); code != 0 {
			writeJSON(w, code, apiError{msg})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
		body, err := io.ReadAll(r.Body)
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				s.fail(w, r, fmt.Errorf("%w: the limit is %d bytes", errTooLarge, s.opt.MaxBody))
				return
			}
			s.fail(w, r, badf("reading the request: %w", err))
			return
		}
		// Hints search within a node budget (Options.HintNodes); loading,
		// checking and drawing do not search at all.
		cells := requestCells(body)
		l := &s.heavy
		if (!job || strings.HasSuffix(name, "/hint")) && cells <= s.opt.LightCells {
			l = &s.light
		}
		timeout := s.opt.Timeout
		if name == "nl/generate" || name == "leaper/generate" {
			timeout *= 4
		}
		// The deadline counts from the start of the work, not of the wait.
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		defer context.AfterFunc(s.stop, cancel)()
		release, err := s.acquire(ctx, l)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		defer release()
		ctx, cancelT := context.WithTimeout(ctx, timeout)
		defer cancelT()
		if strings.HasSuffix(name, "/render") && r.URL.Query().Get("format") == "png" {
			release, err := s.takePicture(ctx, pictureBytes(cells))
			if err != nil {
				s.fail(w, r, err)
				return
			}
			defer release()
		}
		v, err := h(ctx, body, r)
		if (err != nil || ctx.Err() != nil) && s.stop.Err() != nil {
			err = errShutdown // cut short by the shutdown: ask again later
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		switch v := v.(type) {
		case *image:
			w.Header().Set("Content-Type", v.contentType)
			w.Header().Set("Content-Disposition", "attachment; filename="+v.name)
			w.Write(v.data)
		default:
			writeJSON(w, http.StatusOK, v)
		}
	})
}

// allowHost adds a name (a host, or host:port) to the Host names answered.
func (s *Server) allowHost(h string) {
	if n := hostName(h); n != "" {
		s.hosts[n] = true
	}
}

// hostName is the host of a Host header or address, in lower case,
// without its port and without the brackets of an IPv6 address.
func hostName(h string) string {
	h = strings.TrimSpace(h)
	if name, _, err := net.SplitHostPort(h); err == nil {
		h = name
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
}

// crossSite refuses an API call another web page could have sent: one
// whose Origin is present and not the server's own (403), and one whose
// body is not declared JSON (415; a page of another site can send a
// text/plain POST without asking first, never an application/json one).
// It returns 0 for a call to serve.
func crossSite(r *http.Request) (int, string) {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return http.StatusForbidden, fmt.Sprintf("a call from the page of %q is refused: the API answers only its own page, %s", clip(o), clip("http://"+r.Host+"/"))
		}
	}
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "application/json" {
		return http.StatusUnsupportedMediaType, fmt.Sprintf("the request body must be JSON sent with Content-Type: application/json, not %q", clip(r.Header.Get("Content-Type")))
	}
	return 0, ""
}

// requestCells judges the size of a request before it runs: the cells of
// its board (a size spec such as "9x9" or a text map) or of its puzzle (the
// size a Tatham ID or puzz.link URL declares, else one cell per byte, an
// over-estimate for the formats that spell out every row). A body that is
// not a JSON object counts as small: its call fails at once.
func requestCells(body []byte) int {
	var req struct {
		Board  string `json:"board"`
		Puzzle string `json:"puzzle"`
	}
	if json.Unmarshal(body, &req) != nil {
		return 0
	}
	if p := strings.TrimSpace(req.Puzzle); p != "" {
		if r, c, ok := declaredSize(request.TathamURL(p)); ok {
			return satMul(r, c)
		}
		return len(p)
	}
	b := strings.TrimSpace(req.Board)
	if b == "" {
		return 25 // the default board, 5x5
	}
	if rs, cs, ok := strings.Cut(b, "x"); ok && !strings.ContainsAny(b, "\n:") {
		r, err1 := strconv.Atoi(rs)
		c, err2 := strconv.Atoi(cs)
		if err1 == nil && err2 == nil && r > 0 && c > 0 {
			return satMul(r, c)
		}
	}
	return len(b) // a map or share string: at least one byte per cell
}

// satMul is a*b for non-negative a, b, saturated at 1<<30.
func satMul(a, b int) int {
	const top = 1 << 30
	if a >= top || b >= top || a*b >= top {
		return top
	}
	return a * b
}

// errBusy is answered with 429, errShutdown with 503; both with
// Retry-After.
var (
	errBusy     = errors.New("the server is busy with other solver jobs; try again in a moment")
	errShutdown = errors.New("the server is shutting down; ask again in a moment")
)

// lane is a bounded pool of slots with a bounded waiting room.
type lane struct {
	name  string
	slots chan struct{}
	queue chan struct{}
	// mean is the mean time a call holds a slot, in nanoseconds: an
	// exponentially weighted average (weight 1/8 for the newest), 0 until
	// a call has finished.
	mean atomic.Int64
}

// hold records that a call held a slot of l for d.
func (l *lane) hold(d time.Duration) {
	for {
		old := l.mean.Load()
		next := int64(d)
		if old > 0 {
			next = old + (int64(d)-old)/8
		}
		if l.mean.CompareAndSwap(old, next) {
			return
		}
	}
}

// expectedWait is how long a call that joins the queue of l now may
// expect to wait for a slot: the calls ahead of it and itself, served
// by every slot, at the lane's mean time a call (0 before any call has
// finished).
func (l *lane) expectedWait() time.Duration {
	ahead := int64(len(l.queue)) + 1
	return time.Duration(ahead * l.mean.Load() / int64(cap(l.slots)))
}

// acquire takes a slot of l, waiting in its bounded queue for at most
// QueueWait. A full queue, or one whose calls would keep this one
// waiting longer than QueueWait at the lane's mean call time, answers
// errBusy at once (issue 33: with the solver lane busy with counts that
// run to their deadline, a 429 came only after the whole QueueWait). A
// shutdown ends the wait with errShutdown.
func (s *Server) acquire(ctx context.Context, l *lane) (func(), error) {
	began := time.Now()
	release := func() {
		l.hold(time.Since(began))
		<-l.slots
	}
	select {
	case l.slots <- struct{}{}:
		return release, nil
	default:
	}
	if l.expectedWait() > s.opt.QueueWait {
		return nil, errBusy
	}
	select {
	case l.queue <- struct{}{}:
	default:
		return nil, errBusy
	}
	defer func() { <-l.queue }()
	t := time.NewTimer(s.opt.QueueWait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		began = time.Now() // the hold starts now, not the wait
		return release, nil
	case <-t.C:
		return nil, errBusy
	case <-ctx.Done():
		if s.stop.Err() != nil {
			return nil, errShutdown
		}
		return nil, ctx.Err()
	}
}

// pictureBytes bounds the memory of rasterising the PNG picture of a
// board of the given cells as package render draws it by default (cells
// of at most render.DefaultCellSize pixels, the longer side at most
// render.DefaultMaxSize, plus margins): 9 bytes a pixel for the RGBA image
// (4), the anti-aliasing rasteriser's accumulator over a run's bounding
// box (4 at most) and the encoder's rows and output (about 1).
func pictureBytes(cells int) int64 {
	const margin = 100
	area := min(float64(cells)*render.DefaultCellSize*render.DefaultCellSize, render.DefaultMaxSize*render.DefaultMaxSize)
	side := math.Sqrt(area) + margin
	return int64(side * side * 9)
}

// takePicture takes the bytes of the PNG memory budget a picture needs
// (all of it when the estimate is larger), waiting while other pictures
// hold them.
func (s *Server) takePicture(ctx context.Context, bytes int64) (func(), error) {
	n := min(int((bytes+(1<<20)-1)>>20), cap(s.pictures))
	s.pictureMu.Lock()
	defer s.pictureMu.Unlock()
	release := func(k int) {
		for range k {
			<-s.pictures
		}
	}
	for i := range n {
		select {
		case s.pictures <- struct{}{}:
		case <-ctx.Done():
			release(i)
			if s.stop.Err() != nil {
				return nil, errShutdown
			}
			return nil, ctx.Err()
		}
	}
	return func() { release(n) }, nil
}

// fail answers err: 400 for bad input (request.IsInput, worded by
// request.Classify), 413 for a large body, 429 when busy, 503 when the
// deadline passed or the server is shutting down, 500 for the rest (a
// failed write is the machine's fault, never the input's).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := http.StatusInternalServerError
	msg := err.Error()
	switch {
	case request.IsIO(err): // the machine's fault, not the request's: 500
	case request.IsInput(err): // request.Classify's kind, as the CLI's exit code 2
		code = http.StatusBadRequest
		msg, _ = request.Classify(err)
	case errors.Is(err, errTooLarge):
		code = http.StatusRequestEntityTooLarge
	case errors.Is(err, errBusy):
		code = http.StatusTooManyRequests
		w.Header().Set("Retry-After", "1")
	case errors.Is(err, errShutdown):
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
	case errors.Is(err, context.DeadlineExceeded):
		code = http.StatusServiceUnavailable
		msg = "the solver ran out of time; try a smaller board or ask again"
	case errors.Is(err, context.Canceled):
		// The client went away: nobody reads this, but the status stays
		// a standard one.
		code = http.StatusServiceUnavailable
		msg = "the request was cancelled"
	}
	if code >= 500 {
		s.log.Printf("%s %s: %d %v", r.Method, r.URL.Path, code, err)
	}
	writeJSON(w, code, apiError{msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// Listen binds addr, reporting the page's URL to announce, and serves
// until ctx is done; then it shuts down: it stops listening, answers every
// call still queued or running with 503 and Retry-After (running solver
// calls are cancelled), and returns once those answers are written.
func Listen(ctx context.Context, addr string, opt Options, announce func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	opt.Hosts = append(opt.Hosts[:len(opt.Hosts):len(opt.Hosts)], addr)
	return Serve(ctx, ln, opt, announce)
}

// Serve is Listen on an existing listener.
func Serve(ctx context.Context, ln net.Listener, opt Options, announce func(url string)) error {
	return New(opt).serve(ctx, ln, announce)
}

func (s *Server) serve(ctx context.Context, ln net.Listener, announce func(url string)) error {
	s.allowHost(ln.Addr().String())
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
		ErrorLog: s.log}
	if announce != nil {
		announce("http://" + ln.Addr().String() + "/")
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Cancel the calls first, so that Shutdown finds them answering 503
	// rather than waiting for them; then let the answers go out. The grace
	// covers a picture being rasterised, which cannot be interrupted.
	s.shutdown()
	sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer scancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	<-errc
	return nil
}

// inlinePage returns index.html with the style sheet and the opening
// puzzles' answers from eng (opening.go) written into it. The script is
// ES modules (app.js and the modules it imports, preloaded by the page's
// <link rel="modulepreload">), fetched from /assets/. A failure of the
// opening answers (none is expected: they are fixed puzzles) leaves the
// page to ask the engine for them.
func inlinePage(static fs.FS, eng *Engine) []byte {
	page, _ := fs.ReadFile(static, "index.html")
	css, _ := fs.ReadFile(static, "style.css")
	out := strings.Replace(string(page), `<link rel="stylesheet" href="assets/style.css">`, "<style>\n"+string(css)+"</style>", 1)
	if script, err := openingScript(eng); err == nil {
		out = withOpening(out, script)
	}
	return []byte(out)
}
