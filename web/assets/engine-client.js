// boardgraph engine client. In the static site ("boardgraph site DIR",
// marked by <meta name="boardgraph-mode" content="static">) it defines
// window.BoardgraphEngine.call(path, body, opts), which answers what
// POST api/<path> answers in serve mode, from the engine compiled to
// WebAssembly and run in a Web Worker (worker.js), so the page needs no
// server and its main thread never runs the solver. Served by
// "boardgraph serve" it does nothing and the page fetches api/<path>.
//
// call resolves to the parsed JSON, or for a picture (leaper/render,
// nl/render) to a Blob of its type (a PNG is the engine's SVG drawn by
// the browser: the engine has no rasteriser); it rejects with
// Error(message) where the server answers {"error": message}. opts.signal (an AbortSignal)
// cancels: the running worker is stopped and a fresh one started (a
// WebAssembly call cannot be interrupted from inside), other calls are
// sent again. A call past the server's deadline for it is stopped the
// same way and rejected with the server's words.
"use strict";
(function () {
  const meta = document.querySelector('meta[name="boardgraph-mode"]');
  if (!meta || meta.content !== "static") return;
  const dir = new URL(".", document.currentScript.src);
  const wasmURL = new URL("engine.wasm", dir);
  const outOfTime = "the solver ran out of time; try a smaller board or ask again";

  // The module is compiled once; each worker instantiates it.
  const moduleP = (async () => {
    try {
      const m = await WebAssembly.compileStreaming(fetch(wasmURL));
      performance.mark("boardgraph-engine-compiled");
      return m;
    } catch (e) { // a host that does not send application/wasm
      const r = await fetch(wasmURL);
      if (!r.ok) throw new Error("cannot load the engine (" + wasmURL + "): HTTP " + r.status);
      return WebAssembly.compile(await r.arrayBuffer());
    }
  })();

  const pending = new Map(); // id -> call
  let nextId = 1, worker = null, gen = 0, readyP = null, deadlines = {};

  function start() {
    if (worker) worker.terminate();
    const g = ++gen;
    worker = new Worker(new URL("worker.js", dir));
    readyP = new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        if (g !== gen) return;
        const m = e.data;
        if (m.ready) {
          for (const ep of m.endpoints) deadlines[ep.name] = ep.timeout / 1e6; // ns -> ms
          performance.mark("boardgraph-engine-ready");
          resolve();
          return;
        }
        if (m.exited) {
          const err = new Error("the engine stopped" + (m.error ? " (" + m.error + ")" : "") + "; it restarts, try again");
          reject(err);
          for (const [id, c] of pending) { pending.delete(id); settle(c); c.reject(err); }
          if (!m.error) start();
          return;
        }
        const c = pending.get(m.id);
        if (!c) return;
        pending.delete(m.id);
        settle(c);
        if (m.error !== undefined) c.reject(new Error(m.error));
        else if (m.contentType.startsWith("application/json")) c.resolve(JSON.parse(new TextDecoder().decode(m.data)));
        else c.resolve(new Blob([m.data], { type: m.contentType }));
      };
      worker.onerror = (e) => { e.preventDefault(); reject(new Error("the engine worker failed: " + (e.message || "unknown error"))); };
    });
    readyP.catch(() => {});
    moduleP.then((module) => { if (g === gen) worker.postMessage({ module }); },
      (err) => { for (const [id, c] of pending) { pending.delete(id); settle(c); c.reject(err); } });
    for (const c of pending.values()) send(c);
  }

  function send(c) {
    const g = gen;
    readyP.then(() => {
      if (g !== gen || pending.get(c.id) !== c) return;
      const ms = deadlines[c.path.split("?")[0]];
      if (ms > 0 && !c.timer) c.timer = setTimeout(() => stop(c, new Error(outOfTime)), ms);
      worker.postMessage({ id: c.id, path: c.path, body: c.body });
    }, (err) => { if (pending.delete(c.id)) { settle(c); c.reject(err); } });
  }

  function settle(c) {
    if (c.timer) clearTimeout(c.timer);
    if (c.signal) c.signal.removeEventListener("abort", c.onabort);
    window.lastApiMillis = performance.now() - c.t0;
  }

  // stop rejects c and, since the worker may be busy with it, restarts
  // the worker; the calls still pending go to the new one.
  function stop(c, err) {
    if (!pending.delete(c.id)) return;
    settle(c);
    c.reject(err);
    start();
  }

  // The engine leaves out the rasteriser and its fonts (package render's
  // raster.go, nearly a fifth of its size): a PNG picture (leaper/render or
  // nl/render with format=png) is the engine's SVG drawn by the browser
  // on a white canvas of the same size, ceil(width) x ceil(height), with
  // the server's limit (render.MaxPixels) and words past it.
  const maxPixels = 1 << 25;
  async function pngOf(path, body, opts) {
    const [name, query] = path.split("?");
    const q = new URLSearchParams(query);
    q.set("format", "svg");
    const svg = await callEngine(name + "?" + q, body, opts);
    const m = /^<svg[^>]* width="([0-9.]+)" height="([0-9.]+)"/.exec(await svg.text());
    const w = m ? Math.ceil(+m[1]) : 0, h = m ? Math.ceil(+m[2]) : 0;
    if (w < 1 || h < 1 || w > Math.floor(maxPixels / h)) throw new Error("picture too large for PNG; export SVG instead");
    const img = new Image();
    const url = URL.createObjectURL(svg);
    try {
      img.src = url;
      await img.decode();
    } finally { URL.revokeObjectURL(url); }
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, w, h);
    g.drawImage(img, 0, 0, w, h);
    return new Promise((resolve, reject) => canvas.toBlob((b) => b ? resolve(b) : reject(new Error("the browser could not draw the PNG; export SVG instead")), "image/png"));
  }

  function callEngine(path, body, opts) {
    const signal = opts && opts.signal;
    if (signal && signal.aborted) return Promise.reject(new DOMException("The call was aborted.", "AbortError"));
    return new Promise((resolve, reject) => {
      const c = { id: nextId++, path, body: JSON.stringify(body === undefined ? {} : body), resolve, reject, t0: performance.now(), signal };
      if (signal) {
        c.onabort = () => stop(c, new DOMException("The call was aborted.", "AbortError"));
        signal.addEventListener("abort", c.onabort);
      }
      pending.set(c.id, c);
      send(c);
    });
  }

  window.BoardgraphEngine = {
    call(path, body, opts) {
      const [name, query] = path.split("?");
      if (/^(leaper|nl)\/render$/.test(name) && new URLSearchParams(query).get("format") === "png") return pngOf(path, body, opts);
      return callEngine(path, body, opts);
    },
    // ready resolves when the engine has loaded (for measurements).
    ready() { return readyP; },
    // workers is the number of workers started: 1 until a call was
    // cancelled or ran out of time (for tests: a bad puzzle restarts none).
    get workers() { return gen; },
  };
  start();

  // Offline after the first load: the service worker next to index.html
  // keeps the site's files (not on file://, where browsers allow none).
  // It is registered once the engine is up, so that its copy of the files
  // does not compete with the first load's fetch and compile.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    readyP.catch(() => {}).then(() => navigator.serviceWorker.register("sw.js")).catch(() => {});
  }
})();
