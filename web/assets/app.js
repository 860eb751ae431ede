// boardgraph page: plain JavaScript as ES modules, no build step.
// common.js holds the shared helpers and the one transport to the engine,
// cells.js the cell names, links.js the position links, leaper.js and
// bridges.js the two games; this module starts the page: tabs, keys,
// resizing, and the position in the link.
import { $, opening, showTab, status } from "./common.js";
import { readLink } from "./links.js";
import { L, leaperGenerate } from "./leaper.js";
import { NL } from "./bridges.js";
import { rec, showRecord, readHistory, validDate, importRecord, exportRecord } from "./record.js";

// Handles for the browser tests and the console.
Object.assign(window, { L, NL, showTab, $, opening, readHistory, importRecord, exportRecord, showRecord });

// playDaily opens family's daily puzzle of date (the Record view's
// archive, and #daily= links).
rec.playDaily = async (family, date) => {
  showTab(family);
  return family === "nl" ? NL.generate(date) : leaperGenerate(date);
};

for (const t of document.querySelectorAll(".tab")) t.onclick = () => {
  showTab(t.dataset.tab);
  if (t.dataset.tab === "rec") showRecord();
  else (t.dataset.tab === "nl" ? NL : L).share();
};

// Keys play the active family's board wherever the focus is, except in a
// text field or list, and except Enter and space on a button (which press
// it).
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if (t && (t.tagName === "BUTTON" || t.tagName === "A" || t.tagName === "SUMMARY") && (e.key === "Enter" || e.key === " ")) return;
  if (e.key === "Tab") return;
  if ($("rec").classList.contains("active")) return;
  if ($("nl").classList.contains("active")) NL.key(e); else L.key(e);
});

// Redraw the boards when the window changes width (phone rotation).
let lastWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (Math.abs(window.innerWidth - lastWidth) < 40) return;
  lastWidth = window.innerWidth;
  if (L.b) L.draw();
  if (NL.g) NL.draw();
});

// ---- start: restore a shared position from the fragment, else defaults.
// Whatever the link holds, the page ends playable with data-ready set: a
// link that cannot be read, or whose puzzle does not load, gets a line in
// the status line and the default puzzle.
const defaultLeaper = opening.leaper, defaultMoves = opening.moves;
const defaultNL = opening.numberlink;
const damaged = (why) => `The shared link is damaged (${why}), so the default puzzle is shown instead. Ask for the link again, or copy it whole.`;

async function restoreLeaper(link) {
  if (link.puzzle !== undefined) return L.load({ board: link.puzzle, moves: "" }, { code: link.code });
  const st = link.legacy;
  const m = st.m || "";
  const preset = m === "hopido" ? "diplomatico" : m;
  if (!["diplomatico", "knight", "king"].includes(preset)) { $("l-moves").value = "custom"; $("l-custom").hidden = false; $("l-custom").value = m; }
  else $("l-moves").value = preset;
  if (/^\d+x\d+$/.test(st.b || "")) $("l-size").value = st.b; else $("l-map").value = st.b || "";
  return L.load({ board: st.b || "", moves: m }, st, { mode: st.p && st.p.length ? "tour" : (st.g ? "numbers" : undefined), level: st.l });
}

async function restoreNL(link) {
  if (link.puzzle !== undefined) {
    $("n-input").value = link.puzzle;
    return NL.load(link.puzzle, { code: link.code });
  }
  $("n-input").value = link.legacy.p || "";
  return NL.load(link.legacy.p || "", link.legacy);
}

// dailyLinkOf reads a daily link's fragment, "#daily=hopido/2026-12-07"
// or "#daily=bridges/2026-12-07": { family, date }, or null.
function dailyLinkOf(hash) {
  const m = /^#daily=(hopido|bridges)\/(\d{4}-\d{2}-\d{2})$/.exec(hash);
  return m && validDate(m[2]) ? { family: m[1] === "hopido" ? "leaper" : "nl", date: m[2] } : null;
}

async function start() {
  let link = null, bad = "";
  const daily = dailyLinkOf(location.hash);
  if (daily) {
    // The other family gets its default puzzle first, then the daily.
    if (daily.family === "nl") await L.load({ board: defaultLeaper, moves: defaultMoves }, null, { mode: "numbers" });
    else { $("n-input").value = defaultNL; await NL.load(defaultNL); }
    const ok = await rec.playDaily(daily.family, daily.date);
    if (!ok && daily.family === "nl") { $("n-input").value = defaultNL; await NL.load(defaultNL); }
    if (!ok && daily.family === "leaper") await L.load({ board: defaultLeaper, moves: defaultMoves }, null, { mode: "numbers" });
    document.body.dataset.ready = "1";
    return;
  }
  try { link = readLink(location.hash); } catch (e) { bad = damaged(e.message); }
  let leaperOK = false, nlOK = false;
  try {
    if (link && link.family === "nl") {
      showTab("nl");
      nlOK = await restoreNL(link);
      if (!nlOK) bad = "The shared link's puzzle does not load (" + $("n-hinttext").textContent + "), so the default puzzle is shown instead.";
    } else if (link) {
      leaperOK = await restoreLeaper(link);
      if (!leaperOK) bad = "The shared link's board does not load (" + $("l-hinttext").textContent + "), so the default puzzle is shown instead.";
    }
  } catch (e) {
    bad = damaged(String(e && e.message || e));
  }
  try {
    if (!leaperOK) await L.load({ board: defaultLeaper, moves: defaultMoves }, null, { mode: "numbers" });
    if (!nlOK) {
      $("n-input").value = defaultNL;
      await NL.load(defaultNL);
    }
  } catch (e) {
    bad = bad || "Something went wrong in the page: " + (e && e.message || e) + ". Reload to start again.";
  }
  if (bad && link && link.family === "nl") { NL.note = bad; status("n-status", bad, "bad"); } else if (bad) { L.note = bad; L.b && L.showStatus(); if (!L.b) status("l-status", bad, "bad"); }
  if (link && link.family === "nl" && nlOK) NL.share(); else if (L.b) L.share();
  document.body.dataset.ready = "1";
}
// An error the page did not expect is said in the status line.
const unexpected = (msg) => {
  const s = document.querySelector(".panel.active .status");
  if (s) { s.textContent = "Something went wrong in the page: " + msg + ". Reload to start again."; s.className = "status bad"; }
};
window.addEventListener("error", (e) => unexpected(e.message));
window.addEventListener("unhandledrejection", (e) => unexpected(String(e.reason && e.reason.message || e.reason)));
// The record keeps the clock of a game left unfinished.
window.addEventListener("pagehide", () => { L.record(true); NL.record(true); });
start();
