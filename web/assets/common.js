// The page's shared helpers (an ES module, no build step): the one
// transport to the engine, api(): in static mode a WebAssembly worker
// (window.BoardgraphEngine, engine-client.js), otherwise the local server's
// JSON API under /api/; the opening answers written into the page; board
// drawing, the status and hint lines, timers and best times, the daily
// seed, the jump curves.
import { colLabel } from "./cells.js";

export const $ = (id) => document.getElementById(id);
export const SVGNS = "http://www.w3.org/2000/svg";

export function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// api is the one transport to the engine. path is an API name such as
// "leaper/step" (a render adds "?format=svg|png"), body a JSON object,
// opts.signal an AbortSignal. It returns the decoded JSON, or a Blob for a
// picture, and throws an Error whose message is fit for the status line.
export async function api(path, body, opts) {
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
export const opening = (() => {
  try {
    const o = JSON.parse(document.getElementById("boardgraph-opening").textContent);
    if (Array.isArray(o.calls)) return o;
  } catch (e) { /* no opening in the page: every load asks the engine */ }
  return { leaper: "6x6", moves: "diplomatico", numberlink: "", calls: [] };
})();

// openingAnswer returns a copy of the opening's answer to the call, or
// null when the call is not one of the opening's (bodies compared key by
// key, in any order).
export function openingAnswer(path, body) {
  const key = (o) => JSON.stringify(o, Object.keys(o || {}).sort());
  const c = opening.calls.find((c) => c.path === path && key(c.body) === key(body));
  return c ? structuredClone(c.answer) : null;
}

export const aborted = (e) => e && e.name === "AbortError";

// axisBoard makes the SVG (id o.id) of a board of o.rows x o.cols square
// cells, sized to the width of o.board's container (o.guess before layout,
// at most o.most, cells of o.cell[0] to o.cell[1] pixels, o.pad more at
// the right and bottom), with the column letters and row numbers in a
// margin of lab pixels. The whole board fits the width, on a phone too
// (issue 40: a 12x12 at 390 px has cells of about 29 px); on a window at
// least 1000 px wide it also fits the height under its top, so that the
// hint beside it stays in view. Zoomed (the board has class "zoom", the
// Zoom board button) a cell is at least 44 px, a finger's target, and a
// board wider than its frame scrolls in it (class "scroll"). It returns
// { svg, size (of a cell), lab }.
export function axisBoard(o) {
  const host = $(o.board);
  const avail = Math.max(200, Math.min(o.most, (host.parentElement.clientWidth || o.guess) - 4));
  const lab = 18;
  let size = Math.floor((avail - lab - o.pad) / Math.max(o.cols, o.rows * 0.8));
  if (window.innerWidth >= 1000) {
    const top = host.getBoundingClientRect().top + window.scrollY;
    const high = window.innerHeight - top - 12;
    if (high > 200) size = Math.min(size, Math.floor((high - lab - o.pad) / o.rows));
  }
  size = Math.max(o.cell[0], Math.min(o.cell[1], size));
  if (host.classList.contains("zoom")) size = Math.max(44, size);
  const W = lab + o.cols * size + o.pad, H = lab + o.rows * size + o.pad;
  host.classList.toggle("scroll", W > avail + 4);
  const svg = el("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, id: o.id, "aria-hidden": "true" });
  for (let c = 0; c < o.cols; c++) el("text", { x: lab + c * size + size / 2, y: lab - 5, "text-anchor": "middle", class: "axis" }, svg).textContent = colLabel(c);
  for (let r = 0; r < o.rows; r++) el("text", { x: lab - 4, y: lab + r * size + size / 2 + 4, "text-anchor": "end", class: "axis" }, svg).textContent = r + 1;
  return { svg, size, lab };
}

// zoomButton wires the Zoom board button id of board host to redraw(): on,
// cells of at least 44 px in a scroll frame; off, the board fits.
export function zoomButton(id, host, redraw) {
  $(id).onclick = () => {
    const on = !$(host).classList.contains("zoom");
    $(host).classList.toggle("zoom", on);
    $(id).setAttribute("aria-pressed", on ? "true" : "false");
    redraw();
  };
}

// touchScreen tells whether the page is played by touch (a phone or a
// tablet), where targets must be at least 44 px.
export function touchScreen() { return matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0; }

// Pan lets a finger scroll a board larger than its frame (class "scroll",
// see axisBoard). The board takes every touch (touch-action: none, so that
// drags draw), so a drag that starts where it would draw nothing (begin
// with on true) scrolls the frame, and the page where the frame cannot
// scroll that way. move returns whether the gesture is a pan.
export class Pan {
  constructor(host) { this.host = host; this.on = false; this.moved = false; }
  begin(e, on) {
    this.on = on && this.host.classList.contains("scroll");
    this.moved = false;
    this.x = e.clientX; this.y = e.clientY;
    this.sl = this.host.scrollLeft; this.st = this.host.scrollTop; this.sy = window.scrollY;
  }
  move(e) {
    if (!this.on) return false;
    const dx = e.clientX - this.x, dy = e.clientY - this.y, h = this.host;
    if (!this.moved && Math.hypot(dx, dy) < 8) return false;
    this.moved = true;
    h.scrollLeft = this.sl - dx;
    if (h.scrollHeight > h.clientHeight) h.scrollTop = this.st - dy;
    else window.scrollTo(window.scrollX, this.sy - dy);
    return true;
  }
}

// shareBox fills panel p's Share & export box from the one template in
// index.html (ids p-share, p-copy, p-svg, p-png) and wires it to game:
// the share link to copy, the picture to download as SVG or PNG.
export function shareBox(p, game) {
  const box = $("sharebox").content.cloneNode(true);
  for (const e of box.querySelectorAll("[data-id]")) e.id = p + "-" + e.dataset.id;
  $(p + "-sharebox").append(box);
  $(p + "-copy").onclick = () => { game.share(); copyText($(p + "-share").value, $(p + "-copy"), $(p + "-share")); };
  $(p + "-svg").onclick = (e) => { e.preventDefault(); game.exportPic("svg"); };
  $(p + "-png").onclick = (e) => { e.preventDefault(); game.exportPic("png"); };
}

// copyText copies text to the clipboard and says so on the button btn
// ("Copied" for two seconds) only when the browser took it; otherwise the
// button asks the player to copy the selected text (field, selected
// here) by hand.
export async function copyText(text, btn, field) {
  let ok = false;
  if (field) field.select();
  try { if (navigator.clipboard) { await navigator.clipboard.writeText(text); ok = true; } } catch (e) { /* refused: try the older way */ }
  if (!ok && field) try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  if (!btn.dataset.label) btn.dataset.label = btn.textContent;
  btn.textContent = ok ? "Copied" : "Select and copy by hand";
  clearTimeout(btn.copyTimer);
  btn.copyTimer = setTimeout(() => { btn.textContent = btn.dataset.label; }, 2500);
  return ok;
}

// setHash puts a position link's fragment in the address bar and returns
// the whole link.
export function setHash(h) {
  history.replaceState(null, "", h);
  return location.href;
}

export function showTab(name) {
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.tab === name;
    t.classList.toggle("active", on);
    t.setAttribute("aria-selected", on ? "true" : "false");
  }
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === name);
}

// players writes the engine's words as players say them: "Hopido" with a
// capital (the engine's move set is named "hopido").
export function players(text) { return String(text).replace(/\bhopido\b(?!:)/g, "Hopido"); }

export function hint(id, text, cls) {
  const h = $(id);
  h.textContent = players(text);
  h.className = "hint " + (cls || "");
}

// hintWhy shows a reason as a headline that stands alone (at most about
// 200 characters) and, when there is more, the full reason behind a
// "why?" control (issue 40, point 3). after follows the headline (the next
// press's words).
export function hintWhy(id, head, why, after, cls) {
  const h = $(id);
  h.textContent = "";
  h.className = "hint " + (cls || "");
  const p = document.createElement("span");
  p.className = "headline";
  p.textContent = players(head) + (after ? " " + after : "");
  h.appendChild(p);
  if (why && why.trim() && why.trim() !== head.trim()) {
    const d = document.createElement("details");
    d.className = "why";
    const s = document.createElement("summary");
    s.textContent = "why?";
    const w = document.createElement("div");
    w.textContent = players(why);
    d.append(s, w);
    h.appendChild(d);
  }
}

// headline returns the opening of a reason that stands alone in at most
// max characters: the whole reason when it is that short, else its first
// sentence, else its last sentence that states a conclusion ("So 7 is not
// at A1"), else the first sentence cut at a clause. It is the hint's
// headline; the whole reason follows behind "why?". (A step of a leaper
// puzzle has its own, stepHeadline in leaper.js.)
export function headline(reason, max) {
  const s = String(reason || "").trim();
  if (s.length <= max) return s;
  const sentences = (s.match(/[^.!?]+(?:[.!?](?!\d)|$)+/g) || [s]).map((x) => x.trim());
  if (sentences[0].length <= max) return sentences[0];
  for (let i = sentences.length - 1; i > 0; i--) {
    const x = sentences[i];
    if (x.length <= max && /\b(goes|go|must|is not|cannot|can only|only)\b/.test(x) && !/^(If|Suppose|then)\b/.test(x)) return x;
  }
  const cut = sentences[0].slice(0, max - 1);
  const at = Math.max(cut.lastIndexOf(", "), cut.lastIndexOf(": "), cut.lastIndexOf("; "));
  return (at > 40 ? cut.slice(0, at) : cut.slice(0, cut.lastIndexOf(" "))) + "…";
}

export function status(id, text, cls) {
  const s = $(id);
  s.textContent = players(text);
  s.className = "status " + (cls || "");
}
export function study(id, text) { $(id).textContent = text || ""; }

export function fmtTime(s) {
  s = Math.floor(s);
  const m = Math.floor(s / 60), r = s % 60;
  return m + ":" + String(r).padStart(2, "0");
}

// A timer per family. start(secs) starts it at secs (a restored link's
// clock).
export class Timer {
  constructor(id) { this.id = id; this.t0 = 0; this.stopped = true; this.shown = 0; setInterval(() => this.tick(), 1000); }
  start(secs) { this.t0 = performance.now() - 1000 * (secs || 0); this.stopped = false; this.tick(); }
  stop() { if (!this.stopped) { this.shown = Math.floor(this.secs()); this.stopped = true; this.tick(); } return this.shown; }
  secs() { return this.stopped ? this.shown : (performance.now() - this.t0) / 1000; }
  tick() { const e = $(this.id); if (e) e.textContent = fmtTime(this.secs()); }
}

// Best times are kept in localStorage under a key naming the family and
// the puzzle's kind (what: size, moves or bridges per pair, difficulty),
// and only for puzzles finished without help: no hint, reveal or solve.
export function bestKey(family, what) { return "boardgraph.best." + family + "." + what; }
export function recordBest(family, what, secs) {
  const k = bestKey(family, what);
  let prev = null;
  try { prev = localStorage.getItem(k); } catch (e) { /* storage off */ }
  const best = prev === null || secs < +prev;
  if (best) try { localStorage.setItem(k, String(Math.floor(secs))); } catch (e) { /* storage off */ }
  return { best, prev: prev === null ? null : +prev };
}
// showBest shows the best time for what, described in words by label.
export function showBest(family, what, label, id) {
  let v = null;
  try { v = localStorage.getItem(bestKey(family, what)); } catch (e) { /* storage off */ }
  $(id).textContent = v === null ? "" : `Your best time for ${label}: ${fmtTime(+v)}`;
}

// finishLine words a finish in secs: with help (no record kept), else
// against the best time for what (recorded when it is one).
export function finishLine(family, what, secs, assisted) {
  if (assisted) return `Solved in ${fmtTime(secs)}, with help (a hint, a reveal or Solve), so it does not count as a best time.`;
  const rb = recordBest(family, what, secs);
  if (!rb.best) return `Solved in ${fmtTime(secs)}. Your best is ${fmtTime(rb.prev)}.`;
  return `Solved in ${fmtTime(secs)}` + (rb.prev === null ? ": your first time on this kind of puzzle." : ": a new best time!");
}

// lookLine words the first rung of a hint: the engine's "Look at X" as
// "Look here: X"; any other sentence (there is no step, a mistake) as it
// is, with its first letter capitalised.
export function lookLine(look) {
  const s = String(look || "");
  if (/^Look at /.test(s)) return "Look here: " + s.replace(/^Look at /, "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// aOrAn returns word with "a" or "an" before it.
export function aOrAn(word) { return (/^[aeiou]/i.test(word) ? "an " : "a ") + word; }

// utcDate is today's date in UTC, "2026-11-26": the daily puzzles' seed, so
// everyone gets the same puzzle on the same date.
export function utcDate() { return new Date().toISOString().slice(0, 10); }
export function seedOf(s) { // FNV-1a, 32 bits
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h;
}

export function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) [a, b] = [b, a % b]; return a; }

// jumpPath is the SVG path of the jump from number k (at x1,y1) to k+1. A
// jump whose straight segment would pass through another cell's centre
// (gcd(|dr|,|dc|) > 1) is a quadratic curve whose control point is the
// midpoint moved 0.3 cell perpendicular to the jump: to the left of the
// direction of travel when k is odd, to the right when k is even, so that
// collinear jumps do not overlap (the same rule as package render).
export function jumpPath(x1, y1, x2, y2, dr, dc, k, size) {
  if (gcd(dr, dc) <= 1) return `M${x1},${y1}L${x2},${y2}`;
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
  // Left of travel on the screen (y down) is (dy, -dx).
  const side = k % 2 === 1 ? 1 : -1;
  const cx = (x1 + x2) / 2 + side * 0.3 * size * dy / len, cy = (y1 + y2) / 2 - side * 0.3 * size * dx / len;
  return `M${x1},${y1}Q${cx.toFixed(2)},${cy.toFixed(2)} ${x2},${y2}`;
}

// download saves blob as a file called name.
export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
