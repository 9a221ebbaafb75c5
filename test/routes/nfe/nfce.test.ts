import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NFCE_CONTINGENCY, NFCE_NO_CONSUMER } from "../../../src/domain/emission/danfe/nfce";
import {
  nfceCashBelowTotal,
  nfceConsumerDocumentInvalid,
  nfceUnidentifiedAboveLimit,
} from "../../../src/domain/emission/nfce-messages";
import { nfceRulesOf } from "../../../src/domain/emission/nfce-rules";
import { nfceAddresses } from "../../../src/domain/emission/nfce-urls";
import { cashBelowValue } from "../../../src/domain/store-front/messages";
import { call, client, signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import { counterSale, type NfceSetup, nfceSetup, pdfTexts } from "../../support/nfce-factories";
import { noteRows } from "../../support/nfe-factories";
import { itemRows, orderMovements } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { insertBankAccount } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/**
 * NFC-e (model 65) of store-front orders over HTTP against the SEFAZ authorizer double (which validates
 * every message against the XSD, verifies its signature and checks the QR code against its rules):
 * numbering of its own series, the NFC-e authorizer, consumer optional, payments and change, the QR
 * code and urlChave, the 80 mm DANFE, the cancellation window.
 */

beforeAll(seedAccounts);

let token: string;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

type Note = {
  IDNFe: number;
  IDOrder: number;
  Model: number;
  Number: number;
  Series: number;
  Key: string;
  Status: string;
  Environment: number;
  EmissionType: number;
  cStat: number | null;
  xMotivo: string | null;
  Protocol: string | null;
  AuthorizedAt: string | null;
  Total: number;
};
type IssueAnswer = { IDJob: number; NFes: Note[] };

async function issue(orderId: number): Promise<IssueAnswer> {
  const answer = await api.post<IssueAnswer>(`/orders/${orderId}/nfe`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}
const job = (answer: IssueAnswer): Promise<JobBody> => waitForJob(token, answer.IDJob, 60_000);
const note = async (id: number) => (await api.get<Note>(`/nfe/${id}`)).body;
const order = async (id: number) =>
  (await api.get<{ IDStatusOrder: number; StockStatus: number; IDNFe: number | null }>(`/orders/${id}`)).body;
const xmlOf = async (id: number) =>
  (await call("demo", "GET", `/1.0/nfe/${id}/xml`, { token })).body as string;
async function danfe(id: number) {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(
    new Request(`http://demo.localhost/1.0/nfe/${id}/danfe`, { headers: { Authorization: `JWT ${token}` } }),
  );
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

async function expectInvoiced(orderId: number) {
  expect(await order(orderId)).toMatchObject({ IDStatusOrder: 6, StockStatus: 1 });
  const items = await itemRows(orderId);
  expect((await orderMovements(items.map((i) => i.id))).filter((m) => m.typeMovement === 1)).toHaveLength(
    items.length,
  );
}

describe("NFC-e of a store-front order", () => {
  let setup: NfceSetup;
  beforeAll(async () => {
    setup = await nfceSetup(api, { issuer: { NFCeSeries: 7, NFCeNextNumber: 41, NFeNextNumber: 900 } });
  });

  it("an unidentified cash sale: model 65 in its own series and number, the NFC-e authorizer, no dest, indPres 1, the QR code v3 and urlChave of SP", async () => {
    const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] });
    const answer = await issue(orderId);
    expect(answer.NFes).toEqual([expect.objectContaining({ Series: 7, Status: "Processing" })]);
    expect(answer.NFes[0]!.Key.slice(20, 22)).toBe("65");
    expect(await job(answer)).toMatchObject({ Status: "Done" });
    const id = answer.NFes[0]!.IDNFe;
    expect(await note(id)).toMatchObject({
      Status: "Authorized",
      cStat: 100,
      Model: 65,
      Environment: 2,
      Total: 100,
    });
    await expectInvoiced(orderId);
    // its own numbering: the NFC-e series advanced, the NF-e's untouched
    expect((await api.get(`/company/invoice/${setup.issuer.id}`)).body[0]).toMatchObject({
      NFCeNextNumber: 42,
      NFeNextNumber: 900,
    });
    const requests = await setup.double.requests();
    expect(requests.map((r) => [r.service, r.path])).toEqual([
      ["NFeAutorizacao4", "/ws/NFeAutorizacao4.asmx"],
    ]);
    const xml = await xmlOf(id);
    const key = answer.NFes[0]!.Key;
    expect(tag(xml, "mod")).toBe("65");
    expect(tag(xml, "indPres")).toBe("1");
    expect(tag(xml, "indFinal")).toBe("1");
    expect(tag(xml, "tpImp")).toBe("4");
    expect(xml).not.toContain("<dest>");
    expect(xml).toMatch(/<detPag><indPag>0<\/indPag><tPag>01<\/tPag><vPag>100\.00<\/vPag><\/detPag>/);
    const sp = nfceAddresses("SP", 2);
    expect(tag(xml, "qrCode")).toBe(`${sp.qrCode}?p=${key}|3|2`);
    expect(tag(xml, "urlChave")).toBe(sp.urlChave);
    expect(xml.indexOf("</infNFe><infNFeSupl>")).toBeGreaterThan(0);
    expect(xml.indexOf("</infNFeSupl><Signature")).toBeGreaterThan(0);
    // the 80 mm DANFE NFC-e: the QR code, the key, the protocol, "SEM VALOR FISCAL" in homologation
    const pdf = await danfe(id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const texts = (await pdfTexts(pdf.bytes)).join(" ");
    expect(texts).toContain("DANFE NFC-e");
    expect(texts).toContain("SEM VALOR FISCAL");
    expect(texts).toContain(NFCE_NO_CONSUMER);
    expect(texts).toContain(key.match(/.{4}/g)!.join(" "));
    expect(texts).toContain((await note(id)).Protocol!);
    expect(texts).not.toContain(NFCE_CONTINGENCY);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a sale to an identified consumer paid by TEF card: dest with the CPF, tPag of the TEF category, the card group with the authorization", async () => {
    const card = setup.payment;
    const orderId = await counterSale(api, setup, {
      payments: [{ type: card, value: 100 }],
      consumer: setup.consumer,
    });
    const [title] = (
      await env.DB_DEMO.prepare("SELECT title_id FROM order_payments WHERE order_id = ?")
        .bind(orderId)
        .all<{ title_id: number }>()
    ).results;
    const account = await insertBankAccount(1);
    expect((await api.post(`/store-front/cashier/${account!.id}/open`)).status).toBe(200);
    const paid = await api.post(`/store-front/cashier/${account!.id}/payment`, {
      IDAccountReceivable: title!.title_id,
      Value: 100,
      TefPaymentCategory: 23,
      Nsu: `NSU${orderId}`,
      AuthorizationCode: "AUT123",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = await issue(orderId);
    expect(await job(answer)).toMatchObject({ Status: "Done" });
    const id = answer.NFes[0]!.IDNFe;
    expect(await note(id)).toMatchObject({ Status: "Authorized", Number: answer.NFes[0]!.Number });
    const xml = await xmlOf(id);
    expect(xml).toContain("<dest><CPF>52998224725</CPF>");
    expect(tag(xml, "indIEDest")).toBe("9");
    expect(xml).toMatch(
      /<tPag>04<\/tPag><vPag>100\.00<\/vPag><card><tpIntegra>1<\/tpIntegra><cAut>AUT123<\/cAut><\/card>/,
    );
    expect(xml).not.toContain("<vTroco>");
    const texts = await pdfTexts((await danfe(id)).bytes);
    expect(texts.join("\n")).toContain("52998224725".slice(0, 3));
  });
});

describe("change (vTroco): the cash handed over at the cashier", () => {
  it("a cash sale of R$ 100,00 paid with R$ 150,00 at the cashier: vPag 150.00 in cash and vTroco 50.00 in the authorized (XSD-valid) note", async () => {
    const setup = await nfceSetup(api);
    const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] });
    const [title] = (
      await env.DB_DEMO.prepare("SELECT title_id FROM order_payments WHERE order_id = ?")
        .bind(orderId)
        .all<{ title_id: number }>()
    ).results;
    const account = await insertBankAccount(1);
    expect((await api.post(`/store-front/cashier/${account!.id}/open`)).status).toBe(200);
    const cash = (body: Record<string, unknown>) =>
      api.post(`/store-front/cashier/${account!.id}/cash`, { IDAccountReceivable: title!.title_id, ...body });
    expectRefusal(await cash({ Value: 100, CashReceived: 90 }), cashBelowValue(9000, 10_000));
    const paid = await cash({ Value: 100, CashReceived: 150 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body[0]).toMatchObject({ Value: 100, CashReceived: 150, Change: 50, OpenValue: 0 });
    const answer = await issue(orderId);
    expect(await job(answer)).toMatchObject({ Status: "Done" });
    const id = answer.NFes[0]!.IDNFe;
    // the double validates every enviNFe against the XSD (225 otherwise) and checks the QR code
    expect(await note(id)).toMatchObject({ Status: "Authorized", cStat: 100, Total: 100 });
    const xml = await xmlOf(id);
    expect(xml).toMatch(
      /<pag><detPag><indPag>0<\/indPag><tPag>01<\/tPag><vPag>150\.00<\/vPag><\/detPag><vTroco>50\.00<\/vTroco><\/pag>/,
    );
    const sent = (await setup.double.requests()).find((r) => r.service === "NFeAutorizacao4");
    expect(sent!.body).toContain("<vTroco>50.00</vTroco>");
    await expectInvoiced(orderId);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("NFC-e bad input: a clear 400, nothing written, no number taken", () => {
  async function expectRefused(setup: NfceSetup, orderId: number, message: string) {
    const before = (await api.get(`/company/invoice/${setup.issuer.id}`)).body[0]!.NFCeNextNumber;
    expectRefusal(await api.post(`/orders/${orderId}/nfe`), message);
    expectRefusal(await api.post("/nfe/batch", { IDOrders: [orderId] }), `Pedido ${orderId}: ${message}`);
    expect(await noteRows(orderId)).toEqual([]);
    expect((await api.get(`/company/invoice/${setup.issuer.id}`)).body[0]!.NFCeNextNumber).toBe(before);
    expect(await order(orderId)).toMatchObject({ IDStatusOrder: 3, StockStatus: 0 });
  }

  it("above the UF's limit for an unidentified consumer (MT: R$ 1.000,00, from the table)", async () => {
    const setup = await nfceSetup(api, {
      issuer: { UF: "MT", CityCode: "5103403", City: "Cuiabá", ZipCode: "78005000" },
    });
    const orderId = await counterSale(api, setup, {
      payments: [{ type: setup.cash, value: 1050 }],
      quantity: 21,
    });
    await expectRefused(
      setup,
      orderId,
      nfceUnidentifiedAboveLimit("MT", 105_000, nfceRulesOf("MT").unidentifiedLimit, "CPF/CNPJ"),
    );
    expect(nfceRulesOf("MT").unidentifiedLimit).toBe(100_000);
    expect(nfceRulesOf("SP").unidentifiedLimit).toBe(1_000_000);
  });

  it("a consumer whose CPF has a wrong check digit", async () => {
    const setup = await nfceSetup(api);
    await env.DB_DEMO.prepare("UPDATE consumers SET document = '52998224724' WHERE id = ?")
      .bind(setup.consumer)
      .run();
    const orderId = await counterSale(api, setup, {
      payments: [{ type: setup.cash, value: 100 }],
      consumer: setup.consumer,
    });
    await expectRefused(setup, orderId, nfceConsumerDocumentInvalid(setup.consumer, "52998224724"));
  });

  it("a cash payment below the total", async () => {
    const setup = await nfceSetup(api);
    const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 60 }] });
    await expectRefused(setup, orderId, nfceCashBelowTotal(6000, 10_000));
  });
});

/** Issues the counter sale of `setup` and waits until the job issued its NFC-e offline. */
async function offlineSale(setup: NfceSetup) {
  const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] });
  const answer = await issue(orderId);
  const id = answer.NFes[0]!.IDNFe;
  await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Offline");
  return { orderId, answer, id, onlineKey: answer.NFes[0]!.Key, offline: await note(id) };
}
const retryNow = (id: number) =>
  env.DB_DEMO.prepare("UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE id = ?")
    .bind(id)
    .run();
/** The note's dhEmi moved `hours` back (Brasília time, as the job writes it). */
async function issuedHoursAgo(id: number, hours: number) {
  const brasilia = new Date(Date.now() - hours * 3600_000 - 3 * 3600_000).toISOString().slice(0, 19);
  await env.DB_DEMO.prepare("UPDATE issued_nfes SET issued_at = ? WHERE id = ?")
    .bind(`${brasilia}-03:00`, id)
    .run();
}
const listed = async (query: string) =>
  (await api.get<Note[]>(`/nfe?${query}`)).body.map((n) => [n.IDNFe, n.Status, n.cStat]);
const eventsOf = async (type: string, id: number) =>
  (
    await env.DB_DEMO.prepare(
      "SELECT payload FROM events WHERE type = ? AND json_extract(payload, '$.IDNFe') = ? ORDER BY id",
    )
      .bind(type, id)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload));

describe("NFC-e offline contingency (tpEmis 9)", () => {
  it("the authorizer down: issued offline at once (new key, order invoiced, DANFE in contingency), transmitted when it is back", async () => {
    const setup = await nfceSetup(api, { script: ["stop", "stop"], issuer: { NFCeOfflineContingency: 1 } });
    const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] });
    const answer = await issue(orderId);
    const id = answer.NFes[0]!.IDNFe;
    const online = answer.NFes[0]!.Key;
    for (let i = 0; i < 60 && (await note(id)).Status !== "Offline"; i++)
      await new Promise((r) => setTimeout(r, 250));
    const offline = await note(id);
    expect(offline).toMatchObject({ Status: "Offline" });
    expect(offline.Key).not.toBe(online);
    expect(offline.Key.charAt(34)).toBe("9");
    await expectInvoiced(orderId);
    const texts = (await pdfTexts((await danfe(id)).bytes)).join(" ");
    expect(texts).toContain(NFCE_CONTINGENCY);
    await env.DB_DEMO.prepare("UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE id = ?")
      .bind(id)
      .run();
    expect(await job(answer)).toMatchObject({ Status: "Done" });
    expect(await note(id)).toMatchObject({ Status: "Authorized", Key: offline.Key, cStat: 100 });
    const services = (await setup.double.requests()).map((r) => r.service);
    expect(services).toEqual([
      "NFeAutorizacao4",
      "NFeConsultaProtocolo4",
      "NFeConsultaProtocolo4",
      "NFeAutorizacao4",
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a rejection on transmission is stored with SEFAZ's cStat/xMotivo and shown; the order stays invoiced (the goods left)", async () => {
    const rejection = { cStat: 704, xMotivo: "Rejeição: NFC-e com Data-Hora de emissão atrasada" };
    // the send and the consult get no answer: offline; then the normal key is unknown (217) and
    // the offline XML is rejected
    const setup = await nfceSetup(api, {
      script: ["stop", "stop", "217", rejection],
      issuer: { NFCeOfflineContingency: 1 },
    });
    const { orderId, answer, id, offline } = await offlineSale(setup);
    await retryNow(id);
    expect(await job(answer)).toMatchObject({ Status: "Done", Result: { Rejected: 1 } });
    const stored = await note(id);
    expect(stored).toMatchObject({
      Status: "Rejected",
      EmissionType: 9,
      Key: offline.Key,
      ...rejection,
      Protocol: null,
    });
    expect(await listed(`Status=Rejected&IDOrder=${orderId}`)).toEqual([[id, "Rejected", 704]]);
    expect(await listed(`Status=Offline&IDOrder=${orderId}`)).toEqual([]);
    expect(await eventsOf("nfe.rejected", id)).toEqual([
      expect.objectContaining({ Status: "Rejected", Key: offline.Key, ...rejection }),
    ]);
    // the offline XML was what SEFAZ refused; the order invoiced when the note went offline stays so
    const sent = (await setup.double.requests()).map((r) => [r.service, r.body.includes(offline.Key)]);
    expect(sent.at(-1)).toEqual(["NFeAutorizacao4", true]);
    await expectInvoiced(orderId);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a note not accepted within 24 h of its issue becomes Expired, listed by Status=Expired, never sent again", async () => {
    const setup = await nfceSetup(api, {
      script: ["stop", "stop", "stop"],
      issuer: { NFCeOfflineContingency: 1 },
    });
    const { orderId, answer, id, offline } = await offlineSale(setup);
    const before = (await setup.double.requests()).length;
    // 23 hours later it is still transmitted (the authorizer still down: it waits)
    await issuedHoursAgo(id, 23);
    await retryNow(id);
    await expect
      .poll(async () => (await note(id)).xMotivo, { timeout: 30_000 })
      .toMatch(/aguardando transmissão/);
    expect((await note(id)).Status).toBe("Offline");
    expect((await setup.double.requests()).length).toBeGreaterThan(before);
    // past 24 hours (the authorizer back): Expired, nothing sent
    const sentBefore = (await setup.double.requests()).length;
    await issuedHoursAgo(id, 24.01);
    await retryNow(id);
    expect(await job(answer)).toMatchObject({ Status: "Done", Result: { Expired: 1 } });
    const expired = await note(id);
    expect(expired).toMatchObject({ Status: "Expired", EmissionType: 9, Key: offline.Key, Protocol: null });
    expect(expired.xMotivo).toMatch(/não autorizada em 24 h/);
    expect((await setup.double.requests()).length).toBe(sentBefore);
    expect(await listed(`Status=Expired&IDOrder=${orderId}`)).toEqual([[id, "Expired", null]]);
    expect(await listed(`Status=Expired&IDCompanyInvoice=${setup.issuer.id}`)).toEqual([
      [id, "Expired", null],
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("the normal XML had reached SEFAZ before the failure: its authorization stands, the offline XML is never sent", async () => {
    // the send is processed but its answer lost, the consult gets no answer: offline; the
    // transmission consults the normal key first and finds it authorized
    const setup = await nfceSetup(api, { script: ["lost", "stop"], issuer: { NFCeOfflineContingency: 1 } });
    const { orderId, answer, id, onlineKey, offline } = await offlineSale(setup);
    await retryNow(id);
    expect(await job(answer)).toMatchObject({ Status: "Done", Result: { Authorized: 1 } });
    expect(await note(id)).toMatchObject({
      Status: "Authorized",
      EmissionType: 1,
      Key: onlineKey,
      cStat: 100,
    });
    const requests = await setup.double.requests();
    expect(requests.map((r) => r.service)).toEqual([
      "NFeAutorizacao4",
      "NFeConsultaProtocolo4",
      "NFeConsultaProtocolo4",
    ]);
    expect(requests.some((r) => r.body.includes(offline.Key))).toBe(false);
    expect(await order(orderId)).toMatchObject({ IDStatusOrder: 6 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  }, 90_000);

  it("the normal send answered 108 (not processed): the transmission sends the offline XML without consulting the normal key", async () => {
    const setup = await nfceSetup(api, { script: ["108"], issuer: { NFCeOfflineContingency: 1 } });
    const { orderId, answer, id, onlineKey, offline } = await offlineSale(setup);
    expect(offline).toMatchObject({ Status: "Offline", cStat: 108 });
    await retryNow(id);
    expect(await job(answer)).toMatchObject({ Status: "Done", Result: { Authorized: 1 } });
    expect(await note(id)).toMatchObject({
      Status: "Authorized",
      EmissionType: 9,
      Key: offline.Key,
      cStat: 100,
    });
    // the normal XML sent once (answered 108), then the offline XML: no consult in between
    const requests = await setup.double.requests();
    expect(
      requests.map((r) => [r.service, r.body.includes(onlineKey), r.body.includes(offline.Key)]),
    ).toEqual([
      ["NFeAutorizacao4", true, false],
      ["NFeAutorizacao4", false, true],
    ]);
    await expectInvoiced(orderId);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
