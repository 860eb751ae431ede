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
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/boardgraph/boardgraph/request"
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
	// finds the queue full, or waits longer than QueueWait (default 10 s),
	// gets 429 at once.
	Jobs, Queue int
	QueueWait   time.Duration
	// Timeout is the deadline of a solver call (default 5 s; generating a
	// puzzle gets four times as long).
	Timeout time.Duration
	// HintNodes is the node budget of a leaper hint search (default 2e6).
	HintNodes uint64
	// Log receives one line per failed request and per recovered panic;
	// nil discards them.
	Log io.Writer
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
	if o.HintNodes == 0 {
		o.HintNodes = 2_000_000
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// Server is the HTTP handler of "boardgraph serve".
type Server struct {
	opt   Options
	jobs  chan struct{} // solver slots
	queue chan struct{} // waiting room
	eng   *Engine
	log   *log.Logger
	mux   *http.ServeMux
	// apiNames are the API calls, for the answer to an unknown path.
	apiNames []string
}

// New returns a server with the given options.
func New(opt Options) *Server {
	opt = opt.withDefaults()
	s := &Server{opt: opt, jobs: make(chan struct{}, opt.Jobs), queue: make(chan struct{}, opt.Queue),
		log: log.New(opt.Log, "serve: ", log.LstdFlags), mux: http.NewServeMux(),
		eng: NewEngine(opt.MaxCells, opt.MaxGridCells, opt.HintNodes)}
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	page := inlinePage(static)
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
			return ep.fn(s.eng, ctx, body, r.URL.Query())
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

// api registers POST /api/<name>. With job set the call takes a solver
// slot and runs under the solver deadline.
func (s *Server) api(name string, job bool, h handlerFunc) {
	s.apiNames = append(s.apiNames, name)
	s.mux.HandleFunc("POST /api/"+name, func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
		body, err := io.ReadAll(r.Body)
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				s.fail(w, r, fmt.Errorf("%w: the limit is %d bytes", errTooLarge, s.opt.MaxBody))
				return
			}
			s.fail(w, r, badf("reading the request: %v", err))
			return
		}
		ctx := r.Context()
		if job {
			release, err := s.acquire(ctx)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			defer release()
			timeout := s.opt.Timeout
			if name == "nl/generate" || name == "leaper/generate" {
				timeout *= 4
			}
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		v, err := h(ctx, body, r)
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

// errBusy is answered with 429.
var errBusy = errors.New("the server is busy with other solver jobs; try again in a moment")

// acquire takes a solver slot, waiting in a bounded queue for at most
// QueueWait.
func (s *Server) acquire(ctx context.Context) (func(), error) {
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, nil
	default:
	}
	select {
	case s.queue <- struct{}{}:
	default:
		return nil, errBusy
	}
	defer func() { <-s.queue }()
	t := time.NewTimer(s.opt.QueueWait)
	defer t.Stop()
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, nil
	case <-t.C:
		return nil, errBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// fail answers err: 400 for bad input (request.IsInput, worded by
// request.Classify), 413 for a large body, 429 when busy, 503 with the
// reason when the deadline passed, 500 for the rest.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := http.StatusInternalServerError
	msg := err.Error()
	switch {
	case request.IsInput(err): // request.Classify's kind, as the CLI's exit code 2
		code = http.StatusBadRequest
		msg, _ = request.Classify(err)
	case errors.Is(err, errTooLarge):
		code = http.StatusRequestEntityTooLarge
	case errors.Is(err, errBusy):
		code = http.StatusTooManyRequests
		w.Header().Set("Retry-After", "1")
	case errors.Is(err, context.DeadlineExceeded):
		code = http.StatusServiceUnavailable
		msg = "the solver ran out of time; try a smaller board or ask again"
	case errors.Is(err, context.Canceled):
		code = 499 // client went away; nobody reads this
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
// until ctx is done; then it shuts down gracefully, letting requests in
// flight finish (their solver calls are cancelled after 5 seconds).
func Listen(ctx context.Context, addr string, opt Options, announce func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, ln, opt, announce)
}

// Serve is Listen on an existing listener.
func Serve(ctx context.Context, ln net.Listener, opt Options, announce func(url string)) error {
	s := New(opt)
	base, cancel := context.WithCancel(context.Background())
	defer cancel()
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
		BaseContext: func(net.Listener) context.Context { return base },
		ErrorLog:    s.log}
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
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	err := hs.Shutdown(sctx)
	cancel()
	if err != nil {
		hs.Close()
	}
	<-errc
	return nil
}

// inlinePage returns index.html with the style sheet and the script
// written into it, so that the first load is one request. The files stay
// available under /assets/ as well.
func inlinePage(static fs.FS) []byte {
	page, _ := fs.ReadFile(static, "index.html")
	css, _ := fs.ReadFile(static, "style.css")
	js, _ := fs.ReadFile(static, "app.js")
	out := strings.Replace(string(page), `<link rel="stylesheet" href="assets/style.css">`, "<style>\n"+string(css)+"</style>", 1)
	out = strings.Replace(out, `<script src="assets/app.js"></script>`, "<script>\n"+string(js)+"</script>", 1)
	return []byte(out)
}
