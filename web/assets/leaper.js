// The leaper game (an ES module): Hopido and any leaper or union of
// leapers on a board with blocked cells and givens, played by numbers in
// any order (with pencil marks) or as a free tour 1, 2, 3... in order; the
// hint ladder, the engine's tools, and the board's pointer input and
// buttons.
import { $, el, api, aborted, axisBoard, zoomButton, Pan, shareBox, setHash, hint, hintWhy, headline, status, study, Timer, showBest, finishLine, aOrAn, lookLine, utcDate, seedOf, jumpPath, download, copyText } from "./common.js";
import { saveGame, dailyOf, dailyLink, shareLine, levelName } from "./record.js";
import { cellName } from "./cells.js";
import { LinkError, encodeLeaper, decodeLeaper, escapeCode } from "./links.js";

// moveWord names a move set as players do: "Hopido", "knight", "king", or
// "1,3 leaper".
export function moveWord(m) {
  if (m === "diplomatico" || m === "hopido") return "Hopido";
  if (m === "knight" || m === "king") return m;
  return m + " leaper";
}

export const L = {
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
  daily: "",      // the daily puzzle's date, when this is one
  assisted: false, // a hint, reveal or solve was used: no best time
  tourPref: true, // empty boards are played 1, 2, 3… in order (the in-order box)

  movesSpec() {
    const m = $("l-moves").value;
    return m === "custom" ? $("l-custom").value.trim() : m;
  },

  // load loads a board (req: {board, moves} for leaper/load). st restores
  // a position from a link: {code} (a #l= link's position code, decoded
  // here against the board) or an older link's {p: path} or {g: [[cell,
  // number], ...]} (checked against their schema by links.js). opts.mode
  // ("tour" or "numbers"), opts.level and opts.daily describe the puzzle.
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
    let pos = null;
    if (st && typeof st.code === "string") {
      try { pos = decodeLeaper(st.code, b.rows * b.cols, b.open); } catch (e) {
        if (!(e instanceof LinkError)) throw e;
        this.note = `The link's position is damaged (${e.message}), so the puzzle starts afresh.`;
      }
    }
    this.req = { board: b.board, moves: b.moves };
    this.given = new Map(b.givens.map(([c, n]) => [c, n]));
    this.givenAt = new Map(b.givens.map(([c, n]) => [n, c]));
    this.blocked = new Set(b.blocked);
    this.vecs = new Set(b.vectors.map(([r, c]) => r + "," + c));
    this.level = (pos && pos.level) || opts.level || "";
    this.daily = (pos && pos.daily) || opts.daily || "";
    this.assisted = !!(pos && pos.assisted);
    this.started = new Date().toISOString();
    this.curBad = false;
    this.wrongAt = null; // a number the solution puts elsewhere, found by a hint
    this.showDaily();
    const tour = pos ? pos.tour : opts.mode ? opts.mode === "tour" : (b.givens.length === 0 && this.tourPref);
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
    $("l-sharelinebox").hidden = true;
    this.ladder = null;
    this.solved = false;
    this.buf = "";
    this.cursor = 0;
    while (this.blocked.has(this.cursor) || this.given.has(this.cursor)) this.cursor++;
    $("l-views").textContent = "";
    study("l-studytext", "");
    $("l-reveal").hidden = true;
    $("l-pad").hidden = this.mode !== "numbers";
    const mv = moveWord(b.moves);
    $("l-board").setAttribute("aria-label", `${b.rows} by ${b.cols} ${mv} board, ${b.open} open cells` + (b.givens.length ? `, ${b.givens.length} givens` : ""));
    if (this.mode === "tour") hint("l-hinttext", `Free tour: tap any open cell to place 1; each next number must be one ${mv} move away.`, "info");
    else if (b.givens.length) hint("l-hinttext", `Write the numbers 1 to ${b.open} so that each number is one ${mv} move from the next. Select a cell and type a number, or drag from a number to a cell one move away.`, "info");
    else hint("l-hinttext", `An empty board played by numbers: write any number anywhere; each number must be one ${mv} move from the next.`, "info");
    const free = (c) => c >= 0 && c < this.grid.length && !this.blocked.has(c) && !this.given.has(c);
    let path = st && st.p;
    if (pos && tour) path = pos.grid.map((n, c) => [n, c]).filter(([n]) => n).sort((x, y) => x[0] - y[0]).map(([, c]) => c);
    if (path && this.mode === "tour") {
      for (const c of path) { if (!this.legal().includes(c)) break; this.path.push(c); }
    }
    if (pos && !tour) {
      pos.grid.forEach((n, c) => { if (free(c)) this.grid[c] = n; });
      pos.marks.forEach((m, c) => { if (free(c)) this.marks[c] = m; });
    }
    if (st && st.g && this.mode === "numbers") {
      for (const [c, n] of st.g) if (free(c) && n >= 1 && n <= b.open) this.grid[c] = n;
    }
    this.draw();
    this.timer.start(pos ? pos.secs : 0);
    showBest("leaper", this.bestWhat(), this.bestLabel(), "l-best");
    this.check();
    if (this.mode === "tour" && b.givens.length === 0 && this.path.length === 0) this.impossibleCheck();
    return true;
  },

  // bestWhat is the best-time key of the puzzle's kind; bestLabel says it
  // in words ("6x6 Hopido, easy").
  bestWhat() { return `${this.b.rows}x${this.b.cols}.${this.b.moves}` + (this.level ? "." + this.level : ""); },
  bestLabel() { return `${this.b.rows}x${this.b.cols} ${moveWord(this.b.moves)}` + (this.level ? ", " + this.level : ""); },

  // showDaily labels a daily puzzle as one (a daily link reopened too).
  showDaily() {
    const t = $("l-dailytag");
    t.hidden = !this.daily;
    t.textContent = this.daily ? `Daily puzzle of ${this.daily} (UTC)` + (this.level ? `: Hopido ${this.level}` : "") : "";
  },

  // record puts this game into the record of play (record.js) once the
  // player has made a move: one entry per puzzle, with its size, level,
  // date, time, finished or not, help used or not.
  record(force) {
    if (!this.b || (!this.hist.length && !this.solved)) return;
    // Written when the game changes (a move, help, the finish), and its
    // clock at most every 5 s otherwise (update runs on every key).
    const key = [this.hist.length, this.solved, this.assisted, this.b.share].join("|");
    if (!force && key === this.savedKey && performance.now() - this.savedAt < 5000) return;
    this.savedKey = key; this.savedAt = performance.now();
    saveGame({
      id: "leaper|" + (this.b.share || this.req.moves + "|" + this.req.board) + (this.mode === "tour" ? "|tour" : ""),
      family: "leaper", game: moveWord(this.b.moves) + (this.mode === "tour" ? " tour" : ""),
      size: `${this.b.rows}x${this.b.cols}`, level: this.level, date: this.started,
      secs: Math.floor(this.timer.secs()), finished: this.solved, help: this.assisted, daily: this.daily,
      link: location.hash,
    });
  },

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
      // Pencil marks: at least 12 px (issue 40), in a colour readable in
      // both schemes (--pencil).
      const fs = Math.max(12, Math.round(size * 0.24));
      const p = el("text", { x: x + 2, y: y + fs, class: "pencil", "font-size": fs }, svg);
      this.pencils.push(p);
    }
    const host = $("l-board");
    host.textContent = "";
    host.appendChild(svg);
    this.update();
  },

  // showMarks writes cell c's pencil marks m in lines that fit the cell
  // (measured as drawn), as many lines as fit; marks that do not fit end
  // in "…". The text stays "7 12 25" for the tests and screen readers.
  showMarks(c, m) {
    const p = this.pencils[c], fs = +p.getAttribute("font-size"), size = this.size;
    p.textContent = "";
    if (!m.length) return;
    const maxW = size - 4, rows = Math.max(1, Math.floor((size - 0.3 * fs - 2) / fs));
    let line = el("tspan", { x: p.getAttribute("x"), dy: 0 }, p), n = 1;
    for (let i = 0; i < m.length; i++) {
      const prev = line.textContent;
      line.textContent = prev ? prev + " " + m[i] : String(m[i]);
      if (!prev || line.getComputedTextLength() <= maxW) continue;
      if (n === rows) {
        // The last line ends in "…", dropping marks until it fits.
        const parts = prev.split(" ");
        do { line.textContent = parts.join(" ") + "…"; parts.pop(); } while (line.getComputedTextLength() > maxW && parts.length);
        break;
      }
      line.textContent = prev + " ";
      line = el("tspan", { x: p.getAttribute("x"), dy: fs }, p);
      line.textContent = String(m[i]);
      n++;
    }
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
      if (n > 0) cls.push("hasnum");
      this.cells[c].setAttribute("class", cls.join(" "));
      const t = this.labels[c];
      if (this.given.has(c)) { t.textContent = this.given.get(c); t.setAttribute("class", "givenlabel"); }
      else if (n > 0) { t.textContent = n; t.setAttribute("class", "num"); }
      else t.textContent = "";
      const m = !tour && !n ? this.marks[c] : [];
      this.showMarks(c, m);
    }
    const s = this.size;
    this.lines.textContent = "";
    const chains = this.chains();
    // Jump lines can be hidden, and are lighter on a board mostly filled.
    this.lines.setAttribute("class", "jumps" + (chains.length * 2 >= b.open ? " many" : ""));
    this.lines.style.display = $("l-lines").checked ? "" : "none";
    for (const [a, c, k] of chains) {
      const [x1, y1] = this.cellXY(a), [x2, y2] = this.cellXY(c);
      const dr = Math.floor(c / b.cols) - Math.floor(a / b.cols), dc = c % b.cols - a % b.cols;
      el("path", { d: jumpPath(x1, y1, x2, y2, dr, dc, k, s), class: "pathline", "data-k": k }, this.lines);
    }
    this.showStatus();
    $("l-undo").disabled = this.hist.length === 0 && !(tour && this.path.length);
    $("l-redo").disabled = this.fut.length === 0;
    $("l-undomistake").hidden = this.firstBad() < 1;
    this.share();
    this.record();
  },

  filled() { let n = this.given.size; for (let c = 0; c < this.grid.length; c++) if (this.grid[c] && !this.given.has(c)) n++; return this.mode === "tour" ? this.path.length : n; },

  showStatus() {
    const b = this.b;
    // The pad shows what is typed and not yet ended (OK ends it).
    $("l-pending").textContent = this.buf ? (this.pencil ? "mark " : "") + this.buf + "…" : "";
    if (this.solved) return;
    if (this.note) { status("l-status", this.note, "bad"); return; }
    if (this.mode === "tour") {
      const n = this.path.length, legal = this.legal().length;
      status("l-status", `${b.rows}x${b.cols} ${moveWord(b.moves)}: ${n}/${b.open} placed` + (n === b.open ? "" : legal ? `, ${legal} cells for ${n + 1}` : `, no cell for ${n + 1}: undo`));
      return;
    }
    if (this.errText) { status("l-status", this.errText, "bad"); return; }
    const sel = this.cursor;
    let where = `selected ${cellName(b.cols, sel)}`;
    if (this.given.has(sel)) where += ` (given ${this.given.get(sel)})`;
    else if (this.grid[sel]) where += ` (${this.grid[sel]})`;
    if (this.buf && this.pencil) where += `, pencil: ${this.buf}… (OK or another cell adds it)`;
    else if (this.buf) where += `, typing ${this.buf}… (OK ends it)`;
    else if (this.pencil) where += ", pencil on";
    status("l-status", `${this.filled()}/${b.open} numbered · ${where}`);
  },

  // share writes the position's link (links.js): the puzzle's share code
  // and the position code (numbers or tour, pencil marks, clock, help
  // used, daily date, difficulty). A board whose share code the engine
  // could not give gets an older link, a base64url JSON of the board map
  // and the numbers.
  share() {
    if (!this.b) return;
    let h;
    if (this.b.share) {
      const st = { tour: this.mode === "tour", assisted: this.assisted, daily: this.daily, level: this.level, secs: this.timer.secs(), marks: this.marks };
      st.grid = this.grid.map((n, c) => this.given.has(c) ? 0 : n);
      if (st.tour) { st.grid = this.grid.map(() => 0); this.path.forEach((c, i) => { st.grid[c] = i + 1; }); st.marks = []; }
      h = "#l=" + escapeCode(this.b.share) + "~" + encodeLeaper(st, this.grid.length, this.b.open);
    } else {
      const st = { b: this.req.board, m: this.req.moves };
      if (this.mode === "tour") st.p = this.path;
      else {
        st.g = [];
        this.grid.forEach((n, c) => { if (n && !this.given.has(c)) st.g.push([c, n]); });
      }
      if (this.level) st.l = this.level;
      const bytes = new TextEncoder().encode(JSON.stringify(st));
      h = "#leaper=" + btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }
    $("l-share").value = setHash(h);
  },

  body() { return { board: this.req.board, moves: this.req.moves, path: this.path }; },
  playBody(extra) { return Object.assign({ board: this.req.board, moves: this.req.moves, grid: this.grid }, extra || {}); },

  // ---- changes: each goes through change(), which keeps undo and
  // cancels a running hint.
  snapshot() { return { grid: this.grid.slice(), marks: this.marks.map((m) => m.slice()), path: this.path.slice(), bad: this.curBad }; },
  restore(s) { this.grid = s.grid; this.marks = s.marks; this.path = s.path; this.curBad = s.bad; },

  // firstBad returns the index of the first position with the mistake
  // shown now (hist, then the current position, in order), or -1 when it
  // shows none: the position before it is the last without it. A live
  // mistake (two numbers that clash) counts from the start of the run of
  // positions that had one; a number the solution puts elsewhere, once a
  // hint has pointed at it (wrongAt), from the position where it was
  // written.
  firstBad() {
    if (this.mode !== "numbers") return -1;
    let k = -1;
    if (this.curBad) {
      k = this.hist.length;
      while (k > 0 && this.hist[k - 1].bad) k--;
    }
    const w = this.wrongAt;
    if (w && this.grid[w.cell] === w.number) {
      let j = this.hist.length;
      while (j > 0 && this.hist[j - 1].grid[w.cell] === w.number) j--;
      k = k < 0 ? j : Math.min(k, j);
    }
    return k;
  },
  // undoToMistake undoes, in one press, every change back to the position
  // before the mistake shown (issue 40, point 6); Redo brings them back.
  undoToMistake() {
    this.commitPending();
    const k = this.firstBad();
    if (k < 1) return;
    while (this.hist.length >= k) { this.fut.push(this.snapshot()); this.restore(this.hist.pop()); }
    this.moved();
    hint("l-hinttext", "Back to the position before the mistake. Redo brings the changes back.", "info");
  },
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
      this.curBad = r.errors.length > 0;
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
    status("l-status", finishLine("leaper", this.bestWhat(), secs, this.assisted), "win");
    hint("l-hinttext", "Solved! " + reason.replace(/^solved: /, "").replace(/^./, (c) => c.toUpperCase()) + ".", "ok");
    showBest("leaper", this.bestWhat(), this.bestLabel(), "l-best");
    this.share();
    this.record(true);
    if (this.daily) {
      $("l-shareline").textContent = shareLine(moveWord(this.b.moves), this.daily, this.level, secs, this.assisted) + "\n" + dailyLink("leaper", this.daily);
      $("l-sharelinebox").hidden = false;
    }
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

  // commitPending ends the number being typed: a pencil mark pending (one
  // digit of a number that could take another) is added to its cell. It
  // runs when the selection moves, the mode changes, OK is pressed or a
  // hint is asked for, so no mark is lost (issue 40, point 1).
  commitPending() {
    const buf = this.buf;
    this.buf = "";
    if (this.pencil && buf && this.mode === "numbers") { this.toggleMark(this.cursor, +buf); return true; }
    return false;
  },
  ok() { if (!this.commitPending()) this.update(); },

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
    if (c !== this.cursor) this.commitPending();
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
    if (!this.adjacent(a, c)) { status("l-status", `${cellName(this.b.cols, c)} is not one ${moveWord(this.b.moves)} move from ${cellName(this.b.cols, a)}.`, "bad"); return; }
    const used = new Set();
    for (let x = 0; x < this.grid.length; x++) { const n = this.numAt(x); if (n) used.add(n); }
    let n = 0;
    if (k < this.b.open && !used.has(k + 1)) n = k + 1;
    else if (k > 1 && !used.has(k - 1)) n = k - 1;
    if (!n) { status("l-status", `${k - 1} and ${k + 1} are both written already.`, "bad"); return; }
    this.commitPending();
    this.cursor = c;
    this.buf = "";
    this.setNumber(c, n);
  },

  // ---- hints, as a ladder: where to look, why, then the step itself.
  async hint() {
    this.commitPending();
    const key = JSON.stringify([this.grid, this.path]);
    if (!this.ladder || this.ladder.key !== key) {
      if (this.hintCtl) this.hintCtl.abort();
      const ctl = this.hintCtl = new AbortController();
      hint("l-hinttext", "thinking…", "info");
      let h;
      try {
        h = this.mode === "numbers" ? await api("leaper/step", this.playBody({ marks: this.marks }), { signal: ctl.signal })
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
    if (h.status !== "done") this.assisted = true;
    $("l-hinttext").dataset.rung = lad.rung;
    $("l-hinttext").dataset.status = h.status;
    if (this.mode === "numbers") this.numbersRung(h, lad.rung);
    else this.tourRung(h, lad.rung);
  },

  numbersRung(h, rung) {
    const cls = h.status === "error" ? "dead" : h.status === "stuck" ? "info" : "ok";
    study("l-studytext", `${h.study || ""}\n(${h.ms.toFixed(1)} ms in the engine)`);
    if (h.status === "done") { hint("l-hinttext", h.reason, "ok"); return; }
    // A mistake the solution shows is a ladder too: look, why, then the
    // third press takes the wrong number (or the pencil marks) away.
    const fix = h.status === "error" && (h.erase || h.clearMarks);
    const acts = h.status === "step" || fix;
    if (h.status === "error" && h.erase && h.cell >= 0) { this.wrongAt = { cell: h.cell, number: h.number }; $("l-undomistake").hidden = this.firstBad() < 1; }
    if (rung === 1) {
      this.look = h.lookCells;
      hint("l-hinttext", lookLine(h.look) + (acts ? " Press Hint again to see why." : ""), cls);
    } else if (rung === 2 || !acts) {
      this.look = h.lookCells;
      const next = h.status === "step" ? "Press Hint again to fill it in."
        : fix ? (h.erase ? "Press Hint again to take it away." : "Press Hint again to clear those pencil marks.") : "";
      const head = h.status === "step" && h.cell >= 0 ? stepHeadline(h, this.b.cols) : headline(h.reason, 200);
      hintWhy("l-hinttext", head, h.reason, next, cls);
      if (h.status === "stuck") $("l-reveal").hidden = false;
    } else if (fix) {
      this.cursor = h.cell;
      const at = cellName(this.b.cols, h.cell);
      if (h.erase) this.setNumber(h.cell, 0);
      else this.change(() => { this.marks[h.cell] = []; });
      hint("l-hinttext", h.erase ? `${h.number} taken away from ${at}.` : `Pencil marks cleared at ${at}.`, "ok");
      return;
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
      hint("l-hinttext", `Look here: ${n + 1} can go on one of the green cells, and the board can still be finished. Press Hint again to see which.`, "ok");
    } else if (rung === 2) {
      this.look = [h.next];
      hint("l-hinttext", `${n + 1} at ${name} still leaves a way to number every cell. Press Hint again to place it.`, "ok");
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
    this.assisted = true;
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
    this.assisted = true;
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
    const moveTo = (rr, cc) => { if (rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols) { this.commitPending(); this.cursor = rr * b.cols + cc; this.update(); } };
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
    else if (k === "Enter" || k === " ") this.ok(); else if (k === "Tab" || k === "Escape" || k === "Shift") return;
    else if (k.length === 1) {
      status("l-status", `"${k}" is not a number: type a number from 1 to ${b.open} (or h hint, p pencil, u undo, r redo).`, "bad");
    } else return;
    e.preventDefault();
  },

  togglePencil() {
    this.commitPending();
    this.pencil = !this.pencil;
    $("l-pencil").setAttribute("aria-pressed", this.pencil ? "true" : "false");
    this.update();
  },
};

// stepHeadline words a step as one sentence that stands alone, at most
// 200 characters (issue 40, point 3): what goes where and the main why.
// A reason that short is its own headline; a longer one (a case analysis)
// is summed up by its conclusion, and the page shows it whole behind
// "why?".
export function stepHeadline(h, cols) {
  const reason = String(h.reason || "").trim();
  if (reason.length <= 200) return reason;
  const at = cellName(cols, h.cell), n = h.number, pre = `${n} goes at ${at}: `;
  const ss = reason.match(/[^.]+(?:\.|$)/g).map((x) => x.trim());
  const fits = (x) => x.length <= 200 ? x : "";
  const must = ss.find((x) => x.startsWith(`${at} must hold one of the missing numbers`));
  return (must && fits(pre + must.replace(/ or ruled out there\.$/, ", or ruled out there."))) ||
    (/The only free cell that fits/.test(reason) && fits(`${n} goes at ${at}, the only free cell that fits: ${ss[0].charAt(0).toLowerCase() + ss[0].slice(1)}`)) ||
    `${pre}every other cell within reach of the numbers around it is ruled out.`;
}

// Pointer input on the leaper board: a tap selects, a drag from a numbered
// cell to a cell one move away writes the next (or previous) number. Both
// act on pointerup, so the first tap is never lost to focus or hover.
(function leaperPointer() {
  const host = $("l-board");
  const pan = new Pan(host);
  let from = -1;
  const cellAt = (x, y) => {
    const e = document.elementFromPoint(x, y);
    return e && e.dataset && e.dataset.cell !== undefined && e.closest("#l-board") ? +e.dataset.cell : -1;
  };
  host.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !L.b) return;
    from = cellAt(e.clientX, e.clientY);
    // On a board in a scroll frame, a drag from a cell without a number
    // scrolls (in tour mode, from any cell but the last one placed).
    const draws = from >= 0 && (L.mode === "tour" ? L.path[L.path.length - 1] === from : L.numAt(from) > 0);
    pan.begin(e, !draws);
    if (from >= 0) host.focus({ preventScroll: true });
  });
  host.addEventListener("pointermove", (e) => { if (pan.move(e)) from = -1; });
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
$("l-ok").onclick = () => L.ok();
$("l-undomistake").onclick = () => L.undoToMistake();
$("l-sharecopy").onclick = () => copyText($("l-shareline").textContent, $("l-sharecopy"));
zoomButton("l-zoom", "l-board", () => { if (L.b) L.draw(); });
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
// leaperGenerate makes a puzzle: the menus' (size, moves, difficulty) with
// a random seed, or, with daily (a date), that date's daily puzzle, whose
// size, level and seed come from the date alone (record.js dailyOf).
async function leaperGenerate(daily) {
  const d = daily ? dailyOf("leaper", daily) : { size: $("l-size").value.trim(), moves: L.movesSpec(), level: +$("l-level").value, seed: Math.floor(Math.random() * 1e9) };
  hint("l-hinttext", daily ? `making the daily puzzle of ${daily}…` : "making a puzzle with exactly one solution…", "info");
  try {
    // A seed that makes no puzzle is followed by another: for a daily, the
    // next seed of the same date, still the same for everyone.
    let r;
    for (let attempt = 0; ; attempt++) {
      try { r = await api("leaper/generate", { board: d.size, moves: d.moves, level: d.level, seed: !attempt ? d.seed : daily ? seedOf(`${daily}|daily|leaper|${attempt}`) : Math.floor(Math.random() * 1e9) }); break; } catch (e) {
        if (attempt >= 5 || !/cannot|could not|no puzzle/.test(e.message)) throw e;
      }
    }
    if (!await L.load({ board: r.board, moves: r.moves }, null, { mode: "numbers", level: r.level || levelName("leaper", d.level), daily: daily || "" })) return false;
    hint("l-hinttext", (daily ? `The daily puzzle of ${daily} (UTC), the same for everyone: ` : "A new puzzle: ") + `${aOrAn(r.level)} ${L.b.rows}x${L.b.cols} ${moveWord(r.moves)} with ${r.givens} givens and exactly one solution. Write the numbers 1 to ${L.b.open}, each one ${moveWord(r.moves)} move from the next.`, "ok");
    return true;
  } catch (e) {
    status("l-status", "Could not make a puzzle: " + e.message, "bad");
    hint("l-hinttext", e.message, "dead");
    return false;
  }
}
export { leaperGenerate };
$("l-gen").onclick = () => leaperGenerate("");
$("l-newtop").onclick = () => leaperGenerate("");
// Jump lines shown or hidden, remembered in the browser.
try { $("l-lines").checked = localStorage.getItem("boardgraph.lines") !== "hidden"; } catch (e) { /* storage off */ }
$("l-lines").onchange = () => {
  try { localStorage.setItem("boardgraph.lines", $("l-lines").checked ? "shown" : "hidden"); } catch (e) { /* storage off */ }
  if (L.b) L.update();
};
$("l-daily").onclick = () => leaperGenerate(utcDate());
$("l-undo").onclick = () => L.undo();
$("l-redo").onclick = () => L.redoMove();
$("l-restart").onclick = () => L.change(() => { L.path = []; L.grid = L.grid.map(() => 0); L.marks = L.marks.map(() => []); });
$("l-hint").onclick = () => L.hint();
$("l-reveal").onclick = () => L.reveal();
$("l-solve").onclick = () => L.solve();
$("l-count").onclick = () => L.count();
$("l-analyze").onclick = () => L.analyze();
shareBox("l", L);
