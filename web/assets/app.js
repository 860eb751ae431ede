// boardgraph page: plain JavaScript as ES modules, no build step.
// common.js holds the shared helpers and the one transport to the engine,
// cells.js the cell names, leaper.js and bridges.js the two games; this
// module starts the page: tabs, keys, resizing, and the position in the
// link.
import { $, opening, decodeState, showTab, status } from "./common.js";
import { L } from "./leaper.js";
import { NL } from "./bridges.js";

// Handles for the browser tests and the console.
Object.assign(window, { L, NL, showTab, $ });

for (const t of document.querySelectorAll(".tab")) t.onclick = () => { showTab(t.dataset.tab); (t.dataset.tab === "nl" ? NL : L).share(); };

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
