// Position links (an ES module). A link carries the whole position in its
// fragment, in a compact code:
//
//	#l=SHARE~CODE    a leaper puzzle: SHARE is the puzzle's share code
//	                 (package hidato's MOVES:RxC:BODY), CODE the position
//	#n=PUZZLE~CODE   a k-grid: PUZZLE its ID (a Tatham game ID where one
//	                 fits), CODE the position
//
// CODE is a bit string in base64url (6 bits a character): a version, the
// flags (tour, help used, daily), the difficulty, the elapsed seconds, the
// daily puzzle's date, then per cell the number written and the pencil
// marks (leapers), or per pair of islands its bridges and per island its
// done mark (k-grids). Everything read from a link is checked before use:
// a bit string that ends early or holds a value out of range, text that
// does not decode, JSON of the wrong shape (the older links #leaper= and
// #nl=, base64url JSON, are still read) is a LinkError, which the page
// answers with a line in the status line and a playable board.

// LinkError is a link that cannot be used; its message says why.
export class LinkError extends Error {}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// bitLen is the number of bits that hold every value 0..n.
export function bitLen(n) { let w = 1; while (n >= 2 ** w) w++; return w; }

// BitWriter collects fields of fixed width; text() returns them in base64url.
export class BitWriter {
  constructor() { this.bits = []; }
  put(v, w) { for (let i = w - 1; i >= 0; i--) this.bits.push(Math.floor(v / 2 ** i) % 2); }
  // num writes a whole number of any size up to 2^31: its width in 5 bits,
  // then the number.
  num(v) { const w = bitLen(v); this.put(w, 5); this.put(v, w); }
  text() {
    let s = "";
    for (let i = 0; i < this.bits.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = v * 2 + (this.bits[i + j] || 0);
      s += B64[v];
    }
    return s;
  }
}

// BitReader reads what a BitWriter wrote; reading past the end, or a
// character outside base64url, is a LinkError.
export class BitReader {
  constructor(s) {
    if (typeof s !== "string" || s.length > 100000) throw new LinkError("the position code is not text of a sensible length");
    this.bits = [];
    for (const ch of s) {
      const v = B64.indexOf(ch);
      if (v < 0) throw new LinkError(`the position code holds "${ch}", which no link writes`);
      for (let i = 5; i >= 0; i--) this.bits.push((v >> i) & 1);
    }
    this.at = 0;
  }
  get(w) {
    if (this.at + w > this.bits.length) throw new LinkError("the position code ends too early");
    let v = 0;
    for (let i = 0; i < w; i++) v = v * 2 + this.bits[this.at++];
    return v;
  }
  num() { return this.get(this.get(5)); }
  // in reads a field of w bits that must lie in lo..hi.
  in(w, lo, hi, what) {
    const v = this.get(w);
    if (v < lo || v > hi) throw new LinkError(`the position code has ${what} ${v}, outside ${lo}..${hi}`);
    return v;
  }
}

// conform checks the value v read from JSON against schema and returns it:
// "string", "int" (a safe integer), "digits" (a string of digits), [item]
// (an array of up to 5000 items, each conforming), ["tuple", a, b, ...]
// (an array of exactly those), or an object of optional fields (only own
// fields named in the schema are read; others are ignored). A mismatch is
// a LinkError naming the field.
export function conform(v, schema, name) {
  const bad = (want) => new LinkError(`its field ${name} is ${v === null ? "null" : Array.isArray(v) ? "a list" : typeof v}, not ${want}`);
  if (schema === "string") { if (typeof v !== "string" || v.length > 200000) throw bad("text"); return v; }
  if (schema === "int") { if (!Number.isSafeInteger(v)) throw bad("a whole number"); return v; }
  if (schema === "digits") { if (typeof v !== "string" || !/^[0-9]{0,20000}$/.test(v)) throw bad("a string of digits"); return v; }
  if (Array.isArray(schema)) {
    if (!Array.isArray(v)) throw bad("a list");
    if (schema[0] === "tuple") {
      if (v.length !== schema.length - 1) throw bad(`a list of ${schema.length - 1}`);
      return v.map((x, i) => conform(x, schema[i + 1], `${name}[${i}]`));
    }
    if (v.length > 5000) throw bad("a list of at most 5000");
    return v.map((x, i) => conform(x, schema[0], `${name}[${i}]`));
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw bad("an object");
  const out = {};
  for (const k of Object.keys(schema)) if (Object.hasOwn(v, k) && v[k] !== undefined) out[k] = conform(v[k], schema[k], name === "" ? k : `${name}.${k}`);
  return out;
}

// The older links' JSON, by family.
const legacySchema = {
  leaper: { b: "string", m: "string", g: [["tuple", "int", "int"]], p: ["int"], l: "string" },
  nl: { p: "string", c: "digits", d: ["int"] },
};

function fromBase64url(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

// decodeLegacy reads an older link's base64url JSON for family kind.
function decodeLegacy(kind, s) {
  let v;
  try { v = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(s))); } catch (e) {
    throw new LinkError("its position code does not decode");
  }
  return conform(v, legacySchema[kind], "");
}

// escapeCode writes a share code or puzzle ID into a fragment, escaping
// what a fragment may not hold (":" and "," stay as they are).
export function escapeCode(s) { return encodeURIComponent(s).replace(/%3A/g, ":").replace(/%2C/g, ","); }

// readLink reads a fragment ("#l=..." or the older "#leaper=...") and
// returns null for none, or {family: "leaper"|"nl", puzzle, code} for the
// new links (code still to be decoded against the loaded board), or
// {family, legacy} for the older ones (checked against their schema). A
// link that cannot be read throws a LinkError.
export function readLink(hash) {
  const h = String(hash || "").replace(/^#/, "");
  if (!h) return null;
  const eq = h.indexOf("=");
  if (eq <= 0) throw new LinkError("it names no puzzle");
  const kind = h.slice(0, eq), rest = h.slice(eq + 1);
  if (kind === "l" || kind === "n") {
    const t = rest.lastIndexOf("~");
    if (t <= 0) throw new LinkError("it has no position code");
    let puzzle;
    try { puzzle = decodeURIComponent(rest.slice(0, t)); } catch (e) { throw new LinkError("its puzzle code does not decode"); }
    const code = rest.slice(t + 1);
    if (!/^[A-Za-z0-9_-]*$/.test(code)) throw new LinkError("its position code holds characters no link writes");
    return { family: kind === "l" ? "leaper" : "nl", puzzle, code };
  }
  if (kind === "leaper" || kind === "nl") return { family: kind, legacy: decodeLegacy(kind, rest) };
  throw new LinkError(`it names an unknown kind of puzzle "${kind.slice(0, 20)}"`);
}

const VERSION = 1;
const leaperLevels = ["", "easy", "medium", "hard", "expert"];
const nlLevels = ["", "easy", "medium", "hard", "tricky", "expert", "extreme"];
const epoch = Date.UTC(2000, 0, 1);

function putHeader(w, st, levels) {
  w.put(VERSION, 3);
  w.put(st.tour ? 1 : 0, 1);
  w.put(st.assisted ? 1 : 0, 1);
  w.put(st.daily ? 1 : 0, 1);
  w.put(Math.max(0, levels.indexOf(st.level || "")), 3);
  w.num(Math.max(0, Math.min(2 ** 31 - 1, Math.floor(st.secs || 0))));
  if (st.daily) w.num(Math.max(0, Math.round((Date.parse(st.daily) - epoch) / 864e5)));
}

function getHeader(r, levels) {
  const v = r.get(3);
  if (v !== VERSION) throw new LinkError(`its position code is of version ${v}, which this page does not read`);
  const st = { tour: r.get(1) === 1, assisted: r.get(1) === 1 };
  const daily = r.get(1) === 1;
  st.level = levels[r.in(3, 0, levels.length - 1, "difficulty")];
  st.secs = r.num();
  if (daily) {
    const d = r.num();
    if (d > 36600) throw new LinkError(`its daily date is ${d} days after 2000-01-01, past 2100`);
    st.daily = new Date(epoch + d * 864e5).toISOString().slice(0, 10);
  }
  return st;
}

// encodeLeaper returns the position code of a leaper position on a board
// of cells cells whose numbers run 1..open: st.grid (a number per cell, 0
// none), st.marks (sorted pencil marks per cell), st.tour, st.assisted,
// st.daily (a date), st.level, st.secs.
export function encodeLeaper(st, cells, open) {
  const w = new BitWriter(), nw = bitLen(open);
  putHeader(w, st, leaperLevels);
  for (let c = 0; c < cells; c++) { const n = st.grid[c] || 0; w.put(n ? 1 : 0, 1); if (n) w.put(n, nw); }
  for (let c = 0; c < cells; c++) {
    const m = st.marks[c] || [];
    w.put(m.length ? 1 : 0, 1);
    m.forEach((x, i) => { w.put(x, nw); w.put(i < m.length - 1 ? 1 : 0, 1); });
  }
  return w.text();
}

// decodeLeaper reads a code of encodeLeaper for the same board; a value
// out of range is a LinkError.
export function decodeLeaper(code, cells, open) {
  const r = new BitReader(code), nw = bitLen(open);
  const st = getHeader(r, leaperLevels);
  st.grid = [];
  for (let c = 0; c < cells; c++) st.grid.push(r.get(1) ? r.in(nw, 1, open, "number") : 0);
  st.marks = [];
  for (let c = 0; c < cells; c++) {
    const m = [];
    if (r.get(1)) {
      do {
        if (m.length >= open) throw new LinkError("a cell has more pencil marks than numbers");
        m.push(r.in(nw, 1, open, "pencil mark"));
      } while (r.get(1));
    }
    st.marks.push([...new Set(m)].sort((a, b) => a - b));
  }
  return st;
}

// encodeBridges returns the position code of a k-grid position: st.conn
// (bridges per pair, 0..k), st.done (islands marked done, a Set of
// indices), st.assisted, st.daily, st.level, st.secs.
export function encodeBridges(st, k, islands) {
  const w = new BitWriter(), kw = bitLen(k);
  putHeader(w, st, nlLevels);
  for (const x of st.conn) w.put(x, kw);
  for (let i = 0; i < islands; i++) w.put(st.done.has(i) ? 1 : 0, 1);
  return w.text();
}

// decodeBridges reads a code of encodeBridges for the same grid.
export function decodeBridges(code, k, pairs, islands) {
  const r = new BitReader(code), kw = bitLen(k);
  const st = getHeader(r, nlLevels);
  st.conn = [];
  for (let p = 0; p < pairs; p++) st.conn.push(r.in(kw, 0, k, "bridge count"));
  st.done = new Set();
  for (let i = 0; i < islands; i++) if (r.get(1)) st.done.add(i);
  return st;
}
