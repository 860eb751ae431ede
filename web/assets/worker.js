// boardgraph engine worker: runs the engine compiled to WebAssembly
// (web/wasm) off the page's main thread, for the static site. The page
// (engine-client.js) posts {module} once (a compiled WebAssembly.Module),
// then {id, path, body} per call; the answer is {id, contentType, data}
// or {id, error}. A bad puzzle is an answer, not a crash; if the Go
// program ever exits, {exited} tells the page to start a new worker.
"use strict";
importScripts("wasm_exec.js");

self.boardgraphReady = (endpoints) => self.postMessage({ ready: true, endpoints: JSON.parse(endpoints) });
self.boardgraphAnswer = (id, ok, contentType, data) => {
  if (ok) self.postMessage({ id, contentType, data }, [data.buffer]);
  else self.postMessage({ id, error: String(data) });
};

self.onmessage = async (e) => {
  const m = e.data;
  if (m.module) {
    try {
      const go = new Go();
      const inst = await WebAssembly.instantiate(m.module, go.importObject);
      go.run(inst).then(() => self.postMessage({ exited: true }));
    } catch (err) {
      self.postMessage({ exited: true, error: String(err && err.message || err) });
    }
    return;
  }
  try {
    self.boardgraphCall(m.id, m.path, m.body);
  } catch (err) {
    self.postMessage({ id: m.id, error: "the engine failed: " + (err && err.message || err) });
  }
};
