// NF-e import benchmark, in one run:
// 1. the floor: parsing the same 1,000 NF-e XML files (about 20 items each) with the service's own
//    reader (src/domain/nfe/read-nfe.ts bundled for Node), files/s and heap;
// 2. importing them by upload: each file uploaded (multipart POST /job, Type NFeXML) to the bundled
//    Worker in Miniflare with its real local D1/R2/Queue, until every job is Done: files/s, the
//    Worker's peak memory (workerd's resident high-water mark), and the ratio to parsing alone;
// 3. the same files by distribution: held by the SEFAZ distribution double (the tests' loopback
//    NFeDistribuicaoDFe, forked here) for a second company with the same CNPJ, brought by its
//    SefazDistribution job (POST /company/integration/{id}/sefaz/sync: 20 answers of 50 procNFe
//    docZip for 1,000) until every document's NFeXML job is Done: documents/s and the ratio to the
//    upload of step 2 (target <= 1.5x), then the test suite's invariant checker on the database.
// With --runs N, steps 2 and 3 run N times (fresh companies each time), their order alternating so
// the database's growth and the machine's load hit both alike; the ratio is of the medians.
// The files come from test/fixtures/nfe/generate.ts (ten suppliers; their 200 codes are SKUs by EAN).
//   npm run bench:nfe [-- --files 1000 --items 20 --concurrency 8 --runs 1]
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import {
  checkAtMost,
  checkInvariants,
  checkRatio,
  checkWorkerD1Calls,
  median,
  verdict,
} from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, jobEnd, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    files: { type: "string", default: "1000" },
    items: { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
    runs: { type: "string", default: "1" },
  },
});
const FILES = Number(options.files);
const ITEMS = Number(options.items);
const CONCURRENCY = Number(options.concurrency);
const RUNS = Number(options.runs);
const CNPJ = "11222333000181";
/** The import stores, matches and creates a purchase per file: allowed up to this many times parsing alone. */
const MAX_RATIO = 400;
/** Issue 27: 1,000 documents by distribution to purchases within 1.5 times their upload. */
const MAX_DISTRIBUTION_RATIO = 1.5;
/** docZip per answer of the distribution service (Nota Técnica 2014.002: at most 50). */
const PAGE = 50;

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const mb = (bytes) => bytes / 1024 / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** The SEFAZ distribution double (test/support/sefaz-double-server.mjs) in a process of its own. */
async function startSefazDouble() {
  const child = fork(new URL("../test/support/sefaz-double-server.mjs", import.meta.url), {
    stdio: "inherit",
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`SEFAZ double exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    /** A fresh service `name` holding `docs` (its existing control endpoint), answers its BaseUrl. */
    async hold(name, docs) {
      const response = await fetch(`${base}/_control/${name}`, {
        method: "PUT",
        body: JSON.stringify({ docs, pageSize: PAGE }),
      });
      if (!response.ok) throw new Error(`SEFAZ double control: ${response.status}`);
      return `${base}/sefaz/${name}`;
    },
    async requests(name) {
      return (await fetch(`${base}/_control/${name}/requests`)).json();
    },
    stop: () => child.kill(),
  };
}

/** Company `n` with the CNPJ, a warehouse and the SKUs of the ten suppliers' codes (by EAN); signed in. */
async function prepareCompany(mf, db, n, eans) {
  const { email, password } = await seedCompany(db, n);
  await db.batch([
    db.prepare("UPDATE companies SET document = ?1 WHERE id = ?2").bind(CNPJ, n),
    db.prepare("INSERT INTO warehouses (company_id, name) VALUES (?1, 'CD')").bind(n),
    ...eans.map((ean, i) =>
      db
        .prepare("INSERT INTO products (company_id, code, name, ean) VALUES (?1, ?2, ?3, ?4)")
        .bind(n, `SKU-${i}`, `SKU ${i}`, ean),
    ),
  ]);
  const api = benchApi(mf);
  await api.signIn(email, password);
  return api;
}

/** Waits until the company has `FILES` NF-e import jobs ended; answers their counts. */
async function importsEnded(db, companyId) {
  for (;;) {
    const ended = await db
      .prepare(
        `SELECT count(*) AS n, sum(status = 'Failed') AS failed,
                sum(CASE WHEN status = 'Done' THEN json_extract(result, '$.purchased') END) AS purchased
         FROM jobs WHERE company_id = ?1 AND type = 'NFeXML' AND status IN ('Done', 'Failed')`,
      )
      .bind(companyId)
      .first();
    if (ended.n >= FILES) return ended;
    await sleep(100);
  }
}

/** What the company ended with: its NF-e, their items, purchases and payables. */
async function storedOf(db, companyId) {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM nfe_documents WHERE company_id = ?1) AS documents,
              (SELECT count(*) FROM nfe_items i JOIN nfe_documents d ON d.id = i.nfe_id WHERE d.company_id = ?1) AS items,
              (SELECT count(*) FROM purchases WHERE company_id = ?1) AS purchases,
              (SELECT coalesce(sum(unmatched_items), 0) FROM nfe_documents WHERE company_id = ?1) AS unmatched`,
    )
    .bind(companyId)
    .first();
}

/** Every file uploaded (multipart POST /job, Type NFeXML), `CONCURRENCY` at a time, until every job ends. */
async function byUpload(mf, db, api, companyId, files) {
  const started = performance.now();
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
  const uploaded = performance.now() - started;
  const ended = await importsEnded(db, companyId);
  const ms = performance.now() - started;
  return { ms, uploaded, ended, stored: await storedOf(db, companyId) };
}

/**
 * The same files held by the double as procNFe docZip (NSU 1..FILES) for a SEFAZ integration of the
 * company; the clock runs from `POST .../sefaz/sync` until the distribution job and every document's
 * NF-e import have ended.
 */
async function byDistribution(db, api, companyId, files, sefaz, name) {
  const baseUrl = await sefaz.hold(
    name,
    files.map((xml, i) => ({ nsu: i + 1, schema: "procNFe_v4.00.xsd", xml })),
  );
  const created = await api.call("POST", "/company/integration", {
    Description: `SEFAZ ${name}`,
    Kind: "SEFAZ",
  });
  const integration = (Array.isArray(created) ? created[0] : created).IDCompanyIntegration;
  await api.call("PUT", `/company/integration/${integration}/sefaz`, { CNPJ, UF: "SP", BaseUrl: baseUrl });
  const started = performance.now();
  const { IDJob } = await api.call("POST", `/company/integration/${integration}/sefaz/sync`);
  const sync = await jobEnd(api, IDJob);
  const synced = performance.now() - started;
  if (sync.Status !== "Done")
    throw new Error(`distribution job ${IDJob}: ${sync.Status} ${sync.FailureReason}`);
  const ended = await importsEnded(db, companyId);
  const ms = performance.now() - started;
  const settings = await api.call("GET", `/company/integration/${integration}/sefaz`);
  const calls = (await sefaz.requests(name)).length;
  return { ms, synced, sync, ended, settings, calls, stored: await storedOf(db, companyId) };
}

const complete = (run) =>
  run.ended.failed === 0 &&
  run.ended.purchased === FILES &&
  run.stored.documents === FILES &&
  run.stored.purchases === FILES &&
  run.stored.items === FILES * ITEMS;

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

  // the SKUs of the ten suppliers' codes, found by EAN
  const eans = new Set();
  for (let supplier = 0; supplier < 10; supplier++)
    for (const item of benchSample(supplier, CNPJ, ITEMS).items) eans.add(item.ean);

  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const sefaz = await startSefazDouble();
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
  });
  try {
    const { mf, db } = worker;
    const uploads = [];
    const distributions = [];
    for (let run = 1; run <= RUNS; run++) {
      const uploadCompany = 2 * run - 1;
      const distributionCompany = 2 * run;
      const uploadApi = await prepareCompany(mf, db, uploadCompany, [...eans]);
      const distributionApi = await prepareCompany(mf, db, distributionCompany, [...eans]);
      const doUpload = async () => {
        const measured = await byUpload(mf, db, uploadApi, uploadCompany, files);
        uploads.push(measured);
        console.log(
          `Run ${run}, upload: ${FILES} files in ${seconds(measured.ms)} (uploads done at ${seconds(measured.uploaded)}), ` +
            `${(FILES / (measured.ms / 1000)).toFixed(1)} files/s; ${measured.stored.documents} NF-e, ` +
            `${measured.stored.items} items, ${measured.stored.purchases} purchases, ${measured.stored.unmatched} unmatched items`,
        );
      };
      const doDistribution = async () => {
        const measured = await byDistribution(
          db,
          distributionApi,
          distributionCompany,
          files,
          sefaz,
          `bench${run}`,
        );
        distributions.push(measured);
        console.log(
          `Run ${run}, distribution: ${FILES} documents in ${seconds(measured.ms)} (distribution job Done at ` +
            `${seconds(measured.synced)}, ${measured.calls} calls to the double), ${(FILES / (measured.ms / 1000)).toFixed(1)} documents/s; ` +
            `${measured.stored.documents} NF-e, ${measured.stored.items} items, ${measured.stored.purchases} purchases; ` +
            `job Result ${JSON.stringify(measured.sync.Result)}; cursor ${measured.settings.UltNSU}/${measured.settings.MaxNSU}, state ${measured.settings.State}`,
        );
      };
      // the order alternates: the database's growth and the load weigh on both alike
      if (run % 2 === 1) {
        await doUpload();
        await doDistribution();
      } else {
        await doDistribution();
        await doUpload();
      }
    }
    const peak = workerdPeakBytes();
    console.log(`Worker (workerd) peak resident memory: ${peak ? `${mb(peak).toFixed(0)} MB` : "not found"}`);

    const uploadMs = median(uploads.map((u) => u.ms));
    const distributionMs = median(distributions.map((d) => d.ms));
    const answers = Math.ceil(FILES / PAGE);
    const size = `${FILES.toLocaleString("en-US")} NF-e of ${ITEMS} items, ${RUNS} run${RUNS > 1 ? "s" : ""}`;
    console.log(
      `\nUpload, median of ${RUNS}: ${seconds(uploadMs)}, ${(FILES / (uploadMs / 1000)).toFixed(1)} files/s; ` +
        `distribution, median of ${RUNS}: ${seconds(distributionMs)}, ${(FILES / (distributionMs / 1000)).toFixed(1)} documents/s\n`,
    );
    verdict(
      uploads.every(complete),
      `every uploaded file imported with its purchase (${uploads.map((u) => u.ended.failed).join("+")} failed)`,
      { size },
    );
    verdict(
      distributions.every(
        (d) =>
          complete(d) &&
          d.calls === answers + 0 &&
          d.sync.Result.documents === FILES &&
          d.sync.Result.imports === FILES &&
          d.settings.UltNSU === String(FILES).padStart(15, "0"),
      ),
      `every distributed document imported with its purchase, in ${answers} answers of ${PAGE}, the cursor at NSU ${FILES}`,
      { size },
    );
    checkAtMost("Upload import against parsing alone (time per file)", uploadMs / floor.ms, MAX_RATIO, "x", {
      size,
    });
    checkRatio(
      "distribution to purchases / upload of the same files (time)",
      distributionMs / 1000,
      uploadMs / 1000,
      MAX_DISTRIBUTION_RATIO,
      "s",
      { size },
    );
    await checkInvariants(mf, "after the uploads and the distributions", { size });
    await checkWorkerD1Calls(worker.mf, { size });
  } finally {
    await worker.dispose();
    sefaz.stop();
  }
  console.log(`\nTotal ${seconds(performance.now() - started)}`);
}

await main();
