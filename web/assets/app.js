// boardgraph page: plain JavaScript, no build step. The engine answers
// through one transport, api(): in static mode a WebAssembly worker
// (window.BoardgraphEngine, engine-client.js), otherwise the local server's
// JSON API under /api/. This file draws boards, keeps the position, takes
// mouse, touch and keyboard input, and words the engine's answers.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// api is the one transport to the engine. path is an API name such as
// "leaper/step" (a render adds "?format=svg|png"), body a JSON object,
// opts.signal an AbortSignal. It returns the decoded JSON, or a Blob for a
// picture, and throws an Error whose message is fit for the status line.
async function api(path, body, opts) {
  const pre = openingAnswer(path, body);
  if (pre) return pre;
  if (window.BoardgraphEngine) return window.BoardgraphEngine.call(path, body, opts);
  const t0 = performance.now();
  const r = await fetch("api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: opts && opts.signal,
  });
  const ct = r.headers.get("Content-Type") || "";
  const data = ct.includes("json") ? await r.json() : await r.blob();
  window.lastApiMillis = performance.now() - t0;
  if (!r.ok) throw new Error((data && data.error) || ("the engine answered HTTP " + r.status));
  return data;
}

// The opening puzzles and the engine's answers to loading them, written
// into the page by the server or the site builder (web/opening.go): the
// first board is drawn and takes numbers before the engine is up.
const opening = (() => {
  try {
    const o = JSON.parse(document.getElementById("boardgraph-opening").textContent);
    if (Array.isArray(o.calls)) return o;
  } catch (e) { /* no opening in the page: every load asks the engine */ }
  return { leaper: "6x6", moves: "diplomatico", numberlink: "", calls: [] };
})();

// openingAnswer returns a copy of the opening's answer to the call, or
// null when the call is not one of the opening's (bodies compared key by
// key, in any order).
function openingAnswer(path, body) {
  const key = (o) => JSON.stringify(o, Object.keys(o || {}).sort());
  const c = opening.calls.find((c) => c.path === path && key(c.body) === key(body));
  return c ? structuredClone(c.answer) : null;
}

const aborted = (e) => e && e.name === "AbortError";

// axisBoard makes the SVG (id o.id) of a board of o.rows x o.cols square
// cells, sized to the width of o.board's container (o.guess before layout,
// at most o.most, cells of o.cell[0] to o.cell[1] pixels, o.pad more at
// the right and bottom), with the column letters and row numbers in a
// margin of lab pixels. It returns { svg, size (of a cell), lab }.
function axisBoard(o) {
  const avail = Math.max(240, Math.min(o.most, ($(o.board).parentElement.clientWidth || o.guess) - 4));
  const lab = 18;
  const size = Math.max(o.cell[0], Math.min(o.cell[1], Math.floor((avail - lab) / Math.max(o.cols, o.rows * 0.8))));
  const W = lab + o.cols * size + o.pad, H = lab + o.rows * size + o.pad;
  const svg = el("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, id: o.id, "aria-hidden": "true" });
  for (let c = 0; c < o.cols; c++) el("text", { x: lab + c * size + size / 2, y: lab - 5, "text-anchor": "middle", class: "axis" }, svg).textContent = colLabel(c);
  for (let r = 0; r < o.rows; r++) el("text", { x: lab - 4, y: lab + r * size + size / 2 + 4, "text-anchor": "end", class: "axis" }, svg).textContent = r + 1;
  return { svg, size, lab };
}

// shareBox fills panel p's Share & export box from the one template in
// index.html (ids p-share, p-copy, p-svg, p-png) and wires it to game:
// the share link to copy, the picture to download as SVG or PNG.
function shareBox(p, game) {
  const box = $("sharebox").content.cloneNode(true);
  for (const e of box.querySelectorAll("[data-id]")) e.id = p + "-" + e.dataset.id;
  $(p + "-sharebox").append(box);
  $(p + "-copy").onclick = () => { $(p + "-share").select(); navigator.clipboard && navigator.clipboard.writeText($(p + "-share").value).catch(() => {}); };
  $(p + "-svg").onclick = (e) => { e.preventDefault(); game.exportPic("svg"); };
  $(p + "-png").onclick = (e) => { e.preventDefault(); game.exportPic("png"); };
}

// ---- share links: the state in the URL fragment, base64url JSON ----
function encodeState(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeState(s) {
  s = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(s);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const v = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (!v || typeof v !== "object") throw new Error("not an object");
  return v;
}
function setHash(kind, obj) {
  const h = "#" + kind + "=" + encodeState(obj);
  history.replaceState(null, "", h);
  return location.href;
}

function showTab(name) {
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.tab === name;
    t.classList.toggle("active", on);
    t.setAttribute("aria-selected", on ? "true" : "false");
  }
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === name);
}
for (const t of document.querySelectorAll(".tab")) t.onclick = () => { showTab(t.dataset.tab); (t.dataset.tab === "nl" ? NL : L).share(); };

function hint(id, text, cls) {
  const h = $(id);
  h.textContent = text;
  h.className = "hint " + (cls || "");
}
function status(id, text, cls) {
  const s = $(id);
  s.textContent = text;
  s.className = "status " + (cls || "");
}
function study(id, text) { $(id).textContent = text || ""; }

// Column letters and row numbers, as drawn around the boards: "C7" is
// column C, row 7.
function colLabel(c) {
  let s = "";
  for (c++; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + (c - 1) % 26) + s;
  return s;
}
function cellName(cols, cell) { return colLabel(cell % cols) + (Math.floor(cell / cols) + 1); }

function fmtTime(s) {
  s = Math.floor(s);
  const m = Math.floor(s / 60), r = s % 60;
  return m + ":" + String(r).padStart(2, "0");
}

// A timer per family, and best times in localStorage under a key naming
// the family, size, moves and difficulty.
class Timer {
  constructor(id) { this.id = id; this.t0 = 0; this.stopped = true; this.shown = 0; setInterval(() => this.tick(), 1000); }
  start() { this.t0 = performance.now(); this.stopped = false; this.tick(); }
  stop() { if (!this.stopped) { this.shown = Math.floor(this.secs()); this.stopped = true; this.tick(); } return this.shown; }
  secs() { return this.stopped ? this.shown : (performance.now() - this.t0) / 1000; }
  tick() { const e = $(this.id); if (e) e.textContent = fmtTime(this.secs()); }
}
function bestKey(family, what) { return "boardgraph.best." + family + "." + what; }
function recordBest(family, what, secs) {
  const k = bestKey(family, what);
  let prev = null;
  try { prev = localStorage.getItem(k); } catch (e) { /* storage off */ }
  const best = prev === null || secs < +prev;
  if (best) try { localStorage.setItem(k, String(Math.floor(secs))); } catch (e) { /* storage off */ }
  return { best, prev: prev === null ? null : +prev };
}
function showBest(family, what, id) {
  let v = null;
  try { v = localStorage.getItem(bestKey(family, what)); } catch (e) { /* storage off */ }
  $(id).textContent = v === null ? "" : `Best time for ${what.replace(/\./g, " ")}: ${fmtTime(+v)}`;
}

// utcDate is today's date in UTC, "2026-11-26": the daily puzzles' seed, so
// everyone gets the same puzzle on the same date.
function utcDate() { return new Date().toISOString().slice(0, 10); }
function seedOf(s) { // FNV-1a, 32 bits
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h;
}

function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) [a, b] = [b, a % b]; return a; }

// jumpPath is the SVG path of the jump from number k (at x1,y1) to k+1. A
// jump whose straight segment would pass through another cell's centre
// (gcd(|dr|,|dc|) > 1) is a quadratic curve whose control point is the
// midpoint moved 0.3 cell perpendicular to the jump: to the left of the
// direction of travel when k is odd, to the right when k is even, so that
// collinear jumps do not overlap (the same rule as package render).
function jumpPath(x1, y1, x2, y2, dr, dc, k, size) {
  if (gcd(dr, dc) <= 1) return `M${x1},${y1}L${x2},${y2}`;
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
  // Left of travel on the screen (y down) is (dy, -dx).
  const side = k % 2 === 1 ? 1 : -1;
  const cx = (x1 + x2) / 2 + side * 0.3 * size * dy / len, cy = (y1 + y2) / 2 - side * 0.3 * size * dx / len;
  return `M${x1},${y1}Q${cx.toFixed(2)},${cy.toFixed(2)} ${x2},${y2}`;
}

// =====================================================================
// Leaper puzzles
// =====================================================================
const L = {
  b: null,        // board from leaper/load
  req: null,      // {board, moves} as sent
  mode: "numbers", // "numbers": write any number anywhere; "tour": 1, 2, 3... in order
  grid: [],       // numbers mode: the player's number per cell (0 none)
  marks: [],      // numbers mode: pencil marks per cell (sorted arrays)
  path: [],       // tour mode: cells numbered 1..n
  hist: [], fut: [],
  cursor: 0,
  buf: "",        // digits typed into the selected cell
  pencil: false,
  proof: [], look: [], errs: [],
  ladder: null,   // {key, h, rung}
  solved: false,
  timer: new Timer("l-timer"),
  level: "",      // difficulty name, for best times
  tourPref: true, // empty boards are played 1, 2, 3… in order (the in-order box)

  movesSpec() {
    const m = $("l-moves").value;
    return m === "custom" ? $("l-custom").value.trim() : m;
  },

  // load loads a board; st restores a shared position ({p: path} or {g: grid}).
  async load(req, st, opts) {
    opts = opts || {};
    let b;
    try {
      b = await api("leaper/load", req);
    } catch (e) {
      status("l-status", "Could not load that board: " + e.message, "bad");
      hint("l-hinttext", e.message, "dead");
      return false;
    }
    this.b = b;
    this.note = "";
    this.req = { board: b.board, moves: b.moves };
    this.given = new Map(b.givens.map(([c, n]) => [c, n]));
    this.givenAt = new Map(b.givens.map(([c, n]) => [n, c]));
    this.blocked = new Set(b.blocked);
    this.vecs = new Set(b.vectors.map(([r, c]) => r + "," + c));
    this.level = opts.level || "";
    const tour = opts.mode ? opts.mode === "tour" : (b.givens.length === 0 && this.tourPref);
    this.mode = tour ? "tour" : "numbers";
    // The box shows the mode in play; a puzzle with givens is played by
    // numbers only, and leaves the choice for empty boards as it was.
    if (!b.givens.length) this.tourPref = tour;
    $("l-tourmode").checked = tour;
    $("l-tourmode").disabled = b.givens.length > 0;
    this.grid = new Array(b.rows * b.cols).fill(0);
    this.marks = this.grid.map(() => []);
    this.path = [];
    this.hist = []; this.fut = [];
    this.proof = []; this.look = []; this.errs = [];
    this.ladder = null;
    this.solved = false;
    this.buf = "";
    this.cursor = 0;
    while (this.blocked.has(this.cursor) || this.given.has(this.cursor)) this.cursor++;
    $("l-views").textContent = "";
    study("l-studytext", "");
    $("l-reveal").hidden = true;
    $("l-pad").hidden = this.mode !== "numbers";
    $("l-board").setAttribute("aria-label", `${b.rows} by ${b.cols} ${b.moves} board, ${b.open} open cells` + (b.givens.length ? `, ${b.givens.length} givens` : ""));
    if (this.mode === "tour") hint("l-hinttext", "Free tour: tap any open cell to place 1; each next number must be one " + b.moves + " move away.", "info");
    else if (b.givens.length) hint("l-hinttext", `Write the numbers 1 to ${b.open} so that each number is one ${b.moves} move from the next. Select a cell and type a number, or drag from a number to a cell one move away.`, "info");
    else hint("l-hinttext", `An empty board in numbers mode: write any number anywhere; numbers k and k+1 must be one ${b.moves} move apart.`, "info");
    if (st && st.p && this.mode === "tour") {
      for (const c of st.p) { if (!this.legal().includes(c)) break; this.path.push(c); }
    }
    if (st && st.g && this.mode === "numbers") {
      for (const [c, n] of st.g) {
        if (Number.isInteger(c) && Number.isInteger(n) && c >= 0 && c < this.grid.length && n >= 1 && n <= b.open && !this.blocked.has(c) && !this.given.has(c)) this.grid[c] = n;
      }
    }
    this.draw();
    this.timer.start();
    showBest("leaper", this.bestWhat(), "l-best");
    this.check();
    if (this.mode === "tour" && b.givens.length === 0 && this.path.length === 0) this.impossibleCheck();
    return true;
  },

  bestWhat() { return `${this.b.rows}x${this.b.cols}.${this.b.moves}` + (this.level ? "." + this.level : ""); },

  // impossibleCheck asks the engine whether an empty board has any tour at
  // all, and says so in the status line when it has none.
  async impossibleCheck() {
    try {
      const h = await api("leaper/hint", this.body());
      if (h.status === "dead") { this.note = "This board has no solution: " + this.plainDead(h); this.showStatus(); }
    } catch (e) { /* the status line keeps the position */ }
  },

  numAt(c) { return this.given.has(c) ? this.given.get(c) : (this.mode === "tour" ? this.path.indexOf(c) + 1 : this.grid[c]); },

  // legal returns the cells where the next number may go (tour mode).
  legal() {
    const b = this.b;
    const n = this.path.length + 1;
    if (n > b.open) return [];
    const ok = (c) => !this.blocked.has(c) && !this.path.includes(c) &&
      (!this.given.has(c) || this.given.get(c) === n) && (!this.givenAt.has(n) || this.givenAt.get(n) === c);
    const out = [];
    if (this.path.length === 0) {
      for (let c = 0; c < b.rows * b.cols; c++) if (ok(c)) out.push(c);
      return out;
    }
    const head = this.path[this.path.length - 1];
    const r = Math.floor(head / b.cols), col = head % b.cols;
    for (const [dr, dc] of b.vectors) {
      const rr = r + dr, cc = col + dc;
      if (rr < 0 || cc < 0 || rr >= b.rows || cc >= b.cols) continue;
      const c = rr * b.cols + cc;
      if (ok(c)) out.push(c);
    }
    out.sort((a, c) => a - c);
    return out;
  },

  adjacent(a, c) {
    const b = this.b;
    const dr = Math.floor(c / b.cols) - Math.floor(a / b.cols), dc = c % b.cols - a % b.cols;
    return this.vecs.has(dr + "," + dc);
  },

  draw() {
    const b = this.b;
    const { svg, size, lab } = axisBoard({ board: "l-board", id: "l-svg-board", rows: b.rows, cols: b.cols, most: 680, guess: 640, cell: [14, 64], pad: 2 });
    this.size = size;
    this.ox = lab; this.oy = lab;
    this.cells = [];
    this.labels = [];
    this.pencils = [];
    for (let c = 0; c < b.rows * b.cols; c++) {
      const x = lab + (c % b.cols) * size, y = lab + Math.floor(c / b.cols) * size;
      this.cells.push(el("rect", { x, y, width: size, height: size, class: "cell", "data-cell": c, id: "lc" + c }, svg));
    }
    this.lines = el("g", {}, svg);
    for (let c = 0; c < b.rows * b.cols; c++) {
      const x = lab + (c % b.cols) * size, y = lab + Math.floor(c / b.cols) * size;
      const t = el("text", { x: x + size / 2, y: y + size / 2 + size * 0.14, "text-anchor": "middle", "font-size": Math.round(size * 0.4) }, svg);
      this.labels.push(t);
      const p = el("text", { x: x + 3, y: y + Math.max(9, size * 0.22), class: "pencil", "font-size": Math.max(8, Math.round(size * 0.19)) }, svg);
      this.pencils.push(p);
    }
    const host = $("l-board");
    host.textContent = "";
    host.appendChild(svg);
    this.update();
  },

  cellXY(c) { const s = this.size; return [this.ox + (c % this.b.cols) * s + s / 2, this.oy + Math.floor(c / this.b.cols) * s + s / 2]; },

  // chains returns the jumps to draw: [from, to, k] for consecutive numbers
  // k, k+1 one move apart.
  chains() {
    const out = [];
    if (this.mode === "tour") {
      for (let i = 1; i < this.path.length; i++) out.push([this.path[i - 1], this.path[i], i]);
      return out;
    }
    const at = new Map();
    const count = new Map();
    for (let c = 0; c < this.grid.length; c++) {
      const n = this.numAt(c);
      if (n > 0) { at.set(n, c); count.set(n, (count.get(n) || 0) + 1); }
    }
    for (const [n, c] of at) {
      if (at.has(n + 1) && count.get(n) === 1 && count.get(n + 1) === 1 && this.adjacent(c, at.get(n + 1))) out.push([c, at.get(n + 1), n]);
    }
    return out;
  },

  update() {
    const b = this.b;
    const tour = this.mode === "tour";
    const legal = new Set(tour ? this.legal() : []);
    const proof = new Set(this.proof), look = new Set(this.look), errs = new Set(this.errs);
    const head = tour ? this.path[this.path.length - 1] : -1;
    for (let c = 0; c < b.rows * b.cols; c++) {
      const cls = ["cell"];
      const n = this.numAt(c);
      if (this.blocked.has(c)) cls.push("blocked");
      else if (errs.has(c) || proof.has(c)) cls.push("err");
      else if (look.has(c)) cls.push("look");
      else if (!tour && c === this.cursor) cls.push("sel");
      else if (this.given.has(c)) cls.push("given");
      else if (c === head) cls.push("head");
      else if (tour && legal.has(c)) cls.push("legal");
      if (c === this.cursor) cls.push("cursor");
      this.cells[c].setAttribute("class", cls.join(" "));
      const t = this.labels[c];
      if (this.given.has(c)) { t.textContent = this.given.get(c); t.setAttribute("class", "givenlabel"); }
      else if (n > 0) { t.textContent = n; t.setAttribute("class", "num"); }
      else t.textContent = "";
      const m = !tour && !n ? this.marks[c] : [];
      this.pencils[c].textContent = m.join(" ");
    }
    const s = this.size;
    this.lines.textContent = "";
    for (const [a, c, k] of this.chains()) {
      const [x1, y1] = this.cellXY(a), [x2, y2] = this.cellXY(c);
      const dr = Math.floor(c / b.cols) - Math.floor(a / b.cols), dc = c % b.cols - a % b.cols;
      el("path", { d: jumpPath(x1, y1, x2, y2, dr, dc, k, s), class: "pathline", "data-k": k }, this.lines);
    }
    this.showStatus();
    $("l-undo").disabled = this.hist.length === 0 && !(tour && this.path.length);
    $("l-redo").disabled = this.fut.length === 0;
    this.share();
  },

  filled() { let n = this.given.size; for (let c = 0; c < this.grid.length; c++) if (this.grid[c] && !this.given.has(c)) n++; return this.mode === "tour" ? this.path.length : n; },

  showStatus() {
    const b = this.b;
    if (this.solved) return;
    if (this.note) { status("l-status", this.note, "bad"); return; }
    if (this.mode === "tour") {
      const n = this.path.length, legal = this.legal().length;
      status("l-status", `${b.rows}x${b.cols} ${b.moves}: ${n}/${b.open} placed` + (n === b.open ? "" : legal ? `, ${legal} cells for ${n + 1}` : `, no cell for ${n + 1}: undo`));
      return;
    }
    if (this.errText) { status("l-status", this.errText, "bad"); return; }
    const sel = this.cursor;
    let where = `selected ${cellName(b.cols, sel)}`;
    if (this.given.has(sel)) where += ` (given ${this.given.get(sel)})`;
    else if (this.grid[sel]) where += ` (${this.grid[sel]})`;
    if (this.pencil) where += ", pencil on" + (this.buf ? ` (${this.buf}…)` : "");
    status("l-status", `${this.filled()}/${b.open} numbered · ${where}`);
  },

  share() {
    if (!this.b) return;
    const st = { b: this.req.board, m: this.req.moves };
    if (this.mode === "tour") st.p = this.path;
    else {
      st.g = [];
      this.grid.forEach((n, c) => { if (n && !this.given.has(c)) st.g.push([c, n]); });
    }
    if (this.level) st.l = this.level;
    $("l-share").value = setHash("leaper", st);
  },

  body() { return { board: this.req.board, moves: this.req.moves, path: this.path }; },
  playBody(extra) { return Object.assign({ board: this.req.board, moves: this.req.moves, grid: this.grid }, extra || {}); },

  // ---- changes: each goes through change(), which keeps undo and
  // cancels a running hint.
  snapshot() { return { grid: this.grid.slice(), marks: this.marks.map((m) => m.slice()), path: this.path.slice() }; },
  restore(s) { this.grid = s.grid; this.marks = s.marks; this.path = s.path; },
  change(f, keepHistory) {
    if (!keepHistory) { this.hist.push(this.snapshot()); this.fut = []; }
    f();
    this.moved();
  },
  moved() {
    this.note = "";
    this.solved = false;
    if (this.hintCtl) this.hintCtl.abort();
    this.ladder = null; this.look = []; this.proof = [];
    $("l-reveal").hidden = true;
    this.update();
    this.check();
  },
  undo() {
    this.buf = "";
    if (this.hist.length) { this.fut.push(this.snapshot()); this.restore(this.hist.pop()); this.moved(); }
  },
  redoMove() {
    this.buf = "";
    if (this.fut.length) { this.hist.push(this.snapshot()); this.restore(this.fut.pop()); this.moved(); }
  },

  // check asks the engine for live mistakes and completion (numbers mode).
  async check() {
    if (this.mode !== "numbers" || !this.b) { this.maybeTourDone(); return; }
    if (this.checkCtl) this.checkCtl.abort();
    const ctl = this.checkCtl = new AbortController();
    try {
      const r = await api("leaper/check", this.playBody(), { signal: ctl.signal });
      if (ctl.signal.aborted) return;
      this.errs = [];
      for (const e of r.errors) this.errs.push(...e.cells);
      this.errText = r.errors.length ? r.errors[0].text.charAt(0).toUpperCase() + r.errors[0].text.slice(1) + "." : "";
      if (r.solved) this.win(r.reason);
      this.update();
    } catch (e) {
      if (!aborted(e)) status("l-status", e.message, "bad");
    }
  },

  win(reason) {
    this.solved = true;
    const secs = this.timer.stop();
    const rb = recordBest("leaper", this.bestWhat(), secs);
    const best = rb.best ? (rb.prev === null ? " — your first time on this size" : " — a new best time!") : ` — best ${fmtTime(rb.prev)}`;
    status("l-status", `Solved in ${fmtTime(secs)}${best}`, "win");
    hint("l-hinttext", "Solved! " + reason.replace(/^solved: /, "").replace(/^./, (c) => c.toUpperCase()) + ".", "ok");
    showBest("leaper", this.bestWhat(), "l-best");
  },

  async maybeTourDone() {
    if (this.mode !== "tour" || this.path.length !== this.b.open || this.solved) return;
    try {
      const h = await api("leaper/hint", this.body());
      if (h.status === "done") this.win("every cell is numbered and the independent verifier accepts the path");
      else hint("l-hinttext", h.reason, "dead");
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  // setNumber writes n (0 erases) in cell c.
  setNumber(c, n, merge) {
    if (this.blocked.has(c)) { status("l-status", `${cellName(this.b.cols, c)} is blocked: choose an open cell.`, "bad"); return; }
    if (this.given.has(c)) { status("l-status", `${cellName(this.b.cols, c)} holds the given ${this.given.get(c)}, which cannot change: choose an empty cell.`, "bad"); return; }
    this.change(() => { this.grid[c] = n; }, merge);
  },

  // digit takes one typed digit for the selected cell: digits add up to a
  // number of several digits while it stays at most the largest number.
  digit(d) {
    const c = this.cursor, N = this.b.open;
    if (this.mode === "tour") { return; }
    if (this.given.has(c) || this.blocked.has(c)) { this.setNumber(c, 0); this.buf = ""; return; }
    let buf = this.buf + d;
    if (+buf > N || /^0/.test(buf)) buf = String(d);
    if (+buf < 1 || +buf > N) {
      this.buf = "";
      status("l-status", `Numbers run from 1 to ${N}: ${d} cannot start one.`, "bad");
      return;
    }
    const merge = this.buf !== "" && !this.pencil;
    this.buf = buf;
    if (this.pencil) {
      if (+buf * 10 > N) this.toggleMark(c, +buf);
      else this.showStatus();
      return;
    }
    this.setNumber(c, +buf, merge);
  },

  toggleMark(c, n) {
    this.buf = "";
    this.change(() => {
      const m = this.marks[c];
      const i = m.indexOf(n);
      if (i >= 0) m.splice(i, 1); else { m.push(n); m.sort((a, b) => a - b); }
    });
  },

  select(c) {
    if (c < 0 || c >= this.grid.length) return;
    this.note = "";
    this.cursor = c;
    this.buf = "";
    if (this.mode === "tour") {
      if (this.legal().includes(c)) this.change(() => this.path.push(c));
      else this.update();
      return;
    }
    this.update();
  },

  // dragTo writes the number next to the one at cell a into cell c (one
  // move away): the following number if it is not written yet, else the
  // one before.
  dragTo(a, c) {
    if (a === c) return;
    const k = this.numAt(a);
    if (this.mode === "tour") { this.select(c); return; }
    if (!k) return;
    if (!this.adjacent(a, c)) { status("l-status", `${cellName(this.b.cols, c)} is not one ${this.b.moves} move from ${cellName(this.b.cols, a)}.`, "bad"); return; }
    const used = new Set();
    for (let x = 0; x < this.grid.length; x++) { const n = this.numAt(x); if (n) used.add(n); }
    let n = 0;
    if (k < this.b.open && !used.has(k + 1)) n = k + 1;
    else if (k > 1 && !used.has(k - 1)) n = k - 1;
    if (!n) { status("l-status", `${k - 1} and ${k + 1} are both written already.`, "bad"); return; }
    this.cursor = c;
    this.buf = "";
    this.setNumber(c, n);
  },

  // ---- hints, as a ladder: where to look, why, then the step itself.
  async hint() {
    const key = JSON.stringify([this.grid, this.path]);
    if (!this.ladder || this.ladder.key !== key) {
      if (this.hintCtl) this.hintCtl.abort();
      const ctl = this.hintCtl = new AbortController();
      hint("l-hinttext", "thinking…", "info");
      let h;
      try {
        h = this.mode === "numbers" ? await api("leaper/step", this.playBody(), { signal: ctl.signal })
          : await api("leaper/hint", this.body(), { signal: ctl.signal });
      } catch (e) {
        if (!aborted(e)) hint("l-hinttext", e.message, "dead");
        return;
      }
      if (ctl.signal.aborted) return;
      this.ladder = { key, h, rung: 0 };
    }
    const lad = this.ladder, h = lad.h;
    lad.rung++;
    $("l-hinttext").dataset.rung = lad.rung;
    $("l-hinttext").dataset.status = h.status;
    if (this.mode === "numbers") this.numbersRung(h, lad.rung);
    else this.tourRung(h, lad.rung);
  },

  numbersRung(h, rung) {
    const cls = h.status === "error" ? "dead" : h.status === "stuck" ? "info" : "ok";
    study("l-studytext", `${h.study || ""}\n(${h.ms.toFixed(1)} ms in the engine)`);
    if (h.status === "done") { hint("l-hinttext", h.reason, "ok"); return; }
    if (rung === 1) {
      this.look = h.lookCells;
      hint("l-hinttext", "Look here: " + h.look.replace(/^Look at /, "") + (h.status === "step" ? "  (Hint again: why)" : ""), cls);
    } else if (rung === 2 || h.status !== "step") {
      this.look = h.lookCells;
      hint("l-hinttext", h.reason + (h.status === "step" ? "  (Hint again: fill it in)" : ""), cls);
      if (h.status === "stuck") $("l-reveal").hidden = false;
    } else {
      this.cursor = h.cell;
      this.setNumber(h.cell, h.number);
      hint("l-hinttext", `${h.number} written at ${cellName(this.b.cols, h.cell)}.`, "ok");
      return;
    }
    this.update();
  },

  plainDead(h) {
    const w = {
      "dead-ends": "the marked cells each have only one move left, and a path has only two ends, so some cell would be a dead end.",
      "disconnected": "the marked cells can no longer be reached, so the path cannot visit every cell.",
      "cut-cell": "the path would have to pass through the marked cell twice.",
      "colour": "the cells do not alternate colours the way every move does, so no path covers them all.",
      "givens": "two given numbers are too far apart for the numbers between them.",
      "search": "the engine tried every way on from here and none fills the board.",
    }[h.rule];
    return w || "the engine proved that no path fills the board from here (see Study).";
  },

  tourRung(h, rung) {
    study("l-studytext", `${h.reason}` + (h.rule ? `\nproof: ${h.rule}` : "") + `\n(${h.ms.toFixed(1)} ms in the engine, ${h.nodes} search nodes)`);
    const n = this.path.length;
    if (h.status === "done") { hint("l-hinttext", "Every cell is numbered and the path is right.", "ok"); return; }
    if (h.status === "unknown") { hint("l-hinttext", "The engine could not decide in time whether this position can be finished. Undo a few numbers and ask again.", "info"); return; }
    if (h.status === "dead") {
      this.proof = h.cells || [];
      hint("l-hinttext", (rung === 1 ? "Look here: this position cannot be finished." : "This position cannot be finished: " + this.plainDead(h) + " Undo a few numbers."), "dead");
      this.update();
      return;
    }
    const name = cellName(this.b.cols, h.next);
    if (rung === 1) {
      this.look = this.legal();
      hint("l-hinttext", `Look here: ${n + 1} can go on one of the green cells, and the board can still be finished.  (Hint again: which)`, "ok");
    } else if (rung === 2) {
      this.look = [h.next];
      hint("l-hinttext", `${n + 1} at ${name} still leaves a way to number every cell.  (Hint again: place it)`, "ok");
    } else {
      this.cursor = h.next;
      this.change(() => this.path.push(h.next));
      hint("l-hinttext", `${n + 1} placed at ${name}.`, "ok");
      return;
    }
    this.update();
  },

  async reveal() {
    $("l-reveal").hidden = true;
    try {
      const r = await api("leaper/reveal", this.playBody());
      if (r.status === "reveal" && r.cell >= 0) {
        this.cursor = r.cell;
        this.setNumber(r.cell, r.number);
        hint("l-hinttext", `Revealed: ${r.number} at ${cellName(this.b.cols, r.cell)}.`, "ok");
      } else if (r.status === "wrong") {
        this.errs = r.wrong;
        this.update();
        hint("l-hinttext", "No solution keeps every number written: the marked cells hold numbers the solution puts elsewhere.", "dead");
      } else hint("l-hinttext", r.reason, "info");
      study("l-studytext", r.reason);
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  async solve() {
    hint("l-hinttext", "solving…", "info");
    try {
      if (this.mode === "numbers") {
        const r = await api("leaper/reveal", this.playBody({ all: true }));
        if (r.status !== "reveal") { hint("l-hinttext", r.reason, "dead"); if (r.wrong) { this.errs = r.wrong; this.update(); } return; }
        this.change(() => { r.grid.forEach((n, c) => { if (!this.given.has(c)) this.grid[c] = n; }); });
        hint("l-hinttext", "Solved from here; the path passed the independent verifier.", "ok");
        return;
      }
      const h = await api("leaper/solve", this.body());
      if (h.solution) {
        this.change(() => { this.path = h.solution; });
        hint("l-hinttext", "Solved from here; the path passed the independent verifier.", "ok");
      } else {
        this.proof = h.cells || [];
        this.update();
        hint("l-hinttext", h.status === "dead" ? "No solution from here: " + this.plainDead(h) : "The engine could not finish in time.", h.status === "dead" ? "dead" : "info");
      }
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  async count() {
    hint("l-hinttext", "counting…", "info");
    try {
      const r = await api("leaper/count", this.body());
      hint("l-hinttext", `${r.complete ? "" : "at least "}${r.count} ${r.convention}` + (r.complete ? "" : " (the time budget ran out)") + (this.mode === "numbers" ? " (counted from the givens; your numbers are not used)" : ""), "info");
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  async analyze() {
    hint("l-hinttext", "enumerating every solution of this board…", "info");
    try {
      const r = await api("leaper/analyze", { board: this.req.board, moves: this.req.moves });
      const v = $("l-views");
      v.innerHTML = "";
      for (const svg of [r.heatmap, r.edges]) {
        const d = document.createElement("div");
        d.innerHTML = svg;
        v.appendChild(d);
      }
      hint("l-hinttext", `${r.complete ? "" : "at least "}${r.total} ${r.convention}, ${r.orbits} up to symmetry.`, "info");
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  pathForExport() {
    if (this.mode === "tour") return this.path;
    // The longest run 1, 2, 3... written so far.
    const at = new Map();
    for (let c = 0; c < this.grid.length; c++) { const n = this.numAt(c); if (n) at.set(n, c); }
    const out = [];
    for (let k = 1; at.has(k) && (k === 1 || this.adjacent(at.get(k - 1), at.get(k))); k++) out.push(at.get(k));
    return out;
  },

  async exportPic(format) {
    try {
      const blob = await api("leaper/render?format=" + format, { board: this.req.board, moves: this.req.moves, path: this.pathForExport() });
      download(blob, `boardgraph-${this.b.rows}x${this.b.cols}.${format}`);
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  key(e) {
    const b = this.b;
    if (!b || e.altKey || e.metaKey) return;
    const r = Math.floor(this.cursor / b.cols), c = this.cursor % b.cols;
    const moveTo = (rr, cc) => { if (rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols) { this.cursor = rr * b.cols + cc; this.buf = ""; this.update(); } };
    const k = e.key;
    if (k === "ArrowUp") moveTo(r - 1, c);
    else if (k === "ArrowDown") moveTo(r + 1, c);
    else if (k === "ArrowLeft") moveTo(r, c - 1);
    else if (k === "ArrowRight") moveTo(r, c + 1);
    else if ((k === "z" && e.ctrlKey) || k === "u") this.undo();
    else if ((k === "y" && e.ctrlKey) || k === "r") this.redoMove();
    else if (e.ctrlKey) return;
    else if (k === "h") this.hint();
    else if (this.mode === "tour") {
      if (k === "Enter" || k === " ") this.select(this.cursor);
      else if (k === "Backspace") this.undo();
      else if (k >= "1" && k <= "9") {
        const l = this.legal();
        const i = k.charCodeAt(0) - 49;
        if (this.path.length && i < l.length) { this.cursor = l[i]; this.select(l[i]); }
      } else return;
    } else if (k >= "0" && k <= "9") this.digit(k);
    else if (k === "Backspace" || k === "Delete") { this.buf = ""; this.setNumber(this.cursor, 0); }
    else if (k === "p") this.togglePencil();
    else if (k === "Enter" || k === " ") {
      if (this.pencil && this.buf) this.toggleMark(this.cursor, +this.buf);
      this.buf = "";
    } else if (k === "Tab" || k === "Escape" || k === "Shift") return;
    else if (k.length === 1) {
      status("l-status", `"${k}" is not a number: type a number from 1 to ${b.open} (or h hint, p pencil, u undo, r redo).`, "bad");
    } else return;
    e.preventDefault();
  },

  togglePencil() {
    if (this.pencil && this.buf) this.toggleMark(this.cursor, +this.buf);
    this.pencil = !this.pencil;
    this.buf = "";
    $("l-pencil").setAttribute("aria-pressed", this.pencil ? "true" : "false");
    this.showStatus();
  },
};

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// Pointer input on the leaper board: a tap selects, a drag from a numbered
// cell to a cell one move away writes the next (or previous) number. Both
// act on pointerup, so the first tap is never lost to focus or hover.
(function leaperPointer() {
  const host = $("l-board");
  let from = -1;
  const cellAt = (x, y) => {
    const e = document.elementFromPoint(x, y);
    return e && e.dataset && e.dataset.cell !== undefined && e.closest("#l-board") ? +e.dataset.cell : -1;
  };
  host.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !L.b) return;
    from = cellAt(e.clientX, e.clientY);
    if (from >= 0) host.focus({ preventScroll: true });
  });
  host.addEventListener("pointerup", (e) => {
    if (from < 0 || !L.b) return;
    const to = cellAt(e.clientX, e.clientY);
    const a = from;
    from = -1;
    if (to < 0) return;
    if (to === a) L.select(a);
    else L.dragTo(a, to);
  });
  host.addEventListener("pointercancel", () => { from = -1; });
})();

for (const btn of document.querySelectorAll("#l-pad button[data-d]")) btn.onclick = () => L.digit(btn.dataset.d);
$("l-erase").onclick = () => { L.buf = ""; L.setNumber(L.cursor, 0); };
$("l-pencil").onclick = () => L.togglePencil();
$("l-moves").onchange = () => { $("l-custom").hidden = $("l-moves").value !== "custom"; };
// Switching the mode restarts an empty board that has nothing on it yet;
// otherwise it is for the next empty board.
$("l-tourmode").onchange = () => {
  L.tourPref = $("l-tourmode").checked;
  const mode = L.tourPref ? "tour" : "numbers";
  if (L.b && !L.b.givens.length && !L.path.length && !L.grid.some((n) => n)) L.load(L.req, null, { mode });
  else status("l-status", "The next empty board will be played " + (mode === "tour" ? "1, 2, 3… in order." : "by numbers in any order."));
};
$("l-new").onclick = () => L.load({ board: $("l-size").value.trim(), moves: L.movesSpec() }, null, { mode: L.tourPref ? "tour" : "numbers" });
$("l-load").onclick = () => {
  const map = $("l-map").value.trim();
  if (!map) { status("l-status", "Paste a board map first: one row per line, . for an open cell, # for a blocked one, a number for a given.", "bad"); return; }
  L.load({ board: map, moves: L.movesSpec() });
};
async function leaperGenerate(seed, daily) {
  const levelSel = $("l-level");
  hint("l-hinttext", "making a puzzle with exactly one solution…", "info");
  try {
    const r = await api("leaper/generate", { board: $("l-size").value.trim(), moves: L.movesSpec(), level: +levelSel.value, seed });
    await L.load({ board: r.board, moves: r.moves }, null, { mode: "numbers", level: r.level });
    hint("l-hinttext", (daily ? `Daily puzzle for ${utcDate()} (UTC): ` : "") + `a ${r.level} puzzle with ${r.givens} givens and exactly one solution. Write the numbers 1 to ${L.b.open}, each one ${r.moves} move from the next.`, "ok");
  } catch (e) {
    status("l-status", "Could not make a puzzle: " + e.message, "bad");
    hint("l-hinttext", e.message, "dead");
  }
}
$("l-gen").onclick = () => leaperGenerate(Math.floor(Math.random() * 1e9), false);
$("l-daily").onclick = () => leaperGenerate(seedOf(`${utcDate()}|leaper|${L.movesSpec()}|${$("l-size").value.trim()}|${$("l-level").value}`), true);
$("l-undo").onclick = () => L.undo();
$("l-redo").onclick = () => L.redoMove();
$("l-restart").onclick = () => L.change(() => { L.path = []; L.grid = L.grid.map(() => 0); L.marks = L.marks.map(() => []); });
$("l-hint").onclick = () => L.hint();
$("l-reveal").onclick = () => L.reveal();
$("l-solve").onclick = () => L.solve();
$("l-count").onclick = () => L.count();
$("l-analyze").onclick = () => L.analyze();
shareBox("l", L);

// =====================================================================
// Numberlink k-grids (Bridges)
// =====================================================================
const NL = {
  g: null,
  puzzle: "",
  conn: [],
  undoStack: [],
  redoStack: [],
  hintPairs: [],
  hintNode: -1,
  cursor: 0,
  done: new Set(),
  ladder: null,
  solved: false,
  timer: new Timer("n-timer"),
  what: "",

  async load(puzzle, conn, what) {
    let g;
    try {
      g = await api("nl/load", { puzzle });
    } catch (e) {
      status("n-status", "Could not load that puzzle: " + e.message, "bad");
      hint("n-hinttext", e.message, "dead");
      return false;
    }
    this.g = g;
    this.puzzle = g.id;
    this.conn = new Array(g.pairs.length).fill(0);
    if (conn && conn.length === g.pairs.length) this.conn = conn.map((x) => Math.max(0, Math.min(g.k, x | 0)));
    this.undoStack = [];
    this.redoStack = [];
    this.hintPairs = [];
    this.hintNode = -1;
    this.cursor = 0;
    this.done = new Set();
    this.ladder = null;
    this.solved = false;
    this.what = what || `${g.rows}x${g.cols}.k${g.k}`;
    study("n-studytext", "");
    $("n-board").setAttribute("aria-label", `Bridges board ${g.rows} by ${g.cols}, ${g.nodes.length} islands, at most ${g.k} bridges between two islands`);
    hint("n-hinttext", `Join the ${g.nodes.length} islands with bridges: each island's number is its count of bridges, at most ${g.k} between two islands, no crossings, all islands joined.` + (g.noLoops ? " No loops." : ""), "info");
    this.draw();
    this.timer.start();
    showBest("nl", this.what, "n-best");
    return true;
  },

  draw() {
    const g = this.g;
    const { svg, size: s, lab } = axisBoard({ board: "n-board", id: "n-svg-board", rows: g.rows, cols: g.cols, most: 700, guess: 680, cell: [16, 60], pad: 0 });
    this.s = s;
    this.o = lab;
    el("rect", { x: lab, y: lab, width: g.cols * s, height: g.rows * s, class: "gridbg" }, svg);
    this.layerHint = el("g", {}, svg);
    this.layerBridges = el("g", {}, svg);
    const hits = el("g", {}, svg);
    g.pairs.forEach((p, i) => {
      const a = g.nodes[p.a], b = g.nodes[p.b];
      el("line", { x1: this.cx(a), y1: this.cy(a), x2: this.cx(b), y2: this.cy(b), class: "hit", "stroke-width": s * 0.7, "data-pair": i, id: "np" + i }, hits);
    });
    this.nodeEls = g.nodes.map((n, i) => {
      const gr = el("g", { class: "node", "data-node": i, id: "nn" + i }, svg);
      el("circle", { cx: this.cx(n), cy: this.cy(n), r: s * 0.38, "data-node": i }, gr);
      const t = el("text", { x: this.cx(n), y: this.cy(n) + s * 0.13, "text-anchor": "middle", "font-size": Math.round(s * 0.4) }, gr);
      t.textContent = n.m;
      return gr;
    });
    this.dragLine = el("line", { class: "dragline", x1: 0, y1: 0, x2: 0, y2: 0, visibility: "hidden" }, svg);
    const host = $("n-board");
    host.textContent = "";
    host.appendChild(svg);
    this.update();
  },
  cx(n) { return this.o + n.c * this.s + this.s / 2; },
  cy(n) { return this.o + n.r * this.s + this.s / 2; },

  setConn(i, v) {
    if (this.hintCtl) this.hintCtl.abort();
    this.undoStack.push(this.conn.slice());
    this.redoStack = [];
    this.conn[i] = v;
    this.hintPairs = [];
    this.hintNode = -1;
    this.ladder = null;
    this.update();
  },
  cycle(i, dir) {
    const k = this.g.k;
    this.setConn(i, (this.conn[i] + dir + k + 1) % (k + 1));
  },
  // pairOf returns the pair joining islands a and b, or -1.
  pairOf(a, b) { return this.g.pairs.findIndex((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a)); },
  // pairToward returns the pair from island i in direction (dr, dc), or -1.
  pairToward(i, dr, dc) {
    const g = this.g, n = g.nodes[i];
    return g.pairs.findIndex((p) => {
      if (p.a !== i && p.b !== i) return false;
      const o = g.nodes[p.a === i ? p.b : p.a];
      return Math.sign(o.r - n.r) === dr && Math.sign(o.c - n.c) === dc;
    });
  },
  // nearestToward returns the closest island from i in direction (dr, dc)
  // (within a 45° cone), for keyboard moves where no pair leads that way.
  nearestToward(i, dr, dc) {
    const g = this.g, n = g.nodes[i];
    let best = -1, bd = 1e9;
    g.nodes.forEach((o, j) => {
      const ar = o.r - n.r, ac = o.c - n.c;
      const along = ar * dr + ac * dc, across = Math.abs(ar * dc - ac * dr);
      if (j === i || along <= 0 || across > along) return;
      const d = along * along + 2 * across * across;
      if (d < bd) { bd = d; best = j; }
    });
    return best;
  },

  add(i) {
    if (i < 0) return;
    if (this.conn[i] >= this.g.k) { status("n-status", `Already ${this.g.k} bridges there (the most allowed).`, "bad"); return; }
    this.setConn(i, this.conn[i] + 1);
  },
  remove(i) {
    if (i < 0 || this.conn[i] === 0) return;
    this.setConn(i, this.conn[i] - 1);
  },

  // marks computes what the player should see: over-full islands, crossing
  // bridges and closed subgroups (a connected set of complete islands that
  // is not the whole grid).
  marks() {
    const g = this.g, conn = this.conn;
    const deg = new Array(g.nodes.length).fill(0);
    g.pairs.forEach((p, i) => { deg[p.a] += conn[i]; deg[p.b] += conn[i]; });
    const over = new Set(), full = new Set();
    g.nodes.forEach((n, i) => { if (deg[i] > n.m) over.add(i); else if (deg[i] === n.m) full.add(i); });
    const cross = new Set();
    g.crossings.forEach((list, i) => {
      if (!conn[i] || !list) return;
      for (const j of list) if (conn[j]) { cross.add(i); cross.add(j); }
    });
    const parent = g.nodes.map((_, i) => i);
    const find = (x) => { while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; };
    g.pairs.forEach((p, i) => { if (conn[i]) parent[find(p.a)] = find(p.b); });
    const compOK = new Map(), compSize = new Map();
    g.nodes.forEach((_, i) => {
      const r = find(i);
      compSize.set(r, (compSize.get(r) || 0) + 1);
      compOK.set(r, (compOK.has(r) ? compOK.get(r) : true) && full.has(i));
    });
    const closed = new Set();
    g.nodes.forEach((_, i) => {
      const r = find(i);
      if (compOK.get(r) && compSize.get(r) < g.nodes.length) closed.add(i);
    });
    return { deg, over, full, cross, closed };
  },

  update() {
    const g = this.g, m = this.marks();
    const L1 = this.layerBridges, LH = this.layerHint;
    L1.textContent = "";
    LH.textContent = "";
    g.pairs.forEach((p, i) => {
      const a = g.nodes[p.a], b = g.nodes[p.b];
      const k = this.conn[i];
      const gap = Math.min(6, this.s / 8);
      for (let j = 0; j < k; j++) {
        const off = (j - (k - 1) / 2) * gap;
        const dx = p.h ? 0 : off, dy = p.h ? off : 0;
        let cls = "bridge";
        if (m.cross.has(i)) cls += " cross";
        else if (m.closed.has(p.a)) cls += " closed";
        el("line", { x1: this.cx(a) + dx, y1: this.cy(a) + dy, x2: this.cx(b) + dx, y2: this.cy(b) + dy, class: cls, "data-bridge": i }, L1);
      }
    });
    for (const i of this.hintPairs) {
      const p = g.pairs[i], a = g.nodes[p.a], b = g.nodes[p.b];
      el("line", { x1: this.cx(a), y1: this.cy(a), x2: this.cx(b), y2: this.cy(b), class: "hintpair" }, LH);
    }
    this.nodeEls.forEach((e, i) => {
      const cls = ["node"];
      if (m.over.has(i)) cls.push("over");
      else if (this.done.has(i)) cls.push("done");
      else if (m.full.has(i)) cls.push("full");
      if (m.closed.has(i)) cls.push("closed");
      if (i === this.hintNode) cls.push("hinted");
      if (i === this.cursor) cls.push("cursor");
      e.setAttribute("class", cls.join(" "));
    });
    const drawn = this.conn.reduce((x, y) => x + y, 0);
    const need = g.nodes.reduce((x, n) => x + n.m, 0) / 2;
    const notes = [];
    if (m.over.size) notes.push(`${m.over.size} island${m.over.size > 1 ? "s" : ""} with too many bridges`);
    if (m.cross.size) notes.push("crossing bridges");
    if (m.closed.size) notes.push("a group of islands cut off from the rest");
    const done = !notes.length && m.full.size === g.nodes.length;
    const n = g.nodes[this.cursor];
    const sel = n ? ` · selected the ${n.m} at ${colLabel(n.c)}${n.r + 1} (${m.deg[this.cursor]}/${n.m})` : "";
    if (done && !this.solved) this.finish();
    else if (!this.solved || !done) {
      this.solved = false;
      status("n-status", `${drawn}/${need} bridges` + (notes.length ? " — " + notes.join(", ") : "") + sel, notes.length ? "bad" : "");
    }
    $("n-undo").disabled = !this.undoStack.length;
    $("n-redo").disabled = !this.redoStack.length;
    this.share();
  },

  async finish() {
    this.solved = true;
    const secs = this.timer.stop();
    status("n-status", `Solved! in ${fmtTime(secs)}`, "win");
    try {
      const r = await api("nl/check", this.body());
      if (!r.solved) { this.solved = false; status("n-status", r.reason, "bad"); return; }
      const rb = recordBest("nl", this.what, secs);
      const best = rb.best ? (rb.prev === null ? " — your first time on this size" : " — a new best time!") : ` — best ${fmtTime(rb.prev)}`;
      status("n-status", `Solved! in ${fmtTime(secs)}${best}`, "win");
      hint("n-hinttext", "Solved! " + r.reason.replace(/^solved: /, "").replace(/^./, (c) => c.toUpperCase()) + ".", "ok");
      showBest("nl", this.what, "n-best");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },

  share() {
    if (!this.g) return;
    const st = { p: this.puzzle, c: this.conn.join("") };
    if (this.done.size) st.d = [...this.done].sort((a, b) => a - b);
    $("n-share").value = setHash("nl", st);
  },

  body() { return { puzzle: this.puzzle, conn: this.conn }; },

  async hint() {
    const key = this.conn.join("");
    if (!this.ladder || this.ladder.key !== key) {
      if (this.hintCtl) this.hintCtl.abort();
      const ctl = this.hintCtl = new AbortController();
      hint("n-hinttext", "thinking…", "info");
      try {
        const h = await api("nl/hint", this.body(), { signal: ctl.signal });
        if (ctl.signal.aborted) return;
        this.ladder = { key, h, rung: 0 };
      } catch (e) {
        if (!aborted(e)) hint("n-hinttext", e.message, "dead");
        return;
      }
    }
    const lad = this.ladder, h = lad.h;
    lad.rung++;
    const el = $("n-hinttext");
    el.dataset.rung = lad.rung;
    el.dataset.status = h.status;
    let st = h.reason;
    if (h.feasible && h.feasible.length) st += `\nfeasible configurations Φ_Γk[p] (${h.feasibleCount}): ${h.feasible.join(", ")}${h.feasibleCount > h.feasible.length ? ", …" : ""}`;
    study("n-studytext", st + (h.stage ? `\nstage: ${h.stage}` : "") + `\n(${h.ms.toFixed(1)} ms in the engine)`);
    const cls = h.status === "wrong" || h.status === "none" ? "dead" : "ok";
    if (h.status === "done" || h.status === "none" || !h.pairs) { hint("n-hinttext", h.plain, cls); return; }
    if (lad.rung === 1) {
      this.hintNode = h.node;
      this.hintPairs = [];
      hint("n-hinttext", "Look here: " + h.look.replace(/^Look at /, "") + "  (Hint again: why)", cls);
    } else if (lad.rung === 2) {
      this.hintNode = h.node;
      this.hintPairs = h.pairs;
      hint("n-hinttext", h.plain + (h.reveal ? "  (Hint again: reveal it)" : "  (Hint again: draw it)"), h.reveal ? "info" : cls);
    } else {
      this.undoStack.push(this.conn.slice());
      this.redoStack = [];
      h.pairs.forEach((p, i) => { this.conn[p] = h.status === "wrong" ? h.counts[i] : Math.max(this.conn[p], h.counts[i]); });
      this.ladder = null;
      this.hintPairs = [];
      this.hintNode = -1;
      hint("n-hinttext", h.status === "wrong" ? "Took the extra bridges away." : "Drawn.", "ok");
    }
    this.update();
  },
  async check() {
    try {
      const r = await api("nl/check", this.body());
      hint("n-hinttext", r.reason, r.solved ? "ok" : "dead");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  async solve() {
    hint("n-hinttext", "solving…", "info");
    try {
      const r = await api("nl/solve", this.body());
      if (r.conn && r.conn.length) {
        this.undoStack.push(this.conn.slice());
        this.conn = r.conn;
        this.hintPairs = [];
        this.hintNode = -1;
        this.update();
      }
      hint("n-hinttext", r.reason + " (verified)", r.solutions ? "ok" : "dead");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  async generate(seed, daily) {
    const [rows, cols] = $("n-size").value.split("x").map(Number);
    const diffSel = $("n-diff");
    hint("n-hinttext", "making a puzzle with exactly one solution…", "info");
    try {
      const r = await api("nl/generate", { rows, cols, k: +$("n-k").value, difficulty: +diffSel.value, seed });
      await this.load(r.puzzle, null, `${rows}x${cols}.k${$("n-k").value}.${r.grade}`);
      $("n-input").value = r.puzzle;
      hint("n-hinttext", (daily ? `Daily puzzle for ${utcDate()} (UTC): ` : "") + `a new puzzle with exactly one solution (grade: ${r.grade}).`, "ok");
    } catch (e) {
      status("n-status", "Could not make a puzzle: " + e.message, "bad");
      hint("n-hinttext", e.message, "dead");
    }
  },
  async exportPic(format) {
    try {
      const blob = await api("nl/render?format=" + format, this.body());
      download(blob, `bridges.${format}`);
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  toggleDone(i) {
    if (i < 0) return;
    if (this.done.has(i)) this.done.delete(i); else this.done.add(i);
    this.update();
  },
  undo() { if (this.undoStack.length) { this.redoStack.push(this.conn); this.conn = this.undoStack.pop(); this.ladder = null; this.update(); } },
  redo() { if (this.redoStack.length) { this.undoStack.push(this.conn); this.conn = this.redoStack.pop(); this.ladder = null; this.update(); } },

  key(e) {
    if (!this.g || e.altKey || e.metaKey) return;
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const k = e.key;
    if (dirs[k]) {
      const [dr, dc] = dirs[k];
      const p = this.pairToward(this.cursor, dr, dc);
      if (e.shiftKey) this.add(p);
      else if (e.ctrlKey) this.remove(p);
      else {
        const pr = p >= 0 ? this.g.pairs[p] : null;
        const to = pr ? (pr.a === this.cursor ? pr.b : pr.a) : this.nearestToward(this.cursor, dr, dc);
        if (to >= 0) { this.cursor = to; this.update(); }
      }
    } else if ((k === "z" && e.ctrlKey) || k === "u") this.undo();
    else if ((k === "y" && e.ctrlKey) || k === "r") this.redo();
    else if (e.ctrlKey) return;
    else if (k === "h") this.hint();
    else if (k === "d" || k === "Enter" || k === " ") this.toggleDone(this.cursor);
    else return;
    e.preventDefault();
  },
};

// Pointer input on the bridges board: drag from island to island adds a
// bridge (up to k, then back to none); a tap on a bridge's line cycles it;
// right-click or a long press (half a second) on a line removes one; a tap
// on an island selects it (for the keys and "Mark island done").
(function nlPointer() {
  const host = $("n-board");
  let start = null, timer = 0, longDone = false;
  const hitAt = (x, y) => {
    const e = document.elementFromPoint(x, y);
    if (!e || !e.closest("#n-board")) return {};
    if (e.dataset.node !== undefined || e.closest(".node")) return { node: +(e.dataset.node !== undefined ? e.dataset.node : e.closest(".node").dataset.node) };
    if (e.dataset.pair !== undefined) return { pair: +e.dataset.pair };
    return {};
  };
  host.addEventListener("pointerdown", (e) => {
    if (!NL.g) return;
    if (e.button === 2) return;
    start = Object.assign(hitAt(e.clientX, e.clientY), { x: e.clientX, y: e.clientY });
    longDone = false;
    host.focus({ preventScroll: true });
    if (start.pair !== undefined) {
      timer = setTimeout(() => { longDone = true; NL.remove(start.pair); }, 500);
    }
    if (start.node !== undefined) {
      const n = NL.g.nodes[start.node];
      const dl = NL.dragLine;
      dl.setAttribute("x1", NL.cx(n)); dl.setAttribute("y1", NL.cy(n));
      dl.setAttribute("x2", NL.cx(n)); dl.setAttribute("y2", NL.cy(n));
    }
  });
  host.addEventListener("pointermove", (e) => {
    if (!start) return;
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) clearTimeout(timer);
    if (start.node !== undefined) {
      const r = $("n-svg-board").getBoundingClientRect(), sc = NL.dragLine.ownerSVGElement.viewBox.baseVal.width / r.width;
      NL.dragLine.setAttribute("x2", (e.clientX - r.left) * sc);
      NL.dragLine.setAttribute("y2", (e.clientY - r.top) * sc);
      NL.dragLine.setAttribute("visibility", "visible");
    }
  });
  const end = (e) => {
    clearTimeout(timer);
    NL.dragLine && NL.dragLine.setAttribute("visibility", "hidden");
    if (!start || !NL.g) return;
    const s = start;
    start = null;
    if (longDone || e.type === "pointercancel") return;
    const hit = hitAt(e.clientX, e.clientY);
    if (s.node !== undefined) {
      if (hit.node !== undefined && hit.node !== s.node) {
        const p = NL.pairOf(s.node, hit.node);
        if (p < 0) { status("n-status", "Those two islands cannot be joined: a bridge runs straight along a row or column to the next island.", "bad"); return; }
        NL.cycle(p, 1);
        NL.cursor = hit.node;
        NL.update();
      } else if (hit.node === s.node) { NL.cursor = s.node; NL.update(); }
    } else if (s.pair !== undefined && hit.pair === s.pair) NL.cycle(s.pair, 1);
  };
  host.addEventListener("pointerup", end);
  host.addEventListener("pointercancel", end);
  host.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    const hit = hitAt(e.clientX, e.clientY);
    if (hit.pair !== undefined && !longDone) NL.remove(hit.pair);
  });
})();

// Keys play the active family's board wherever the focus is, except in a
// text field or list, and except Enter and space on a button (which press
// it).
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if (t && (t.tagName === "BUTTON" || t.tagName === "A" || t.tagName === "SUMMARY") && (e.key === "Enter" || e.key === " ")) return;
  if (e.key === "Tab") return;
  if ($("nl").classList.contains("active")) NL.key(e); else L.key(e);
});

$("n-load").onclick = () => NL.load($("n-input").value);
$("n-gen").onclick = () => NL.generate(Math.floor(Math.random() * 1e9), false);
$("n-daily").onclick = () => NL.generate(seedOf(`${utcDate()}|nl|${$("n-size").value}|${$("n-k").value}|${$("n-diff").value}`), true);
$("n-hint").onclick = () => NL.hint();
$("n-done").onclick = () => NL.toggleDone(NL.cursor);
$("n-check").onclick = () => NL.check();
$("n-solve").onclick = () => NL.solve();
$("n-undo").onclick = () => NL.undo();
$("n-redo").onclick = () => NL.redo();
$("n-clear").onclick = () => { NL.undoStack.push(NL.conn.slice()); NL.conn = NL.conn.map(() => 0); NL.hintPairs = []; NL.ladder = null; NL.update(); };
shareBox("n", NL);

// Redraw the boards when the window changes width (phone rotation).
let lastWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (Math.abs(window.innerWidth - lastWidth) < 40) return;
  lastWidth = window.innerWidth;
  if (L.b) L.draw();
  if (NL.g) NL.draw();
});

// ---- start: restore a shared state from the fragment, else defaults ----
const defaultLeaper = opening.leaper, defaultMoves = opening.moves;
const defaultNL = opening.numberlink;
async function start() {
  const h = location.hash.slice(1);
  const eq = h.indexOf("=");
  const kind = eq > 0 ? h.slice(0, eq) : "";
  let st = null, bad = "";
  if (kind) {
    try { st = decodeState(h.slice(eq + 1)); } catch (e) { bad = "The shared link is damaged (its position code does not decode), so the default puzzle is shown instead. Ask for the link again or copy it whole."; }
    if (!bad && kind !== "leaper" && kind !== "nl") bad = `The shared link names an unknown puzzle family "${kind}"; showing the default puzzle.`;
  }
  if (kind === "nl" && st) {
    showTab("nl");
    const c = String(st.c || "").split("").map(Number);
    const ok = await NL.load(String(st.p || ""), c);
    $("n-input").value = st.p || "";
    if (!ok) { await NL.load(defaultNL); status("n-status", "The shared link's puzzle does not load; showing the default puzzle instead.", "bad"); }
    else if (Array.isArray(st.d)) { // islands marked done
      for (const i of st.d) if (Number.isInteger(i) && i >= 0 && i < NL.g.nodes.length) NL.done.add(i);
      NL.update();
    }
    await L.load({ board: defaultLeaper, moves: defaultMoves });
    NL.share();
  } else {
    let ok = false;
    if (kind === "leaper" && st) {
      const preset = st.m === "hopido" ? "diplomatico" : st.m;
      if (!["diplomatico", "knight", "king"].includes(preset)) { $("l-moves").value = "custom"; $("l-custom").hidden = false; $("l-custom").value = st.m || ""; }
      else $("l-moves").value = preset;
      if (/^\d+x\d+$/.test(st.b)) $("l-size").value = st.b; else $("l-map").value = st.b || "";
      ok = await L.load({ board: String(st.b || ""), moves: String(st.m || "") }, st, { mode: st.p && st.p.length ? "tour" : (st.g ? "numbers" : undefined), level: st.l });
      if (!ok) bad = "The shared link's board does not load (" + $("l-hinttext").textContent + "); showing the default puzzle instead.";
    }
    if (!ok) await L.load({ board: defaultLeaper, moves: defaultMoves }, null, { mode: "numbers" });
    if (bad) { L.note = bad; L.showStatus(); }
    $("n-input").value = defaultNL;
    await NL.load(defaultNL);
    L.share();
  }
  if (bad && kind === "nl") status("n-status", bad, "bad");
  document.body.dataset.ready = "1";
}
window.addEventListener("error", (e) => {
  const s = document.querySelector(".panel.active .status");
  if (s) { s.textContent = "Something went wrong in the page: " + e.message + ". Reload to start again."; s.className = "status bad"; }
});
start();
