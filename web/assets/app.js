// boardgraph page: plain JavaScript, no build step. The engine runs on the
// local server (JSON API under /api/); this file draws boards, keeps the
// position, checks legality locally and asks the server to explain.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

async function api(path, body, opts) {
  if (window.BoardgraphEngine) return window.BoardgraphEngine.call(path, body, opts);
  const t0 = performance.now();
  const r = await fetch("api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const ct = r.headers.get("Content-Type") || "";
  const data = ct.includes("json") ? await r.json() : await r.text();
  window.lastApiMillis = performance.now() - t0;
  if (!r.ok) throw new Error((data && data.error) || ("HTTP " + r.status));
  return data;
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
  return JSON.parse(new TextDecoder().decode(bytes));
}
function setHash(kind, obj) {
  const h = "#" + kind + "=" + encodeState(obj);
  history.replaceState(null, "", h);
  return location.href;
}

function showTab(name) {
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === name);
}
for (const t of document.querySelectorAll(".tab")) t.onclick = () => { showTab(t.dataset.tab); (t.dataset.tab === "nl" ? NL : L).share(); };

function hint(id, text, cls) {
  const h = $(id);
  h.textContent = text;
  h.className = "hint " + (cls || "");
}

// =====================================================================
// Leaper puzzles
// =====================================================================
const L = {
  b: null,        // board from /api/leaper/load
  req: null,      // {board, moves} as sent
  path: [],       // cells numbered 1..n
  redo: [],
  cursor: 0,
  proof: [],      // cells marked by the last hint
  given: null,    // Map cell -> number
  givenAt: null,  // Map number -> cell
  blocked: null,  // Set

  movesSpec() {
    const m = $("l-moves").value;
    return m === "custom" ? $("l-custom").value.trim() : m;
  },

  async load(req, path) {
    let b;
    try {
      b = await api("leaper/load", req);
    } catch (e) {
      hint("l-hinttext", e.message, "dead");
      return;
    }
    this.b = b;
    this.req = { board: b.board, moves: b.moves };
    this.given = new Map(b.givens.map(([c, n]) => [c, n]));
    this.givenAt = new Map(b.givens.map(([c, n]) => [n, c]));
    this.blocked = new Set(b.blocked);
    this.path = [];
    this.redo = [];
    this.proof = [];
    this.cursor = 0;
    while (this.blocked.has(this.cursor)) this.cursor++;
    $("l-views").textContent = "";
    hint("l-hinttext", "Click any open cell to place 1; each next number must be one " + b.moves + " move away.", "info");
    this.draw();
    if (path) {
      for (const c of path) {
        if (!this.legal().includes(c)) break;
        this.path.push(c);
      }
      this.update();
    }
  },

  // legal returns the cells where the next number may go.
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

  draw() {
    const b = this.b;
    const size = Math.max(14, Math.min(52, Math.floor(640 / Math.max(b.rows, b.cols))));
    this.size = size;
    const svg = el("svg", { width: b.cols * size + 2, height: b.rows * size + 2, viewBox: `-1 -1 ${b.cols * size + 2} ${b.rows * size + 2}`, id: "l-svg-board" });
    this.cells = [];
    this.labels = [];
    for (let c = 0; c < b.rows * b.cols; c++) {
      const x = (c % b.cols) * size, y = Math.floor(c / b.cols) * size;
      const rect = el("rect", { x, y, width: size, height: size, class: "cell", "data-cell": c, id: "lc" + c }, svg);
      rect.addEventListener("click", () => this.click(c));
      this.cells.push(rect);
      const t = el("text", { x: x + size / 2, y: y + size / 2 + size * 0.14, "text-anchor": "middle", "font-size": Math.round(size * 0.4) }, svg);
      this.labels.push(t);
    }
    this.line = el("polyline", { class: "pathline", points: "" }, svg);
    const host = $("l-board");
    host.textContent = "";
    host.appendChild(svg);
    this.update();
  },

  update() {
    const b = this.b;
    const legal = new Set(this.legal());
    const proof = new Set(this.proof);
    const at = new Map(this.path.map((c, i) => [c, i + 1]));
    const head = this.path[this.path.length - 1];
    for (let c = 0; c < b.rows * b.cols; c++) {
      const cls = ["cell"];
      if (this.blocked.has(c)) cls.push("blocked");
      else if (c === head) cls.push("head");
      else if (at.has(c)) cls.push("placed");
      else if (proof.has(c)) cls.push("proof");
      else if (legal.has(c)) cls.push("legal");
      if (c === this.cursor) cls.push("cursor");
      this.cells[c].setAttribute("class", cls.join(" "));
      const t = this.labels[c];
      if (at.has(c)) { t.textContent = at.get(c); t.setAttribute("class", "num"); }
      else if (this.given.has(c)) { t.textContent = this.given.get(c); t.setAttribute("class", "givenlabel"); }
      else t.textContent = "";
    }
    const s = this.size;
    this.line.setAttribute("points", this.path.map((c) => `${(c % b.cols) * s + s / 2},${Math.floor(c / b.cols) * s + s / 2}`).join(" "));
    const n = this.path.length;
    const st = $("l-status");
    if (n === b.open) {
      st.textContent = `Solved: all ${b.open} cells numbered.`;
      st.className = "status win";
    } else {
      st.textContent = `${b.rows}x${b.cols} ${b.moves}: ${n}/${b.open} placed` + (legal.size ? `, ${legal.size} legal cells for ${n + 1}` : `, no legal cell for ${n + 1}: undo`);
      st.className = "status";
    }
    $("l-undo").disabled = n === 0;
    $("l-redo").disabled = this.redo.length === 0;
    this.share();
  },

  share() {
    if (!this.b) return;
    const url = setHash("leaper", { b: this.req.board, m: this.req.moves, p: this.path });
    $("l-share").value = url;
    const body = encodeURIComponent(JSON.stringify({ board: this.req.board, moves: this.req.moves, path: this.path }));
    $("l-svg").href = "#"; $("l-png").href = "#";
    this.exportBody = body;
  },

  place(c) {
    this.path.push(c);
    this.redo = [];
    this.proof = [];
    this.update();
    if (this.path.length === this.b.open) this.verifyDone();
  },

  async verifyDone() {
    try {
      const h = await api("leaper/hint", this.body());
      hint("l-hinttext", h.reason, h.status === "done" ? "ok" : "dead");
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  click(c) {
    this.cursor = c;
    if (this.legal().includes(c)) this.place(c);
    else if (this.path.length && this.path[this.path.length - 1] === c) this.undo();
    else this.update();
  },

  undo() {
    if (!this.path.length) return;
    this.redo.push(this.path.pop());
    this.proof = [];
    this.update();
  },
  redoMove() {
    if (!this.redo.length) return;
    const c = this.redo.pop();
    if (!this.legal().includes(c)) { this.redo = []; this.update(); return; }
    this.path.push(c);
    this.update();
  },
  body() { return { board: this.req.board, moves: this.req.moves, path: this.path }; },

  async hint() {
    hint("l-hinttext", "thinking…", "info");
    try {
      const h = await api("leaper/hint", this.body());
      this.proof = h.cells || [];
      if (h.status === "solvable") this.proof = [];
      let text = h.reason;
      if (h.status === "dead") text = "No solution from here: " + text + (h.rule ? `  [proof: ${h.rule}]` : "");
      if (h.status === "solvable") { text = "A solution still exists. " + text; this.cursor = h.next; }
      hint("l-hinttext", text + `\n(${h.ms.toFixed(1)} ms on the server, ${h.nodes} search nodes)`, h.status === "dead" ? "dead" : h.status === "unknown" ? "info" : "ok");
      $("l-hinttext").dataset.status = h.status;
      this.update();
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  async solve() {
    hint("l-hinttext", "solving…", "info");
    try {
      const h = await api("leaper/solve", this.body());
      if (h.solution) {
        this.path = h.solution;
        this.redo = [];
        this.proof = [];
        this.update();
        hint("l-hinttext", `Solved from here (${h.ms.toFixed(1)} ms, ${h.nodes} nodes); the path passed the independent verifier.`, "ok");
      } else {
        this.proof = h.cells || [];
        this.update();
        hint("l-hinttext", (h.status === "dead" ? "No solution from here: " : "") + h.reason, h.status === "dead" ? "dead" : "info");
      }
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  async count() {
    hint("l-hinttext", "counting…", "info");
    try {
      const r = await api("leaper/count", this.body());
      hint("l-hinttext", `${r.complete ? "" : "at least "}${r.count} ${r.convention}` + (r.complete ? "" : " (the time budget ran out)") + ` — ${r.ms.toFixed(0)} ms`, "info");
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

  async exportPic(format) {
    try {
      const r = await fetch("api/leaper/render?format=" + format, { method: "POST", body: JSON.stringify(this.body()) });
      if (!r.ok) throw new Error((await r.json()).error);
      download(await r.blob(), `boardgraph-${this.b.rows}x${this.b.cols}.${format}`);
    } catch (e) { hint("l-hinttext", e.message, "dead"); }
  },

  key(e) {
    const b = this.b;
    if (!b) return;
    const r = Math.floor(this.cursor / b.cols), c = this.cursor % b.cols;
    const moveTo = (rr, cc) => { if (rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols) { this.cursor = rr * b.cols + cc; this.update(); } };
    const k = e.key;
    if (k === "ArrowUp") moveTo(r - 1, c);
    else if (k === "ArrowDown") moveTo(r + 1, c);
    else if (k === "ArrowLeft") moveTo(r, c - 1);
    else if (k === "ArrowRight") moveTo(r, c + 1);
    else if (k === "Enter" || k === " ") this.click(this.cursor);
    else if ((k === "z" && e.ctrlKey) || k === "u" || k === "Backspace") this.undo();
    else if ((k === "y" && e.ctrlKey) || k === "r") this.redoMove();
    else if (k === "h") this.hint();
    else if (k >= "1" && k <= "9") {
      const l = this.legal();
      const i = k.charCodeAt(0) - 49;
      if (this.path.length && i < l.length) { this.cursor = l[i]; this.place(l[i]); }
    } else return;
    e.preventDefault();
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

$("l-moves").onchange = () => { $("l-custom").hidden = $("l-moves").value !== "custom"; };
$("l-new").onclick = () => {
  const map = $("l-map").value.trim();
  L.load({ board: map || $("l-size").value.trim(), moves: L.movesSpec() });
};
$("l-gen").onclick = async () => {
  hint("l-hinttext", "generating a puzzle with one solution…", "info");
  try {
    const map = $("l-map").value.trim();
    const r = await api("leaper/generate", { board: map || $("l-size").value.trim(), moves: L.movesSpec(), level: +$("l-level").value, seed: Math.floor(Math.random() * 1e9) });
    await L.load({ board: r.board, moves: r.moves });
    hint("l-hinttext", `Generated a ${r.level} puzzle with ${r.givens} givens and exactly one solution (share code ${r.share}). Fill in the numbers between the givens.`, "ok");
  } catch (e) { hint("l-hinttext", e.message, "dead"); }
};
$("l-undo").onclick = () => L.undo();
$("l-redo").onclick = () => L.redoMove();
$("l-restart").onclick = () => { L.path = []; L.redo = []; L.proof = []; L.update(); };
$("l-hint").onclick = () => L.hint();
$("l-solve").onclick = () => L.solve();
$("l-count").onclick = () => L.count();
$("l-analyze").onclick = () => L.analyze();
$("l-copy").onclick = () => { $("l-share").select(); navigator.clipboard && navigator.clipboard.writeText($("l-share").value); };
$("l-svg").onclick = (e) => { e.preventDefault(); L.exportPic("svg"); };
$("l-png").onclick = (e) => { e.preventDefault(); L.exportPic("png"); };
$("l-board").addEventListener("keydown", (e) => L.key(e));

// =====================================================================
// Numberlink k-grids
// =====================================================================
const NL = {
  g: null,
  puzzle: "",
  conn: [],
  undoStack: [],
  redoStack: [],
  hintPairs: [],
  hintNode: -1,

  async load(puzzle, conn) {
    let g;
    try {
      g = await api("nl/load", { puzzle });
    } catch (e) {
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
    hint("n-hinttext", `Loaded a ${g.rows}x${g.cols} grid with ${g.nodes.length} islands, at most ${g.k} bridges per pair` + (g.noLoops ? ", no loops" : "") + ".", "info");
    this.draw();
    return true;
  },

  draw() {
    const g = this.g;
    const s = Math.max(16, Math.min(56, Math.floor(680 / Math.max(g.rows, g.cols))));
    this.s = s;
    const W = g.cols * s, H = g.rows * s;
    const svg = el("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, id: "n-svg-board" });
    el("rect", { x: 0, y: 0, width: W, height: H, class: "gridbg" }, svg);
    this.layerHint = el("g", {}, svg);
    this.layerBridges = el("g", {}, svg);
    const hits = el("g", {}, svg);
    const cx = (n) => n.c * s + s / 2, cy = (n) => n.r * s + s / 2;
    g.pairs.forEach((p, i) => {
      const a = g.nodes[p.a], b = g.nodes[p.b];
      const line = el("line", { x1: cx(a), y1: cy(a), x2: cx(b), y2: cy(b), class: "hit", "stroke-width": s * 0.7, "data-pair": i, id: "np" + i }, hits);
      line.addEventListener("click", () => this.cycle(i, 1));
      line.addEventListener("contextmenu", (e) => { e.preventDefault(); this.cycle(i, -1); });
    });
    this.nodeEls = g.nodes.map((n, i) => {
      const gr = el("g", { class: "node", "data-node": i, id: "nn" + i }, svg);
      el("circle", { cx: cx(n), cy: cy(n), r: s * 0.36 }, gr);
      const t = el("text", { x: cx(n), y: cy(n) + s * 0.13, "text-anchor": "middle", "font-size": Math.round(s * 0.38) }, gr);
      t.textContent = n.m;
      return gr;
    });
    const host = $("n-board");
    host.textContent = "";
    host.appendChild(svg);
    this.update();
  },

  cycle(i, dir) {
    const k = this.g.k;
    this.undoStack.push(this.conn.slice());
    this.redoStack = [];
    this.conn[i] = (this.conn[i] + dir + k + 1) % (k + 1);
    this.hintPairs = [];
    this.hintNode = -1;
    this.update();
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
    // components of the drawn graph
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
    const g = this.g, s = this.s, m = this.marks();
    const L1 = this.layerBridges, LH = this.layerHint;
    L1.textContent = "";
    LH.textContent = "";
    const cx = (n) => n.c * s + s / 2, cy = (n) => n.r * s + s / 2;
    g.pairs.forEach((p, i) => {
      const a = g.nodes[p.a], b = g.nodes[p.b];
      const k = this.conn[i];
      const gap = Math.min(6, s / 8);
      for (let j = 0; j < k; j++) {
        const off = (j - (k - 1) / 2) * gap;
        const dx = p.h ? 0 : off, dy = p.h ? off : 0;
        let cls = "bridge";
        if (m.cross.has(i)) cls += " cross";
        else if (m.closed.has(p.a)) cls += " closed";
        el("line", { x1: cx(a) + dx, y1: cy(a) + dy, x2: cx(b) + dx, y2: cy(b) + dy, class: cls, "data-bridge": i }, L1);
      }
    });
    for (const i of this.hintPairs) {
      const p = g.pairs[i], a = g.nodes[p.a], b = g.nodes[p.b];
      el("line", { x1: cx(a), y1: cy(a), x2: cx(b), y2: cy(b), class: "hintpair" }, LH);
    }
    this.nodeEls.forEach((e, i) => {
      const cls = ["node"];
      if (m.over.has(i)) cls.push("over");
      else if (m.full.has(i)) cls.push("full");
      if (m.closed.has(i)) cls.push("closed");
      if (i === this.hintNode) cls.push("hinted");
      e.setAttribute("class", cls.join(" "));
    });
    const drawn = this.conn.reduce((x, y) => x + y, 0);
    const need = g.nodes.reduce((x, n) => x + n.m, 0) / 2;
    const st = $("n-status");
    const notes = [];
    if (m.over.size) notes.push(`${m.over.size} over-full`);
    if (m.cross.size) notes.push("crossing bridges");
    if (m.closed.size) notes.push("a closed group");
    const done = !notes.length && m.full.size === g.nodes.length;
    st.textContent = `${g.rows}x${g.cols}, k=${g.k}: ${drawn}/${need} bridges` + (notes.length ? " — " + notes.join(", ") : "") + (done ? " — Solved!" : "");
    st.className = "status" + (done ? " win" : "");
    $("n-undo").disabled = !this.undoStack.length;
    $("n-redo").disabled = !this.redoStack.length;
    this.share();
  },

  share() {
    if (!this.g) return;
    const url = setHash("nl", { p: this.puzzle, c: this.conn.join("") });
    $("n-share").value = url;
  },

  body() { return { puzzle: this.puzzle, conn: this.conn }; },

  async hint() {
    hint("n-hinttext", "thinking…", "info");
    try {
      const h = await api("nl/hint", this.body());
      this.hintPairs = h.pairs || [];
      this.hintNode = h.node;
      let text = h.reason;
      if (h.feasible && h.feasible.length) text += `\nfeasible configurations Φ_Γk[p] (${h.feasibleCount}): ${h.feasible.join(", ")}${h.feasibleCount > h.feasible.length ? ", …" : ""}`;
      hint("n-hinttext", text + `\n(${h.ms.toFixed(1)} ms on the server)`, h.status === "wrong" || h.status === "none" ? "dead" : "ok");
      $("n-hinttext").dataset.status = h.status;
      this.update();
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
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
      hint("n-hinttext", r.reason + ` (${r.ms ? r.ms.toFixed(0) + " ms, " : ""}verified)`, r.solutions ? "ok" : "dead");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  async generate() {
    hint("n-hinttext", "generating a unique puzzle…", "info");
    try {
      const r = await api("nl/generate", { rows: +$("n-rows").value, cols: +$("n-cols").value, k: +$("n-k").value, difficulty: +$("n-diff").value, seed: Math.floor(Math.random() * 1e9) });
      await this.load(r.puzzle);
      $("n-input").value = r.puzzle;
      hint("n-hinttext", `Generated a unique puzzle, grade: ${r.grade}.`, "ok");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  async exportPic(format) {
    try {
      const r = await fetch("api/nl/render?format=" + format, { method: "POST", body: JSON.stringify(this.body()) });
      if (!r.ok) throw new Error((await r.json()).error);
      download(await r.blob(), `kgrid.${format}`);
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
};

$("n-load").onclick = () => NL.load($("n-input").value);
$("n-gen").onclick = () => NL.generate();
$("n-hint").onclick = () => NL.hint();
$("n-check").onclick = () => NL.check();
$("n-solve").onclick = () => NL.solve();
$("n-undo").onclick = () => { if (NL.undoStack.length) { NL.redoStack.push(NL.conn); NL.conn = NL.undoStack.pop(); NL.update(); } };
$("n-redo").onclick = () => { if (NL.redoStack.length) { NL.undoStack.push(NL.conn); NL.conn = NL.redoStack.pop(); NL.update(); } };
$("n-clear").onclick = () => { NL.undoStack.push(NL.conn.slice()); NL.conn = NL.conn.map(() => 0); NL.hintPairs = []; NL.update(); };
$("n-copy").onclick = () => { $("n-share").select(); navigator.clipboard && navigator.clipboard.writeText($("n-share").value); };
$("n-svg").onclick = (e) => { e.preventDefault(); NL.exportPic("svg"); };
$("n-png").onclick = (e) => { e.preventDefault(); NL.exportPic("png"); };

// ---- start: restore a shared state from the fragment, else defaults ----
async function start() {
  const h = location.hash.slice(1);
  const eq = h.indexOf("=");
  const kind = eq > 0 ? h.slice(0, eq) : "";
  let st = null;
  try { if (kind) st = decodeState(h.slice(eq + 1)); } catch (e) { st = null; }
  const defaultNL = "7x7m2:a1a3b42d2b2d4o3c2a3b3b3";
  if (kind === "nl" && st) {
    showTab("nl");
    const c = (st.c || "").split("").map(Number);
    await NL.load(st.p, c);
    $("n-input").value = st.p;
    await L.load({ board: "5x5", moves: "diplomatico" });
    NL.share();
  } else {
    if (kind === "leaper" && st) {
      const preset = st.m === "hopido" ? "diplomatico" : st.m;
      if (!["diplomatico", "knight", "king"].includes(preset)) { $("l-moves").value = "custom"; $("l-custom").hidden = false; $("l-custom").value = st.m; }
      else $("l-moves").value = preset;
      if (/^\d+x\d+$/.test(st.b)) $("l-size").value = st.b; else $("l-map").value = st.b;
      await L.load({ board: st.b, moves: st.m }, st.p || []);
    } else {
      await L.load({ board: "5x5", moves: "diplomatico" });
    }
    $("n-input").value = defaultNL;
    await NL.load(defaultNL);
    L.share();
  }
  document.body.dataset.ready = "1";
}
start();
