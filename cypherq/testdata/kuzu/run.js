// Runs a job against Kuzu, an embedded openCypher engine, for graphio's
// tests: node run.js JOB.json. The job names Kuzu's schema statements, a
// Cypher script or CSV files to load, and queries; the answer, on stdout, is
// a JSON object mapping each query's name to its rows, with every node
// written as its id and every path (or list of nodes) as the list of ids.
"use strict";
const fs = require("fs");
const path = require("path");
const kuzu = require(path.join(__dirname, "node_modules", "kuzu"));

function plain(v) {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(plain);
  if (v._nodes) return v._nodes.map((n) => n.id);
  if (v._label !== undefined && v._id !== undefined) return v.id;
  const o = {};
  for (const k of Object.keys(v)) o[k] = plain(v[k]);
  return o;
}

// statements splits a Cypher script into statements: "//" comment lines are
// dropped, statements end with ";" at the end of a line.
function statements(text) {
  const lines = text.split("\n").filter((l) => !l.trimStart().startsWith("//"));
  return lines.join("\n").split(/;\s*\n/).map((s) => s.trim()).filter((s) => s.length > 0);
}

(async () => {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const db = new kuzu.Database(":memory:");
  const conn = new kuzu.Connection(db);
  const run = async (q) => (await conn.query(q)).getAll();
  for (const s of job.ddl || []) await run(s);
  if (job.script) {
    for (const s of statements(fs.readFileSync(job.script, "utf8"))) {
      if (/^CREATE CONSTRAINT/i.test(s)) continue; // Neo4j DDL; the primary key does this in Kuzu
      await run(s);
    }
  }
  for (const s of job.copy || []) await run(s);
  const out = {};
  for (const q of job.queries || []) {
    const t0 = process.hrtime.bigint();
    const rows = await run(q.text);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    out[q.name] = { rows: rows.map((r) => Object.values(r).map(plain)), ms };
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => {
  process.stderr.write("kuzu: " + e.message + "\n");
  process.exit(1);
});
