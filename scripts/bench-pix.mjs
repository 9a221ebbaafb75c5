// Received Pix polled and matched: 2,000 Pix at a PSP (the loopback double of the tests, BACEN's
// API Pix v2) read by a `PixReceivedPoll` job (POST /company/integration/{id}/pix/poll to the job's
// Done: token, GET /v2/pix page by page, bank lines, matching, settlements) against the OFX import of
// the same number of lines on the same machine in the same run (upload, ConfirmUpload to Done), the
// floor the issue names ("within 2x the same"). A third of the Pix pays a charge (txid), a third a
// customer's title (CPF + value + due date), a third stays pending.
// Runs the bundled Worker in-process with Miniflare and a local D1/R2/Queue in a temporary folder.
//   node scripts/bench-pix.mjs [-- --pix 2000 --runs 3]
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { checkRatio, checkWorkerD1Calls, median } from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleForNode,
  bundleWorker,
  jobEnd,
  ofxUpload,
  seedCompany,
  startBenchWorker,
  uploadTimed,
} from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: { pix: { type: "string", default: "2000" }, runs: { type: "string", default: "3" } },
});
const PIX = Number(options.pix);
const RUNS = Number(options.runs);
const MAX_RATIO = 2;
const pad = (n, width = 2) => String(n).padStart(width, "0");
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The PSP double (test/support/pix-psp-double-server.mjs) in a process of its own. */
async function startPsp() {
  const child = fork(new URL("../test/support/pix-psp-double-server.mjs", import.meta.url), {
    stdio: "inherit",
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
  });
  const base = `http://127.0.0.1:${port}`;
  const control = async (path, method, body) => {
    const response = await fetch(`${base}/_control${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`PSP double ${path}: ${response.status}`);
  };
  return { base, control, stop: () => child.kill() };
}

const cents = (value) => `${Math.trunc(value / 100)}.${pad(value % 100)}`;
/** E + ISPB + yyyyMMddHHmm + 11 characters: the run and the Pix's number, unique per run. */
const e2e = (at, run, i) =>
  `E00000000${at.toISOString().replace(/\D/g, "").slice(0, 12)}${pad(run, 2)}${pad(i, 9)}`;
const cpfOf = (run, i) => `${pad(run, 3)}${pad(i, 8)}`;
const txidOf = (run, i) => `Bench${pad(run, 3)}Titulo${pad(i, 8)}Pix00`;

/** Pix i of a run: kind 0 pays title i by txid, kind 1 the title of customer i, kind 2 matches nothing. */
function pixOf(run, i, at) {
  const value = 1_000 + i;
  const kind = i % 3;
  return {
    endToEndId: e2e(at, run, i),
    ...(kind === 0 ? { txid: txidOf(run, i) } : {}),
    valor: cents(value),
    horario: at.toISOString(),
    pagador: { cpf: kind === 2 ? "99999999999" : cpfOf(run, i), nome: `Cliente ${i}` },
  };
}

function ofxFile(count, account) {
  const parts = [
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n",
    "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n",
    "<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>BRL\n",
    `<BANKACCTFROM>\n<BANKID>0341\n<ACCTID>${account}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n`,
    "<BANKTRANLIST>\n<DTSTART>20261101\n<DTEND>20261130\n",
  ];
  for (let i = 0; i < count; i++) {
    parts.push(
      `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>202611${pad(1 + (i % 28))}120000[-3:BRT]\n`,
      `<TRNAMT>${cents(1_000 + i)}\n<FITID>P${pad(i, 8)}\n<MEMO>PIX RECEBIDO CLIENTE ${i}\n</STMTTRN>\n`,
    );
  }
  parts.push("</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>0.00\n<DTASOF>20261130\n</LEDGERBAL>\n");
  parts.push("</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n");
  return new TextEncoder().encode(parts.join(""));
}

/** The company of run `n`: two accounts (OFX, Pix), the titles and customers, the Pix integration. */
async function seedRun(api, db, n, psp, seal) {
  const { email, password } = await seedCompany(db, n);
  await api.signIn(email, password);
  for (const [bank, number] of [
    ["Itaú OFX", `${n}2345-6`],
    ["Itaú Pix", `${n}777-0`],
  ]) {
    await api.call("POST", "/accounts/bank-account", {
      Bank: bank,
      BankNumber: "341",
      Agency: "1604",
      AccountNumber: number,
      IDCompanyInvoice: n,
    });
  }
  const accounts = await api.call("GET", "/accounts/bank-account");
  const ofxAccount = accounts.find((a) => a.Bank === "Itaú OFX").IDBankAccount;
  const pixAccount = accounts.find((a) => a.Bank === "Itaú Pix").IDBankAccount;
  const at = new Date(Date.now() - 30 * 60_000);
  const today = at.toISOString().slice(0, 10);
  // customers of the kind-1 Pix, and one open title per kind-0 and kind-1 Pix
  const customers = [];
  const titles = [];
  for (let i = 0; i < PIX; i++) {
    if (i % 3 === 2) continue;
    if (i % 3 === 1) customers.push([i, `Cliente ${i}`, cpfOf(n, i)]);
    titles.push([1_000 + i, today, i % 3 === 0 ? txidOf(n, i) : null, i % 3 === 1 ? i : null]);
  }
  await db
    .prepare(
      `INSERT INTO consumers (id, company_id, name, document)
       SELECT ?1 * 100000 + json_extract(c.value, '$[0]'), ?1, json_extract(c.value, '$[1]'), json_extract(c.value, '$[2]')
       FROM json_each(?2) AS c`,
    )
    .bind(n, JSON.stringify(customers))
    .run();
  await db
    .prepare(
      `INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, status, tx_id, consumer_id)
       SELECT ?1, 0, 'Título ' || t.key, json_extract(t.value, '$[0]'), json_extract(t.value, '$[0]'),
         json_extract(t.value, '$[1]'), 1, json_extract(t.value, '$[2]'),
         CASE WHEN json_extract(t.value, '$[3]') IS NULL THEN NULL ELSE ?1 * 100000 + json_extract(t.value, '$[3]') END
       FROM json_each(?2) AS t`,
    )
    .bind(n, JSON.stringify(titles))
    .run();
  const name = `bench-${n}-${randomBytes(4).toString("hex")}`;
  const credentials = { clientId: `cli-${name}`, clientSecret: randomBytes(16).toString("hex") };
  await psp.control(`/${name}`, "PUT", credentials);
  await psp.control(
    `/${name}/pix`,
    "POST",
    Array.from({ length: PIX }, (_, i) => pixOf(n, i, at)),
  );
  const integration = await db
    .prepare(
      "INSERT INTO company_integrations (company_id, description, kind) VALUES (?1, 'Pix', 'PIX') RETURNING id",
    )
    .bind(n)
    .first();
  await db
    .prepare(
      `INSERT INTO pix_integrations (company_integration_id, company_id, bank_account_id, base_url, credentials, webhook_secret_hash, state)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Ok')`,
    )
    .bind(
      integration.id,
      n,
      pixAccount,
      `${psp.base}/psp/${name}`,
      await seal(n, credentials),
      randomBytes(32).toString("hex"),
    )
    .run();
  return { ofxAccount, ofxNumber: `${n}2345-6`, integrationId: integration.id, pixAccount };
}

async function pollPix(api, integrationId) {
  const started = performance.now();
  const { IDJob } = await api.call("POST", `/company/integration/${integrationId}/pix/poll`, {});
  const job = await jobEnd(api, IDJob);
  return { job, ms: performance.now() - started };
}

async function main() {
  const credentialsKey = randomBytes(32).toString("base64url");
  const { encryptCredentials } = await bundleForNode({
    "src/platform/credentials-cipher.ts": ["encryptCredentials"],
  });
  const seal = (companyId, credentials) => encryptCredentials(credentialsKey, companyId, credentials);
  console.log(
    `${PIX.toLocaleString("en-US")} received Pix against an OFX import of as many lines, ${RUNS} runs`,
  );
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const psp = await startPsp();
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
    bindings: { HUB_CREDENTIALS_KEY: credentialsKey },
  });
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const pixTimes = [];
    const ofxTimes = [];
    for (let run = 1; run <= RUNS; run++) {
      const seeded = await seedRun(api, db, run, psp, seal);
      // in turn, so the load of other processes hits both alike
      const ofx = await uploadTimed(api, mf, ofxUpload(seeded.ofxAccount), ofxFile(PIX, seeded.ofxNumber));
      if (ofx.job.Status !== "Done" || ofx.job.Result.imported !== PIX)
        throw new Error(`OFX import: ${JSON.stringify(ofx.job)}`);
      const polled = await pollPix(api, seeded.integrationId);
      const expected = {
        received: PIX,
        imported: PIX,
        settledByTxId: Math.ceil(PIX / 3),
        settledByDocument: Math.ceil((PIX - 1) / 3),
      };
      const result = polled.job.Result ?? {};
      if (
        polled.job.Status !== "Done" ||
        Object.entries(expected).some(([key, value]) => result[key] !== value)
      ) {
        throw new Error(`Pix poll: ${JSON.stringify(polled.job)}; expected ${JSON.stringify(expected)}`);
      }
      const reconciled = await db
        .prepare(
          "SELECT count(*) AS n FROM bank_statement_conciliations WHERE bank_account_id = ?1 AND status_id = 2",
        )
        .bind(seeded.pixAccount)
        .first();
      if (reconciled.n !== expected.settledByTxId + expected.settledByDocument)
        throw new Error(`Pix lines reconciled: ${reconciled.n}`);
      pixTimes.push(polled.ms);
      ofxTimes.push(ofx.ms);
      console.log(
        `Run ${run}: Pix polled and matched ${seconds(polled.ms)} (Result ${JSON.stringify(result)}); ` +
          `OFX import ${seconds(ofx.ms)}`,
      );
    }
    const pixMs = median(pixTimes);
    const ofxMs = median(ofxTimes);
    console.log(
      `\n${PIX.toLocaleString("en-US")} received Pix polled and matched, median of ${RUNS}: ${seconds(pixMs)}` +
        `\nOFX import of ${PIX.toLocaleString("en-US")} lines (the floor), median of ${RUNS}: ${seconds(ofxMs)}\n`,
    );
    checkRatio(
      `${PIX} received Pix polled and matched / OFX import of as many lines`,
      pixMs,
      ofxMs,
      MAX_RATIO,
    );
    await checkWorkerD1Calls(worker.mf);
  } finally {
    await worker.dispose();
    psp.stop();
  }
}

await main();
