// The whole mission, end to end, against a running API (`npm start`): sign in, bank accounts, a
// supplier and a consumer with their titles, a transfer, a conciliation rule, an OFX statement through
// the two-step upload, the import job, the lines the rule reconciled, a line reconciled by hand and
// undone, the balances; a webhook receiver on this machine gets the bank-import event and verifies its
// signature with the README's example code (`scripts/lib/verify-webhook.mjs`); the stock ledger; an
// order from reservation to invoicing, its receivable paid by an imported OFX line through a rule; a
// supplier's NF-e XML imported as a purchase, checked in, its payable paid by an imported OFX debit
// through a rule; an order issued as an NF-e through SEFAZ's authorizer (the project's double), its
// DANFE and XML downloaded, corrected by a CC-e and cancelled (scripts/lib/demo-nfe.mjs). Every step
// checks the answer; the first that fails ends the script with exit 1.
//
//   npm run demo                              # against http://demo.localhost:8787 (the `demo` account)
//   PORT=8788 npm run demo                    # the server of `PORT=8788 npm start`
//   API_URL=http://demo.localhost:8788 npm run demo   # any address (http://127.0.0.1:8787 serves `demo` too)
//
// `*.localhost` is reached on any machine, also where Node's resolver does not know it: the calls go
// to 127.0.0.1 with the account's Host (scripts/lib/local-fetch.mjs). When nothing answers, the demo
// says how to start the API and exits with 1.
//
// Each run creates its own accounts, partners and titles (names carry a run number), so it can run
// again and again on the same database.

import { createServer } from "node:http";
import { ApiCallError, apiClient } from "./lib/api-client.mjs";
import { apiBaseFromEnv, CannotReach, localFetch, startAdvice } from "./lib/local-fetch.mjs";
import { verifyWebhook } from "./lib/verify-webhook.mjs";

const BASE = apiBaseFromEnv();
const API = `${BASE}/1.0`;
const EMAIL = process.env.DEMO_EMAIL ?? "admin@demo.local";
const PASSWORD = process.env.DEMO_PASSWORD ?? "demo123";
const JOB_TIMEOUT_MS = Number(process.env.DEMO_JOB_TIMEOUT_MS ?? 60_000);

/** What the OFX import must report for the file this script builds (see `statementLines`). */
const EXPECTED_IMPORT = { imported: 3, duplicate: 0, autoReconciled: 1, pending: 2 };

const run = String(Date.now()).slice(-7);
const money = (value) => Number(value).toFixed(2);
let step = 0;
let token = null;

class StepFailure extends Error {}

function check(condition, message) {
  if (!condition) throw new StepFailure(message);
}

function ok(message) {
  console.log(`   ✓ ${message}`);
}

async function stepOf(title, action) {
  step += 1;
  console.log(`\n${step}. ${title}`);
  try {
    return await action();
  } catch (error) {
    if (error instanceof CannotReach) {
      console.error(`   ✗ the API stopped answering: ${error.message}`);
      console.error(`\n${startAdvice(BASE)}\n\nDemo stopped at step ${step} (${title}).`);
      process.exit(1);
    }
    console.error(`   ✗ ${error instanceof StepFailure ? error.message : error.stack}`);
    console.error(`\nDemo stopped at step ${step} (${title}).`);
    process.exit(1);
  }
}

const api = apiClient(API, { fetch: localFetch });

/** One call to the API; anything but the expected status is a failure that names the call. */
async function call(method, path, body, { expect = 200 } = {}) {
  try {
    return await api.call(method, path, body, { expect, token });
  } catch (error) {
    if (error instanceof ApiCallError) throw new StepFailure(`${error.message} (expected ${expect})`);
    throw error;
  }
}

/** Today in the company's time zone, as the API computes it. */
function todayIn(timeZone) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

/** The bank statement the "bank" sends: one debit the rule settles, one credit and one fee left pending. */
function statementLines(date, rent, sale) {
  return [
    { fitId: `${run}-1`, amount: -rent, memo: "PAGTO ALUGUEL MAIO IMOBILIARIA", type: "DEBIT" },
    { fitId: `${run}-2`, amount: sale, memo: "PIX RECEBIDO MARIA SILVA", type: "CREDIT" },
    { fitId: `${run}-3`, amount: -12.9, memo: "TARIFA PACOTE SERVICOS", type: "DEBIT" },
  ].map((line) => ({ ...line, date }));
}

/** An OFX 1.x (SGML) statement of the account, as Brazilian banks send them (CP1252 header, BRT offset). */
function ofxOf(account, lines) {
  const stamp = (date) => `${date.replaceAll("-", "")}120000[-3:BRT]`;
  const transactions = lines
    .map((line) =>
      [
        "<STMTTRN>",
        `<TRNTYPE>${line.type}`,
        `<DTPOSTED>${stamp(line.date)}`,
        `<TRNAMT>${money(line.amount)}`,
        `<FITID>${line.fitId}`,
        `<MEMO>${line.memo}`,
        "</STMTTRN>",
      ].join("\n"),
    )
    .join("\n");
  const date = stamp(lines[0].date);
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${date}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>${account.BankNumber}
<BRANCHID>${account.Agency}
<ACCTID>${account.AccountNumber}
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>${date}
<DTEND>${date}
${transactions}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>0.00<DTASOF>${date}</LEDGERBAL>
</STMTRS>
</STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
}

/** GTIN-13 from its first 12 digits: weights 1 and 3 from the left, the check digit completes 10. */
function gtin13(digits12) {
  const sum = [...digits12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits12 + ((10 - (sum % 10)) % 10);
}

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

/**
 * The NF-e access key (chave de acesso): UF, AAMM of issue, issuer CNPJ, model 55, series, number,
 * emission type 1, the 8-digit cNF and the modulus 11 check digit (weights 2..9 from the right).
 */
function accessKeyOf({ uf, issuedAt, issuerCnpj, series, number, code }) {
  const body = `${uf}${issuedAt.slice(2, 4)}${issuedAt.slice(5, 7)}${issuerCnpj}55${String(series).padStart(3, "0")}${String(number).padStart(9, "0")}1${code}`;
  const sum = [...body].reverse().reduce((total, d, i) => total + Number(d) * (2 + (i % 8)), 0);
  const rest = sum % 11;
  return body + (rest < 2 ? 0 : 11 - rest);
}

/**
 * The supplier's NF-e (layout 4.00, `nfeProc` with its authorization protocol), built from the
 * public layout: one `det` per item (ICMS 18%, IPI not taxed, PIS 1.65%, COFINS 7.6%), the totals,
 * one `cobr/dup` installment for the whole note. Amounts are cents here.
 */
function nfeOf({ issuerCnpj, issuerName, recipientCnpj, number, issuedAt, dueDate, items }) {
  const uf = "35";
  const key = accessKeyOf({
    uf,
    issuedAt,
    issuerCnpj,
    series: 1,
    number,
    code: String(number % 1e8).padStart(8, "0"),
  });
  const text = (c) => (c / 100).toFixed(2);
  const pct = (value, rate) => Math.round((value * rate) / 100);
  const tax = { icms: 0, pis: 0, cofins: 0, prod: 0 };
  const dets = items.map((item, i) => {
    const value = item.quantity * item.unitCents;
    const [icms, pis, cofins] = [pct(value, 18), pct(value, 1.65), pct(value, 7.6)];
    tax.prod += value;
    tax.icms += icms;
    tax.pis += pis;
    tax.cofins += cofins;
    return (
      `<det nItem="${i + 1}"><prod><cProd>${item.code}</cProd><cEAN>${item.ean}</cEAN><xProd>${item.name}</xProd>` +
      `<NCM>${item.ncm}</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>${item.quantity}.0000</qCom>` +
      `<vUnCom>${text(item.unitCents)}</vUnCom><vProd>${text(value)}</vProd><cEANTrib>${item.ean}</cEANTrib>` +
      `<uTrib>UN</uTrib><qTrib>${item.quantity}.0000</qTrib><vUnTrib>${text(item.unitCents)}</vUnTrib><indTot>1</indTot></prod>` +
      `<imposto><ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>${text(value)}</vBC><pICMS>18.00</pICMS>` +
      `<vICMS>${text(icms)}</vICMS></ICMS00></ICMS><IPI><cEnq>999</cEnq><IPINT><CST>53</CST></IPINT></IPI>` +
      `<PIS><PISAliq><CST>01</CST><vBC>${text(value)}</vBC><pPIS>1.65</pPIS><vPIS>${text(pis)}</vPIS></PISAliq></PIS>` +
      `<COFINS><COFINSAliq><CST>01</CST><vBC>${text(value)}</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>${text(cofins)}</vCOFINS></COFINSAliq></COFINS>` +
      "</imposto></det>"
    );
  });
  const address = (street) =>
    `<xLgr>${street}</xLgr><nro>10</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>Sao Paulo</xMun><UF>SP</UF><CEP>01001000</CEP><cPais>1058</cPais><xPais>BRASIL</xPais>`;
  const infNFe =
    `<infNFe Id="NFe${key}" versao="4.00"><ide><cUF>${uf}</cUF><cNF>${key.slice(35, 43)}</cNF><natOp>VENDA DE MERCADORIA</natOp>` +
    `<mod>55</mod><serie>1</serie><nNF>${number}</nNF><dhEmi>${issuedAt}</dhEmi><tpNF>1</tpNF><idDest>1</idDest>` +
    `<cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${key.slice(43)}</cDV><tpAmb>2</tpAmb>` +
    "<finNFe>1</finNFe><indFinal>0</indFinal><indPres>0</indPres><procEmi>0</procEmi><verProc>demo-1.0</verProc></ide>" +
    `<emit><CNPJ>${issuerCnpj}</CNPJ><xNome>${issuerName}</xNome><enderEmit>${address("Rua do Fornecedor")}</enderEmit>` +
    "<IE>111222333444</IE><CRT>3</CRT></emit>" +
    `<dest><CNPJ>${recipientCnpj}</CNPJ><xNome>Demo Comercio Ltda</xNome><enderDest>${address("Avenida da Loja")}</enderDest>` +
    "<indIEDest>1</indIEDest><IE>555666777888</IE></dest>" +
    dets.join("") +
    `<total><ICMSTot><vBC>${text(tax.prod)}</vBC><vICMS>${text(tax.icms)}</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP>` +
    "<vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet>" +
    `<vProd>${text(tax.prod)}</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII>` +
    `<vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>${text(tax.pis)}</vPIS><vCOFINS>${text(tax.cofins)}</vCOFINS>` +
    `<vOutro>0.00</vOutro><vNF>${text(tax.prod)}</vNF></ICMSTot></total><transp><modFrete>0</modFrete></transp>` +
    `<cobr><fat><nFat>${number}</nFat><vOrig>${text(tax.prod)}</vOrig><vDesc>0.00</vDesc><vLiq>${text(tax.prod)}</vLiq></fat>` +
    `<dup><nDup>001</nDup><dVenc>${dueDate}</dVenc><vDup>${text(tax.prod)}</vDup></dup></cobr>` +
    `<pag><detPag><indPag>1</indPag><tPag>15</tPag><vPag>${text(tax.prod)}</vPag></detPag></pag></infNFe>`;
  const signature =
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>' +
    `<Reference URI="#NFe${key}"><DigestValue>ZGVtby1kaWdlc3Q=</DigestValue></Reference></SignedInfo>` +
    "<SignatureValue>ZGVtby1zaWduYXR1cmU=</SignatureValue></Signature>";
  const protocol =
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>` +
    `<dhRecbto>${issuedAt}</dhRecbto><nProt>135${String(number).padStart(12, "0")}</nProt><digVal>ZGVtby1kaWdlc3Q=</digVal>` +
    "<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>";
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe xmlns="http://www.portalfiscal.inf.br/nfe">${infNFe}${signature}</NFe>${protocol}</nfeProc>\n`;
  return { key, xml, totalCents: tax.prod };
}

/** The two-step upload of `POST /job`: RequestUploadUrl, PUT to the signed URL, ConfirmUpload. */
async function uploadFile(params, fileName, contentType, bytes) {
  const slot = await call("POST", "/job", {
    Action: "RequestUploadUrl",
    ...params,
    FileName: fileName,
    ContentType: contentType,
    SizeBytes: bytes.byteLength,
  });
  check(
    slot?.UploadUrl && slot.Key && slot.Method === "PUT",
    `RequestUploadUrl answered ${JSON.stringify(slot)}`,
  );
  ok(`RequestUploadUrl: Key ${slot.Key}, valid for ${slot.ExpiresIn} s`);
  const headers = Object.fromEntries(
    Object.entries(slot.Headers ?? {}).filter(([name]) => name.toLowerCase() !== "content-length"),
  );
  const put = await localFetch(slot.UploadUrl, { method: slot.Method, headers, body: bytes });
  check(put.status === 200, `PUT ${slot.UploadUrl} answered ${put.status}: ${await put.text()}`);
  ok(`PUT ${bytes.byteLength} bytes to the signed URL`);
  const job = await call("POST", "/job", { Action: "ConfirmUpload", Key: slot.Key });
  check(Number.isInteger(job?.IDJob), `ConfirmUpload answered ${JSON.stringify(job)}`);
  ok(`ConfirmUpload: job ${job.IDJob} (${job.Message})`);
  return job.IDJob;
}

const uploadStatement = (bankAccountId, fileName, bytes) =>
  uploadFile(
    { Type: "BankStatementOFX", IDBankAccount: bankAccountId },
    fileName,
    "application/x-ofx",
    bytes,
  );

/** Polls an import job until it ends; it must be Done with the `expected` counts of its Result. */
async function watchJob(jobId, type, expected) {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  let job;
  let last = "";
  do {
    job = await call("GET", `/job/${jobId}`);
    const progress = `${job.Status} ${job.Processed}/${job.Total}`;
    if (progress !== last) ok(`job ${jobId}: ${progress}`);
    last = progress;
    if (job.Status === "Done" || job.Status === "Failed") break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  } while (Date.now() < deadline);
  const what = {
    BankStatementOFX: "OFX import",
    NFeXML: "NF-e import",
    HubOrderPull: "channel pull",
    BankReturnCNAB: "bank return import",
    OpenFinanceSync: "Open Finance sync",
  }[type];
  const expectation = `the ${what} job (Type ${type}) to end Done with Result ${JSON.stringify(expected)}`;
  check(
    job.Status === "Done",
    `expected ${expectation}; it is ${job.Status}${job.FailureReason ? `: ${job.FailureReason}` : ""}`,
  );
  const result = Object.fromEntries(Object.keys(expected).map((key) => [key, job.Result?.[key]]));
  check(
    JSON.stringify(result) === JSON.stringify(expected),
    `expected ${expectation}; got Result ${JSON.stringify(job.Result)}, Errors ${JSON.stringify(job.Errors)}`,
  );
  ok(`Result ${JSON.stringify(job.Result)}`);
  return job;
}

const watchImport = (jobId, expected) => watchJob(jobId, "BankStatementOFX", expected);

const findBy = (list, field, value) => list.find((item) => item[field] === value);

console.log(`Finance and commerce back-office API demo against ${API}`);

// A server that is not there is said once, with how to start it, and no stack trace.
try {
  await localFetch(`${BASE}/`, { method: "HEAD" });
} catch (error) {
  if (!(error instanceof CannotReach)) throw error;
  console.error(`\n${startAdvice(BASE)}`);
  process.exit(1);
}

const company = await stepOf(`Sign in as ${EMAIL}`, async () => {
  const session = await call("POST", "/user/signin/local", { Email: EMAIL, Password: PASSWORD });
  check(typeof session?.Token === "string", "no Token in the sign-in answer");
  token = session.Token;
  ok(
    `token for ${session.Name} (IDUser ${session.IDUser}), company ${session.IDCompany}, valid ${session.ExpiresIn} s`,
  );
  const company = await call("GET", "/company");
  ok(`company "${company.Name}", time zone ${company.TimeZone}`);
  return company;
});
const today = todayIn(company.TimeZone);

const [checking, savings] = await stepOf(
  "Create two bank accounts (with Agency and AccountNumber)",
  async () => {
    const created = [];
    for (const account of [
      { Bank: "Banco do Brasil", BankNumber: "001", Agency: "1234-5", AccountNumber: `${run}-7` },
      { Bank: "Banco Inter", BankNumber: "077", Agency: "0001", AccountNumber: `${run}-3` },
    ]) {
      const list = await call("POST", "/accounts/bank-account", { ...account, IDCompanyInvoice: 1 });
      const item = findBy(list, "AccountNumber", account.AccountNumber);
      check(item && item.Balance === 0, `account ${account.AccountNumber} missing from the refreshed list`);
      ok(`IDBankAccount ${item.IDBankAccount}: ${item.Bank} ag. ${item.Agency} c/c ${item.AccountNumber}`);
      created.push(item);
    }
    return created;
  },
);

const { supplier, consumer } = await stepOf("Create a supplier and a consumer", async () => {
  const [supplier] = await call("POST", "/supplier", { Name: `Imobiliária Centro ${run}` });
  check(supplier?.IDSupplier, "no IDSupplier");
  ok(`IDSupplier ${supplier.IDSupplier}: ${supplier.Name}`);
  const [consumer] = await call("POST", "/consumer", { Name: `Maria Silva ${run}` });
  check(consumer?.IDConsumer, "no IDConsumer");
  ok(`IDConsumer ${consumer.IDConsumer}: ${consumer.Name}`);
  return { supplier, consumer };
});

const RENT = 1500;
const SALE = 250.5;
const { payable, receivable } = await stepOf(
  "Create a title payable and a title receivable, due today",
  async () => {
    const payable = await call("POST", "/accounts/payable", {
      Description: `Aluguel ${run}`,
      Value: RENT,
      DueDate: today,
      IDSupplier: supplier.IDSupplier,
      IDBankAccount: checking.IDBankAccount,
    });
    check(payable.OpenValue === RENT, `payable open value ${payable.OpenValue}`);
    ok(
      `payable ${payable.IDAccountPayableReceivable}: ${payable.Description}, ${money(RENT)} due ${payable.DueDate}`,
    );
    const receivable = await call("POST", "/accounts/receivable", {
      Description: `Venda ${run}`,
      Value: SALE,
      DueDate: today,
      IDConsumer: consumer.IDConsumer,
      IDBankAccount: checking.IDBankAccount,
    });
    check(receivable.OpenValue === SALE, `receivable open value ${receivable.OpenValue}`);
    ok(
      `receivable ${receivable.IDAccountPayableReceivable}: ${receivable.Description}, ${money(SALE)} due ${receivable.DueDate}`,
    );
    return { payable, receivable };
  },
);

await stepOf("Transfer 300.00 between the accounts", async () => {
  const transfer = await call("POST", "/accounts/bank-statement/transfer", {
    IDBankFrom: checking.IDBankAccount,
    IDBankTo: savings.IDBankAccount,
    Value: 300,
    Description: "Reforço de caixa",
  });
  check(transfer.Debit?.IDBankAccount === checking.IDBankAccount, "debit leg not on the origin account");
  check(
    transfer.Credit?.IDBankAccount === savings.IDBankAccount,
    "credit leg not on the destination account",
  );
  ok(
    `transfer ${transfer.IDBankStatementTransfer}: "${transfer.Debit.Description}" / "${transfer.Credit.Description}"`,
  );
});

const rule = await stepOf(
  'Create a conciliation rule: debits with "ALUGUEL" settle the supplier\'s title',
  async () => {
    const [rule] = await call("POST", "/accounts/bank-statement/conciliation-rule", {
      IDBankAccount: checking.IDBankAccount,
      IDTypeRule: 1,
      IDTypeAccount: 1,
      Description: "ALUGUEL",
      IDSupplier: supplier.IDSupplier,
    });
    check(rule?.IDBankStatementConciliationRule, "no rule in the answer");
    ok(`rule ${rule.IDBankStatementConciliationRule} on account ${rule.IDBankAccount}`);
    return rule;
  },
);

/** A webhook receiver on this machine (the API allows loopback URLs in development). */
function startReceiver() {
  const received = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, received, url: `http://127.0.0.1:${server.address().port}/webhook` }),
    ),
  );
}

const webhook = await stepOf(
  "Webhook: a receiver on this machine subscribes to bank_file.imported",
  async () => {
    const receiver = await startReceiver();
    const [created] = await call("POST", "/webhook", {
      Url: receiver.url,
      Description: `Demo ${run}`,
      Events: ["bank_file.imported"],
    });
    check(created.Secret?.startsWith("whsec_"), "the webhook's secret is shown once, on creation");
    ok(
      `webhook ${created.IDWebhook} -> ${created.Url}, secret ${created.Secret.slice(0, 10)}… (shown only now)`,
    );
    return { ...receiver, id: created.IDWebhook, secret: created.Secret };
  },
);

const lines = statementLines(today, RENT, SALE);
const ofx = new TextEncoder().encode(ofxOf(checking, lines));
const jobId = await stepOf(
  "Upload the bank's OFX statement (RequestUploadUrl → PUT → ConfirmUpload)",
  async () => {
    for (const line of lines) ok(`file line ${line.date} ${money(line.amount).padStart(9)}  ${line.memo}`);
    return uploadStatement(checking.IDBankAccount, `extrato-${run}.ofx`, ofx);
  },
);

await stepOf("Watch the import job until Done (auto-reconciliation by the rules)", () =>
  watchImport(jobId, EXPECTED_IMPORT),
);

await stepOf(
  "Webhook: the bank-import event arrives, its signature verified with the code of docs/WEBHOOKS.md",
  async () => {
    const deadline = Date.now() + JOB_TIMEOUT_MS;
    const ofJob = () =>
      webhook.received.find((r) => {
        const body = JSON.parse(r.body);
        return body.Type === "bank_file.imported" && body.Data?.IDJob === jobId;
      });
    while (!ofJob() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const delivery = ofJob();
    webhook.server.close();
    check(delivery, `no bank_file.imported delivery for job ${jobId} reached ${webhook.url}`);
    check(
      verifyWebhook(webhook.secret, delivery.headers["x-signature"], delivery.body),
      `X-Signature ${delivery.headers["x-signature"]} does not verify with the webhook's secret`,
    );
    const event = JSON.parse(delivery.body);
    ok(
      `X-Event-Id ${delivery.headers["x-event-id"]}, X-Signature ${delivery.headers["x-signature"].slice(0, 30)}… verified`,
    );
    ok(`Data ${JSON.stringify(event.Data)}`);
    let log;
    do {
      [log] = await call("GET", `/webhook-delivery?IDWebhook=${webhook.id}`);
      if (log?.Status === "Delivered") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } while (Date.now() < deadline);
    check(log?.Status === "Delivered", `delivery log says ${log?.Status}, expected Delivered`);
    ok(`delivery log: ${log.Status}, ${log.Attempts} attempt(s), response ${log.LastResponseCode}`);
    await call("DELETE", `/webhook/${webhook.id}`);
  },
);

const statement = await stepOf(
  "Show the imported lines (GET /accounts/bank-statement?Source=2)",
  async () => {
    const statement = await call(
      "GET",
      `/accounts/bank-statement?Source=2&IDBankAccount=${checking.IDBankAccount}&DateFrom=${today}`,
    );
    check(
      Array.isArray(statement) && statement.length === lines.length,
      `expected ${lines.length} lines, got ${statement.length}`,
    );
    const names = {
      1: "pendente",
      2: "conciliado automaticamente",
      3: "conciliado manualmente",
      4: "parcial",
    };
    for (const line of statement) {
      ok(
        `line ${line.IDBankStatementConciliation} ${money(line.Value).padStart(9)} ${line.Description.padEnd(32)} ${names[line.IDTypeStatusConciliation]}`,
      );
    }
    const rent = statement.find((line) => line.Description.includes("ALUGUEL"));
    check(
      rent.IDTypeStatusConciliation === 2,
      `the ALUGUEL line is status ${rent.IDTypeStatusConciliation}, expected 2`,
    );
    check(
      rent.IDBankStatementConciliationRule === rule.IDBankStatementConciliationRule,
      `the ALUGUEL line names rule ${rent.IDBankStatementConciliationRule}, expected ${rule.IDBankStatementConciliationRule}`,
    );
    check(
      rent.InternalAccounts.some(
        (entry) => entry.IDAccountPayableReceivable === payable.IDAccountPayableReceivable,
      ),
      "the ALUGUEL line is not linked to the payable's entry",
    );
    const paid = await call("GET", `/accounts/payable/${payable.IDAccountPayableReceivable}`);
    check(paid.OpenValue === 0, `the payable still has ${paid.OpenValue} open`);
    ok(
      `the rule settled payable ${paid.IDAccountPayableReceivable} (${paid.StatusName}) and linked it to line ${rent.IDBankStatementConciliation}`,
    );
    return statement;
  },
);

const saleLine = await stepOf("Reconcile the pending PIX line by hand with the receivable", async () => {
  const line = statement.find((item) => item.Description.includes("PIX RECEBIDO"));
  check(line?.IDTypeStatusConciliation === 1, "the PIX line is not pending");
  const [reconciled] = await call("POST", "/accounts/bank-statement", {
    IDBankStatementConciliation: line.IDBankStatementConciliation,
    IDBankAccount: checking.IDBankAccount,
    Accounts: [{ IDAccountPayableReceivable: receivable.IDAccountPayableReceivable }],
  });
  check(
    reconciled?.IDTypeStatusConciliation === 3,
    `line status ${reconciled?.IDTypeStatusConciliation}, expected 3`,
  );
  check(reconciled.Difference === 0, `difference ${reconciled.Difference}, expected 0`);
  const title = await call("GET", `/accounts/receivable/${receivable.IDAccountPayableReceivable}`);
  check(title.OpenValue === 0, `the receivable still has ${title.OpenValue} open`);
  ok(
    `line ${line.IDBankStatementConciliation} conciliado manualmente; receivable ${title.IDAccountPayableReceivable} ${title.StatusName}`,
  );
  return line;
});

await stepOf("Undo that reconciliation (DELETE /accounts/bank-statement/conciliation/{id})", async () => {
  const undone = await call(
    "DELETE",
    `/accounts/bank-statement/conciliation/${saleLine.IDBankStatementConciliation}`,
  );
  check(
    undone.IDTypeStatusConciliation === 1,
    `line status ${undone.IDTypeStatusConciliation} after undo, expected 1`,
  );
  const title = await call("GET", `/accounts/receivable/${receivable.IDAccountPayableReceivable}`);
  check(title.OpenValue === SALE, `the receivable has ${title.OpenValue} open after undo, expected ${SALE}`);
  ok(
    `line ${undone.IDBankStatementConciliation} pendente again; ${undone.UnlinkedEntries.length} entry unlinked; receivable open again (${money(title.OpenValue)})`,
  );
});

await stepOf("Balances (GET /accounts/bank-account)", async () => {
  const list = await call("GET", "/accounts/bank-account");
  const expected = new Map([
    [checking.IDBankAccount, -300 - RENT],
    [savings.IDBankAccount, 300],
  ]);
  for (const [id, balance] of expected) {
    const account = findBy(list, "IDBankAccount", id);
    check(account, `account ${id} missing`);
    ok(
      `${account.Bank.padEnd(16)} ${account.AccountNumber}: Balance ${money(account.Balance)}, forecast ${money(account.BalanceForecast)}`,
    );
    check(account.Balance === balance, `account ${id} balance ${account.Balance}, expected ${balance}`);
  }
});

// Stock chapter: the ledger that orders, purchases and production will post into.
const stockSku = await stepOf(
  "Stock: a SKU and a second warehouse (POST /sku, POST /warehouse)",
  async () => {
    const [sku] = await call("POST", "/sku", {
      Code: `CAFE-${run}`,
      EAN: "7891234567895",
      Name: "Café torrado 500 g",
      Unit: "UN",
      Cost: 12,
      Price: 24.9,
    });
    const [store] = await call("POST", "/warehouse", { Name: `Loja ${run}` });
    const warehouses = await call("GET", "/warehouse");
    check(warehouses.length >= 2, `${warehouses.length} warehouse(s), expected the seeded one and the store`);
    ok(`SKU ${sku.IDSku} ${sku.Code}; warehouses: ${warehouses.map((w) => w.Name).join(", ")}`);
    return { sku, main: warehouses[0], store };
  },
);

await stepOf("Stock: two inbound adjustments at different costs (moving weighted average)", async () => {
  const { sku, main } = stockSku;
  const adjust = (Quantity, UnitCost) =>
    call("POST", "/sku/movement/adjustment", {
      IDSku: sku.IDSku,
      IDWarehouse: main.IDWarehouse,
      IDTypeMovement: 0,
      Quantity,
      UnitCost,
      Reason: "Recebimento do fornecedor",
    });
  await adjust(10, 12);
  const [second] = await adjust(30, 14);
  check(
    second.AverageCost === 13.5,
    `average ${second.AverageCost}, expected 13.50 = (10 x 12 + 30 x 14) / 40`,
  );
  ok(`40 on stock, average cost ${money(second.AverageCost)}`);
});

await stepOf("Stock: transfer 15 to the store, an outbound refused past the balance", async () => {
  const { sku, main, store } = stockSku;
  const legs = await call("POST", "/sku/movement/transfer", {
    IDSku: sku.IDSku,
    IDWarehouseFrom: main.IDWarehouse,
    IDWarehouseTo: store.IDWarehouse,
    Quantity: 15,
    Reason: "Reposição da loja",
  });
  check(legs.length === 2 && legs[1].UnitCost === 13.5, "the transfer moves at the average cost");
  const refused = await call(
    "POST",
    "/sku/movement/adjustment",
    {
      IDSku: sku.IDSku,
      IDWarehouse: store.IDWarehouse,
      IDTypeMovement: 1,
      Quantity: 16,
      Reason: "Venda balcão",
    },
    { expect: 400 },
  );
  ok(`store has 15; 16 out refused: ${refused.errorMessage}`);
});

await stepOf(
  "Stock: balance, per warehouse, Kardex (GET /sku/balance, /sku/{id}/warehouse, /sku/movement)",
  async () => {
    const { sku } = stockSku;
    const [balance] = await call("GET", `/sku/balance?IDSku=${sku.IDSku}`);
    check(balance.QtyOnStock === 40 && balance.QtyAvailable === 40, `balance ${JSON.stringify(balance)}`);
    const perWarehouse = await call("GET", `/sku/${sku.IDSku}/warehouse`);
    const lines = await call("GET", `/sku/movement?Type=Kardex&IDSku=${sku.IDSku}`);
    check(lines.length === 4, `${lines.length} Kardex lines, expected 4`);
    ok(`on stock ${balance.QtyOnStock}, reserved ${balance.QtyReserved}, available ${balance.QtyAvailable}`);
    for (const w of perWarehouse.filter((w) => w.QtyOnStock !== 0)) ok(`  ${w.Name}: ${w.QtyOnStock}`);
    for (const l of lines) {
      ok(
        `  #${l.IDSkuMovement} ${l.IDTypeMovement === 0 ? "entrada" : "saída  "} ${l.Quantity} @ ${money(l.UnitCost)} -> saldo ${l.QtyBalance} (depósito ${l.IDWarehouse}), custo médio ${money(l.AverageCost)}`,
      );
    }
  },
);

await stepOf("Stock: inventory count of the store, applied once (POST /sku/inventory...)", async () => {
  const { sku, store } = stockSku;
  const inventory = await call("POST", "/sku/inventory", {
    IDWarehouse: store.IDWarehouse,
    Description: "Contagem da loja",
  });
  const id = inventory.IDStockKeepingUnitInventorySummary;
  await call("POST", `/sku/inventory/${id}/items`, { Items: [{ IDSku: sku.IDSku, Quantity: 13 }] });
  const applied = await call("POST", `/sku/inventory/${id}/apply`);
  check(applied.Movements === 1, `${applied.Movements} adjustments, expected 1`);
  const again = await call("POST", `/sku/inventory/${id}/apply`, undefined, { expect: 400 });
  const summary = await call("GET", `/sku/inventory-summary/${id}`);
  check(summary.Items[0].Difference === -2, `difference ${summary.Items[0].Difference}, expected -2`);
  ok(`${applied.Message}; second apply: ${again.errorMessage}`);
});

await stepOf("Stock: pricing from the average cost (POST /sku/pricing/{idsku})", async () => {
  const { sku } = stockSku;
  const priced = await call("POST", `/sku/pricing/${sku.IDSku}`, {
    Markup: 60,
    TaxRate: 18,
    FeeRate: 7,
    UpdateIfPossible: 1,
  });
  check(priced.Updated === 1, `price not written: ${priced.Message}`);
  ok(`cost ${money(priced.Cost)} -> price ${money(priced.Price)} (${priced.Message})`);
});

// Order to cash: an order reserves stock, is invoiced (stock leaves), and its receivable title is
// paid by a line of the bank's OFX statement that a conciliation rule reconciles.
const ORDER_QTY = 3;
const ORDER_TOTAL = 90;
const sale = await stepOf(
  "Orders: a SKU with a tax profile and 20 on stock, a payment type with a rate",
  async () => {
    const [profile] = await call("POST", "/tax/profile", {
      Code: `REVENDA-${run}`,
      Description: "Revenda de mercadorias",
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
    check(profile?.Code === `REVENDA-${run}`, `tax profile answered ${JSON.stringify(profile)}`);
    const [sku] = await call("POST", "/sku", {
      Code: `CHA-${run}`,
      Name: "Chá mate 250 g",
      Unit: "UN",
      TaxProfile: profile.Code,
      Cost: 8,
      Price: 30,
    });
    const warehouse = stockSku.main;
    await call("POST", "/sku/movement/adjustment", {
      IDSku: sku.IDSku,
      IDWarehouse: warehouse.IDWarehouse,
      IDTypeMovement: 0,
      Quantity: 20,
      UnitCost: 8,
      Reason: "Recebimento do fornecedor",
    });
    ok(`SKU ${sku.IDSku} ${sku.Code} (tax profile ${profile.Code}): 20 on stock in ${warehouse.Name}`);
    const [paymentType] = await call("POST", "/type/order/payment", { Description: `PIX ${run}` });
    const rates = await call("PUT", `/type/order/payment/${paymentType.IDTypePayment}/rate`, [
      { Installments: 1, FirstDueDays: 0, IntervalDays: 30, NfTPag: "17" },
    ]);
    check(rates.length === 1 && rates[0].Installments === 1, `rates answered ${JSON.stringify(rates)}`);
    ok(
      `payment type ${paymentType.IDTypePayment} "${paymentType.Description}": 1 installment, due the order day`,
    );
    return { sku, warehouse, paymentType };
  },
);

const skuBalance = async (skuId) => {
  const [balance] = await call("GET", `/sku/balance?IDSku=${skuId}`);
  return balance;
};

const order = await stepOf(
  `Orders: an order of ${ORDER_QTY} reserves stock (status 23), its payment a receivable title`,
  async () => {
    const order = await call("POST", "/orders", {
      IDWarehouse: sale.warehouse.IDWarehouse,
      IDConsumer: consumer.IDConsumer,
      IDStatusOrder: 23,
      Items: [{ IDSku: sale.sku.IDSku, Quantity: ORDER_QTY, UnitPrice: 30, ReverseTaxCalculation: 1 }],
      Payments: [
        {
          IDTypePayment: sale.paymentType.IDTypePayment,
          Installments: 1,
          Value: ORDER_TOTAL,
          IDBankAccount: checking.IDBankAccount,
        },
      ],
    });
    check(order.Total === ORDER_TOTAL, `order total ${order.Total}, expected ${ORDER_TOTAL}`);
    check(order.IDStatusOrder === 23, `order status ${order.IDStatusOrder}, expected 23`);
    const [item] = order.Items;
    check(item.TaxTotal > 0 && item.Value + item.TaxTotal === item.Total, `item ${JSON.stringify(item)}`);
    ok(
      `order ${order.IDOrder} "${order.StatusOrder}": ${item.Quantity} x ${money(item.UnitPrice)}, taxes inside ${money(item.TaxTotal)} (ICMS ${money(item.IcmsValue)}), total ${money(order.Total)}`,
    );
    check(order.Payments.length === 1, `${order.Payments.length} payment titles, expected 1`);
    const [payment] = order.Payments;
    check(
      payment.Value === ORDER_TOTAL && payment.DueDate === today && payment.Status === 1,
      `payment ${JSON.stringify(payment)}`,
    );
    ok(`receivable ${payment.IDAccountPayableReceivable}: ${money(payment.Value)} due ${payment.DueDate}`);
    const balance = await skuBalance(sale.sku.IDSku);
    check(
      balance.QtyOnStock === 20 &&
        balance.QtyReserved === ORDER_QTY &&
        balance.QtyAvailable === 20 - ORDER_QTY,
      `balance ${JSON.stringify(balance)}, expected 20 on stock, ${ORDER_QTY} reserved`,
    );
    ok(`on stock ${balance.QtyOnStock}, reserved ${balance.QtyReserved}, available ${balance.QtyAvailable}`);
    return order;
  },
);

await stepOf("Orders: invoiced (status 6): the stock leaves, the Kardex shows the outbound", async () => {
  const invoiced = await call("PUT", `/orders/${order.IDOrder}`, { IDStatusOrder: 6 });
  check(invoiced.IDStatusOrder === 6, `order status ${invoiced.IDStatusOrder}, expected 6`);
  const [item] = invoiced.Items;
  check(Number.isInteger(item.IDStockMovement), "the item has no outbound movement");
  const history = invoiced.StatusHistory.map((h) => `${h.FromIDStatusOrder ?? "-"}→${h.IDStatusOrder}`);
  ok(`order ${invoiced.IDOrder} "${invoiced.StatusOrder}", history ${history.join(", ")}`);
  const balance = await skuBalance(sale.sku.IDSku);
  check(
    balance.QtyOnStock === 20 - ORDER_QTY && balance.QtyReserved === 0,
    `balance ${JSON.stringify(balance)}, expected ${20 - ORDER_QTY} on stock, none reserved`,
  );
  ok(`on stock ${balance.QtyOnStock}, reserved ${balance.QtyReserved}, available ${balance.QtyAvailable}`);
  const kardex = await call("GET", `/sku/movement?Type=Kardex&IDSku=${sale.sku.IDSku}`);
  const outbound = kardex.find((l) => l.IDSkuMovement === item.IDStockMovement);
  check(
    kardex.length === 2 && outbound,
    `${kardex.length} Kardex lines, expected the inbound and the order's`,
  );
  check(
    outbound.IDTypeMovement === 1 && Math.abs(outbound.Quantity) === ORDER_QTY && outbound.UnitCost === 8,
    `outbound line ${JSON.stringify(outbound)}`,
  );
  for (const l of kardex) {
    ok(
      `  #${l.IDSkuMovement} ${l.IDTypeMovement === 0 ? "entrada" : "saída  "} ${l.Quantity} @ ${money(l.UnitCost)} -> saldo ${l.QtyBalance}`,
    );
  }
});

const saleRule = await stepOf(
  "Orders: a conciliation rule: credits with the order's PIX settle the consumer's title",
  async () => {
    const [rule] = await call("POST", "/accounts/bank-statement/conciliation-rule", {
      IDBankAccount: checking.IDBankAccount,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "PIX PEDIDO",
      IDConsumer: consumer.IDConsumer,
      IDTypePayment: sale.paymentType.IDTypePayment,
    });
    check(rule?.IDBankStatementConciliationRule, "no rule in the answer");
    ok(
      `rule ${rule.IDBankStatementConciliationRule}: "${rule.Description}" on account ${rule.IDBankAccount}`,
    );
    return rule;
  },
);

await stepOf("Orders: the bank's OFX with the order's payment, reconciled by the rule", async () => {
  const paid = [
    {
      fitId: `${run}-4`,
      amount: ORDER_TOTAL,
      memo: `PIX PEDIDO ${order.IDOrder} MARIA SILVA`,
      type: "CREDIT",
      date: today,
    },
  ];
  const bytes = new TextEncoder().encode(ofxOf(checking, paid));
  const id = await uploadStatement(checking.IDBankAccount, `extrato-pedido-${run}.ofx`, bytes);
  await watchImport(id, { imported: 1, duplicate: 0, autoReconciled: 1, pending: 0 });
  const statement = await call(
    "GET",
    `/accounts/bank-statement?Source=2&IDBankAccount=${checking.IDBankAccount}&DateFrom=${today}`,
  );
  const line = statement.find((l) => l.Description === paid[0].memo);
  check(line, "the order's line is missing from the statement");
  check(
    line.IDTypeStatusConciliation === 2 &&
      line.IDBankStatementConciliationRule === saleRule.IDBankStatementConciliationRule,
    `line ${JSON.stringify(line)}`,
  );
  const titleId = order.Payments[0].IDAccountPayableReceivable;
  check(
    line.InternalAccounts.some((entry) => entry.IDAccountPayableReceivable === titleId),
    "the line is not linked to the order's receivable",
  );
  ok(
    `line ${line.IDBankStatementConciliation} conciliado automaticamente by rule ${saleRule.IDBankStatementConciliationRule}`,
  );
});

await stepOf("Orders: the receivable is paid, the order and the balance show it", async () => {
  const titleId = order.Payments[0].IDAccountPayableReceivable;
  const title = await call("GET", `/accounts/receivable/${titleId}`);
  check(title.OpenValue === 0, `the order's receivable still has ${title.OpenValue} open`);
  ok(`receivable ${titleId} ${title.StatusName}`);
  const detail = await call("GET", `/orders/${order.IDOrder}`);
  const [payment] = detail.Payments;
  check(payment.OpenValue === 0 && payment.Status === 3, `order payment ${JSON.stringify(payment)}`);
  check(detail.PaidValue === ORDER_TOTAL, `order PaidValue ${detail.PaidValue}`);
  ok(
    `order ${detail.IDOrder}: total ${money(detail.Total)}, payment ${payment.IDAccountPayableReceivable} received`,
  );
  const list = await call("GET", "/accounts/bank-account");
  const account = findBy(list, "IDBankAccount", checking.IDBankAccount);
  const expected = -300 - RENT + ORDER_TOTAL;
  check(account.Balance === expected, `account balance ${account.Balance}, expected ${expected}`);
  ok(
    `${account.Bank.padEnd(16)} ${account.AccountNumber}: Balance ${money(account.Balance)} (order-to-cash ${money(ORDER_TOTAL)} in)`,
  );
});

// Purchase to pay: the supplier's NF-e XML, imported as a job, becomes a purchase (the supplier created
// by its CNPJ, the item matched to a SKU by EAN); the receiving check puts the goods on stock at the
// purchase's cost and writes the payable, which a debit line of the bank's OFX settles through a rule.
const BUY_QTY = 24;
const BUY_UNIT = 6.25;
const BUY_TOTAL = BUY_QTY * BUY_UNIT;
const buy = await stepOf(
  "Purchase to pay: a SKU with an EAN, the supplier's NF-e XML addressed to the company's CNPJ",
  async () => {
    const ean = gtin13(`789${run}00`);
    const [sku] = await call("POST", "/sku", {
      Code: `ERVA-${run}`,
      EAN: ean,
      Name: "Erva-mate 1 kg",
      Unit: "UN",
      Cost: 6,
      Price: 15,
    });
    check(sku?.EAN === ean, `SKU answered ${JSON.stringify(sku)}`);
    ok(`SKU ${sku.IDSku} ${sku.Code}, EAN ${sku.EAN}, nothing on stock`);
    const recipient = (company.Document ?? "").replace(/\D/g, "");
    check(recipient.length === 14, `the company's CNPJ is ${JSON.stringify(company.Document)}`);
    const issuerCnpj = cnpjFrom(`4${run}0001`);
    const number = Number(run);
    const nfe = nfeOf({
      issuerCnpj,
      issuerName: `Ervateira Sul ${run} Ltda`,
      recipientCnpj: recipient,
      number,
      issuedAt: `${today}T09:00:00-03:00`,
      dueDate: today,
      items: [
        {
          code: `EM-${run}`,
          ean,
          name: "ERVA MATE TRADICIONAL 1KG",
          ncm: "09030090",
          quantity: BUY_QTY,
          unitCents: Math.round(BUY_UNIT * 100),
        },
      ],
    });
    check(nfe.totalCents === BUY_TOTAL * 100, `NF-e total ${nfe.totalCents} cents`);
    ok(
      `NF-e ${number} of CNPJ ${issuerCnpj} to ${recipient}: ${BUY_QTY} x ${money(BUY_UNIT)} = ${money(BUY_TOTAL)}`,
    );
    ok(`access key ${nfe.key}`);
    return { sku, issuerCnpj, number, nfe };
  },
);

const nfeJob = await stepOf(
  "Purchase to pay: upload the NF-e XML (POST /job Type NFeXML) and watch the job",
  async () => {
    const bytes = new TextEncoder().encode(buy.nfe.xml);
    const id = await uploadFile({ Type: "NFeXML" }, `nfe-${buy.nfe.key}.xml`, "application/xml", bytes);
    await watchJob(id, "NFeXML", { items: 1, matched: 1, unmatched: 0, supplierCreated: 1, purchased: 1 });
    return id;
  },
);

const purchase = await stepOf(
  "Purchase to pay: the NF-e in the feed, its supplier created by CNPJ, its purchase awaiting the check",
  async () => {
    const feed = await call("GET", `/purchase/feed?IDJob=${nfeJob}`);
    check(feed.length === 1, `${feed.length} feed items for job ${nfeJob}, expected 1`);
    const [document] = feed;
    check(
      document.chNFe === buy.nfe.key && document.Value === BUY_TOTAL && document.UnmatchedItems === 0,
      `feed item ${JSON.stringify(document)}`,
    );
    check(
      Number.isInteger(document.IDSupplier) && Number.isInteger(document.IDPurchase),
      "the feed item has no supplier or purchase",
    );
    ok(
      `feed: NF-e ${document.NfeNumber} from ${document.IssuerName}, ${money(document.Value)}, purchase ${document.IDPurchase}`,
    );
    const [supplier] = await call("GET", `/supplier/${document.IDSupplier}`);
    check(
      (supplier?.Document ?? "").replace(/\D/g, "") === buy.issuerCnpj,
      `supplier ${JSON.stringify(supplier)}, expected CNPJ ${buy.issuerCnpj}`,
    );
    ok(`supplier ${supplier.IDSupplier} "${supplier.Name}" created with CNPJ ${supplier.Document}`);
    const purchase = await call("GET", `/purchase/${document.IDPurchase}`);
    check(
      purchase.IDStatusPurchase === 7 &&
        purchase.chNFe === buy.nfe.key &&
        purchase.IDSupplier === supplier.IDSupplier,
      `purchase ${JSON.stringify(purchase)}`,
    );
    const [item] = purchase.Items;
    check(
      purchase.Items.length === 1 &&
        item.IDSku === buy.sku.IDSku &&
        item.Quantity === BUY_QTY &&
        item.UnitCost === BUY_UNIT,
      `purchase items ${JSON.stringify(purchase.Items)}`,
    );
    ok(
      `purchase ${purchase.IDPurchase} "${purchase.StatusPurchase}" in ${purchase.WarehouseName}: ${item.Quantity} x ${item.SkuCode} @ ${money(item.UnitCost)}, total ${money(purchase.Total)}`,
    );
    return purchase;
  },
);

const checkedIn = await stepOf(
  "Purchase to pay: the receiving check (POST /purchase/{id}/check): the stock rises at the purchase's cost",
  async () => {
    const [item] = purchase.Items;
    const checked = await call("POST", `/purchase/${purchase.IDPurchase}/check`, {
      Items: [{ IDStockKeepingUnitPurchase: item.IDStockKeepingUnitPurchase, Quantity: BUY_QTY }],
    });
    check(checked.IDStatusPurchase === 9, `purchase status ${checked.IDStatusPurchase}, expected 9`);
    check(checked.Items[0].QuantityReceived === BUY_QTY, `received ${checked.Items[0].QuantityReceived}`);
    ok(`purchase ${checked.IDPurchase} "${checked.StatusPurchase}" at ${checked.ReceivedAt}`);
    const balance = await skuBalance(buy.sku.IDSku);
    check(balance.QtyOnStock === BUY_QTY, `balance ${JSON.stringify(balance)}, expected ${BUY_QTY} on stock`);
    const kardex = await call("GET", `/sku/movement?Type=Kardex&IDSku=${buy.sku.IDSku}`);
    check(kardex.length === 1, `${kardex.length} Kardex lines, expected the purchase's inbound`);
    const [line] = kardex;
    check(
      line.IDTypeMovement === 0 &&
        line.Quantity === BUY_QTY &&
        line.UnitCost === BUY_UNIT &&
        line.AverageCost === BUY_UNIT,
      `inbound line ${JSON.stringify(line)}`,
    );
    ok(`on stock ${balance.QtyOnStock}, available ${balance.QtyAvailable}`);
    ok(
      `  #${line.IDSkuMovement} entrada ${line.Quantity} @ ${money(line.UnitCost)} -> saldo ${line.QtyBalance} (depósito ${line.IDWarehouse}), custo médio ${money(line.AverageCost)}`,
    );
    return checked;
  },
);

const purchasePayable = await stepOf(
  "Purchase to pay: the payable title of the purchase, due the receiving day",
  async () => {
    check(checkedIn.Payables.length === 1, `${checkedIn.Payables.length} payables, expected 1`);
    const [payable] = checkedIn.Payables;
    const title = await call("GET", `/accounts/payable/${payable.IDAccountPayableReceivable}`);
    check(
      title.Value === BUY_TOTAL &&
        title.OpenValue === BUY_TOTAL &&
        title.DueDate === today &&
        title.IDSupplier === purchase.IDSupplier,
      `payable ${JSON.stringify(title)}`,
    );
    ok(
      `payable ${title.IDAccountPayableReceivable}: ${title.Description} (${title.Document}), ${money(title.Value)} due ${title.DueDate}, ${title.StatusName}`,
    );
    return title;
  },
);

await stepOf(
  "Purchase to pay: a rule for the supplier's debits, the bank's OFX debit reconciled by it",
  async () => {
    const [rule] = await call("POST", "/accounts/bank-statement/conciliation-rule", {
      IDBankAccount: checking.IDBankAccount,
      IDTypeRule: 1,
      IDTypeAccount: 1,
      Description: "ERVATEIRA SUL",
      IDSupplier: purchase.IDSupplier,
    });
    check(rule?.IDBankStatementConciliationRule, "no rule in the answer");
    ok(
      `rule ${rule.IDBankStatementConciliationRule}: "${rule.Description}" settles supplier ${purchase.IDSupplier}`,
    );
    const paid = [
      {
        fitId: `${run}-5`,
        amount: -BUY_TOTAL,
        memo: `PAGTO BOLETO ERVATEIRA SUL NF ${buy.number}`,
        type: "DEBIT",
        date: today,
      },
    ];
    const bytes = new TextEncoder().encode(ofxOf(checking, paid));
    const id = await uploadStatement(checking.IDBankAccount, `extrato-compra-${run}.ofx`, bytes);
    await watchImport(id, { imported: 1, duplicate: 0, autoReconciled: 1, pending: 0 });
    const statement = await call(
      "GET",
      `/accounts/bank-statement?Source=2&IDBankAccount=${checking.IDBankAccount}&DateFrom=${today}`,
    );
    const line = statement.find((l) => l.Description === paid[0].memo);
    check(line, "the purchase's line is missing from the statement");
    check(
      line.IDTypeStatusConciliation === 2 &&
        line.IDBankStatementConciliationRule === rule.IDBankStatementConciliationRule,
      `line ${JSON.stringify(line)}`,
    );
    check(
      line.InternalAccounts.some(
        (entry) => entry.IDAccountPayableReceivable === purchasePayable.IDAccountPayableReceivable,
      ),
      "the line is not linked to the purchase's payable",
    );
    ok(
      `line ${line.IDBankStatementConciliation} ${money(line.Value)} conciliado automaticamente by rule ${rule.IDBankStatementConciliationRule}`,
    );
  },
);

await stepOf("Purchase to pay: the payable is paid, the purchase and the balance show it", async () => {
  const title = await call("GET", `/accounts/payable/${purchasePayable.IDAccountPayableReceivable}`);
  check(title.OpenValue === 0, `the purchase's payable still has ${title.OpenValue} open`);
  ok(`payable ${title.IDAccountPayableReceivable} ${title.StatusName}`);
  const detail = await call("GET", `/purchase/${purchase.IDPurchase}`);
  const [payable] = detail.Payables;
  check(payable.OpenValue === 0, `purchase payable ${JSON.stringify(payable)}`);
  ok(
    `purchase ${detail.IDPurchase}: payable ${payable.IDAccountPayableReceivable} open ${money(payable.OpenValue)}`,
  );
  const list = await call("GET", "/accounts/bank-account");
  const account = findBy(list, "IDBankAccount", checking.IDBankAccount);
  const expected = -300 - RENT + ORDER_TOTAL - BUY_TOTAL;
  check(account.Balance === expected, `account balance ${account.Balance}, expected ${expected}`);
  ok(
    `${account.Bank.padEnd(16)} ${account.AccountNumber}: Balance ${money(account.Balance)} (purchase-to-pay ${money(BUY_TOTAL)} out)`,
  );
});

// Marketplace: a sandbox sales channel's orders arrive through the hub and become orders, each with a
// receivable for what the buyer paid; one is invoiced; the channel's settlements (gross, commission,
// fees, net) are pulled and set against those receivables.
const CHANNEL_ORDERS = 11;
const channel = await stepOf(
  "Marketplace: SKUs with the channel's codes, a payout payment type, a sandbox channel integration",
  async () => {
    const skus = [];
    for (const [suffix, name, price] of [
      ["CAMISETA", "Camiseta estampada", 59.9],
      ["BONE", "Boné aba curva", 39.9],
    ]) {
      const [sku] = await call("POST", "/sku", {
        Code: `MKT-${run}-${suffix}`,
        Name: name,
        Unit: "UN",
        TaxProfile: `REVENDA-${run}`,
        Cost: 15,
        Price: price,
      });
      await call("POST", "/sku/movement/adjustment", {
        IDSku: sku.IDSku,
        IDWarehouse: sale.warehouse.IDWarehouse,
        IDTypeMovement: 0,
        Quantity: 100,
        UnitCost: 15,
        Reason: "Estoque do marketplace",
      });
      skus.push(sku);
    }
    ok(`SKUs ${skus.map((k) => k.Code).join(", ")}: 100 on stock each`);
    const [payout] = await call("POST", "/type/order/payment", { Description: `Repasse marketplace ${run}` });
    await call("PUT", `/type/order/payment/${payout.IDTypePayment}/rate`, [
      { Installments: 1, FirstDueDays: 15, IntervalDays: 30, NfTPag: "99" },
    ]);
    ok(`payment type ${payout.IDTypePayment} "${payout.Description}": the channel pays in 15 days`);
    const [integration] = await call("POST", "/hub/integration", {
      Description: `Marketplace sandbox ${run}`,
      IDTypeCompanyIntegration: 1,
      Credentials: { ClientId: `loja-demo-${run}`, ClientSecret: "segredo-do-canal" },
      IDWarehouseHub: sale.warehouse.IDWarehouse,
      IDTypePayment: payout.IDTypePayment,
      Sandbox: { Orders: CHANNEL_ORDERS, SkuCodes: skus.map((k) => k.Code) },
    });
    check(integration.AuthenticationStatus === "Authenticated", `integration ${JSON.stringify(integration)}`);
    check(
      !JSON.stringify(integration).includes("segredo-do-canal"),
      "the credentials came back in the answer",
    );
    ok(
      `integration ${integration.IDCompanyIntegration} "${integration.TypeCompanyIntegration}": ${integration.AuthenticationStatus}, credentials stored encrypted`,
    );
    return integration;
  },
);

const channelOrders = await stepOf(
  "Marketplace: pull the channel (POST /hub/integration/{id}/pull): its orders become orders",
  async () => {
    const { IDJob } = await call("POST", `/hub/integration/${channel.IDCompanyIntegration}/pull`, {});
    await watchJob(IDJob, "HubOrderPull", {
      pulled: CHANNEL_ORDERS,
      created: CHANNEL_ORDERS,
      unmapped: 0,
      settlements: 4,
    });
    const hub = await call("GET", `/orders/hub?IDCompanyIntegration=${channel.IDCompanyIntegration}`);
    check(hub.length === CHANNEL_ORDERS, `${hub.length} hub orders, expected ${CHANNEL_ORDERS}`);
    check(
      hub.every((o) => o.OrderCreated === 1),
      `orders not created: ${JSON.stringify(hub.filter((o) => o.OrderCreated !== 1))}`,
    );
    for (const o of hub.slice(0, 4))
      ok(
        `${o.Order} ${o.ChannelStatus.padEnd(15)} ${o.ConsumerNameCorporateName.padEnd(24)} ${money(o.TotalValue)} -> order ${o.IDOrder}`,
      );
    ok(`... ${hub.length} orders in all`);
    return hub;
  },
);

await stepOf(
  "Marketplace: order SBX-3 approved and invoiced (status 3, then 6): the stock leaves",
  async () => {
    const hubOrder = channelOrders.find((o) => o.Order === "SBX-3");
    check(hubOrder, "the channel's order SBX-3 is missing");
    await call("PUT", `/orders/${hubOrder.IDOrder}`, { IDStatusOrder: 3 });
    const invoiced = await call("PUT", `/orders/${hubOrder.IDOrder}`, { IDStatusOrder: 6 });
    check(invoiced.IDStatusOrder === 6, `order status ${invoiced.IDStatusOrder}, expected 6`);
    check(
      invoiced.Items.every((item) => Number.isInteger(item.IDStockMovement)),
      "an item has no outbound movement",
    );
    const [payment] = invoiced.Payments;
    check(
      invoiced.Payments.length === 1 && payment.Value === hubOrder.TotalValue,
      `payments ${JSON.stringify(invoiced.Payments)}, expected one of ${hubOrder.TotalValue}`,
    );
    ok(
      `order ${invoiced.IDOrder} "${invoiced.StatusOrder}": ${invoiced.Items.length} item(s) out of stock; receivable ${payment.IDAccountPayableReceivable} ${money(payment.Value)} due ${payment.DueDate}`,
    );
  },
);

await stepOf(
  "Marketplace: the channel's settlements against the receivables (GET /accounts/receivable/marketplace-conciliation)",
  async () => {
    const rows = await call(
      "GET",
      `/accounts/receivable/marketplace-conciliation?IDCompanyIntegration=${channel.IDCompanyIntegration}`,
    );
    check(rows.length === 4, `${rows.length} settled orders, expected 4 (the shipped and delivered ones)`);
    for (const r of rows) {
      ok(
        `${r.Order.padEnd(7)} receivable ${money(r.ReceivableValue)}  gross ${money(r.GrossValue)}  commission ${money(r.CommissionValue)} (${(r.CommissionPct * 100).toFixed(2)}%)  fees ${money(r.FeesValue)}  net ${money(r.NetValue)}  ${r.Status}`,
      );
    }
    const sbx3 = rows.find((r) => r.Order === "SBX-3");
    check(sbx3?.Status === "conciliated" && sbx3.Difference === 0, `SBX-3 ${JSON.stringify(sbx3)}`);
    const short = rows.find((r) => r.Order === "SBX-11");
    check(short?.Status === "divergent" && short.Difference === 10, `SBX-11 ${JSON.stringify(short)}`);
    ok(
      "SBX-3 conciliated; SBX-11 divergent: the channel settled 10.00 less than the receivable (a refund at the channel)",
    );
  },
);

// Collection: two boletos registered as titles with their nosso número; the bank's CNAB 240 return
// settles them (one with interest), posting the receipts, the interest and the tariffs; the OFX credit
// of the day reconciles against the receipts. Then a Pix charge on a third title, paid at a PSP (the
// project's API Pix double on this machine), arrives by the webhook and settles it by its txid.
const BOLETOS = [
  { n: 501, value: 300, interest: 3.5, tariff: 2.5 },
  { n: 502, value: 450, interest: 0, tariff: 2.5 },
];
const cents = (value) => Math.round(value * 100);
const collection = await stepOf(
  "Collection: an Itaú account (341) and two boletos registered as receivables with their NossoNumero",
  async () => {
    const { sampleNossoNumero } = await import("../test/fixtures/cnab/generate.ts");
    const accountNumber = `${run}-9`;
    const list = await call("POST", "/accounts/bank-account", {
      Bank: "Itaú Unibanco",
      BankNumber: "341",
      Agency: "0445",
      AccountNumber: accountNumber,
      IDCompanyInvoice: 1,
    });
    const account = findBy(list, "AccountNumber", accountNumber);
    check(account, `account ${accountNumber} missing from the refreshed list`);
    ok(
      `IDBankAccount ${account.IDBankAccount}: ${account.Bank} (${account.BankNumber}) c/c ${account.AccountNumber}`,
    );
    const titles = [];
    for (const boleto of BOLETOS) {
      const nossoNumero = sampleNossoNumero("240", "341", Number(`${run}`.slice(-4)) * 1000 + boleto.n);
      const title = await call("POST", "/accounts/receivable", {
        Description: `Boleto ${boleto.n} ${run}`,
        Value: boleto.value,
        DueDate: today,
        IDConsumer: consumer.IDConsumer,
        IDBankAccount: account.IDBankAccount,
        NossoNumero: nossoNumero,
      });
      check(title.NossoNumero === nossoNumero, `title ${JSON.stringify(title)}`);
      ok(
        `receivable ${title.IDAccountPayableReceivable}: ${money(boleto.value)}, NossoNumero ${nossoNumero}`,
      );
      titles.push({ ...boleto, nossoNumero, title });
    }
    return { account, titles };
  },
);

await stepOf(
  "Collection: the bank's CNAB 240 return (POST /job, Type BankReturnCNAB) settles both titles",
  async () => {
    const { cnab240Return, joinLines, latin1 } = await import("../test/fixtures/cnab/generate.ts");
    const lines = cnab240Return({
      bankCode: "341",
      generatedOn: today,
      companyName: "EMPRESA DEMO",
      records: collection.titles.map((t) => ({
        nossoNumero: t.nossoNumero,
        occurrence: "06",
        titleValue: cents(t.value),
        paid: cents(t.value + t.interest),
        interest: cents(t.interest),
        tariff: cents(t.tariff),
        dueDate: today,
        occurrenceDate: today,
        creditDate: today,
        payerName: "MARIA SILVA",
      })),
    });
    const jobId = await uploadFile(
      { Type: "BankReturnCNAB", IDBankAccount: collection.account.IDBankAccount },
      `retorno-${run}.ret`,
      "text/plain",
      latin1(joinLines(lines)),
    );
    await watchJob(jobId, "BankReturnCNAB", { settled: 2, alreadySettled: 0, unknown: 0, rejected: 0 });
    for (const t of collection.titles) {
      const title = await call("GET", `/accounts/receivable/${t.title.IDAccountPayableReceivable}`);
      check(
        title.OpenValue === 0,
        `title ${title.IDAccountPayableReceivable} still has ${title.OpenValue} open`,
      );
      const [event] = await call(
        "GET",
        `/accounts/receivable/${t.title.IDAccountPayableReceivable}/collection`,
      );
      check(event?.Kind === "liquidation", `collection history ${JSON.stringify(event)}`);
      ok(
        `${t.title.Description}: paid ${money(event.PaidValue)} (interest ${money(event.Interest)}, tariff ${money(event.Tariff)}) on ${event.Date}`,
      );
    }
    const entries = await call(
      "GET",
      `/accounts/bank-statement?Source=1&IDBankAccount=${collection.account.IDBankAccount}&DateFrom=${today}`,
    );
    const entryList = Array.isArray(entries) ? entries : (entries.Items ?? entries.Entries ?? []);
    for (const e of entryList)
      ok(
        `entry ${e.IDBankStatement}: ${e.IDTypeAccount === 0 ? "+" : "-"}${money(e.Value)} ${e.Description}`,
      );
  },
);

await stepOf("Collection: the OFX credit of the day reconciles against the two receipts (1:N)", async () => {
  const total = collection.titles.reduce((sum, t) => sum + t.value, 0);
  const ofx = ofxOf(collection.account, [
    { type: "CREDIT", date: today, amount: total, fitId: `COB-${run}`, memo: "LIQUIDACAO COBRANCA" },
  ]);
  const jobId = await uploadStatement(
    collection.account.IDBankAccount,
    `itau-${run}.ofx`,
    new TextEncoder().encode(ofx),
  );
  await watchImport(jobId, { imported: 1, duplicate: 0, autoReconciled: 0, pending: 1 });
  const lines = await call(
    "GET",
    `/accounts/bank-statement?Source=2&IDBankAccount=${collection.account.IDBankAccount}&DateFrom=${today}`,
  );
  const line = lines.find((item) => item.Description.includes("LIQUIDACAO COBRANCA"));
  check(line?.IDTypeStatusConciliation === 1, "the credit of the day is not pending");
  const [reconciled] = await call("POST", "/accounts/bank-statement", {
    IDBankStatementConciliation: line.IDBankStatementConciliation,
    IDBankAccount: collection.account.IDBankAccount,
    Accounts: collection.titles.map((t) => ({
      IDAccountPayableReceivable: t.title.IDAccountPayableReceivable,
    })),
  });
  check(
    reconciled?.IDTypeStatusConciliation === 3 && reconciled.Difference === 0,
    `reconciliation ${JSON.stringify(reconciled)}`,
  );
  ok(
    `bank line ${line.IDBankStatementConciliation} (${money(line.Value)}) reconciled with the receipts ${reconciled.InternalAccounts.map((a) => a.IDBankStatement).join(" + ")}: status 3, difference 0`,
  );
});

const psp = await stepOf(
  "Pix: a PSP speaking BACEN's API Pix v2 on this machine (the project's double)",
  async () => {
    const { fork } = await import("node:child_process");
    const child = fork(new URL("../test/support/pix-psp-double-server.mjs", import.meta.url), {
      stdio: "inherit",
    });
    const port = await new Promise((resolve, reject) => {
      child.once("message", (message) => resolve(message.port));
      child.once("error", reject);
    });
    process.on("exit", () => child.kill());
    const base = `http://127.0.0.1:${port}`;
    ok(`PSP double at ${base} (OAuth2 client credentials, PUT /v2/cob/{txid}, GET /v2/pix, callbacks)`);
    return { base, child, name: `demo-${run}` };
  },
);

const pix = await stepOf(
  "Pix: a company integration of Kind PIX (PSP address, sealed credentials, Pix key) and a charge on a third title",
  async () => {
    const [integration] = await call("POST", "/company/integration", {
      Description: `Pix Itaú ${run}`,
      Kind: "PIX",
      IDBankAccount: collection.account.IDBankAccount,
      BaseUrl: `${psp.base}/psp/${psp.name}`,
      Credentials: { ClientId: `demo-${run}`, ClientSecret: "segredo-do-psp" },
      PixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
    });
    check(!JSON.stringify(integration).includes("segredo-do-psp"), "the credentials came back in the answer");
    check(typeof integration.WebhookUrl === "string", `no WebhookUrl in ${JSON.stringify(integration)}`);
    ok(
      `integration ${integration.IDCompanyIntegration}: State ${integration.State}, credentials stored encrypted`,
    );
    // the PSP learns its client and the webhook URL (at a real PSP: PUT /v2/webhook/{chave})
    const control = await fetch(`${psp.base}/_control/${psp.name}`, {
      method: "PUT",
      body: JSON.stringify({
        clientId: `demo-${run}`,
        clientSecret: "segredo-do-psp",
        webhookUrl: integration.WebhookUrl,
      }),
    });
    check(control.status === 204, `PSP double control answered ${control.status}`);
    ok("webhook URL registered at the PSP (its secret travels in the path)");
    const [payer] = await call("POST", "/consumer", { Name: `João Pereira ${run}`, Document: "52998224725" });
    const title = await call("POST", "/accounts/receivable", {
      Description: `Pedido Pix ${run}`,
      Value: 189.9,
      DueDate: today,
      IDConsumer: payer.IDConsumer,
      IDBankAccount: collection.account.IDBankAccount,
    });
    const charge = await call("POST", `/accounts/receivable/${title.IDAccountPayableReceivable}/pix`, {
      IDCompanyIntegration: integration.IDCompanyIntegration,
    });
    check(charge.Status === "ATIVA" && charge.Value === 189.9, `charge ${JSON.stringify(charge)}`);
    ok(
      `receivable ${title.IDAccountPayableReceivable} (${money(189.9)}): charge TxId ${charge.TxId}, ${charge.Status}`,
    );
    ok(`Pix copia e cola: ${charge.PixCopiaECola.slice(0, 60)}…`);
    return { integration, title, charge };
  },
);

await stepOf(
  "Pix: the payer pays at the PSP; the callback arrives by the webhook and settles the title",
  async () => {
    const paid = await fetch(`${psp.base}/_control/${psp.name}/pay/${pix.charge.TxId}`, {
      method: "POST",
      body: JSON.stringify({ pagador: { cpf: "52998224725", nome: `João Pereira ${run}` } }),
    });
    check(paid.status === 200, `PSP double answered ${paid.status}`);
    const received = await paid.json();
    ok(`paid at the PSP: endToEndId ${received.endToEndId}`);
    const title = await call("GET", `/accounts/receivable/${pix.title.IDAccountPayableReceivable}`);
    check(title.OpenValue === 0, `the title still has ${title.OpenValue} open`);
    const [charge] = await call("GET", `/accounts/receivable/${pix.title.IDAccountPayableReceivable}/pix`);
    check(charge.Status === "CONCLUIDA", `charge ${JSON.stringify(charge)}`);
    const lines = await call(
      "GET",
      `/accounts/bank-statement?Source=2&IDBankAccount=${collection.account.IDBankAccount}&DateFrom=${today}`,
    );
    const line = lines.find((item) => item.EndToEndId === received.endToEndId);
    check(line?.IDTypeStatusConciliation === 2, `the Pix line ${JSON.stringify(line)}`);
    ok(
      `bank line ${line.IDBankStatementConciliation}: ${money(line.Value)} from ${line.PayerName} (${line.PayerDocument}), TxId ${line.TxId}, reconciled automatically (status 2)`,
    );
    ok(`title ${title.IDAccountPayableReceivable} paid; charge ${charge.TxId} ${charge.Status}`);
    psp.child.kill();
  },
);

await (await import("./lib/demo-sefaz.mjs")).sefazChapter({ stepOf, call, check, ok, run });
await (await import("./lib/demo-ml.mjs")).mercadoLivreChapter({
  stepOf,
  call,
  check,
  ok,
  watchJob,
  run,
  api: API,
  warehouseId: sale.warehouse.IDWarehouse,
  taxProfile: `REVENDA-${run}`,
});

/** A file the API answers (the DANFE's PDF, the nfeProc), as bytes; anything but 200 is a failure. */
async function download(path) {
  const response = await localFetch(`${API}${path}`, { headers: { Authorization: `JWT ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  check(
    response.status === 200,
    `GET ${path} answered ${response.status}: ${bytes.toString("utf8", 0, 300)}`,
  );
  return bytes;
}

await (await import("./lib/demo-nfe.mjs")).nfeChapter({
  stepOf,
  call,
  check,
  ok,
  download,
  run,
  warehouseId: sale.warehouse.IDWarehouse,
});

await (await import("./lib/demo-openfinance.mjs")).openFinanceChapter({
  stepOf,
  call,
  check,
  ok,
  watchJob,
  uploadStatement,
  ofxOf,
  run,
  today,
  consumer,
});

console.log(`\nDone: ${step} steps passed.`);
