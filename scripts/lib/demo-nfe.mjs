// The demo's NF-e emission chapter (issue 41): an order leaves with an authorized NF-e. SEFAZ's
// authorizer (NFeAutorizacao4, NFeConsultaProtocolo4, NFeRecepcaoEvento4) runs on this machine as the
// project's test double (test/support/sefaz-authorizer-double-server.mjs, a Node process of its own:
// it validates every message against the PL_010 schemas with xmllint and verifies every signature with
// xml-crypto). An invoicing company with its fiscal profile, its `NFeBaseUrl` at the double and the
// test A1 certificate (the self-made PKCS#12 of test/fixtures/certificates, root 11222333, never a
// real company's) issues an order (`POST /orders/{id}/nfe`); the job signs and sends it, the double
// authorizes it, the order is invoiced and its stock leaves; the DANFE and the nfeProc are downloaded;
// a CC-e corrects it; the cancellation returns the stock and cancels the order; then SP's authorizer
// stops (109) and the next order's NF-e goes through SVC-AN (tpEmis 6). Then NFC-e (issue 42): a
// counter sale paid in cash with change at the cashier is issued as NFC-e (QR code, vTroco, the 80 mm
// DANFE); the double stops; the next sale is issued offline (tpEmis 9) and, the double back,
// transmitted at once (POST /nfe/{id}/transmit). Called by scripts/demo.mjs with its step helpers.
//
// Each run uses an invoicing company of its own, at a branch CNPJ of the certificate's root drawn from
// the run number (the double scripts and remembers per issuer CNPJ, and numbering is per invoicing
// company), so the chapter runs again and again on the same database.
import { fork } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

const root = new URL("../..", import.meta.url).pathname;
/** The test PKCS#12 (`valid3des`: CNPJ 11222333000181, valid until 2060, password below) as base64. */
const PFX_SOURCE = join(root, "test/fixtures/certificates/pfx.ts");
const PFX_PASSWORD = "senha-teste-123";
const CERTIFICATE_ROOT = "11222333";

const money = (value) => Number(value).toFixed(2);

/** A CNPJ from its first 12 digits, with its two modulus 11 check digits. */
function cnpjFrom(digits12) {
  const digit = (base) => {
    const weights =
      base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...base].reduce((total, d, i) => total + Number(d) * weights[i], 0) % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = digits12 + digit(digits12);
  return first + digit(first);
}

/** The base64 of the test PKCS#12, read from the fixture module (TypeScript: its text, not an import). */
function testPfx() {
  const source = readFileSync(PFX_SOURCE, "utf8");
  const found = /"valid3des":\s*"([A-Za-z0-9+/=]+)"/.exec(source);
  if (!found) throw new Error(`no valid3des PKCS#12 in ${PFX_SOURCE}`);
  return found[1];
}

/**
 * Polls `GET /nfe/{id}` (every 300 ms) until the note is `wanted` or the deadline passes; a note that
 * ends `Rejected`, `Denied` or `Expired` on the way fails the step with SEFAZ's reason. Answers the last
 * note read (the caller checks it is the one it wanted).
 */
async function noteUntil(
  call,
  check,
  note,
  wanted,
  timeoutMs = Number(process.env.DEMO_JOB_TIMEOUT_MS ?? 60_000),
) {
  const deadline = Date.now() + timeoutMs;
  let current = note;
  while (current.Status !== wanted && Date.now() < deadline) {
    check(
      !["Rejected", "Denied", "Expired"].includes(current.Status),
      `NF-e ${current.IDNFe} ${current.Status}: ${current.cStat} ${current.xMotivo}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    current = await call("GET", `/nfe/${note.IDNFe}`);
  }
  return current;
}

/**
 * The texts a PDF draws (`<hex> Tj` in its Flate streams, WinAnsi read as Latin-1), how many filled
 * rectangles it draws and its page width (the `MediaBox`, in the file or in a compressed object stream).
 */
function pdfContent(bytes) {
  const texts = [];
  let rectangles = 0;
  const raw = bytes.toString("latin1");
  let inflated = raw;
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    let operators;
    try {
      operators = inflateSync(bytes.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    inflated += operators;
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      texts.push(Buffer.from(hex, "hex").toString("latin1"));
    // pdf-lib draws each filled rectangle as a closed path: `x y m`, three `l`, `h`, `f`
    rectangles += [...operators.matchAll(/\sl\nh\nf\n/g)].length;
  }
  const width = Number(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)/.exec(inflated)?.[1]);
  return { texts: texts.join(" "), rectangles, width };
}

/**
 * The chapter. `demo`: the step helpers of scripts/demo.mjs (`stepOf`, `call`, `check`, `ok`,
 * `download`), its run number and the warehouse the SKU is stocked in.
 */
export async function nfeChapter({ stepOf, call, check, ok, download, run, warehouseId }) {
  const cnpj = cnpjFrom(`${CERTIFICATE_ROOT}${String((Number(run) % 9000) + 1000)}`);

  const sefaz = await stepOf(
    "NF-e: SEFAZ's authorizer on this machine (the project's double: XSD and XML-DSig checked)",
    async () => {
      const child = fork(join(root, "test/support/sefaz-authorizer-double-server.mjs"), {
        stdio: "inherit",
      });
      process.on("exit", () => child.kill());
      const port = await new Promise((resolve, reject) => {
        child.once("message", (message) => resolve(message.port));
        child.once("error", reject);
        child.once("exit", (code) => reject(new Error(`the authorizer double exited with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const company = await call("GET", "/company");
      const tpAmb = String(company.SefazAmbienteNF ?? 2);
      const control = await fetch(`${base}/_control/${cnpj}`, {
        method: "PUT",
        body: JSON.stringify({ tpAmb }),
      });
      check(control.status === 204 || control.ok, `authorizer double control answered ${control.status}`);
      ok(
        `NFeAutorizacao4 / NFeConsultaProtocolo4 / NFeRecepcaoEvento4 double at ${base} (SOAP 1.2, PL_010 XSD, tpAmb ${tpAmb})`,
      );
      return { base, child, tpAmb };
    },
  );

  const setup = await stepOf(
    "NF-e: an invoicing company with its fiscal profile, NFeBaseUrl at the double and its A1 certificate",
    async () => {
      const [issuer] = await call("POST", "/company/invoice", {
        Name: `Emitente Demo ${run} Ltda`,
        Document: cnpj,
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
        NFeBaseUrl: sefaz.base,
      });
      check(
        issuer?.Document?.replace(/\D/g, "") === cnpj && issuer.NFeBaseUrl === sefaz.base,
        `invoicing company ${JSON.stringify(issuer)}`,
      );
      ok(
        `invoicing company ${issuer.IDCompanyInvoice} "${issuer.Name}": CNPJ ${cnpj}, IE ${issuer.StateRegistration}, CRT ${issuer.TaxRegime}, ${issuer.City}/${issuer.UF}, series ${issuer.NFeSeries}, NFeBaseUrl ${issuer.NFeBaseUrl}`,
      );
      const certificate = await call("POST", `/company/invoice/${issuer.IDCompanyInvoice}/certificate`, {
        Certificate: testPfx(),
        Password: PFX_PASSWORD,
      });
      check(
        certificate.CNPJ?.startsWith(CERTIFICATE_ROOT) &&
          !JSON.stringify(certificate).includes("PRIVATE KEY"),
        `certificate ${JSON.stringify(certificate)}`,
      );
      ok(
        `certificate ${certificate.Subject} (CNPJ ${certificate.CNPJ}, the root of ${cnpj}), valid until ${certificate.NotAfter}; the key stored sealed, never answered`,
      );

      const [type] = await call("POST", "/type/order/type", {
        Description: `Venda NF-e ${run}`,
        Companies: [issuer.IDCompanyInvoice],
        CFOPInState: "5102",
        CFOPOutOfState: "6102",
        NatOp: "Venda de mercadoria",
      });
      ok(`order type ${type.IDTypeOrder} "${type.Description}": CFOP 5102/6102, natOp "${type.NatOp}"`);
      const [profile] = await call("POST", "/tax/profile", {
        Code: `NFE-${run}`,
        Description: "Revenda com NF-e",
        CstIcms: "00",
        IcmsRate: 18,
        CstIpi: "53",
        IpiRate: 0,
        CstPis: "01",
        PisRate: 1.65,
        CstCofins: "01",
        CofinsRate: 7.6,
        IDNfCstIbsCbs: 1,
        IbsRate: 0.1,
        CbsRate: 0.9,
      });
      const [sku] = await call("POST", "/sku", {
        Code: `ERVA-NFE-${run}`,
        Name: "Erva-mate chimarrão 1 kg",
        Unit: "UN",
        TaxProfile: profile.Code,
        NCM: "0903.00.90",
        Origin: 0,
        Cost: 12,
        Price: 35,
      });
      check(sku?.NCM === "09030090" && sku.Origin === 0, `SKU ${JSON.stringify(sku)}`);
      await call("POST", "/sku/movement/adjustment", {
        IDSku: sku.IDSku,
        IDWarehouse: warehouseId,
        IDTypeMovement: 0,
        Quantity: 10,
        UnitCost: 12,
        Reason: "Recebimento do fornecedor",
      });
      ok(`SKU ${sku.IDSku} ${sku.Code}: NCM ${sku.NCM}, origin ${sku.Origin}, 10 on stock`);
      const [consumer] = await call("POST", "/consumer", {
        Name: `Ana Souza ${run}`,
        Document: "52998224725",
        Street: "Rua Augusta",
        Number: "100",
        District: "Consolação",
        CityCode: "3550308",
        City: "São Paulo",
        UF: "SP",
        ZipCode: "01305000",
      });
      ok(
        `consumer ${consumer.IDConsumer} "${consumer.Name}": CPF, address in São Paulo (indIEDest ${consumer.IndIEDest})`,
      );
      const [paymentType] = await call("POST", "/type/order/payment", { Description: `PIX NF-e ${run}` });
      await call("PUT", `/type/order/payment/${paymentType.IDTypePayment}/rate`, [
        { Installments: 1, FirstDueDays: 0, IntervalDays: 30, NfTPag: "17" },
      ]);
      const order = await call("POST", "/orders", {
        IDWarehouse: warehouseId,
        IDConsumer: consumer.IDConsumer,
        IDTypeOrder: type.IDTypeOrder,
        IDStatusOrder: 3,
        Items: [{ IDSku: sku.IDSku, Quantity: 2, UnitPrice: 35, ReverseTaxCalculation: 1 }],
        Payments: [{ IDTypePayment: paymentType.IDTypePayment, Installments: 1, Value: 70 }],
      });
      check(order.Total === 70 && order.IDStatusOrder === 3, `order ${JSON.stringify(order)}`);
      ok(
        `order ${order.IDOrder} "${order.StatusOrder}": 2 x ERVA-NFE-${run} @ 35.00, total ${money(order.Total)}, paid by Pix`,
      );
      return { issuer, sku, order, type, consumer, paymentType };
    },
  );

  const stockOf = async () => {
    const [balance] = await call("GET", `/sku/balance?IDSku=${setup.sku.IDSku}`);
    return balance;
  };

  const note = await stepOf(
    "NF-e: the order issued (POST /orders/{id}/nfe), authorized by SEFAZ (the double): the order invoiced, its stock out",
    async () => {
      const before = await stockOf();
      check(before.QtyOnStock === 10, `stock before ${JSON.stringify(before)}`);
      ok(`stock before: ${before.QtyOnStock} on stock`);
      const answer = await call("POST", `/orders/${setup.order.IDOrder}/nfe`, undefined, { expect: 202 });
      const [issued] = answer.NFes;
      check(
        issued?.Status === "Processing" && /^\d{44}$/.test(issued.Key),
        `issue answered ${JSON.stringify(answer)}`,
      );
      ok(
        `202: job ${answer.IDJob}, NF-e ${issued.IDNFe} number ${issued.Number} series ${issued.Series}, ${issued.Status}, key ${issued.Key}`,
      );
      const current = await noteUntil(call, check, issued, "Authorized");
      check(
        current.Status === "Authorized" && current.cStat === 100 && /^\d{15}$/.test(current.Protocol ?? ""),
        `NF-e ${issued.IDNFe} still ${current.Status} (${current.cStat} ${current.xMotivo})`,
      );
      ok(
        `NF-e ${current.IDNFe}: ${current.Status}, SEFAZ: ${current.cStat} ${current.xMotivo}, protocol ${current.Protocol} at ${current.AuthorizedAt}`,
      );
      const order = await call("GET", `/orders/${setup.order.IDOrder}`);
      check(
        order.IDStatusOrder === 6 && order.IDNFe === current.IDNFe && order.chNFe === current.Key,
        `order after the authorization ${JSON.stringify({ IDStatusOrder: order.IDStatusOrder, IDNFe: order.IDNFe, chNFe: order.chNFe })}`,
      );
      const after = await stockOf();
      check(after.QtyOnStock === 8, `stock after the authorization ${JSON.stringify(after)}`);
      ok(
        `order ${order.IDOrder} "${order.StatusOrder}" (status 6), chNFe ${order.chNFe}, NF-e number ${order.NfeNumber}`,
      );
      ok(`stock after the authorization: ${after.QtyOnStock} on stock (2 left with the note)`);
      return current;
    },
  );

  await stepOf(
    "NF-e: the DANFE (GET /nfe/{id}/danfe) and the nfeProc (GET /nfe/{id}/xml) downloaded",
    async () => {
      const dir = join(tmpdir(), `demo-nfe-${run}`);
      mkdirSync(dir, { recursive: true });
      const danfe = await download(`/nfe/${note.IDNFe}/danfe`);
      check(danfe.subarray(0, 5).toString("latin1") === "%PDF-", "the DANFE is not a PDF");
      const pdfPath = join(dir, `${note.Key}-danfe.pdf`);
      writeFileSync(pdfPath, danfe);
      ok(`DANFE: ${danfe.length} bytes of PDF -> ${pdfPath}`);
      const xml = (await download(`/nfe/${note.IDNFe}/xml`)).toString("utf8");
      check(
        xml.includes("<nfeProc") &&
          xml.includes(`Id="NFe${note.Key}"`) &&
          xml.includes(`<nProt>${note.Protocol}</nProt>`),
        `the XML is not this note's nfeProc: ${xml.slice(0, 200)}`,
      );
      const xmlPath = join(dir, `${note.Key}-procNFe.xml`);
      writeFileSync(xmlPath, xml);
      ok(`nfeProc (signed NF-e + protNFe ${note.Protocol}): ${xml.length} characters -> ${xmlPath}`);
    },
  );

  await stepOf(
    "NF-e: a correction letter (CC-e, POST /nfe/{id}/correction), registered by SEFAZ",
    async () => {
      const text = "Endereco de entrega: Rua Augusta, 100, fundos, portao azul";
      const corrected = await call("POST", `/nfe/${note.IDNFe}/correction`, { Correction: text });
      const event = corrected.Events?.find((e) => e.Type === 110110);
      check(
        corrected.Correction === text && event?.Status === "Registered" && event.Sequence === 1,
        `correction answered ${JSON.stringify(corrected)}`,
      );
      ok(
        `CC-e 110110 sequence ${event.Sequence}: SEFAZ ${event.cStat} ${event.xMotivo}, protocol ${event.Protocol}`,
      );
      ok(`the note's correction now: "${corrected.Correction}"`);
    },
  );

  await stepOf(
    "NF-e: cancelled (POST /nfe/{id}/cancel): the order goes to 10 (Cancelado), its stock returns",
    async () => {
      const before = await stockOf();
      const cancelled = await call("POST", `/nfe/${note.IDNFe}/cancel`, {
        Justification: "Cliente desistiu da compra antes do envio",
      });
      const event = cancelled.Events?.find((e) => e.Type === 110111);
      check(
        cancelled.Status === "Cancelled" && event?.Status === "Registered",
        `cancel answered ${JSON.stringify(cancelled)}`,
      );
      ok(
        `NF-e ${cancelled.IDNFe} ${cancelled.Status}: event 110111, SEFAZ ${event.cStat} ${event.xMotivo}, protocol ${event.Protocol}`,
      );
      const order = await call("GET", `/orders/${setup.order.IDOrder}`);
      check(order.IDStatusOrder === 10, `order status ${order.IDStatusOrder}, expected 10`);
      const after = await stockOf();
      check(
        after.QtyOnStock === before.QtyOnStock + 2 && after.QtyOnStock === 10,
        `stock after the cancellation ${JSON.stringify(after)}`,
      );
      ok(`order ${order.IDOrder} "${order.StatusOrder}" (status 10)`);
      ok(
        `stock ${before.QtyOnStock} before the cancellation, ${after.QtyOnStock} after: the 2 units returned`,
      );
    },
  );

  // SVC contingency (issue 42): the UF's authorizer stops; the next NF-e goes through SVC-AN
  const base = `${sefaz.base}/${cnpj}`;
  await stepOf(
    "NF-e: SEFAZ's authorizer of SP stops (109): GET /nfe/status sees it, the SVC-AN answers",
    async () => {
      // the issuer reaches the double under its own label, where its status service is its own
      const [issuer] = await call("PUT", `/company/invoice/${setup.issuer.IDCompanyInvoice}`, {
        NFeBaseUrl: base,
      });
      check(issuer.NFeBaseUrl === base, `NFeBaseUrl ${issuer.NFeBaseUrl}`);
      const control = await fetch(`${sefaz.base}/_control/${cnpj}`, {
        method: "PUT",
        body: JSON.stringify({ tpAmb: sefaz.tpAmb, outages: { normal: "109" }, keepMemory: true }),
      });
      check(control.status === 204, `authorizer double control answered ${control.status}`);
      const status = await call("GET", `/nfe/status?IDCompanyInvoice=${setup.issuer.IDCompanyInvoice}`);
      const normal = status.Authorizers.find((a) => a.Role === "NFe");
      const svc = status.Authorizers.find((a) => a.Role === "SVC");
      check(
        normal?.cStat === 109 && normal.Stopped === true && svc?.cStat === 107,
        `status ${JSON.stringify(status)}`,
      );
      for (const a of status.Authorizers)
        ok(
          `${a.Role} authorizer ${a.Authorizer} (model ${a.Model}): ${a.cStat} ${a.xMotivo}, asked at ${a.AskedAt} UTC`,
        );
    },
  );

  await stepOf(
    "NF-e: an order issued while SP is stopped goes through SVC-AN (tpEmis 6, dhCont, xJust): the company in contingency, nfe.contingency",
    async () => {
      const order = await call("POST", "/orders", {
        IDWarehouse: warehouseId,
        IDConsumer: setup.consumer.IDConsumer,
        IDTypeOrder: setup.type.IDTypeOrder,
        IDStatusOrder: 3,
        Items: [{ IDSku: setup.sku.IDSku, Quantity: 2, UnitPrice: 35, ReverseTaxCalculation: 1 }],
        Payments: [{ IDTypePayment: setup.paymentType.IDTypePayment, Installments: 1, Value: 70 }],
      });
      const answer = await call("POST", `/orders/${order.IDOrder}/nfe`, undefined, { expect: 202 });
      const [issued] = answer.NFes;
      ok(
        `order ${order.IDOrder} issued: NF-e ${issued.IDNFe} number ${issued.Number}, key numbered ${issued.Key}`,
      );
      const current = await noteUntil(call, check, issued, "Authorized");
      check(
        current.Status === "Authorized" && current.EmissionType === 6 && current.Key.charAt(34) === "6",
        `NF-e ${issued.IDNFe}: ${current.Status} tpEmis ${current.EmissionType} (${current.cStat} ${current.xMotivo})`,
      );
      ok(
        `NF-e ${current.IDNFe}: ${current.Status} by SVC-AN (EmissionType ${current.EmissionType}), SEFAZ: ${current.cStat} ${current.xMotivo}, protocol ${current.Protocol}, new key ${current.Key}`,
      );
      const [company] = await call("GET", `/company/invoice/${setup.issuer.IDCompanyInvoice}`);
      check(company.ContingencyMode === "SVC-AN", `invoicing company ${JSON.stringify(company)}`);
      ok(
        `invoicing company ${company.IDCompanyInvoice}: ContingencyMode ${company.ContingencyMode} since ${company.ContingencySince} ("${company.ContingencyReason}")`,
      );
      const xml = (await download(`/nfe/${current.IDNFe}/xml`)).toString("utf8");
      check(
        xml.includes("<tpEmis>6</tpEmis>") && xml.includes(`<dhCont>${company.ContingencySince}</dhCont>`),
        `the nfeProc lacks tpEmis 6 / dhCont: ${xml.slice(0, 300)}`,
      );
      ok("nfeProc: <tpEmis>6</tpEmis> with dhCont and xJust of the contingency");
      // SP comes back: the next poll of its status service (at most every 3 minutes) leaves SVC
      await fetch(`${sefaz.base}/_control/${cnpj}`, {
        method: "PUT",
        body: JSON.stringify({ tpAmb: sefaz.tpAmb, outages: { normal: null }, keepMemory: true }),
      });
      ok(
        "SP back (the double answers 107): the company leaves SVC at the next status poll (at most 3 minutes)",
      );
    },
  );

  // NFC-e (issue 42): counter sales of a store-front order type, the QR code, offline contingency
  const setOutage = async (outage) => {
    const control = await fetch(`${sefaz.base}/_control/${cnpj}`, {
      method: "PUT",
      body: JSON.stringify({ tpAmb: sefaz.tpAmb, outages: { normal: outage }, keepMemory: true }),
    });
    check(control.status === 204, `authorizer double control answered ${control.status}`);
  };
  const counter = await stepOf(
    "NFC-e: a counter sale (store-front order type) paid in cash at the cashier, R$ 50.00 for R$ 35.00, issued as NFC-e (model 65): authorized with its QR code and the change in vTroco",
    async () => {
      const company = await call("GET", "/company");
      check(
        String(company.SefazAmbienteNFC ?? 2) === sefaz.tpAmb,
        `the company's SefazAmbienteNFC (${company.SefazAmbienteNFC}) is not its SefazAmbienteNF (${sefaz.tpAmb}): the double answers one tpAmb per issuer`,
      );
      const [issuer] = await call("PUT", `/company/invoice/${setup.issuer.IDCompanyInvoice}`, {
        NFCeSeries: 1,
        NFCeNextNumber: 1,
        NFCeOfflineContingency: 1,
      });
      check(issuer.NFCeOfflineContingency === 1, `invoicing company ${JSON.stringify(issuer)}`);
      ok(
        `invoicing company ${issuer.IDCompanyInvoice}: NFC-e series ${issuer.NFCeSeries} from number ${issuer.NFCeNextNumber}, offline contingency on (no CSC: SP takes the QR code version 3)`,
      );
      const [type] = await call("POST", "/type/order/type", {
        Description: `Balcão NFC-e ${run}`,
        Companies: [issuer.IDCompanyInvoice],
        CFOPInState: "5102",
        CFOPOutOfState: "6102",
        NatOp: "Venda ao consumidor",
        EnabledPOS: 1,
      });
      const [cash] = await call("POST", "/type/order/payment", { Description: `Dinheiro NFC-e ${run}` });
      await call("PUT", `/type/order/payment/${cash.IDTypePayment}/rate`, [
        { Installments: 1, FirstDueDays: 0, IntervalDays: 30, NfTPag: "01" },
      ]);
      const accounts = await call("POST", "/accounts/bank-account", {
        Bank: "Caixa da loja",
        BankNumber: "001",
        Agency: "0001",
        AccountNumber: `${run}-65`,
        IDCompanyInvoice: issuer.IDCompanyInvoice,
      });
      const account = accounts.find((a) => a.AccountNumber === `${run}-65`);
      check(account, `bank account ${run}-65 missing from ${JSON.stringify(accounts)}`);
      await call("POST", `/store-front/cashier/${account.IDBankAccount}/open`);
      ok(
        `order type ${type.IDTypeOrder} "${type.Description}" (EnabledPOS ${type.EnabledPOS}), cash payment type ${cash.IDTypePayment} (tPag 01), cashier open on account ${account.IDBankAccount}`,
      );
      const sale = () =>
        call("POST", "/orders", {
          IDWarehouse: warehouseId,
          IDTypeOrder: type.IDTypeOrder,
          IDStatusOrder: 3,
          Items: [{ IDSku: setup.sku.IDSku, Quantity: 1, UnitPrice: 35, ReverseTaxCalculation: 1 }],
          Payments: [{ IDTypePayment: cash.IDTypePayment, Installments: 1, Value: 35 }],
        });
      const order = await sale();
      const [received] = await call("POST", `/store-front/cashier/${account.IDBankAccount}/cash`, {
        IDAccountReceivable: order.Payments[0].IDAccountPayableReceivable,
        Value: 35,
        CashReceived: 50,
      });
      check(
        received.Change === 15 && received.OpenValue === 0,
        `cash at the cashier ${JSON.stringify(received)}`,
      );
      ok(
        `order ${order.IDOrder}: 1 x ERVA-NFE-${run} @ 35.00, no consumer; cash at the cashier: ${money(received.CashReceived)} handed over, change ${money(received.Change)}`,
      );
      const answer = await call("POST", `/orders/${order.IDOrder}/nfe`, undefined, { expect: 202 });
      const [issued] = answer.NFes;
      check(issued?.Key?.slice(20, 22) === "65", `issue answered ${JSON.stringify(answer)}`);
      const current = await noteUntil(call, check, issued, "Authorized");
      check(
        current.Status === "Authorized" && current.Model === 65 && current.cStat === 100,
        `NFC-e ${issued.IDNFe} still ${current.Status} (${current.cStat} ${current.xMotivo})`,
      );
      ok(
        `NFC-e ${current.IDNFe} number ${current.Number} series ${current.Series}: ${current.Status}, SEFAZ: ${current.cStat} ${current.xMotivo}, protocol ${current.Protocol}`,
      );
      const xml = (await download(`/nfe/${current.IDNFe}/xml`)).toString("utf8");
      const qrCode = /<qrCode>([^<]*)<\/qrCode>/.exec(xml)?.[1];
      const urlChave = /<urlChave>([^<]*)<\/urlChave>/.exec(xml)?.[1];
      check(
        qrCode?.endsWith(`?p=${current.Key}|3|${sefaz.tpAmb}`) && urlChave,
        `the NFC-e lacks its QR code v3 / urlChave: ${xml.slice(0, 300)}`,
      );
      check(
        xml.includes("<tPag>01</tPag><vPag>50.00</vPag></detPag><vTroco>15.00</vTroco>"),
        "the NFC-e's pag lacks the cash of 50.00 and vTroco 15.00",
      );
      ok(`QR code (version 3): ${qrCode}`);
      ok(`urlChave: ${urlChave}; pag: tPag 01, vPag 50.00, vTroco 15.00`);
      const order6 = await call("GET", `/orders/${order.IDOrder}`);
      check(order6.IDStatusOrder === 6, `order status ${order6.IDStatusOrder}, expected 6`);
      return { note: current, urlChave, sale, type };
    },
  );

  await stepOf(
    "NFC-e: the DANFE NFC-e (GET /nfe/{id}/danfe): an 80 mm PDF with the QR code, the key and where to consult it",
    async () => {
      const pdf = await download(`/nfe/${counter.note.IDNFe}/danfe`);
      check(pdf.subarray(0, 5).toString("latin1") === "%PDF-", "the DANFE NFC-e is not a PDF");
      const { texts, rectangles, width } = pdfContent(pdf);
      const keyGroups = counter.note.Key.match(/.{4}/g).join(" ");
      check(Math.abs(Number(width) - 226.77) < 0.5, `the page is ${width} pt wide, not 80 mm`);
      check(
        texts.includes("DANFE NFC-e") && texts.includes(counter.urlChave) && texts.includes(keyGroups),
        `the DANFE NFC-e lacks its title, urlChave or key: ${texts.slice(0, 300)}`,
      );
      check(rectangles >= 100, `the DANFE NFC-e draws ${rectangles} rectangles: no QR code`);
      const dir = join(tmpdir(), `demo-nfe-${run}`);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${counter.note.Key}-danfe-nfce.pdf`);
      writeFileSync(path, pdf);
      ok(`DANFE NFC-e: ${pdf.length} bytes of PDF, ${width} pt wide (80 mm) -> ${path}`);
      ok(
        `it shows "Consulte pela Chave de Acesso em ${counter.urlChave}", the key ${keyGroups} and the QR code (${rectangles} rectangles drawn)`,
      );
    },
  );

  const offline = await stepOf(
    "NFC-e: SEFAZ's NFC-e authorizer stops (the double closes every connection): the next counter sale is issued offline at once (tpEmis 9), the goods leave",
    async () => {
      await setOutage("stop");
      ok(
        "the double now closes every connection of this issuer: no answer from NFeAutorizacao4 nor NFeConsultaProtocolo4",
      );
      const order = await counter.sale();
      const answer = await call("POST", `/orders/${order.IDOrder}/nfe`, undefined, { expect: 202 });
      const [issued] = answer.NFes;
      const current = await noteUntil(call, check, issued, "Offline");
      check(
        current.Status === "Offline" && current.EmissionType === 9 && current.Key.charAt(34) === "9",
        `NFC-e ${issued.IDNFe}: ${current.Status} tpEmis ${current.EmissionType} (${current.cStat} ${current.xMotivo})`,
      );
      ok(`NFC-e ${current.IDNFe} number ${current.Number}: ${current.Status}, "${current.xMotivo}"`);
      ok(`key numbered online ${issued.Key}, signed again offline: ${current.Key} (tpEmis 9)`);
      const order6 = await call("GET", `/orders/${order.IDOrder}`);
      check(order6.IDStatusOrder === 6, `order status ${order6.IDStatusOrder}, expected 6`);
      const { texts } = pdfContent(await download(`/nfe/${current.IDNFe}/danfe`));
      check(texts.includes("EMITIDA EM CONTING"), `the offline DANFE lacks "EMITIDA EM CONTINGÊNCIA"`);
      ok(
        `order ${order.IDOrder} "${order6.StatusOrder}" (status 6): the sale goes on; the DANFE NFC-e says "EMITIDA EM CONTINGÊNCIA"`,
      );
      return current;
    },
  );

  await stepOf(
    "NFC-e: the authorizer back: the shop asks for the offline note now, the job transmits it (the online key consulted first), authorized with its tpEmis 9 key",
    async () => {
      await setOutage(null);
      // the job would try it at its next minute; POST /nfe/{id}/transmit makes it due now and wakes the job
      const asked = await call("POST", `/nfe/${offline.IDNFe}/transmit`, undefined, { expect: 202 });
      check(
        ["Offline", "Authorized"].includes(asked.Status) && asked.Key === offline.Key,
        `POST /nfe/${offline.IDNFe}/transmit answered ${asked.Status} ${asked.Key}`,
      );
      ok(
        `the double answers again; POST /nfe/${offline.IDNFe}/transmit: 202, ${asked.Status} (RetryAt ${asked.RetryAt}), instead of the job's try once a minute`,
      );
      // well within the job's own next try (a minute after the last): the route did it
      const current = await noteUntil(call, check, offline, "Authorized", 30_000);
      check(
        current.Status === "Authorized" && current.Key === offline.Key && current.EmissionType === 9,
        `NFC-e ${offline.IDNFe} still ${current.Status} (${current.cStat} ${current.xMotivo})`,
      );
      ok(
        `NFC-e ${current.IDNFe}: ${current.Status}, SEFAZ: ${current.cStat} ${current.xMotivo}, protocol ${current.Protocol}, key ${current.Key}`,
      );
      sefaz.child.kill();
    },
  );
}
