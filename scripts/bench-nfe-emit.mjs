// NF-e and NFC-e emission benchmark (issue 41 and issue 42, "Numbers"), on the bench Worker (Miniflare,
// local D1/R2/queues) against the SEFAZ authorizer double (test/support/sefaz-authorizer-double-server.mjs,
// forked here on loopback, its xmllint schema check off, `schema: false`, so the figure is the
// service's, not xmllint's; the double still verifies every signature with xml-crypto and checks each
// NFC-e's QR code). Each work is timed from its first `POST /nfe/batch` (at most 500 ids a call)
// until the NFeEmission jobs on the real queue consumer have put every note in the state it waits for:
//
// 1. NF-e: N orders (1,000) issued, until every note is Authorized (each order invoiced, stock out);
// 2. NFC-e: N counter sales (a store-front order type, `EnabledPOS` 1, no consumer, paid in cash)
//    issued with the double answering, until every note is Authorized;
// 3. NFC-e offline: N more counter sales issued while the double answers 108 to the issuer (the
//    invoicing company's `NFCeOfflineContingency` on), until every note is Offline (signed again with
//    tpEmis 9, the order invoiced); then the double back, until every note is transmitted and
//    Authorized (the offline notes' retryAt moved to now, as the tests do, so the wait of
//    OFFLINE_RETRY_SECONDS is not measured; the jobs look at their notes every second,
//    NFE_RETRY_POLL_SECONDS 1).
//
// Each against its ROWS' BOUND, measured in the same run on N orders of its own prepared alike
// (scripts/bench/nfe-rows-bound.ts, the bench Worker's POST /__bench/bound/nfe-rows, in workerd): per
// note, the draft built and signed, one loopback NFeAutorizacao4 call to the same double, and what the
// note must write: the signed XML put to R2 before the send, the nfeProc put to R2, and the note's row
// with the order's invoicing batch (the statements the job writes, built as it builds them) run alone;
// offline: the call answered 108, the note signed again offline, its XML put, the note Offline with
// the order invoiced in one batch; the transmission: the offline XML read, one call, the nfeProc put,
// the note Authorized in one batch. Target: each within 2x its rows' bound (docs/PERFORMANCE.md,
// "bench:nfe-emit"); the ratio to the issue's bound (building and signing plus one call each, the
// same run's workerd figures: sign + call) printed as information, and for the NF-e the issue's bound
// in Node (`signNFe` alone plus Node's loopback call, the first figure this script printed) beside it.
// No invocation of the jobs queue above D1's 1,000 calls (the bench Worker's /__bench/d1-calls).
// Beside it, the DANFE figure (scripts/lib/bench-danfe.mjs, `benchDanfe()`).
// Runs the bundled Worker in-process with Miniflare (local D1, R2 and queues); nothing leaves the machine.
//   npm run bench:nfe-emit [-- --orders 1000] [-- --nfe-only | --nfce-only] [-- --no-danfe] [-- --no-node-bound]
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { benchDanfe } from "./lib/bench-danfe.mjs";
import { checkAtMost, checkBound, recordRow, verdict } from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleForNode,
  bundleWorker,
  RESALE_TAX_PROFILE,
  seedCompany,
  startBenchWorker,
} from "./lib/bench-worker.mjs";
import { cpuMs } from "./lib/cpu-time.mjs";

const { values: options } = parseArgs({
  options: {
    orders: { type: "string", default: "1000" },
    "nfe-only": { type: "boolean", default: false },
    "nfce-only": { type: "boolean", default: false },
    "no-danfe": { type: "boolean", default: false },
    "no-node-bound": { type: "boolean", default: false },
  },
});
const ORDERS = Number(options.orders);
const RUN_NFE = !options["nfce-only"];
const RUN_NFCE = !options["nfe-only"];
/** `POST /nfe/batch` takes at most 500 orders. */
const BATCH = 500;
/** Issues 41 and 42: each work within 2x its bound. */
const TARGET = 2;
const D1_CALLS_LIMIT = 1000;
/** The service's issuer: a branch of the test certificate's root; the Node bound's: the drafts' own CNPJ. */
const ISSUER_CNPJ = "11222333000262";
const BOUND_CNPJ = "11222333000181";
const WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4";
/**
 * Notes of a rows' bound in flight at once: 2 for 1,000 notes, as many as the jobs of the measured work
 * (its POSTs of at most BATCH ids make one job each, which Queues runs side by side in production). Here
 * Miniflare's queue runs one batch of a queue at a time (its broker dispatches the next batch only when
 * the previous one ended), so the work's jobs never overlap locally; each delivery sends two notes at
 * once (`NOTES_IN_FLIGHT`), as many as the bound. Never fewer than those two, whatever `--orders`.
 */
const LANES = Math.max(2, Math.ceil(ORDERS / BATCH));
/** Series of the rows' bounds' notes (the measured notes use the issuer's 1): never the same numbers. */
const BOUND_SERIES = { nfe: 901, nfce: 902, offline: 903 };

const count = (n) => n.toLocaleString("en-US");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/** The authorizer double on loopback (forked as the test suite's globalSetup does). */
async function startAuthorizerDouble() {
  const child = fork(new URL("../test/support/sefaz-authorizer-double-server.mjs", import.meta.url), {
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
    /** A fresh issuer at the double (no schema check); `extra`: an outage, keeping what it remembers. */
    async issuer(cnpj, extra = {}) {
      const answer = await fetch(`${base}/_control/${cnpj}`, {
        method: "PUT",
        body: JSON.stringify({ schema: false, ...extra }),
      });
      if (!answer.ok) throw new Error(`SEFAZ double ${cnpj}: ${answer.status} ${await answer.text()}`);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** The issuer (fiscal profile, certificate, NFeBaseUrl at the double), order type, consumer, SKU, payment. */
async function fixtures(api, baseUrl, fixturesModule) {
  const [issuer] = await api.call("POST", "/company/invoice", {
    Name: "Emitente Bench Ltda",
    Document: ISSUER_CNPJ,
    StateRegistration: "110042490114",
    TaxRegime: 3,
    Street: "Avenida Paulista",
    Number: "1578",
    District: "Bela Vista",
    CityCode: "3550308",
    City: "São Paulo",
    UF: "SP",
    ZipCode: "01310200",
    Phone: "1133334444",
    NFeSeries: 1,
    NFeNextNumber: 1,
    NFCeSeries: 1,
    NFCeNextNumber: 1,
    NFCeOfflineContingency: 1,
    NFeBaseUrl: `${baseUrl}/bench`,
  });
  const issuerId = issuer.IDCompanyInvoice;
  await api.call("POST", `/company/invoice/${issuerId}/certificate`, {
    Certificate: fixturesModule.PFX.valid3des,
    Password: fixturesModule.PFX_PASSWORD,
  });
  const [type] = await api.call("POST", "/type/order/type", {
    Description: "Venda bench",
    Companies: [issuerId],
    CFOPInState: "5102",
    CFOPOutOfState: "6102",
    NatOp: "Venda de mercadoria",
  });
  const [counter] = await api.call("POST", "/type/order/type", {
    Description: "Venda balcão bench",
    Companies: [issuerId],
    CFOPInState: "5102",
    CFOPOutOfState: "6102",
    NatOp: "Venda de mercadoria",
    EnabledPOS: 1,
  });
  const [consumer] = await api.call("POST", "/consumer", {
    Name: "Maria da Conceição",
    Document: "52998224725",
    Street: "Rua Augusta",
    Number: "100",
    District: "Consolação",
    CityCode: "3550308",
    City: "São Paulo",
    UF: "SP",
    ZipCode: "01305000",
  });
  const [profile] = await api.call("POST", "/tax/profile", RESALE_TAX_PROFILE);
  const [warehouse] = await api.call("POST", "/warehouse", { Name: "CD Fiscal" });
  const [sku] = await api.call("POST", "/sku", {
    Code: "NFE-CAMISETA",
    Name: "Camiseta algodão",
    TaxProfile: profile.Code,
    Cost: 12.5,
    Price: 50,
  });
  await api.call("PUT", `/sku/${sku.IDSku}`, { NCM: "61091000", Origin: 0 });
  await api.call("POST", "/sku/movement/adjustment", {
    Reason: "Estoque do bench",
    IDSku: sku.IDSku,
    IDWarehouse: warehouse.IDWarehouse,
    IDTypeMovement: 0,
    Quantity: ORDERS * 2 * 6,
    UnitCost: 12.5,
  });
  const [payment] = await api.call("POST", "/type/order/payment", { Description: "Cartão" });
  await api.call("PUT", `/type/order/payment/${payment.IDTypePayment}/rate`, [
    { Installments: 1, FirstDueDays: 30, IntervalDays: 30, NfTPag: "03" },
  ]);
  const [cash] = await api.call("POST", "/type/order/payment", { Description: "Dinheiro" });
  await api.call("PUT", `/type/order/payment/${cash.IDTypePayment}/rate`, [
    { Installments: 1, FirstDueDays: 0, IntervalDays: 30, NfTPag: "01" },
  ]);
  return {
    issuerId,
    counterTypeId: counter.IDTypeOrder,
    cashId: cash.IDTypePayment,
    typeId: type.IDTypeOrder,
    consumerId: consumer.IDConsumer,
    skuId: sku.IDSku,
    warehouseId: warehouse.IDWarehouse,
    paymentId: payment.IDTypePayment,
  };
}

/**
 * `n` orders of 2 units at 50.00 each, status 3 (paid: one payment of 100.00), each a POST /orders body
 * created through the orders domain's `createOrders` by the bench Worker (`/__bench/orders`, sets of
 * 250: thousands of orders in seconds); a counter sale has no consumer and is paid in cash. Their ids.
 */
async function createOrders(mf, setup, n, { counter = false } = {}) {
  const body = {
    IDWarehouse: setup.warehouseId,
    ...(counter ? {} : { IDConsumer: setup.consumerId }),
    IDTypeOrder: counter ? setup.counterTypeId : setup.typeId,
    IDStatusOrder: 3,
    Items: [{ IDSku: setup.skuId, Quantity: 2, ReverseTaxCalculation: 1 }],
    Payments: [{ IDTypePayment: counter ? setup.cashId : setup.paymentId, Installments: 1, Value: 100 }],
  };
  const answer = await mf.dispatchFetch("http://bench.localhost/__bench/orders", {
    method: "POST",
    body: JSON.stringify({ companyId: 1, body, count: n }),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`orders: ${answer.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).ids;
}

/** The emission jobs' invocations since the last reset (then reset). */
async function d1Calls(mf) {
  const answer = await (await mf.dispatchFetch("http://bench.localhost/__bench/d1-calls?reset=1")).json();
  return answer;
}

async function jobEnded(api, id) {
  for (;;) {
    const job = await api.call("GET", `/job/${id}`);
    if (job.Status === "Done" || job.Status === "Failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// src/adapters/sefaz/soap.ts's envelope and header, as the product sends them (that module also reads
// answers with fast-xml-parser, which does not bundle for Node's neutral platform)
const soap12Request = (namespace, message) =>
  `<?xml version="1.0" encoding="utf-8"?><Envelope xmlns="http://www.w3.org/2003/05/soap-envelope"><Body><nfeDadosMsg xmlns="${namespace}">${message}</nfeDadosMsg></Body></Envelope>`;
const soap12ContentType = (action) => `application/soap+xml; charset=utf-8; action="${action}"`;

/** The issue's bound in Node: each note built and signed by `signNFe` alone, then one loopback call to the double. */
async function bound_(base, n) {
  const m = await bundleForNode({
    "src/domain/emission/sign.ts": ["signNFe", "enviNFeXml"],
    "src/lib/xmldsig.ts": ["importSigningKey"],
    "test/support/fiscal-draft-factories.ts": ["fiscalDraft", "fiscalItem", "pixPayment", "draftTotal"],
    "test/fixtures/certificates/pfx.ts": ["VALID_CERTIFICATE_PEM", "VALID_KEY_PEM"],
  });
  const signer = { key: await m.importSigningKey(m.VALID_KEY_PEM), certificatePem: m.VALID_CERTIFICATE_PEM };
  // the order's note: one item of 2 units at 50.00 (its taxes inside the price), paid by card
  const drafts = Array.from({ length: n }, (_, i) => {
    const items = [m.fiscalItem({ quantityMilli: 2000, unitPrice: 5000 })];
    return m.fiscalDraft({
      number: i + 1,
      cnf: String(10_000_000 + i),
      items,
    });
  });
  let signMs = 0;
  let callMs = 0;
  const statuses = {};
  for (const [i, draft] of drafts.entries()) {
    const t0 = performance.now();
    const signed = await m.signNFe(draft, signer);
    const t1 = performance.now();
    const answer = await fetch(`${base}/bound`, {
      method: "POST",
      headers: { "Content-Type": soap12ContentType(`${WSDL}/nfeAutorizacaoLote`) },
      body: soap12Request(WSDL, m.enviNFeXml(String(i + 1), signed.xml)),
    });
    const text = await answer.text();
    callMs += performance.now() - t1;
    signMs += t1 - t0;
    const cStat = /<protNFe[\s\S]*?<cStat>(\d+)<\/cStat>/.exec(text)?.[1] ?? `HTTP ${answer.status}`;
    statuses[cStat] = (statuses[cStat] ?? 0) + 1;
  }
  return { signMs, callMs, statuses };
}

/** POST /nfe/batch of `ids`, BATCH at a time: the jobs' ids. */
async function issueAll(api, ids) {
  const jobs = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const answer = await api.call(
      "POST",
      "/nfe/batch",
      { IDOrders: ids.slice(i, i + BATCH) },
      { expect: 202 },
    );
    jobs.push(answer.IDJob);
  }
  return jobs;
}

/** The notes of `jobs` by status. */
async function statusesOf(db, jobs) {
  const rows = await db
    .prepare(
      "SELECT status, count(*) AS n FROM issued_nfes WHERE job_id IN (SELECT value FROM json_each(?1)) GROUP BY status",
    )
    .bind(JSON.stringify(jobs))
    .all();
  return Object.fromEntries(rows.results.map((r) => [r.status, r.n]));
}

/** Polls until `n` notes of `jobs` are `status` (every 100 ms). */
async function untilNotes(db, jobs, status, n) {
  for (;;) {
    const byStatus = await statusesOf(db, jobs);
    if ((byStatus[status] ?? 0) >= n) return byStatus;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits (untimed) until the events consumer has dispatched every event written so far: the events
 * of one work (the bound's, or a batch's last ones) are not dispatched during the next one's timing.
 */
async function outboxDrained(db) {
  for (let i = 0; i < 600; i++) {
    const row = await db.prepare("SELECT count(*) AS n FROM events WHERE dispatched_at IS NULL").first();
    if (row.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log("   (events still undispatched after 60 s)");
}

/** The bench Worker's database (set by main). */
let benchDb;

/** The rows' bound of `mode` on the bench Worker (scripts/bench/nfe-rows-bound.ts), its events dispatched. */
async function rowsBound(mf, body) {
  const answer = await mf.dispatchFetch("http://bench.localhost/__bench/bound/nfe-rows", {
    method: "POST",
    body: JSON.stringify({ companyId: 1, ...body }),
  });
  const text = await answer.text();
  if (answer.status !== 200)
    throw new Error(`rows' bound ${body.mode}: ${answer.status} ${text.slice(0, 500)}`);
  await outboxDrained(benchDb);
  return JSON.parse(text);
}

/**
 * The rows' bound of `body.mode` on `ids` (orders, or the transmission's notes) in two halves: the
 * first now, the second when the answered function is called, after the measured work, so the bound
 * brackets it (the machine's load during the work is on both sides). Answers the halves added up.
 */
async function bracketed(mf, body, ids) {
  const field = body.mode === "transmit" ? "noteIds" : "orderIds";
  const half = Math.ceil(ids.length / 2);
  body = { ...body, lanes: LANES };
  const first = await rowsBound(mf, { ...body, [field]: ids.slice(0, half) });
  return async () => {
    const second = await rowsBound(mf, { ...body, [field]: ids.slice(half), firstNumber: half + 1 });
    const statuses = { ...first.statuses };
    for (const [cStat, n] of Object.entries(second.statuses)) statuses[cStat] = (statuses[cStat] ?? 0) + n;
    const sum = (part) => first[part] + second[part];
    return {
      notes: first.notes + second.notes,
      wallMs: sum("wallMs"),
      signMs: sum("signMs"),
      callMs: sum("callMs"),
      r2Ms: sum("r2Ms"),
      batchMs: sum("batchMs"),
      statuses,
      noteIds: [...first.noteIds, ...second.noteIds],
    };
  };
}

const perNote = (ms, n) => `${(ms / n).toFixed(2)} ms`;

/**
 * Prints the rows' bound of a work (its wall time; its parts per note, added over its lanes) and
 * answers it per note, with the issue's bound per note: signing and the call, one note after the
 * other, as the issue defines it.
 */
function printBound(label, b, n) {
  console.log(
    `   ${label}: ${(b.wallMs / 1000).toFixed(1)} s for ${count(b.notes)} notes, ${LANES} in flight (${perNote(b.wallMs, n)} per note); one note's parts, added over the lanes: ${perNote(b.signMs, n)} building and signing (workerd), ${perNote(b.callMs, n)} the call, ${perNote(b.r2Ms, n)} R2, ${perNote(b.batchMs, n)} the batch; the double answered ${JSON.stringify(b.statuses)}`,
  );
  return { rows: b.wallMs / n, issue: (b.signMs + b.callMs) / n };
}

/**
 * A work timed from its first POST /nfe/batch until `until` holds: every job Done (`done`), or every
 * note in `status`. Prints the figure, the jobs queue's D1 calls; checks every note reached `status`
 * and no invocation above D1's limit. Answers the time per note and the jobs.
 */
async function measure(name, { api, mf, db }, ids, { status, done }) {
  await outboxDrained(db);
  await d1Calls(mf);
  const cpuBefore = cpuMs();
  const started = performance.now();
  const jobs = await issueAll(api, ids);
  let byStatus;
  const ended = [];
  if (done) {
    for (const id of jobs) ended.push(await jobEnded(api, id));
    byStatus = await statusesOf(db, jobs);
  } else byStatus = await untilNotes(db, jobs, status, ids.length);
  const ms = performance.now() - started;
  return report(name, { mf, ms, cpu: cpuMs() - cpuBefore, n: ids.length, jobs, ended, byStatus, status });
}

async function report(name, { mf, ms, cpu, n, ended, byStatus, status }) {
  const calls = await d1Calls(mf);
  const jobsQueue = calls.queues?.["finance-jobs"] ?? { invocations: 0, highest: 0, total: 0 };
  console.log(
    `   ${(ms / 1000).toFixed(1)} s: ${(n / (ms / 1000)).toFixed(1)} notes/s, ${(ms / n).toFixed(2)} ms per note${ended.length ? `; jobs ${ended.map((j) => `${j.Status} ${JSON.stringify(j.Result)}`).join(", ")}` : ""}`,
  );
  console.log(
    `   notes by status ${JSON.stringify(byStatus)}; jobs queue: ${count(jobsQueue.invocations)} invocations, ${count(jobsQueue.total)} D1 calls (${(jobsQueue.total / n).toFixed(1)} per note), at most ${count(jobsQueue.highest)} in one; CPU of the bench, workerd and the double: ${(cpu / 1000).toFixed(1)} s`,
  );
  const routes = Object.entries(calls.routes ?? {})
    .map(([route, r]) => `${route} ${r.highest}`)
    .join("; ");
  if (routes) console.log(`   routes, most D1 calls in one invocation: ${routes}`);
  verdict(
    (byStatus[status] ?? 0) === n,
    `${name}: ${count(byStatus[status] ?? 0)} of ${count(n)} notes ${status}`,
  );
  checkAtMost(`${name}: most D1 calls in one invocation`, jobsQueue.highest, D1_CALLS_LIMIT, "calls", {
    size: `${count(n)} notes`,
  });
  return ms / n;
}

/** The verdict of a work against its rows' bound; the issue's bound (signing and calls) as information. */
function judge(name, measured, bound) {
  recordRow({
    work: `${name}: its rows' bound (built and signed, one call, the XMLs in R2, the note's row and the order's batch alone)`,
    figure: `${bound.rows.toFixed(2)} ms`,
    floor: `${bound.issue.toFixed(2)} ms`,
    ratio: `${(bound.rows / bound.issue).toFixed(2)}x`,
    target: "(bound)",
    ok: true,
  });
  checkBound(`${name} per note`, measured, bound.rows, TARGET, {
    of: "rows'",
    floor: bound.issue,
    size: `${count(ORDERS)} notes`,
  });
}

async function main() {
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
    // the jobs look at their waiting (offline) notes every second
    bindings: { NFE_RETRY_POLL_SECONDS: "1" },
  });
  const double = await startAuthorizerDouble();
  const boundUrl = `${double.base}/bound`;
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const ctx = { api, mf, db };
    benchDb = db;
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);
    await double.issuer(ISSUER_CNPJ);
    await double.issuer(BOUND_CNPJ);
    const certificates = await bundleForNode({
      "test/fixtures/certificates/pfx.ts": ["PFX", "PFX_PASSWORD"],
    });
    const setup = await fixtures(api, double.base, certificates);
    const createdAt = performance.now();
    const sets = {};
    if (RUN_NFE) {
      sets.nfe = await createOrders(mf, setup, ORDERS);
      sets.nfeBound = await createOrders(mf, setup, ORDERS);
    }
    if (RUN_NFCE) {
      for (const name of ["nfce", "nfceBound", "offline", "offlineBound"])
        sets[name] = await createOrders(mf, setup, ORDERS, { counter: true });
    }
    console.log(
      `Created ${count(Object.values(sets).reduce((n, ids) => n + ids.length, 0))} orders (createOrders, sets of 250) in ${((performance.now() - createdAt) / 1000).toFixed(1)} s`,
    );
    console.log(`load average before: ${load()}`);

    if (RUN_NFE) {
      console.log(
        `1. NF-e: ${count(ORDERS)} orders, POST /nfe/batch of ${BATCH} ids x${Math.ceil(ORDERS / BATCH)}, until every note is Authorized; its rows' bound on ${count(ORDERS)} orders of its own (workerd), half before and half after...`,
      );
      const boundRest = await bracketed(
        mf,
        { mode: "nfe", url: boundUrl, series: BOUND_SERIES.nfe },
        sets.nfeBound,
      );
      const measured = await measure("NF-e batch", ctx, sets.nfe, { status: "Authorized", done: true });
      const b = await boundRest();
      verdict(
        b.statuses["100"] === ORDERS,
        `NF-e rows' bound: ${count(b.statuses["100"] ?? 0)} notes authorized by the double`,
      );
      const bound = printBound("the rows' bound", b, ORDERS);
      const invoiced = await db
        .prepare("SELECT count(*) AS n FROM orders WHERE company_id = 1 AND status_id = 6")
        .first();
      console.log(`   ${invoiced.n} orders invoiced (the batch's and the bound's)`);
      if (!options["no-node-bound"]) {
        const node = await bound_(double.base, ORDERS);
        const nodeMs = (node.signMs + node.callMs) / ORDERS;
        console.log(
          `   the issue's bound in Node (signNFe alone + Node's loopback call): ${perNote(node.signMs, ORDERS)} + ${perNote(node.callMs, ORDERS)} = ${nodeMs.toFixed(2)} ms per note (the batch ${(measured / nodeMs).toFixed(2)}x it, information); the double answered ${JSON.stringify(node.statuses)}`,
        );
      }
      judge("NF-e batch", measured, bound);
    }

    if (RUN_NFCE) {
      console.log(
        `2. NFC-e: ${count(ORDERS)} counter sales (no consumer, cash), the double answering, until every note is Authorized; its rows' bound, half before and half after...`,
      );
      const nfceRest = await bracketed(
        mf,
        { mode: "nfce", url: boundUrl, series: BOUND_SERIES.nfce },
        sets.nfceBound,
      );
      const measured = await measure("NFC-e batch", ctx, sets.nfce, { status: "Authorized", done: true });
      const b = await nfceRest();
      verdict(
        b.statuses["100"] === ORDERS,
        `NFC-e rows' bound: ${count(b.statuses["100"] ?? 0)} notes authorized by the double`,
      );
      judge("NFC-e batch", measured, printBound("the rows' bound", b, ORDERS));

      console.log(
        `3. NFC-e offline: the double answering 108 to the issuer (NFCeOfflineContingency 1): ${count(ORDERS)} counter sales issued, until every note is Offline; its rows' bound, half before and half after...`,
      );
      await double.issuer(ISSUER_CNPJ, { outages: { normal: "108" }, keepMemory: true });
      const offlineRest = await bracketed(
        mf,
        { mode: "offline", url: boundUrl, series: BOUND_SERIES.offline },
        sets.offlineBound,
      );
      const offline = await measure("NFC-e offline", ctx, sets.offline, { status: "Offline", done: false });
      // the measured notes wait (untimed) while the bound's second half runs: no transmission retry
      // of theirs against the stopped double in the middle of it
      await db
        .prepare(
          "UPDATE issued_nfes SET retry_at = datetime('now', '+1 hour') WHERE status = 'Offline' AND order_id IN (SELECT value FROM json_each(?1))",
        )
        .bind(JSON.stringify(sets.offline))
        .run();
      const ob = await offlineRest();
      verdict(
        ob.statuses["108"] === ORDERS,
        `NFC-e offline rows' bound: ${count(ob.statuses["108"] ?? 0)} calls answered 108`,
      );
      judge("NFC-e offline", offline, printBound("the rows' bound", ob, ORDERS));

      console.log(
        "   the double back: every offline note due now, until every note is transmitted and Authorized; its rows' bound on the bound's offline notes, half before and half after...",
      );
      await double.issuer(ISSUER_CNPJ, { outages: { normal: null }, keepMemory: true });
      const jobs = (
        await db
          .prepare(
            "SELECT DISTINCT job_id AS id FROM issued_nfes WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY 1",
          )
          .bind(JSON.stringify(sets.offline))
          .all()
      ).results.map((r) => r.id);
      const transmitRest = await bracketed(mf, { mode: "transmit", url: boundUrl, series: 0 }, ob.noteIds);
      await d1Calls(mf);
      const cpuBefore = cpuMs();
      const started = performance.now();
      await db
        .prepare(
          "UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE status = 'Offline' AND job_id IN (SELECT value FROM json_each(?1))",
        )
        .bind(JSON.stringify(jobs))
        .run();
      const ended = [];
      for (const id of jobs) ended.push(await jobEnded(api, id));
      const transmitted = await report("NFC-e offline transmission", {
        mf,
        ms: performance.now() - started,
        cpu: cpuMs() - cpuBefore,
        n: ORDERS,
        ended,
        byStatus: await statusesOf(db, jobs),
        status: "Authorized",
      });
      const tb = await transmitRest();
      verdict(
        tb.statuses["100"] === ORDERS,
        `NFC-e transmission rows' bound: ${count(tb.statuses["100"] ?? 0)} notes authorized by the double`,
      );
      judge("NFC-e offline transmission", transmitted, printBound("the rows' bound", tb, ORDERS));
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await double.stop();
    await worker.dispose();
  }
  if (!options["no-danfe"]) {
    console.log("4. DANFE of a 100-item NF-e inside workerd, beside drawing the same texts alone:");
    await benchDanfe();
  }
}

await main();
