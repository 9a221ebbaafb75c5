// NF-e import benchmark, in one run:
// 1. the floor: parsing the same 1,000 NF-e XML files (about 20 items each) with the service's own
//    reader (src/domain/nfe/read-nfe.ts bundled for Node), files/s and heap;
// 2. importing them: each file uploaded (multipart POST /job, Type NFeXML) to the bundled Worker in
//    Miniflare with its real local D1/R2/Queue, until every job is Done: files/s, the Worker's peak
//    memory (workerd's resident high-water mark), and the ratio of the import to parsing alone.
// The files come from test/fixtures/nfe/generate.ts (ten suppliers; their 200 codes are SKUs by EAN).
//   npm run bench:nfe [-- --files 1000 --items 20 --concurrency 8]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { checkAtMost, checkWorkerD1Calls, verdict } from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    files: { type: "string", default: "1000" },
    items: { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
  },
});
const FILES = Number(options.files);
const ITEMS = Number(options.items);
const CONCURRENCY = Number(options.concurrency);
const CNPJ = "11222333000181";
/** The import stores, matches and creates a purchase per file: allowed up to this many times parsing alone. */
const MAX_RATIO = 400;

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const mb = (bytes) => bytes / 1024 / 1024;

const root = new URL("..", import.meta.url).pathname;

/**
 * A source module bundled for Node with its dependencies (platform node: fast-xml-parser's own
 * dependencies publish only a `main` field, which the harness's neutral bundle does not read).
 */
async function loadSource(path) {
  const dir = mkdtempSync(join(tmpdir(), "bench-nfe-"));
  const outfile = join(dir, "bundle.mjs");
  await build({
    entryPoints: [join(root, path)],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "error",
  });
  const module = await import(outfile);
  rmSync(dir, { recursive: true, force: true });
  return module;
}

/** Resident high-water mark (VmHWM) of the workerd processes under this one, in bytes. */
function workerdPeakBytes() {
  let peak = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (!/^Name:\s+workerd/m.test(status)) continue;
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      if (parent !== process.pid && !isDescendant(parent)) continue;
      peak = Math.max(peak, Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // the process ended while read
    }
  }
  return peak;
}

function isDescendant(pid) {
  for (let current = pid, hops = 0; current > 1 && hops < 10; hops++) {
    if (current === process.pid) return true;
    try {
      current = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${current}/status`, "utf8"))?.[1]);
    } catch {
      return false;
    }
  }
  return false;
}

function parseFloor(readNfe, files) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  for (const [index, xml] of files.entries()) {
    const reading = readNfe(xml);
    if (!reading.ok || reading.document.items.length !== ITEMS)
      throw new Error(`file ${index}: ${reading.message}`);
    if (index % 50 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  return { ms: performance.now() - started, heapMb: mb(heapPeak - heapBefore) };
}

async function main() {
  const started = performance.now();
  const { nfeXml, benchSample } = await loadSource("test/fixtures/nfe/generate.ts");
  const { readNfe } = await loadSource("src/domain/nfe/read-nfe.ts");
  const files = Array.from({ length: FILES }, (_, i) => nfeXml(benchSample(i, CNPJ, ITEMS)));
  const totalMb = mb(files.reduce((sum, xml) => sum + Buffer.byteLength(xml), 0));
  console.log(`${FILES} NF-e files of ${ITEMS} items generated (${totalMb.toFixed(1)} MB)`);

  parseFloor(readNfe, files.slice(0, 50)); // warm-up
  const floor = parseFloor(readNfe, files);
  const floorRate = FILES / (floor.ms / 1000);
  console.log(
    `Parsing alone: ${seconds(floor.ms)}, ${floorRate.toFixed(0)} files/s, heap growth ${floor.heapMb.toFixed(1)} MB`,
  );

  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
  });
  try {
    const { mf, db } = worker;
    const { email, password } = await seedCompany(db, 1);
    await db.batch([
      db.prepare("UPDATE companies SET document = ?1 WHERE id = 1").bind(CNPJ),
      db.prepare("INSERT INTO warehouses (company_id, name) VALUES (1, 'CD')"),
    ]);
    // the SKUs of the ten suppliers' codes, found by EAN
    const eans = new Set();
    for (let supplier = 0; supplier < 10; supplier++)
      for (const item of benchSample(supplier, CNPJ, ITEMS).items) eans.add(item.ean);
    await db.batch(
      [...eans].map((ean, i) =>
        db
          .prepare("INSERT INTO products (company_id, code, name, ean) VALUES (1, ?1, ?2, ?3)")
          .bind(`SKU-${i}`, `SKU ${i}`, ean),
      ),
    );
    const api = benchApi(mf);
    await api.signIn(email, password);

    const importStarted = performance.now();
    let next = 0;
    const upload = async () => {
      while (next < files.length) {
        const index = next++;
        const form = new FormData();
        form.append("Type", "NFeXML");
        form.append("file", new File([files[index]], `nfe-${index}.xml`, { type: "application/xml" }));
        // the multipart body encoded here (Node's FormData is not Miniflare's)
        const encoded = new Request("http://bench.localhost/", { method: "POST", body: form });
        const response = await mf.dispatchFetch("http://bench.localhost/1.0/job", {
          method: "POST",
          headers: { Authorization: `JWT ${api.token}`, "Content-Type": encoded.headers.get("content-type") },
          body: Buffer.from(await encoded.arrayBuffer()),
        });
        if (response.status !== 200)
          throw new Error(`upload ${index}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, upload));
    const uploaded = performance.now() - importStarted;
    let finished;
    for (;;) {
      finished = await db
        .prepare(
          "SELECT count(*) AS n, sum(status = 'Failed') AS failed, sum(CASE WHEN status = 'Done' THEN json_extract(result, '$.purchased') END) AS purchased FROM jobs WHERE type = 'NFeXML' AND status IN ('Done', 'Failed')",
        )
        .first();
      if (finished.n >= FILES) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const importMs = performance.now() - importStarted;
    const importRate = FILES / (importMs / 1000);
    const stored = await db
      .prepare("SELECT count(*) AS documents, sum(unmatched_items) AS unmatched FROM nfe_documents")
      .first();
    const items = await db.prepare("SELECT count(*) AS n FROM nfe_items").first();
    const peak = workerdPeakBytes();
    console.log(
      `Import: ${FILES} files in ${seconds(importMs)} (uploads done at ${seconds(uploaded)}), ${importRate.toFixed(1)} files/s; ` +
        `${stored.documents} NF-e, ${items.n} items, ${finished.purchased} purchases, ${stored.unmatched ?? 0} unmatched items`,
    );
    console.log(`Worker (workerd) peak resident memory: ${peak ? `${mb(peak).toFixed(0)} MB` : "not found"}`);
    verdict(
      finished.failed === 0 && stored.documents === FILES && finished.purchased === FILES,
      `every file imported with its purchase (${finished.failed} failed)`,
    );
    checkAtMost("Import against parsing alone (time per file)", importMs / floor.ms, MAX_RATIO, "x");
    await checkWorkerD1Calls(worker.mf);
  } finally {
    await worker.dispose();
  }
  console.log(`\nTotal ${seconds(performance.now() - started)}`);
}

await main();
