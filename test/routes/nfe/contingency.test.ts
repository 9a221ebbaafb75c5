import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  certifiedCnpj,
  certify,
  type IssuableSetup,
  issuableOrder,
  issuableSetup,
  noteRows,
} from "../../support/nfe-factories";
import { seedAccounts } from "../../support/seed";
import {
  type AuthorizerRequest,
  type AuthorizerStep,
  sefazAuthorizerDouble,
} from "../../support/sefaz-authorizer-double";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/**
 * SVC contingency over HTTP against the SEFAZ authorizer double (each message validated against the
 * XSD, its signature verified; the double refuses tpEmis 1 at the SVC and 6/7 at the normal
 * authorizer): entering when the UF's authorizer is stopped (status service or a 108/109 to a send),
 * the note re-signed with tpEmis 6 before its send (the old key never sent), a note already sent
 * resolved by key first, the SVC's rejection kept verbatim, leaving when the status service says the
 * authorizer is back, the company's mode and `nfe.contingency`.
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
  Key: string;
  Number: number;
  Status: string;
  EmissionType: number;
  cStat: number | null;
  xMotivo: string | null;
};
type IssueAnswer = { IDJob: number; NFes: Note[] };
type Invoice = {
  ContingencyMode: string | null;
  ContingencySince: string | null;
  ContingencyReason: string | null;
};

let certified = false;
/** An issuer in SP (SVC-AN) at the double under the label of its CNPJ (its status service is its own). */
async function scripted(script: AuthorizerStep[] = []) {
  const cnpj = certifiedCnpj();
  const double = await sefazAuthorizerDouble(cnpj, { script, label: cnpj });
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
const invoice = async (setup: IssuableSetup) =>
  (await api.get<Invoice[]>(`/company/invoice/${setup.issuer.id}`)).body[0]!;
const orderStatus = async (id: number) =>
  (await api.get<{ IDStatusOrder: number; chNFe: string | null }>(`/orders/${id}`)).body;
const retryNow = (noteId: number) =>
  env.DB_DEMO.prepare("UPDATE issued_nfes SET retry_at = datetime('now', '-1 second') WHERE id = ?")
    .bind(noteId)
    .run();
/**
 * Three minutes passed since the last poll of the double's authorizers for this issuer, and since the
 * company entered contingency (its `ContingencySince`, whole seconds: a poll in the same second as the
 * entering would not count as later).
 */
async function minutesLater(baseUrl: string, invoiceId: number) {
  await env.DB_DEMO.prepare(
    "UPDATE authorizer_statuses SET polled_at = datetime('now', '-181 seconds') WHERE endpoint = ?",
  )
    .bind(baseUrl)
    .run();
  const row = await env.DB_DEMO.prepare(
    "SELECT contingency_since AS since FROM company_invoices WHERE id = ?",
  )
    .bind(invoiceId)
    .first<{ since: string | null }>();
  if (!row?.since) return;
  const earlier = new Date(Date.parse(row.since) - 181_000 - 3 * 3600_000).toISOString().slice(0, 19);
  await env.DB_DEMO.prepare("UPDATE company_invoices SET contingency_since = ? WHERE id = ?")
    .bind(`${earlier}-03:00`, invoiceId)
    .run();
}
const contingencyEvents = async (invoiceId: number) =>
  (
    await env.DB_DEMO.prepare(
      "SELECT payload FROM events WHERE type = 'nfe.contingency' AND json_extract(payload, '$.IDCompanyInvoice') = ? ORDER BY id",
    )
      .bind(invoiceId)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload));
const sends = (requests: AuthorizerRequest[]) =>
  requests.filter((r) => r.service === "NFeAutorizacao4" || r.service === "NFeConsultaProtocolo4");
const keyOf = (request: AuthorizerRequest) =>
  /Id="NFe(\d{44})"/.exec(request.body)?.[1] ?? /<chNFe>(\d{44})<\/chNFe>/.exec(request.body)?.[1];
/** tpEmis of an access key (its 35th character). */
const tpEmisOf = (key: string) => key.charAt(34);

describe("entering SVC from the status service", () => {
  it("sends the note to SVC-AN with tpEmis 6, dhCont and xJust; shows the mode; leaves when the authorizer is back", async () => {
    const { double, setup } = await scripted();
    await double.outage("normal", "109");
    const orderId = await issuableOrder(api, setup);
    const first = await issue(orderId);
    const numberedKey = first.NFes[0]!.Key;
    expect(tpEmisOf(numberedKey)).toBe("1");
    const done = await job(first);
    expect(done.Result).toEqual({ Authorized: 1 });
    const id = first.NFes[0]!.IDNFe;
    const stored = await note(id);
    expect(stored).toMatchObject({ Status: "Authorized", cStat: 100, EmissionType: 6 });
    expect(tpEmisOf(stored.Key)).toBe("6");
    expect(stored.Key.slice(0, 34)).toBe(numberedKey.slice(0, 34));
    expect(await orderStatus(orderId)).toMatchObject({ IDStatusOrder: 6, chNFe: stored.Key });

    // only SVC-AN received the note, signed with tpEmis 6 and its contingency fields; the key
    // numbered with tpEmis 1 never left
    const requests = await double.requests();
    const sent = sends(requests);
    expect(sent.map((r) => [r.service, r.authorizer, r.path])).toEqual([
      ["NFeAutorizacao4", "svc", "/NFeAutorizacao4/NFeAutorizacao4.asmx"],
    ]);
    expect(keyOf(sent[0]!)).toBe(stored.Key);
    expect(requests.some((r) => r.body.includes(numberedKey))).toBe(false);
    const body = sent[0]!.body;
    expect(body).toContain("<tpEmis>6</tpEmis>");
    const company = await invoice(setup);
    expect(company).toMatchObject({ ContingencyMode: "SVC-AN" });
    expect(company.ContingencySince).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    expect(company.ContingencyReason).toBe(
      "Autorizador SP da NF-e paralisado (109 - Serviço Paralisado sem Previsão)",
    );
    expect(body).toContain(`<dhCont>${company.ContingencySince}</dhCont>`);
    expect(body).toContain(`<xJust>${company.ContingencyReason}</xJust>`);
    const [row] = await noteRows(orderId);
    expect(row!.xmlKey).toContain(stored.Key);
    expect(await (await env.UPLOADS.get(row!.xmlKey!))!.text()).toContain("<tpEmis>6</tpEmis>");
    expect(await contingencyEvents(setup.issuer.id)).toEqual([
      expect.objectContaining({
        Entered: true,
        ContingencyMode: "SVC-AN",
        EmissionType: 6,
        ContingencySince: company.ContingencySince,
        Authorizer: "SP",
        cStat: 109,
      }),
    ]);

    // within three minutes the authorizer is not asked again: the next note goes to SVC too
    await double.outage("normal", null);
    const second = await issue(await issuableOrder(api, setup));
    await job(second);
    expect(await note(second.NFes[0]!.IDNFe)).toMatchObject({ Status: "Authorized", EmissionType: 6 });

    // three minutes later the status service says 107: normal emission again, one event
    await minutesLater(double.baseUrl, setup.issuer.id);
    const third = await issue(await issuableOrder(api, setup));
    await job(third);
    const back = await note(third.NFes[0]!.IDNFe);
    expect(back).toMatchObject({ Status: "Authorized", EmissionType: 1 });
    expect(tpEmisOf(back.Key)).toBe("1");
    expect(await invoice(setup)).toMatchObject({
      ContingencyMode: null,
      ContingencySince: null,
      ContingencyReason: null,
    });
    const events = await contingencyEvents(setup.issuer.id);
    expect(events.map((e) => e.Entered)).toEqual([true, false]);
    expect(events[1]).toMatchObject({ ContingencyMode: null, EmissionType: 1, cStat: 107 });
    const last = sends(await double.requests()).at(-1)!;
    expect([last.authorizer, keyOf(last)]).toEqual(["normal", back.Key]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("garbage from the status service changes nothing: the note goes to the normal authorizer", async () => {
    const { double, setup } = await scripted();
    await double.statusScript(["garbage"]);
    const answer = await issue(await issuableOrder(api, setup));
    await job(answer);
    expect(await note(answer.NFes[0]!.IDNFe)).toMatchObject({ Status: "Authorized", EmissionType: 1 });
    expect(await invoice(setup)).toMatchObject({ ContingencyMode: null });
    expect(await contingencyEvents(setup.issuer.id)).toEqual([]);
  });
});

describe("entering SVC from a 108/109 answered to a send", () => {
  it("consults the note at the normal authorizer by key first; 217: re-signed for SVC-AN (new key, XML replaced)", async () => {
    const { double, setup } = await scripted(["108"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    const id = answer.NFes[0]!.IDNFe;
    await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Pending");
    const pending = await note(id);
    expect(pending).toMatchObject({ cStat: 108, EmissionType: 1 });
    const oldKey = pending.Key;
    const [before] = await noteRows(orderId);
    expect(await invoice(setup)).toMatchObject({ ContingencyMode: "SVC-AN" });
    expect(await contingencyEvents(setup.issuer.id)).toEqual([
      expect.objectContaining({ Entered: true, cStat: 108, Authorizer: "SP" }),
    ]);

    await retryNow(id);
    await job(answer);
    const stored = await note(id);
    expect(stored).toMatchObject({ Status: "Authorized", EmissionType: 6, Number: pending.Number });
    expect(stored.Key).not.toBe(oldKey);
    expect(tpEmisOf(stored.Key)).toBe("6");
    const sent = sends(await double.requests());
    expect(sent.map((r) => [r.service, r.authorizer, keyOf(r)])).toEqual([
      ["NFeAutorizacao4", "normal", oldKey],
      ["NFeConsultaProtocolo4", "normal", oldKey],
      ["NFeAutorizacao4", "svc", stored.Key],
    ]);
    // the XML of the old key is gone; the stored one is the SVC's
    expect(await env.UPLOADS.get(before!.xmlKey!)).toBeNull();
    const [after] = await noteRows(orderId);
    expect(after!.xmlKey).toContain(stored.Key);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a note the normal authorizer already has is resolved there by key, never sent to SVC", async () => {
    // the send is processed but its answer lost; the consult then meets 108: Pending, SVC entered
    const { double, setup } = await scripted(["lost", "108"]);
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    const id = answer.NFes[0]!.IDNFe;
    await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Pending");
    expect(await invoice(setup)).toMatchObject({ ContingencyMode: "SVC-AN" });
    const key = (await note(id)).Key;

    await retryNow(id);
    await job(answer);
    const stored = await note(id);
    expect(stored).toMatchObject({ Status: "Authorized", EmissionType: 1, Key: key });
    const sent = sends(await double.requests());
    expect(sent.filter((r) => r.authorizer === "svc")).toEqual([]);
    expect(sent.map((r) => r.service)).toEqual([
      "NFeAutorizacao4",
      "NFeConsultaProtocolo4",
      "NFeConsultaProtocolo4",
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  }, 60_000);
});

describe("two notes in flight when the authorizer stops", () => {
  it("both answered 108: SVC entered once (one nfe.contingency), each consulted by key at the normal authorizer, re-signed for SVC-AN and authorized once", async () => {
    // the first send's answer held until the second send arrives: both are in flight at the stop
    const { double, setup } = await scripted([{ cStat: 108, untilNext: true }, "108"]);
    const orders = [await issuableOrder(api, setup), await issuableOrder(api, setup)];
    const batch = await api.post<IssueAnswer>("/nfe/batch", { IDOrders: orders });
    expect(batch.status).toBe(202);
    const ids = batch.body.NFes.map((n) => n.IDNFe);
    for (const id of ids)
      await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Pending");
    const pending = await Promise.all(ids.map(note));
    expect(pending.map((n) => [n.cStat, n.EmissionType])).toEqual([
      [108, 1],
      [108, 1],
    ]);
    expect(
      (await double.requests()).filter((r) => r.service === "NFeAutorizacao4").map((r) => r.open),
    ).toEqual([1, 2]);
    expect(await invoice(setup)).toMatchObject({ ContingencyMode: "SVC-AN" });
    expect(await contingencyEvents(setup.issuer.id)).toEqual([
      expect.objectContaining({ Entered: true, cStat: 108, Authorizer: "SP" }),
    ]);

    for (const id of ids) await retryNow(id);
    expect(await job(batch.body)).toMatchObject({ Status: "Done", Result: { Authorized: 2 } });
    const sent = sends(await double.requests());
    for (const [i, id] of ids.entries()) {
      const stored = await note(id);
      expect(stored).toMatchObject({ Status: "Authorized", EmissionType: 6, Number: pending[i]!.Number });
      expect(tpEmisOf(stored.Key)).toBe("6");
      // the old key sent and consulted at the normal authorizer only; the new one sent once, to SVC
      expect(sent.filter((r) => keyOf(r) === pending[i]!.Key).map((r) => [r.service, r.authorizer])).toEqual([
        ["NFeAutorizacao4", "normal"],
        ["NFeConsultaProtocolo4", "normal"],
      ]);
      expect(sent.filter((r) => keyOf(r) === stored.Key).map((r) => [r.service, r.authorizer])).toEqual([
        ["NFeAutorizacao4", "svc"],
      ]);
    }
    expect(await contingencyEvents(setup.issuer.id)).toHaveLength(1);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  }, 60_000);
});

describe("the contingency authorizer's answers", () => {
  it("a rejection of SVC is kept Rejected with cStat/xMotivo verbatim, the order unchanged", async () => {
    const { double, setup } = await scripted([
      { cStat: 212, xMotivo: "Rejeição: Data de emissão NF-e posterior a data de recebimento" },
    ]);
    await double.outage("normal", "108");
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    expect(await note(answer.NFes[0]!.IDNFe)).toMatchObject({
      Status: "Rejected",
      EmissionType: 6,
      cStat: 212,
      xMotivo: "Rejeição: Data de emissão NF-e posterior a data de recebimento",
    });
    expect(await orderStatus(orderId)).toMatchObject({ IDStatusOrder: 3 });
    expect(sends(await double.requests()).map((r) => r.authorizer)).toEqual(["svc"]);
  });

  it("the cancellation of an SVC note goes to its SVC", async () => {
    const { double, setup } = await scripted();
    await double.outage("normal", "109");
    const orderId = await issuableOrder(api, setup);
    const answer = await issue(orderId);
    await job(answer);
    const id = answer.NFes[0]!.IDNFe;
    expect(await note(id)).toMatchObject({ Status: "Authorized", EmissionType: 6 });
    const cancelled = await api.post(`/nfe/${id}/cancel`, {
      Justification: "Cliente desistiu da compra antes do envio",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await note(id)).toMatchObject({ Status: "Cancelled" });
    const events = (await double.requests()).filter((r) => r.service === "NFeRecepcaoEvento4");
    expect(events.map((r) => [r.authorizer, r.path])).toEqual([
      ["svc", "/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"],
    ]);
  });
});
