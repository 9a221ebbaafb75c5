// The demo's SEFAZ chapter (issue 27): NF-e arrive by themselves. SEFAZ's national services run on
// this machine as the project's test doubles (test/support/sefaz-double-server.mjs for
// NFeDistribuicaoDFe, test/support/sefaz-event-double-server.mjs for NFeRecepcaoEvento4, each in a
// Node process of its own; the distribution double forwards the event path to the event double, as
// the national environment's host serves both): the double holds three NF-e (procNFe from the
// project's fixture generator, test/fixtures/nfe/generate.ts) addressed to the company's CNPJ, of
// which SEFAZ gives the recipient only the summaries (resNFe) until it manifests; a Kind SEFAZ
// integration points at it; the distribution job (POST /company/integration/{id}/sefaz/sync) brings
// the three summaries to the feed; one is confirmed (210200, signed with the integration's key and
// verified by the event double), SEFAZ releases its full XML, the next distribution brings it and it
// becomes a purchase, which is received. Called by scripts/demo.mjs with its step helpers.
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;
/** The event double's self-signed test pair (a test certificate for CNPJ 11222333000181, never a company's). */
const CERTIFICATE = join(root, "test/support/sefaz-event-double-cert.pem");
const PRIVATE_KEY = join(root, "test/support/sefaz-event-double-key.pem");

/** The project's NF-e fixture generator, bundled for Node (it is TypeScript). */
async function fixtureGenerator() {
  const dir = mkdtempSync(join(tmpdir(), "demo-sefaz-"));
  const outfile = join(dir, "generate.mjs");
  await build({
    entryPoints: [join(root, "test/fixtures/nfe/generate.ts")],
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

/** A double in a process of its own; answers its base URL once it listens. */
async function forkDouble(file) {
  const child = fork(join(root, "test/support", file), { stdio: "inherit" });
  process.on("exit", () => child.kill());
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** The summary (resNFe 1.01) SEFAZ distributes of an NF-e before the recipient manifests. */
function summaryOf(key, { issuerName, value, issuedAt }) {
  return (
    `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${key}</chNFe>` +
    `<CNPJ>${key.slice(6, 20)}</CNPJ><xNome>${issuerName}</xNome><IE>123456789</IE>` +
    `<dhEmi>${issuedAt}</dhEmi><tpNF>1</tpNF><vNF>${value}</vNF><digVal>c3VtbWFyeQ==</digVal>` +
    `<dhRecbto>${issuedAt}</dhRecbto><nProt>135260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>`
  );
}

/** GTIN-13 from its first 12 digits: weights 1 and 3 from the left, the check digit completes 10. */
function gtin13(digits12) {
  const sum = [...digits12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits12 + ((10 - (sum % 10)) % 10);
}

const nsu15 = (n) => String(n).padStart(15, "0");
const money = (value) => Number(value).toFixed(2);

/**
 * The chapter. `demo`: the step helpers of scripts/demo.mjs (`stepOf`, `call`, `check`, `ok`) and
 * its run number.
 */
export async function sefazChapter({ stepOf, call, check, ok, run }) {
  const name = `demo-${run}`;
  const sefaz = await stepOf(
    "SEFAZ: the distribution and event services on this machine (the project's doubles, one host)",
    async () => {
      const distribution = await forkDouble("sefaz-double-server.mjs");
      const events = await forkDouble("sefaz-event-double-server.mjs");
      const host = { base: `${distribution.base}/sefaz/${name}`, events: `${events.base}/ev/${name}` };
      ok(
        `NFeDistribuicaoDFe double at ${distribution.base} (SOAP 1.2, distDFeInt 1.01, docZip gzip + base64)`,
      );
      ok(`NFeRecepcaoEvento4 double at ${events.base} (checks the XML-DSig with xml-crypto)`);
      ok(`both at ${host.base} (its event path forwarded to the event double)`);
      const control = async (base, path, method, body) => {
        const response = await fetch(`${base}/_control/${name}${path}`, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        check(response.ok, `double control ${path || "/"} answered ${response.status}`);
        return response;
      };
      const stop = () => {
        distribution.child.kill();
        events.child.kill();
      };
      return { host, distribution, events, control, stop };
    },
  );

  const setup = await stepOf(
    "SEFAZ: an integration of Kind SEFAZ for the company's CNPJ (certificate and sealed key), three NF-e waiting at SEFAZ as summaries",
    async () => {
      const company = await call("GET", "/company");
      const cnpj = (company.Document ?? "").replace(/\D/g, "");
      check(cnpj.length === 14, `the company's CNPJ is ${JSON.stringify(company.Document)}`);
      const settings = {
        CNPJ: cnpj,
        UF: "SP",
        BaseUrl: sefaz.host.base,
        Certificate: readFileSync(CERTIFICATE, "utf8"),
        PrivateKey: readFileSync(PRIVATE_KEY, "utf8"),
      };
      // one integration per CNPJ across runs: an earlier run's is pointed at this run's host, and
      // its cursor stays where SEFAZ left it (the new documents come after it, as NSUs grow)
      let existing = null;
      for (const integration of await call("GET", "/company/integration")) {
        if (String(integration.Kind).toUpperCase() !== "SEFAZ") continue;
        // an integration not configured yet answers 400: not this CNPJ's
        const current = await call(
          "GET",
          `/company/integration/${integration.IDCompanyIntegration}/sefaz`,
        ).catch(() => null);
        if (current?.CNPJ === cnpj) existing = current;
      }
      let id = existing?.IDCompanyIntegration;
      if (id === undefined) {
        const created = await call("POST", "/company/integration", {
          Description: `SEFAZ ${company.Name ?? cnpj}`,
          Kind: "SEFAZ",
        });
        id = (Array.isArray(created) ? created[0] : created).IDCompanyIntegration;
      }
      const integration = await call("PUT", `/company/integration/${id}/sefaz`, settings);
      check(
        integration.HasPrivateKey === true && !JSON.stringify(integration).includes("PRIVATE KEY"),
        `integration ${JSON.stringify(integration)}`,
      );
      ok(
        `integration ${id}: CNPJ ${integration.CNPJ}, UF ${integration.UF}, tpAmb ${integration.Environment}, ` +
          `certificate valid until ${integration.CertificateNotAfter}, private key sealed (HasPrivateKey), cursor ultNSU ${integration.UltNSU}`,
      );

      // SKU the three suppliers' item is matched to (by EAN), so each NF-e becomes a purchase
      const ean = gtin13(`790${run}00`);
      const [sku] = await call("POST", "/sku", {
        Code: `TORRA-${run}`,
        EAN: ean,
        Name: "Café torrado 500 g",
        Unit: "UN",
        Cost: 12,
        Price: 25,
      });
      check(sku?.EAN === ean, `SKU answered ${JSON.stringify(sku)}`);
      ok(`SKU ${sku.IDSku} ${sku.Code}, EAN ${sku.EAN}`);

      const { nfeXml, cnpjOf, accessKeyOf } = await fixtureGenerator();
      const quantities = [12, 30, 18];
      const notes = quantities.map((quantity, k) => {
        const sample = {
          issuerCnpj: cnpjOf(`5${run}000${k + 1}`),
          issuerName: `Torrefacao ${["Serra", "Vale", "Campo"][k]} ${run} Ltda`,
          recipientCnpj: cnpj,
          number: Number(run) * 10 + k + 1,
          items: [
            {
              code: `CF-${k + 1}`,
              ean,
              description: "CAFE TORRADO E MOIDO 500G",
              ncm: "09012100",
              quantity: `${quantity}.0000`,
              unitValue: "12.5000000000",
            },
          ],
          installments: [{ number: "001", dueDate: "2026-12-30", value: money(quantity * 12.5) }],
        };
        return { key: accessKeyOf(sample), xml: nfeXml(sample), quantity, sample };
      });
      // past the cursor and past every NSU stored: an earlier run's consChNFe answer carries the NSU
      // its document holds at SEFAZ, above a cursor that waited out SEFAZ's hour. This run's double
      // (a new process) does not serve those NSUs again, so the sync sees them as gaps: `earlier`
      let highest = Number(integration.UltNSU);
      for (let page = 0; ; page++) {
        const docs = await call("GET", `/company/integration/${id}/sefaz/documents?Page=${page}`);
        if (docs.length === 0) break;
        for (const doc of docs) if (/^\d{15}$/.test(doc.NSU)) highest = Math.max(highest, Number(doc.NSU));
      }
      const first = highest + 1;
      const earlier = highest - Number(integration.UltNSU);
      // the summaries now; each full NF-e held until the recipient's awareness or confirmation
      await sefaz.control(sefaz.distribution.base, "", "PUT", {
        docs: [
          ...notes.map((note, k) => ({
            nsu: first + k,
            schema: "resNFe_v1.01.xsd",
            xml: summaryOf(note.key, {
              issuerName: note.sample.issuerName,
              value: money(note.quantity * 12.5),
              issuedAt: "2026-11-20T10:00:00-03:00",
            }),
          })),
          ...notes.map((note) => ({ nsu: 0, schema: "procNFe_v4.00.xsd", xml: note.xml, release: true })),
        ],
        eventBaseUrl: sefaz.host.events,
      });
      await sefaz.control(sefaz.events.base, "", "PUT", { tpAmb: String(integration.Environment) });
      for (const [k, note] of notes.entries())
        ok(
          `NSU ${nsu15(first + k)}: NF-e ${note.sample.number} of ${note.sample.issuerName} (CNPJ ${note.sample.issuerCnpj}), ` +
            `${note.quantity} x 12.50 = ${money(note.quantity * 12.5)}, key ${note.key}`,
        );
      return { id, sku, notes, first, earlier };
    },
  );

  const brought = await stepOf(
    "SEFAZ: the distribution job (POST .../sefaz/sync) brings the three summaries to the feed",
    async () => {
      const { IDJob } = await call("POST", `/company/integration/${setup.id}/sefaz/sync`);
      const job = await jobEnded(call, IDJob);
      check(
        job.Status === "Done" && job.Type === "SefazDistribution",
        `distribution job ${IDJob}: ${job.Status} ${job.FailureReason ?? ""}`,
      );
      const { calls, documents, summaries, full, imports, gaps } = job.Result;
      check(
        calls === 1 &&
          documents === 3 &&
          summaries === 3 &&
          full === 0 &&
          imports === 0 &&
          gaps === setup.earlier,
        `distribution Result ${JSON.stringify(job.Result)}`,
      );
      ok(`job ${IDJob} (SefazDistribution): Done, Result ${JSON.stringify(job.Result)}`);
      const settings = await call("GET", `/company/integration/${setup.id}/sefaz`);
      check(
        settings.UltNSU === nsu15(setup.first + 2) && settings.State === "Ok",
        `integration after the sync ${JSON.stringify(settings)}`,
      );
      ok(`cursor ultNSU ${settings.UltNSU} = maxNSU ${settings.MaxNSU}: ${settings.StateReason}`);
      const feed = [];
      for (const note of setup.notes) {
        const [document] = await call("GET", `/purchase/feed?chNFe=${note.key}`);
        check(
          document?.Status === "Summary" && document.IDPurchase === null && document.ManifestEvent === null,
          `feed item ${JSON.stringify(document)}`,
        );
        ok(
          `feed ${document.IDNFEvents}: summary of NF-e ${document.NfeNumber} from ${document.IssuerName}, ` +
            `${money(document.Value)}, no items nor purchase yet, not manifested`,
        );
        feed.push(document);
      }
      return feed;
    },
  );

  const confirmed = await stepOf(
    "SEFAZ: one NF-e confirmed (210200) through NFeRecepcaoEvento4, signed with the integration's key",
    async () => {
      const document = brought[0];
      const answer = await call("POST", `/purchase/feed/${document.IDNFEvents}/manifest`, { Event: 210200 });
      const [event] = answer.Events;
      check(
        answer.ManifestEvent === 210200 && event?.cStat === 135 && /^\d{15}$/.test(event.Protocol ?? ""),
        `manifest answered ${JSON.stringify(answer)}`,
      );
      ok(`SEFAZ: ${event.cStat} ${event.xMotivo}, protocol ${event.Protocol} at ${event.RegisteredAt}`);
      const received = await (await sefaz.control(sefaz.events.base, "/requests", "GET")).json();
      const body = received.at(-1)?.body ?? "";
      check(
        body.includes("<tpEvento>210200</tpEvento>") &&
          body.includes(`<chNFe>${document.chNFe}</chNFe>`) &&
          body.includes("<SignatureValue>"),
        "the event service did not receive the signed 210200",
      );
      ok(
        "the event the service received: envEvento 1.00, infEvento signed (RSA-SHA1, C14N), verified by the double",
      );
      // sent again: SEFAZ refuses the duplicate (573) and nothing is recorded
      const again = await call(
        "POST",
        `/purchase/feed/${document.IDNFEvents}/manifest`,
        { Event: 210200 },
        { expect: 400 },
      );
      check(/573/.test(again.errorMessage ?? ""), `the repeat answered ${JSON.stringify(again)}`);
      ok(`sent again: 400 ${again.errorMessage}`);
      const others = await call("GET", `/purchase/feed?ManifestEvent=0&chNFe=${brought[1].chNFe}`);
      check(others.length === 1, "the other NF-e should still be without a manifest");
      return document;
    },
  );

  const arrived = await stepOf(
    "SEFAZ: the next sync (inside SEFAZ's hour: no distNSU) asks the confirmed NF-e by key (consChNFe): its full XML fills its line and becomes a purchase",
    async () => {
      const { IDJob } = await call("POST", `/company/integration/${setup.id}/sefaz/sync`);
      const job = await jobEnded(call, IDJob);
      check(
        job.Status === "Done" &&
          job.Result.calls === 0 &&
          job.Result.keysFound === 1 &&
          job.Result.imports === 1,
        `distribution job ${IDJob}: ${job.Status} ${JSON.stringify(job.Result)} ${job.FailureReason ?? ""}`,
      );
      ok(`job ${IDJob} (SefazDistribution): Done, Result ${JSON.stringify(job.Result)}`);
      const [doc] = (await call("GET", `/company/integration/${setup.id}/sefaz/documents`)).filter(
        (d) => d.ChNFe === confirmed.chNFe && d.Kind === "procNFe",
      );
      check(doc?.Status === "Imported", `document ${JSON.stringify(doc)}`);
      const imported = await jobEnded(call, doc.IDJob);
      check(
        imported.Status === "Done" && imported.Result?.purchased === 1,
        `NF-e import job ${doc.IDJob}: ${imported.Status} ${JSON.stringify(imported.Result)} ${imported.FailureReason ?? ""}`,
      );
      const [document] = await call("GET", `/purchase/feed?chNFe=${confirmed.chNFe}`);
      check(
        document?.IDNFEvents === confirmed.IDNFEvents && document.Status === "Full" && document.IDPurchase,
        `feed item ${JSON.stringify(document)}`,
      );
      ok(
        `NSU ${doc.NSU} procNFe -> job ${doc.IDJob} (NFeXML) Done -> feed ${document.IDNFEvents} (the same line, its 210200 kept): ` +
          `purchase ${document.IDPurchase} awaiting the check`,
      );
      const waiting = await call("GET", `/purchase/feed?Status=Summary&chNFe=${brought[1].chNFe}`);
      check(waiting.length === 1, "the unconfirmed NF-e should still be a summary");
      ok("the two NF-e not manifested stay summaries: SEFAZ has not released their XML");
      return document;
    },
  );

  await stepOf(
    "SEFAZ: the confirmed NF-e's purchase received (POST /purchase/{id}/check): the stock rises",
    async () => {
      const note = setup.notes.find((n) => n.key === arrived.chNFe);
      const purchase = await call("GET", `/purchase/${arrived.IDPurchase}`);
      const [item] = purchase.Items;
      check(
        purchase.IDStatusPurchase === 7 &&
          purchase.Items.length === 1 &&
          item.IDSku === setup.sku.IDSku &&
          item.Quantity === note.quantity,
        `purchase ${JSON.stringify(purchase)}`,
      );
      const checked = await call("POST", `/purchase/${purchase.IDPurchase}/check`, {
        Items: [{ IDStockKeepingUnitPurchase: item.IDStockKeepingUnitPurchase, Quantity: note.quantity }],
      });
      check(checked.IDStatusPurchase === 9, `purchase status ${checked.IDStatusPurchase}, expected 9`);
      ok(
        `purchase ${checked.IDPurchase} "${checked.StatusPurchase}": ${note.quantity} x ${item.SkuCode} @ ${money(item.UnitCost)}, ` +
          `${checked.Payables.length} payable written`,
      );
      const stock = await call("GET", `/sku/movement?Type=Kardex&IDSku=${setup.sku.IDSku}`);
      check(stock.length === 1 && stock[0].Quantity === note.quantity, `Kardex ${JSON.stringify(stock)}`);
      ok(`SKU ${setup.sku.Code}: entrada ${stock[0].Quantity} -> saldo ${stock[0].QtyBalance}`);
      sefaz.stop();
    },
  );
}

/** Polls a job until it ends (Done or Failed); answers it. */
async function jobEnded(call, jobId, timeoutMs = Number(process.env.DEMO_JOB_TIMEOUT_MS ?? 60_000)) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call("GET", `/job/${jobId}`);
    if (job.Status === "Done" || job.Status === "Failed" || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
