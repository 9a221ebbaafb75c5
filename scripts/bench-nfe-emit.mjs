// NF-e emission benchmark (issue 41, "Numbers"): N orders (1,000) issued through `POST /nfe/batch`
// (at most 500 ids a call, so two calls) against the SEFAZ authorizer double
// (test/support/sefaz-authorizer-double-server.mjs, forked here on loopback, its xmllint schema check
// off, `schema: false`, so the figure is the service's, not xmllint's; the double still verifies every
// signature with xml-crypto), timed from the first POST until every note is `Authorized` (the NFeEmission
// jobs on the real queue consumer: numbers taken, drafts read, notes built and signed, sent, nfeProc
// stored in R2, orders invoiced with their stock out, in one batch per note).
// The bound, measured in the same run: the same N notes (drafts of test/support/fiscal-draft-factories.ts,
// the same items and parties) built and signed by the product's `signNFe` alone, in Node (WebCrypto
// RSASSA-PKCS1-v1_5/SHA-1 as in workerd; the XML building and C14N are the same JavaScript), plus one
// loopback NFeAutorizacao4 call each to the same double (the same SOAP envelope the product sends).
// Target: the batch within 2x the bound; no invocation above D1's 1,000 calls (the bench Worker's
// /__bench/d1-calls). Beside it, the DANFE figure (scripts/lib/bench-danfe.mjs, `benchDanfe()`).
// Runs the bundled Worker in-process with Miniflare (local D1, R2 and queues); nothing leaves the machine.
//   npm run bench:nfe-emit [-- --orders 1000] [-- --no-danfe]
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { benchDanfe } from "./lib/bench-danfe.mjs";
import { checkAtMost, checkBound, verdict } from "./lib/bench-report.mjs";
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
    "no-danfe": { type: "boolean", default: false },
  },
});
const ORDERS = Number(options.orders);
/** `POST /nfe/batch` takes at most 500 orders. */
const BATCH = 500;
/** Issue 41: the batch within 2x building and signing the notes alone plus one loopback call each. */
const TARGET = 2;
const D1_CALLS_LIMIT = 1000;
/** Orders created at once (each POST /orders is one request). */
const CREATE_CONCURRENCY = 4;
/** The service's issuer: a branch of the test certificate's root; the bound's: the drafts' own CNPJ. */
const ISSUER_CNPJ = "11222333000262";
const BOUND_CNPJ = "11222333000181";
const WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4";

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
    async issuer(cnpj) {
      const answer = await fetch(`${base}/_control/${cnpj}`, {
        method: "PUT",
        body: JSON.stringify({ schema: false }),
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
    Quantity: ORDERS * 2,
    UnitCost: 12.5,
  });
  const [payment] = await api.call("POST", "/type/order/payment", { Description: "Cartão" });
  await api.call("PUT", `/type/order/payment/${payment.IDTypePayment}/rate`, [
    { Installments: 1, FirstDueDays: 30, IntervalDays: 30, NfTPag: "03" },
  ]);
  return {
    issuerId,
    typeId: type.IDTypeOrder,
    consumerId: consumer.IDConsumer,
    skuId: sku.IDSku,
    warehouseId: warehouse.IDWarehouse,
    paymentId: payment.IDTypePayment,
  };
}

/** ORDERS orders of 2 units at 50.00 each, status 3 (paid), CREATE_CONCURRENCY at a time; their ids in order. */
async function createOrders(api, setup) {
  const ids = new Array(ORDERS);
  let next = 0;
  const one = async () => {
    for (let n = next++; n < ORDERS; n = next++) {
      const created = await api.call("POST", "/orders", {
        IDWarehouse: setup.warehouseId,
        IDConsumer: setup.consumerId,
        IDTypeOrder: setup.typeId,
        IDStatusOrder: 3,
        Items: [{ IDSku: setup.skuId, Quantity: 2, ReverseTaxCalculation: 1 }],
        Payments: [{ IDTypePayment: setup.paymentId, Installments: 1, Value: 100 }],
      });
      ids[n] = created.IDOrder;
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, one));
  return ids;
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

/** The bound: each note built and signed by `signNFe` alone, then one loopback call to the double. */
async function bound(base, n) {
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

async function main() {
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
  });
  const double = await startAuthorizerDouble();
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);
    await double.issuer(ISSUER_CNPJ);
    await double.issuer(BOUND_CNPJ);
    const certificates = await bundleForNode({
      "test/fixtures/certificates/pfx.ts": ["PFX", "PFX_PASSWORD"],
    });
    const setup = await fixtures(api, double.base, certificates);
    console.log(`Creating ${count(ORDERS)} orders (POST /orders, ${CREATE_CONCURRENCY} at a time)...`);
    const ids = await createOrders(api, setup);
    console.log(`load average before: ${load()}`);

    console.log(
      `1. Issue ${count(ORDERS)} NF-e: POST /nfe/batch of ${BATCH} ids x${Math.ceil(ORDERS / BATCH)}, until every note is Authorized...`,
    );
    await d1Calls(mf);
    const cpuBefore = cpuMs();
    const started = performance.now();
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
    const ended = [];
    for (const id of jobs) ended.push(await jobEnded(api, id));
    const issueMs = performance.now() - started;
    const issueCpuMs = cpuMs() - cpuBefore;
    const calls = await d1Calls(mf);
    const jobsQueue = calls.queues?.["finance-jobs"] ?? { invocations: 0, highest: 0, total: 0 };
    const statuses = await db
      .prepare("SELECT status, count(*) AS n FROM issued_nfes WHERE company_id = 1 GROUP BY status")
      .all();
    const byStatus = Object.fromEntries(statuses.results.map((r) => [r.status, r.n]));
    const invoiced = await db
      .prepare("SELECT count(*) AS n FROM orders WHERE company_id = 1 AND status_id = 6")
      .first()
      .catch(() => ({ n: "?" }));
    const listed = await api.call("GET", "/nfe?Status=Authorized");
    console.log(
      `   ${(issueMs / 1000).toFixed(1)} s from the first POST /nfe/batch to every job ended: ${(ORDERS / (issueMs / 1000)).toFixed(1)} notes/s, ${(issueMs / ORDERS).toFixed(2)} ms per note; jobs ${ended.map((j) => `${j.Status} ${JSON.stringify(j.Result)}`).join(", ")}`,
    );
    console.log(
      `   notes by status ${JSON.stringify(byStatus)}; ${invoiced.n} orders invoiced; GET /nfe?Status=Authorized answers ${listed.length} (its first page)`,
    );
    console.log(
      `   jobs queue: ${count(jobsQueue.invocations)} invocations, ${count(jobsQueue.total)} D1 calls (${(jobsQueue.total / ORDERS).toFixed(1)} per note), at most ${count(jobsQueue.highest)} in one; CPU of the bench, workerd and the double: ${(issueCpuMs / 1000).toFixed(1)} s`,
    );
    const routes = Object.entries(calls.routes ?? {})
      .map(([route, r]) => `${route} ${r.highest}`)
      .join("; ");
    if (routes) console.log(`   routes, most D1 calls in one invocation: ${routes}`);
    verdict(
      byStatus.Authorized === ORDERS,
      `${count(byStatus.Authorized ?? 0)} of ${count(ORDERS)} notes Authorized`,
    );
    checkAtMost("NF-e batch: most D1 calls in one invocation", jobsQueue.highest, D1_CALLS_LIMIT, "calls", {
      size: `${count(ORDERS)} notes`,
    });

    console.log(
      `2. The bound: the same ${count(ORDERS)} notes built and signed by signNFe alone (Node), plus one loopback NFeAutorizacao4 call each to the double...`,
    );
    const b = await bound(double.base, ORDERS);
    const boundMs = b.signMs + b.callMs;
    console.log(
      `   ${(boundMs / 1000).toFixed(1)} s: building and signing ${(b.signMs / ORDERS).toFixed(2)} ms per note, the call ${(b.callMs / ORDERS).toFixed(2)} ms per note; the double answered ${JSON.stringify(b.statuses)}`,
    );
    verdict(
      b.statuses["100"] === ORDERS,
      `bound: ${count(b.statuses["100"] ?? 0)} notes authorized by the double`,
    );
    console.log(`load average after: ${load()}`);
    checkBound("NF-e batch per note", issueMs / ORDERS, boundMs / ORDERS, TARGET, {
      of: "signing and calls'",
      size: `${count(ORDERS)} notes`,
    });
  } finally {
    await double.stop();
    await worker.dispose();
  }
  if (!options["no-danfe"]) {
    console.log("3. DANFE of a 100-item NF-e inside workerd, beside drawing the same texts alone:");
    await benchDanfe();
  }
}

await main();
