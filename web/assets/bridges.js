// The k-grid game (an ES module): numbered k-grids (Hashiwokakero,
// Tatham's Bridges), played by dragging, tapping and keys; the hint
// ladder, the engine's tools, and the board's pointer input and buttons.
import { $, el, api, aborted, axisBoard, zoomButton, Pan, shareBox, setHash, hint, hintWhy, headline, status, study, Timer, showBest, finishLine, aOrAn, lookLine, utcDate, seedOf, download, copyText } from "./common.js";
import { saveGame, dailyOf, dailyLink, shareLine, nlLevelNames } from "./record.js";
import { colLabel } from "./cells.js";
import { LinkError, encodeBridges, decodeBridges, escapeCode } from "./links.js";

// levelWord names a solver stage (numberlink.Level's name) as players do,
// one name per stage and one stage per name, as the difficulty menu
// offers them for stages 1 to 5: bounds easy, crossing medium, isolation
// hard, bridges tricky, probe expert; search (a grid deduction does not
// finish) is extreme, which the menu does not offer: the generator finds
// none in its layouts at the page's sizes. "tau" (the grade of
// a grid τ alone solves, which says nothing of its stage) and anything
// else have no name. A generated puzzle is named by the difficulty asked
// for, which the generator guarantees is the grader's level (issue 40).
export function levelWord(stage) {
  const g = String(stage || "");
  if (g.startsWith("search")) return "extreme";
  return { bounds: "easy", crossing: "medium", isolation: "hard", bridges: "tricky", probe: "expert" }[g] || "";
}

export const NL = {
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
  level: "",      // difficulty in players' words, for best times
  daily: "",      // the daily puzzle's date, when this is one
  assisted: false, // a hint or solve was used: no best time

  // load loads a puzzle (any text nl/load reads). st restores a position
  // from a link: {code} (a #n= link's position code, decoded here against
  // the grid) or an older link's {c: digits, d: [islands]} (checked
  // against their schema by links.js). opts.level and opts.daily describe
  // the puzzle.
  async load(puzzle, st, opts) {
    opts = opts || {};
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
    this.note = "";
    let pos = null;
    if (st && typeof st.code === "string") {
      try { pos = decodeBridges(st.code, g.k, g.pairs.length, g.nodes.length); } catch (e) {
        if (!(e instanceof LinkError)) throw e;
        this.note = `The link's position is damaged (${e.message}), so the puzzle starts afresh.`;
      }
    }
    this.conn = new Array(g.pairs.length).fill(0);
    this.done = new Set();
    if (pos) { this.conn = pos.conn; this.done = pos.done; }
    if (st && typeof st.c === "string" && st.c.length === g.pairs.length) this.conn = [...st.c].map((x) => Math.min(g.k, +x));
    if (st && Array.isArray(st.d)) for (const i of st.d) if (i >= 0 && i < g.nodes.length) this.done.add(i);
    this.undoStack = [];
    this.redoStack = [];
    this.hintPairs = [];
    this.hintNode = -1;
    this.cursor = 0;
    this.ladder = null;
    this.solved = false;
    this.level = (pos && pos.level) || opts.level || "";
    this.daily = (pos && pos.daily) || opts.daily || "";
    this.assisted = !!(pos && pos.assisted);
    this.started = new Date().toISOString();
    this.won = false; // finished and accepted by the verifier (nl/check)
    this.badStack = [];
    $("n-sharelinebox").hidden = true;
    const t = $("n-dailytag");
    t.hidden = !this.daily;
    t.textContent = this.daily ? `Daily puzzle of ${this.daily} (UTC)` + (this.level ? `: Bridges ${this.level}` : "") : "";
    study("n-studytext", "");
    $("n-board").setAttribute("aria-label", `Bridges board ${g.rows} by ${g.cols}, ${g.nodes.length} islands, at most ${g.k} bridges between two islands`);
    hint("n-hinttext", `Join the ${g.nodes.length} islands with bridges: each island's number is its count of bridges, at most ${g.k} between two islands, no crossings, all islands joined.` + (g.noLoops ? " No loops." : ""), "info");
    this.draw();
    this.timer.start(pos ? pos.secs : 0);
    showBest("nl", this.bestWhat(), this.bestLabel(), "n-best");
    return true;
  },

  // bestWhat is the best-time key of the puzzle's kind; bestLabel says it
  // in words ("7x7, 2 bridges per pair, easy").
  bestWhat() { return `${this.g.rows}x${this.g.cols}.k${this.g.k}` + (this.level ? "." + this.level : ""); },
  bestLabel() { return `${this.g.rows}x${this.g.cols}, ${this.g.k} bridge${this.g.k > 1 ? "s" : ""} per pair` + (this.level ? ", " + this.level : ""); },

  // record puts this game into the record of play (record.js) once a
  // bridge has been drawn.
  record(force) {
    if (!this.g || (!this.undoStack.length && !this.won)) return;
    // Written when the game changes, and its clock at most every 5 s
    // otherwise (update runs on every key).
    const key = [this.undoStack.length, this.conn.join(""), this.won, this.assisted, this.puzzle].join("|");
    if (!force && key === this.savedKey && performance.now() - this.savedAt < 5000) return;
    this.savedKey = key; this.savedAt = performance.now();
    saveGame({
      id: "nl|" + this.puzzle, family: "nl", game: "Bridges", size: `${this.g.rows}x${this.g.cols}`, level: this.level,
      date: this.started, secs: Math.floor(this.timer.secs()), finished: this.won, help: this.assisted, daily: this.daily, link: location.hash,
    });
  },

  // bad tells whether the position shows a mistake: an over-full island,
  // crossing bridges or a closed group.
  bad() { const m = this.marks(); return m.over.size > 0 || m.cross.size > 0 || m.closed.size > 0; },
  // lastGood returns the index in the undo list of the last position
  // without a mistake before the run of changes that led to the mistake
  // shown now; -1 when the position shows none (or none before it was
  // free of one).
  lastGood() {
    if (!this.bad()) return -1;
    let k = this.undoStack.length;
    while (k > 0 && this.badStack[k - 1]) k--;
    return k - 1;
  },
  // undoToMistake undoes, in one press, every change back to the last
  // position without a mistake (issue 40, point 6); Redo brings them back.
  undoToMistake() {
    const t = this.lastGood();
    if (t < 0) return;
    while (this.undoStack.length > t) { this.redoStack.push(this.conn); this.conn = this.undoStack.pop(); this.badStack.pop(); }
    this.ladder = null; this.hintPairs = []; this.hintNode = -1;
    this.update();
    hint("n-hinttext", "Back to the position before the mistake. Redo brings the changes back.", "info");
  },

  draw() {
    const g = this.g;
    const { svg, size: s, lab } = axisBoard({ board: "n-board", id: "n-svg-board", rows: g.rows, cols: g.cols, most: 700, guess: 680, cell: [16, 60], pad: 0 });
    this.s = s;
    this.o = lab;
    el("rect", { x: lab, y: lab, width: g.cols * s, height: g.rows * s, class: "gridbg" }, svg);
    this.layerHint = el("g", {}, svg);
    this.layerBridges = el("g", {}, svg);
    // An island's hit area is a circle as wide as its cell, under the
    // bridges' hit lines (so that a tap between two close islands still
    // finds the bridge) and the island itself.
    const nodeHits = el("g", {}, svg);
    g.nodes.forEach((n, i) => el("circle", { cx: this.cx(n), cy: this.cy(n), r: s / 2, class: "nodehit", "data-node": i }, nodeHits));
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
    this.note = "";
    if (this.hintCtl) this.hintCtl.abort();
    this.pushUndo();
    this.redoStack = [];
    this.conn[i] = v;
    this.hintPairs = [];
    this.hintNode = -1;
    this.ladder = null;
    this.update();
  },
  // pushUndo keeps the position before a change, and whether it showed a
  // mistake.
  pushUndo() { this.badStack.length = this.undoStack.length; this.badStack.push(this.bad()); this.undoStack.push(this.conn.slice()); },
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
    if (!done) this.won = false;
    const n = g.nodes[this.cursor];
    const sel = n ? ` · selected the ${n.m} at ${colLabel(n.c)}${n.r + 1} (${m.deg[this.cursor]}/${n.m})` : "";
    if (done && !this.solved) this.finish();
    else if (this.note && !done) status("n-status", this.note, "bad");
    else if (!this.solved || !done) {
      this.solved = false;
      status("n-status", `${drawn}/${need} bridges` + (notes.length ? " — " + notes.join(", ") : "") + sel, notes.length ? "bad" : "");
    }
    $("n-undo").disabled = !this.undoStack.length;
    $("n-redo").disabled = !this.redoStack.length;
    $("n-undomistake").hidden = this.lastGood() < 0;
    this.share();
    this.record();
  },

  async finish() {
    this.solved = true;
    const secs = this.timer.stop();
    status("n-status", "Checking…", "win");
    try {
      const r = await api("nl/check", this.body());
      if (!r.solved) { this.solved = false; status("n-status", r.reason, "bad"); return; }
      this.won = true;
      status("n-status", finishLine("nl", this.bestWhat(), secs, this.assisted), "win");
      hint("n-hinttext", "Solved! " + r.reason.replace(/^solved: /, "").replace(/^./, (c) => c.toUpperCase()) + ".", "ok");
      showBest("nl", this.bestWhat(), this.bestLabel(), "n-best");
      this.share();
      this.record(true);
      if (this.daily) {
        $("n-shareline").textContent = shareLine("Bridges", this.daily, this.level, secs, this.assisted) + "\n" + dailyLink("nl", this.daily);
        $("n-sharelinebox").hidden = false;
      }
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },

  // share writes the position's link (links.js): the puzzle's ID and the
  // position code (bridges, islands marked done, clock, help used, daily
  // date, difficulty).
  share() {
    if (!this.g) return;
    const st = { conn: this.conn, done: this.done, assisted: this.assisted, daily: this.daily, level: this.level, secs: this.timer.secs() };
    $("n-share").value = setHash("#n=" + escapeCode(this.puzzle) + "~" + encodeBridges(st, this.g.k, this.g.nodes.length));
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
    if (h.status !== "done") this.assisted = true;
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
      hint("n-hinttext", lookLine(h.look) + " Press Hint again to see why.", cls);
    } else if (lad.rung === 2) {
      this.hintNode = h.node;
      this.hintPairs = h.pairs;
      const full = this.relative(h);
      const head = h.status === "step" ? this.drawHead(h) || headline(full, 200) : full.length <= 200 ? full : headline(full, 200);
      const next = h.status === "wrong" ? "Press Hint again to take them away." : h.reveal ? "Press Hint again to reveal it." : "Press Hint again to draw it.";
      hintWhy("n-hinttext", head, full, next, h.reveal ? "info" : cls);
    } else {
      this.pushUndo();
      this.redoStack = [];
      h.pairs.forEach((p, i) => { this.conn[p] = h.status === "wrong" ? h.counts[i] : Math.max(this.conn[p], h.counts[i]); });
      this.ladder = null;
      this.hintPairs = [];
      this.hintNode = -1;
      hint("n-hinttext", h.status === "wrong" ? "Took the extra bridges away." : "Drawn.", "ok");
    }
    this.update();
  },
  // island names island i as the hints do: "the 5 at B3".
  island(i) { const n = this.g.nodes[i]; return `the ${n.m} at ${colLabel(n.c)}${n.r + 1}`; },
  // drawWords says what a step's pairs need relative to the bridges
  // drawn: "add 1 more bridge between the 5 at B3 and the 2 at B6" where
  // one is there already, "draw 2 bridges between ..." where none is.
  drawWords(h) {
    const out = [];
    h.pairs.forEach((p, i) => {
      const have = this.conn[p], want = h.counts[i], pr = this.g.pairs[p];
      const between = `between ${this.island(pr.a)} and ${this.island(pr.b)}`;
      if (want <= have) return;
      const n = want - have, w = n === 1 ? "bridge" : "bridges";
      out.push(have ? `add ${n} more ${w} ${between} (${want} in all)` : `draw ${n} ${w} ${between}`);
    });
    return out.join(", and ");
  },
  // relative rewrites the engine's closing "So draw 2 bridges between
  // ..." (numberlink.NextHint words the solution's count) as what to add
  // to the bridges drawn.
  relative(h) {
    const plain = String(h.plain || "");
    if (h.status === "wrong" && h.pairs && h.pairs.length) {
      // The engine says "Take one away." whatever the count: say how many,
      // and that the next press fixes every pair it found.
      const extra = this.conn[h.pairs[0]] - h.counts[0];
      const take = extra === 1 ? "Take 1 away." : h.counts[0] === 0 && extra === 2 ? "Take both away." : `Take ${extra} away.`;
      const more = h.pairs.length - 1;
      return plain.replace(/Take one away\.$/, take) + (more ? ` ${more} more pair${more > 1 ? "s have" : " has"} too many as well; the next press fixes ${more > 1 ? "them" : "it"} too.` : "");
    }
    if (h.status !== "step") return plain;
    const w = this.drawWords(h);
    return w ? plain.replace(/So draw [^]*\.$/, "So " + w + ".") : plain;
  },
  // drawHead is a step's headline: what to add, and the island whose
  // count decides it.
  drawHead(h) {
    const w = this.drawWords(h);
    if (!w) return "";
    const s = w.charAt(0).toUpperCase() + w.slice(1) + ".";
    return s.length <= 200 ? s : "";
  },
  async check() {
    try {
      const r = await api("nl/check", this.body());
      hint("n-hinttext", r.reason, r.solved ? "ok" : "dead");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  async solve() {
    this.assisted = true;
    hint("n-hinttext", "solving…", "info");
    try {
      const r = await api("nl/solve", this.body());
      if (r.conn && r.conn.length) {
        this.pushUndo();
        this.conn = r.conn;
        this.hintPairs = [];
        this.hintNode = -1;
        this.update();
      }
      study("n-studytext", r.reason);
      const words = !r.solutions ? "This puzzle has no solution (the Study panel says why)."
        : r.solutions === 1 ? "Solved: this is the puzzle's only solution, and it passed the independent verifier."
          : "Solved, though the puzzle has more than one solution; this one passed the independent verifier.";
      hint("n-hinttext", words, r.solutions ? "ok" : "dead");
    } catch (e) { hint("n-hinttext", e.message, "dead"); }
  },
  // generate makes a puzzle: the menus' (size, bridges per pair,
  // difficulty) with a random seed, or, with daily (a date), that date's
  // daily puzzle, whose size, level and seed come from the date alone
  // (record.js dailyOf). Its level is named by the difficulty asked for:
  // the generator makes a puzzle the grader rates exactly that.
  async generate(daily) {
    const d = daily ? dailyOf("nl", daily) : { size: $("n-size").value, k: +$("n-k").value, level: +$("n-diff").value, seed: Math.floor(Math.random() * 1e9) };
    const [rows, cols] = d.size.split("x").map(Number);
    hint("n-hinttext", daily ? `making the daily puzzle of ${daily}…` : "making a puzzle with exactly one solution…", "info");
    try {
      // A seed that makes no puzzle (the generator gives up after its
      // layouts) is followed by another: for a daily, the next seed of the
      // same date, still the same for everyone.
      let r;
      for (let attempt = 0; ; attempt++) {
        try { r = await api("nl/generate", { rows, cols, k: d.k, difficulty: d.level, seed: !attempt ? d.seed : daily ? seedOf(`${daily}|daily|nl|${attempt}`) : Math.floor(Math.random() * 1e9) }); break; } catch (e) {
          if (attempt >= 5 || !/cannot generate/.test(e.message)) throw e;
        }
      }
      const level = nlLevelNames[d.level] || levelWord(r.grade);
      if (!await this.load(r.puzzle, null, { level, daily: daily || "" })) return false;
      $("n-input").value = r.puzzle;
      const k = this.g.k;
      hint("n-hinttext", (daily ? `The daily puzzle of ${daily} (UTC), the same for everyone: ` : "A new puzzle: ") + (level ? aOrAn(level) + " " : "a ") + `${rows}x${cols} Bridges, up to ${k} bridge${k > 1 ? "s" : ""} per pair, with exactly one solution.`, "ok");
      return true;
    } catch (e) {
      status("n-status", "Could not make a puzzle: " + e.message, "bad");
      hint("n-hinttext", e.message, "dead");
      return false;
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
  undo() { if (this.undoStack.length) { this.redoStack.push(this.conn); this.conn = this.undoStack.pop(); this.badStack.length = this.undoStack.length; this.ladder = null; this.update(); } },
  redo() { if (this.redoStack.length) { this.pushUndo(); this.conn = this.redoStack.pop(); this.ladder = null; this.update(); } },

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
  const pan = new Pan(host);
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
    // On a board in a scroll frame, a drag from anywhere but an island
    // scrolls.
    pan.begin(e, start.node === undefined);
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
    if (pan.move(e)) { clearTimeout(timer); start = null; return; }
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


$("n-load").onclick = () => NL.load($("n-input").value);
$("n-gen").onclick = () => NL.generate("");
$("n-newtop").onclick = () => NL.generate("");
$("n-daily").onclick = () => NL.generate(utcDate());
$("n-undomistake").onclick = () => NL.undoToMistake();
$("n-sharecopy").onclick = () => copyText($("n-shareline").textContent, $("n-sharecopy"));
zoomButton("n-zoom", "n-board", () => { if (NL.g) NL.draw(); });
$("n-hint").onclick = () => NL.hint();
$("n-done").onclick = () => NL.toggleDone(NL.cursor);
$("n-check").onclick = () => NL.check();
$("n-solve").onclick = () => NL.solve();
$("n-undo").onclick = () => NL.undo();
$("n-redo").onclick = () => NL.redo();
$("n-clear").onclick = () => { NL.pushUndo(); NL.conn = NL.conn.map(() => 0); NL.hintPairs = []; NL.ladder = null; NL.update(); };
shareBox("n", NL);
