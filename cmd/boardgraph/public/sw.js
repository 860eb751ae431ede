// boardgraph static site: keeps the site's files for offline play.
"use strict";
const CACHE = "boardgraph-c2a11a2a43e2c139";
const FILES = ["./","assets/app.js","assets/engine-client.js","assets/engine.wasm","assets/style.css","assets/wasm_exec.js","assets/worker.js","index.html"];
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith("boardgraph-") && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true })).then((r) => r || fetch(e.request)));
});
