import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  certifiedCnpj,
  certify,
  type IssuableSetup,
  issuableOrder,
  issuableSetup,
  noteRows,
} from "../../support/nfe-factories";
import { itemRows, orderMovements } from "../../support/order-factories";
import { seedAccounts } from "../../support/seed";
import { type AuthorizerStep, sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/**
 * Issuing over HTTP against the SEFAZ authorizer double (which validates every message against the
 * XSD and verifies its signature): the order invoiced in the batch of the authorization, each of
 * SEFAZ's answers and what it does to the note and the order, consult by key before any resend.
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
  Number: number;
  Series: number;
  Key: string;
  Status: string;
  cStat: number | null;
  xMotivo: string | null;
  Protocol: string | null;
  RetryAt: string | null;
};
type IssueAnswer = { IDJob: number; NFes: Note[] };

let certified = false;
/** An issuer of the certificate's root at a fresh CNPJ, its double scripted, an order type, a consumer and a SKU. */
async function scripted(script: AuthorizerStep[] = []) {
  const cnpj = certifiedCnpj();
  const double = await sefazAuthorizerDouble(cnpj, { script });
  const setup = await issuableSetup(api, { issuer: { Document: cnpj, NFeBaseUrl: double.baseUrl } });
  if (!certified) {
    await certify(api, setup.issuer.id);
    certified = true;
  }
  return { double, setup };
}

async function issue(orderId: number): Promise<IssueAnswer> {
  const answer = await api.post<IssueAnswer>(`/orders/${orderId}/nfe`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}

const job = (answer: IssueAnswer): Promise<JobBody> => waitForJob(token, answer.IDJob, 60_000);
const note = async (id: number) => (await api.get<Note>(`/nfe/${id}`)).body;
const order = async (id: number) =>
  (
    await api.get<{
      IDStatusOrder: number;
      StockStatus: number;
      IDNFe: number | null;
      chNFe: string | null;
      NfeNumber: number | null;
    }>(`/orders/${id}`)
  ).body;
const services = async (double: { requests(): Promise<{ service: string | null }[]> }) =>
  (await double.requests()).map((r) => r.service);
/** SEFAZ asked the job to come back later: the clock moved by the database. */
const retryNow = (noteId: number) =>
  env.DB_DEMO.prepare("UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE id = ?")
    .bind(noteId)
    .run();
const eventsOf = async (type: string, noteId: number) =>
  (
    await env.DB_DEMO.prepare(
      "SELECT payload FROM events WHERE type = ? AND json_extract(payload, '$.IDNFe') = ?",
    )
      .bind(type, noteId)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload));

async function expectAuthorized(setup: IssuableSetup, orderId: number, noteId: number) {
  const stored = await note(noteId);
  expect(stored).toMatchObject({ Status: "Authorized", cStat: 100 });
  expect(stored.Protocol).toMatch(/^\d{15}$/);
  expect(await order(orderId)).toMatchObject({
    IDStatusOrder: 6,
    StockStatus: 1,
    IDNFe: noteId,
    chNFe: stored.Key,
    NfeNumber: stored.Number,
  });
  const items = await itemRows(orderId);
  expect((await orderMovements(items.map((i) => i.id))).filter((m) => m.typeMovement === 1)).toHaveLength(
    items.length,
  );
  expect(await eventsOf("nfe.authorized", noteId)).toHaveLength(1);
  void setup;
}

describe("authorization", () => {
  it("authorizes: the nfeProc stored, the order invoiced with its stock out, the protocol, nfe.authorized, the XML and DANFE", async () => {
    const { double, setup } = await scripted();
    const orderId = await issuableOrder(api, setup, { Freight: 10.01, Discount: 3.01 });
    const answer = await issue(orderId);
    expect(answer.NFes).toEqual([
      expect.objectContaining({ IDOrder: orderId, Number: 1, Status: "Processing" }),
    ]);
    const done = await job(answer);
    expect(done, JSON.stringify(done)).toMatchObject({ Status: "Done" });
    const id = answer.NFes[0]!.IDNFe;
    await expectAuthorized(setup, orderId, id);
    expect(await services(double)).toEqual(["NFeAutorizacao4"]);

    const xml = await call("demo", "GET", `/1.0/nfe/${id}/xml`, { token });
    expect(xml.status).toBe(200);
    expect(xml.body as string).toContain("<nfeProc");
    expect(xml.body as string).toContain(`<chNFe>${answer.NFes[0]!.Key}</chNFe>`);
    const [row] = await noteRows(orderId);
    expect(row!.xmlKey).not.toBeNull();
    expect(await env.UPLOADS.get(row!.xmlKey!)).not.toBeNull();

    const danfe = await fetchDanfe(id);
    expect(danfe.status).toBe(200);
    expect(danfe.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(danfe.bytes.slice(0, 5))).toBe("%PDF-");

    const listed = await api.get<Note[]>(`/nfe?IDOrder=${orderId}&Status=Authorized`);
    expect(listed.body.map((n) => n.IDNFe)).toEqual([id]);
    expect((await api.get<Note[]>(`/nfe?Key=${answer.NFes[0]!.Key}`)).body.map((n) => n.IDNFe)).toEqual([id]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("issues a batch in one job, numbers in the order asked", async () => {
    const { setup } = await scripted();
    const orders = [
      await issuableOrder(api, setup),
      await issuableOrder(api, setup),
      await issuableOrder(api, setup),
    ];
    const answer = await api.post<IssueAnswer>("/nfe/batch", { IDOrders: orders });
    expect(answer.status).toBe(202);
    expect(answer.body.NFes.map((n) => [n.IDOrder, n.Number])).toEqual(orders.map((o, i) => [o, i + 1]));
    const done = await job(answer.body);
    expect(done.Result).toEqual({ Authorized: 3 });
    for (const n of answer.body.NFes) await expectAuthorized(setup, n.IDOrder, n.IDNFe);
  });

  it("queries the receipt after 103", async () => {
    const { double, setup } = await scripted(["103"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    await expectAuthorized(setup, orderId, answer.NFes[0]!.IDNFe);
    expect(await services(double)).toEqual(["NFeAutorizacao4", "NFeRetAutorizacao4"]);
  });
});

describe("rejections and denials", () => {
  it("keeps a rejection verbatim, the order unchanged, and the number for the retry of the same order", async () => {
    const { double, setup } = await scripted([
      { cStat: 207, xMotivo: "Rejeição: CNPJ do emitente inválido" },
    ]);
    const orderId = await issuableOrder(api, setup);
    const first = await issue(orderId);
    await job(first);
    const id = first.NFes[0]!.IDNFe;
    expect(await note(id)).toMatchObject({
      Status: "Rejected",
      cStat: 207,
      xMotivo: "Rejeição: CNPJ do emitente inválido",
    });
    expect(await order(orderId)).toMatchObject({ IDStatusOrder: 3, StockStatus: 0, IDNFe: id });
    expect(await eventsOf("nfe.rejected", id)).toEqual([
      expect.objectContaining({ Status: "Rejected", cStat: 207 }),
    ]);

    await double.script([]);
    const again = await issue(orderId);
    expect(again.NFes[0]).toMatchObject({ IDNFe: id, Number: 1, Status: "Processing" });
    await job(again);
    await expectAuthorized(setup, orderId, id);
  });

  it("denies (110): the number stays used, the order unchanged, and a new issue takes the next number", async () => {
    const { setup } = await scripted(["110"]);
    const orderId = await issuableOrder(api, setup);
    const first = await issue(orderId);
    await job(first);
    expect(await note(first.NFes[0]!.IDNFe)).toMatchObject({ Status: "Denied", cStat: 110 });
    expect(await order(orderId)).toMatchObject({ IDStatusOrder: 3, StockStatus: 0 });
    const again = await issue(orderId);
    expect(again.NFes[0]).toMatchObject({ Number: 2 });
    await job(again);
    await expectAuthorized(setup, orderId, again.NFes[0]!.IDNFe);
  });

  it("539: rejected, and the retry takes a new number", async () => {
    const { double, setup } = await scripted(["539"]);
    const orderId = await issuableOrder(api, setup);
    const first = await issue(orderId);
    await job(first);
    expect(await note(first.NFes[0]!.IDNFe)).toMatchObject({ Status: "Rejected", cStat: 539 });
    await double.script([]);
    const again = await issue(orderId);
    expect(again.NFes[0]).toMatchObject({ IDNFe: first.NFes[0]!.IDNFe, Number: 2 });
    await job(again);
    await expectAuthorized(setup, orderId, first.NFes[0]!.IDNFe);
  });
});

describe("no conclusive answer: consult by key before any resend", () => {
  it("a lost answer: the consult by key finds the authorization, nothing is sent twice", async () => {
    const { double, setup } = await scripted(["lost"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    await expectAuthorized(setup, orderId, answer.NFes[0]!.IDNFe);
    expect(await services(double)).toEqual(["NFeAutorizacao4", "NFeConsultaProtocolo4"]);
  });

  it("503: consulted (not in SEFAZ's base), Pending, then consulted again and sent", async () => {
    const { double, setup } = await scripted(["503"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    const id = answer.NFes[0]!.IDNFe;
    await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Pending");
    expect((await note(id)).RetryAt).not.toBeNull();
    await retryNow(id);
    await job(answer);
    await expectAuthorized(setup, orderId, id);
    expect(await services(double)).toEqual([
      "NFeAutorizacao4",
      "NFeConsultaProtocolo4",
      "NFeConsultaProtocolo4",
      "NFeAutorizacao4",
    ]);
  });

  it("204: the duplicate is resolved by key into the authorization", async () => {
    const { setup } = await scripted(["204"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    await expectAuthorized(setup, orderId, answer.NFes[0]!.IDNFe);
  });

  it.each([
    ["656", /Consumo indevido \(656/],
    ["108", /Serviço da SEFAZ paralisado \(108/],
  ])("%s: Pending with the reason and when, then sent again", async (code, reason) => {
    const { setup } = await scripted([code as AuthorizerStep]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    const id = answer.NFes[0]!.IDNFe;
    await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Pending");
    const pending = await note(id);
    expect(pending.xMotivo).toMatch(reason);
    expect(pending.RetryAt).not.toBeNull();
    expect(await order(orderId)).toMatchObject({ IDStatusOrder: 3, StockStatus: 0 });
    await retryNow(id);
    await job(answer);
    await expectAuthorized(setup, orderId, id);
  });
});

describe("reading", () => {
  it("answers 409 for the XML and DANFE of a note that is not authorized, 400 for another company's", async () => {
    const { setup } = await scripted([{ cStat: 207, xMotivo: "Rejeição: CNPJ do emitente inválido" }]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    const id = answer.NFes[0]!.IDNFe;
    const xml = await api.get(`/nfe/${id}/xml`);
    expect(xml.status).toBe(409);
    expect(xml.body).toMatchObject({
      errorMessage: "NF-e em Rejected: o XML (nfeProc) e o DANFE só existem para uma NF-e autorizada",
    });
    expect((await api.get(`/nfe/${id}/danfe`)).status).toBe(409);
    const other = client("demo", await signIn("demo", "filial@demo.local"));
    expect((await other.get(`/nfe/${id}`)).body).toMatchObject({ errorMessage: "NF-e não existe" });
  });
});

async function fetchDanfe(id: number) {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(
    new Request(`http://demo.localhost/1.0/nfe/${id}/danfe`, { headers: { Authorization: `JWT ${token}` } }),
  );
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
