// The record of play (an ES module), kept in the browser only
// (localStorage "boardgraph.history"; nothing leaves the device): every
// game, one entry per puzzle, with its family, size, level, date, time,
// whether it was finished and whether help was used (issue 40, point 4);
// the statistics per family, size and level, the daily streaks, and the
// record's export to a file and import back. The daily puzzles (point 5)
// are defined here too: one per family a day, its level set by the
// weekday and its size by the level, the seed by the date alone.
import { $, fmtTime, seedOf } from "./common.js";

const KEY = "boardgraph.history";
const MAX = 2000; // entries kept, newest first

// readHistory returns the record, newest first (an empty list when
// storage is off or holds something else).
export function readHistory() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v.filter(validEntry) : [];
  } catch (e) { return []; }
}

function writeHistory(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); return true; } catch (e) { return false; }
}

// validEntry checks one entry's fields (an imported file is checked the
// same way).
function validEntry(e) {
  return e && typeof e === "object" && typeof e.id === "string" && e.id.length <= 4000 &&
    (e.family === "leaper" || e.family === "nl") && typeof e.game === "string" && e.game.length <= 60 &&
    typeof e.size === "string" && /^\d{1,3}x\d{1,3}$/.test(e.size) && typeof e.level === "string" && e.level.length <= 20 &&
    typeof e.date === "string" && !isNaN(Date.parse(e.date)) && Number.isFinite(e.secs) && e.secs >= 0 &&
    typeof e.finished === "boolean" && typeof e.help === "boolean" && typeof e.daily === "string" && (e.daily === "" || /^\d{4}-\d{2}-\d{2}$/.test(e.daily)) &&
    (e.link === undefined || (typeof e.link === "string" && e.link.length <= 4000));
}

// saveGame puts game g (the fields of an entry; id names the puzzle) into
// the record: a new entry first, or the entry of the same puzzle brought
// up to date. An entry once finished is kept as it was finished (a
// finished puzzle opened again is not played again).
export function saveGame(g) {
  const list = readHistory();
  const i = list.findIndex((e) => e.id === g.id);
  if (i >= 0 && list[i].finished) return list[i];
  const e = Object.assign({}, i >= 0 ? list[i] : {}, g);
  if (i >= 0) list.splice(i, 1);
  list.unshift(e);
  writeHistory(list);
  if ($("rec") && $("rec").classList.contains("active")) showRecord();
  return e;
}

export function median(xs) {
  if (!xs.length) return null;
  const s = xs.slice().sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// stats groups the record by family, game, size and level: played,
// finished, finished without help, best and median time of those.
export function stats(list) {
  const groups = new Map();
  for (const e of list) {
    const k = [e.family, e.game, e.size, e.level].join("|");
    if (!groups.has(k)) groups.set(k, { family: e.family, game: e.game, size: e.size, level: e.level, played: 0, finished: 0, clean: [] });
    const g = groups.get(k);
    g.played++;
    if (e.finished) g.finished++;
    if (e.finished && !e.help) g.clean.push(e.secs);
  }
  return [...groups.values()].map((g) => ({ family: g.family, game: g.game, size: g.size, level: g.level, played: g.played, finished: g.finished, noHelp: g.clean.length, best: g.clean.length ? Math.min(...g.clean) : null, median: median(g.clean) }))
    .sort((a, b) => a.game.localeCompare(b.game) || parseInt(a.size) - parseInt(b.size) || levelRank(a.level) - levelRank(b.level) || a.level.localeCompare(b.level));
}

// dayNumber is the days since 1970-01-01 of a "YYYY-MM-DD" date.
const dayNumber = (d) => Math.round(Date.parse(d + "T00:00:00Z") / 86400000);

// streaks returns the current and the best daily streak of family: runs
// of consecutive dates whose daily was finished (with or without help);
// the current one ends today, or yesterday while today's is not done.
export function streaks(list, family, today) {
  const days = [...new Set(list.filter((e) => e.family === family && e.daily && e.finished).map((e) => dayNumber(e.daily)))].sort((a, b) => a - b);
  let best = 0, run = 0, prev = null;
  for (const d of days) { run = prev !== null && d === prev + 1 ? run + 1 : 1; best = Math.max(best, run); prev = d; }
  const set = new Set(days), t = dayNumber(today);
  let cur = 0;
  for (let d = set.has(t) ? t : t - 1; set.has(d); d--) cur++;
  return { current: cur, best };
}

// ---- the daily puzzles. The level is set by the weekday of the UTC date
// (Monday easy ... Sunday expert), the size by the level, and the seed by
// the date and family alone, so the menus play no part.
const leaperDays = [4, 1, 1, 2, 2, 3, 3]; // Sunday first: expert; Mon, Tue easy; Wed, Thu medium; Fri, Sat hard
const nlDays = [5, 1, 2, 3, 3, 4, 4];     // Sunday expert; Mon easy; Tue medium; Wed, Thu hard; Fri, Sat tricky
const leaperSize = { 1: "6x6", 2: "7x7", 3: "8x8", 4: "8x8" };
const nlSize = { 1: "7x7", 2: "7x7", 3: "10x10", 4: "10x10", 5: "10x10" };

// validDate tells whether s is a date "YYYY-MM-DD" the calendar has.
export function validDate(s) {
  return typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(s + "T00:00:00Z").toISOString().slice(0, 10) === s;
}

// dailyOf returns the daily puzzle of family ("leaper" or "nl") on date:
// { level (the generator's number), size, k (Bridges), seed }.
export function dailyOf(family, date) {
  const wd = new Date(date + "T00:00:00Z").getUTCDay();
  const seed = seedOf(`${date}|daily|${family}`);
  if (family === "leaper") { const level = leaperDays[wd]; return { level, size: leaperSize[level], moves: "diplomatico", seed }; }
  const level = nlDays[wd];
  return { level, size: nlSize[level], k: 2, seed };
}

// dailyLink is the link that opens family's daily of date anywhere.
export function dailyLink(family, date) {
  return location.origin + location.pathname + "#daily=" + (family === "leaper" ? "hopido" : "bridges") + "/" + date;
}

// shareLine words a finished daily for sharing: "boardgraph daily
// 2026-12-07 · Hopido hard · 4:12 · no help".
export function shareLine(game, date, level, secs, help) {
  return `boardgraph daily ${date} · ${game} ${level} · ${fmtTime(secs)} · ${help ? "with help" : "no help"}`;
}

// ---- the view: archive, statistics, history, export and import.
const cell = (tr, text, head) => { const c = document.createElement(head ? "th" : "td"); c.textContent = text; if (head) c.scope = "col"; tr.appendChild(c); return c; };
function table(id, head, rows) {
  const t = $(id);
  const cap = t.querySelector("caption");
  t.textContent = "";
  if (cap) t.appendChild(cap);
  const th = document.createElement("thead"), tr = document.createElement("tr");
  for (const h of head) cell(tr, h, true);
  th.appendChild(tr); t.appendChild(th);
  const tb = document.createElement("tbody");
  for (const r of rows) { const row = document.createElement("tr"); for (const x of r) { if (x instanceof Node) { const c = document.createElement("td"); c.appendChild(x); row.appendChild(c); } else cell(row, x); } tb.appendChild(row); }
  if (!rows.length) { const row = document.createElement("tr"); const c = cell(row, "nothing yet"); c.colSpan = head.length; tb.appendChild(row); }
  t.appendChild(tb);
}

// playDaily is set by app.js: it opens family's daily of a date.
export const rec = { playDaily: null };

const utcToday = () => new Date().toISOString().slice(0, 10);

// showRecord draws the Record view from the stored record.
export function showRecord() {
  if (!$("r-history")) return;
  const list = readHistory(), today = utcToday();
  const sl = streaks(list, "leaper", today), sn = streaks(list, "nl", today);
  $("r-streaks").textContent = `Daily streaks: Hopido ${sl.current} (best ${sl.best}), Bridges ${sn.current} (best ${sn.best}).`;
  const rows = [];
  for (let i = 0; i < 14; i++) {
    const d = new Date(Date.parse(today + "T00:00:00Z") - i * 86400000).toISOString().slice(0, 10);
    const mark = (fam) => {
      const e = list.find((x) => x.family === fam && x.daily === d);
      const b = document.createElement("button");
      b.className = "link";
      b.dataset.family = fam; b.dataset.date = d;
      b.textContent = (e ? (e.finished ? "✓ " + fmtTime(e.secs) + (e.help ? " (help)" : "") : "started") : "play") ;
      b.setAttribute("aria-label", `${fam === "leaper" ? "Hopido" : "Bridges"} daily of ${d}: ${b.textContent}`);
      b.onclick = () => rec.playDaily && rec.playDaily(fam, d);
      return b;
    };
    const day = new Date(d + "T00:00:00Z").toLocaleDateString("en", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    rows.push([day, levelName("leaper", dailyOf("leaper", d).level), mark("leaper"), levelName("nl", dailyOf("nl", d).level), mark("nl")]);
  }
  table("r-archive", ["date", "Hopido", "", "Bridges", ""], rows);
  table("r-stats", ["puzzle", "size", "level", "played", "done", "done alone", "best", "median"],
    stats(list).map((s) => [s.game, s.size, s.level || "—", String(s.played), String(s.finished), String(s.noHelp), s.best === null ? "—" : fmtTime(s.best), s.median === null ? "—" : fmtTime(s.median)]));
  table("r-history", ["date", "puzzle", "size", "level", "time", "finished", "help"],
    list.slice(0, 200).map((e) => [e.date.slice(0, 16).replace("T", " "), e.game + (e.daily ? " daily " + e.daily : ""), e.size, e.level || "—", fmtTime(e.secs), e.finished ? "yes" : "no", e.help ? "yes" : "no"]));
}

// levelRank orders level names easiest first (unknown names last).
const levelRank = (l) => { const i = ["easy", "medium", "hard", "tricky", "expert", "extreme"].indexOf(l); return i < 0 ? 9 : i; };

export const leaperLevelNames = ["any", "easy", "medium", "hard", "expert"];
export const nlLevelNames = ["", "easy", "medium", "hard", "tricky", "expert", "extreme"];
export function levelName(family, n) { return (family === "leaper" ? leaperLevelNames : nlLevelNames)[n] || ""; }

// exportRecord returns the record as the text of a file.
export function exportRecord() {
  return JSON.stringify({ format: "boardgraph-record", version: 1, exported: new Date().toISOString(), games: readHistory() }, null, 1);
}

// importRecord merges the games of an exported file into the record (an
// entry of the same puzzle already here is kept when it is finished, else
// replaced) and returns how many entries were read; a file that is not a
// record throws an Error worded for the page.
export function importRecord(text) {
  let v;
  try { v = JSON.parse(text); } catch (e) { throw new Error("that file is not a boardgraph record (it is not JSON)"); }
  if (!v || v.format !== "boardgraph-record" || !Array.isArray(v.games)) throw new Error("that file is not a boardgraph record");
  const games = v.games.filter(validEntry);
  const list = readHistory();
  const byId = new Map(list.map((e) => [e.id, e]));
  for (const g of games) {
    const have = byId.get(g.id);
    if (!have || (!have.finished && g.finished)) byId.set(g.id, g);
  }
  const merged = [...byId.values()].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  if (!writeHistory(merged)) throw new Error("the browser does not let the page keep it (storage is off or full)");
  showRecord();
  return games.length;
}

$("r-export").onclick = () => {
  const blob = new Blob([exportRecord()], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `boardgraph-record-${utcToday()}.json`;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  $("r-note").textContent = `Exported ${readHistory().length} games to ${a.download}.`;
};
$("r-import").onchange = async () => {
  const f = $("r-import").files[0];
  if (!f) return;
  try {
    const n = importRecord(await f.text());
    $("r-note").textContent = `Imported ${n} games from ${f.name}; the record now holds ${readHistory().length}.`;
  } catch (e) { $("r-note").textContent = "Could not import: " + e.message + "."; }
  $("r-import").value = "";
};
// The Import button is the file field's label, pressed by keys too.
$("r-importbtn").onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); $("r-import").click(); } };
$("r-clear").onclick = () => {
  if (!confirm("Clear the whole record of play in this browser? Export it first to keep a copy.")) return;
  try { localStorage.removeItem(KEY); } catch (e) { /* storage off */ }
  showRecord();
  $("r-note").textContent = "The record is cleared.";
};
$("r-date").max = utcToday();
$("r-date").value = utcToday();
$("r-playl").onclick = () => { const d = $("r-date").value; if (validDate(d)) rec.playDaily("leaper", d); else $("r-note").textContent = "Choose a date first."; };
$("r-playn").onclick = () => { const d = $("r-date").value; if (validDate(d)) rec.playDaily("nl", d); else $("r-note").textContent = "Choose a date first."; };
