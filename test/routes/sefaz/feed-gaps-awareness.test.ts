import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FEED_DOCUMENT_NOT_FOUND } from "../../../src/domain/nfe/messages";
import { SEFAZ_MESSAGES } from "../../../src/domain/sefaz/messages";
import { cnpjOf, nfeXml } from "../../fixtures/nfe/generate";
import { client, signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import { type DoubleDocument, sefazDoubles } from "../../support/sefaz-double";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/**
 * The rest of the distribution over HTTP against the doubles (distribution and event service at one
 * BaseUrl): summaries in `GET /purchase/feed` and manifested there, the full NF-e filling the same
 * line; NSU gaps filled by consNSU and summaries without their full NF-e asked by consChNFe, with
 * what is still missing on the integration; the automatic awareness (`AutoAwareness`) through its
 * own job, refusals recorded per document.
 */

beforeAll(seedAccounts);

const DEMO_CNPJ = "11222333000181";

let token: string;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

type Settings = {
  State: string;
  UltNSU: string;
  AutoAwareness: number;
  MissingNSU: number;
  AwaitingFullNFe: number;
};
type Doc = {
  NSU: string;
  Kind: string;
  Status: string;
  Reason: string | null;
  ChNFe: string | null;
  IDJob: number | null;
  Awareness: string | null;
  AwarenessReason: string | null;
  Requests: number;
  RequestedAt: string | null;
};
type FeedLine = {
  IDNFEvents: number;
  Status: string;
  Situation: number | null;
  chNFe: string;
  NfeNumber: number;
  Series: number;
  IssuerCnpj: string;
  IssuerName: string;
  RecipientCnpj: string;
  Value: number;
  ItemsCount: number;
  IDSupplier: number | null;
  IDJob: number | null;
  ManifestEvent: number | null;
  Events: { Event: number; cStat: number; Protocol: string | null }[];
};

let serial = 0;
async function integration(
  docs: DoubleDocument[],
  extra: Record<string, unknown> = {},
  events: { tpAmb?: "1" | "2" } = {},
) {
  const name = `r${Date.now()}${serial++}`;
  const doubles = await sefazDoubles(name, docs, { events });
  const created = await api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
    Description: `SEFAZ ${name}`,
    Kind: "SEFAZ",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body[0]!.IDCompanyIntegration;
  const put = await api.put<Settings>(`/company/integration/${id}/sefaz`, {
    CNPJ: DEMO_CNPJ,
    UF: "SP",
    BaseUrl: doubles.baseUrl,
    Certificate: doubles.certificatePem,
    PrivateKey: doubles.keyPem,
    ...extra,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { id, doubles, settings: put.body };
}

async function sync(id: number): Promise<JobBody> {
  const answer = await api.post<{ IDJob: number }>(`/company/integration/${id}/sefaz/sync`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return waitForJob(token, answer.body.IDJob, 30_000);
}

/** SEFAZ's hour after catching up has passed (the clock moved by the database). */
const hourPassed = (id: number) =>
  env.DB_DEMO.prepare(
    "UPDATE sefaz_integrations SET next_distribution_at = datetime('now', '-1 second') WHERE company_integration_id = ?",
  )
    .bind(id)
    .run();

const settingsOf = async (id: number) => (await api.get<Settings>(`/company/integration/${id}/sefaz`)).body;
const documentsOf = async (id: number) =>
  (await api.get<Doc[]>(`/company/integration/${id}/sefaz/documents`)).body;
const feedOf = async (query: string) => {
  const answer = await api.get<FeedLine[]>(`/purchase/feed?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

let nfeNumber = 200_000 + Math.floor(Math.random() * 100_000);
const issuerCnpj = () => cnpjOf(String(Math.floor(Math.random() * 1e12)).padStart(12, "0"));
const procNfe = (issuer = issuerCnpj()) =>
  nfeXml({
    issuerCnpj: issuer,
    recipientCnpj: DEMO_CNPJ,
    number: nfeNumber++,
    items: [{ code: "A1", description: "Produto", quantity: "2.0000", unitValue: "10.0000000000" }],
    installments: [{ number: "001", dueDate: "2026-12-30", value: "20.00" }],
  });
const keyOf = (xml: string) => /Id="NFe(\d{44})"/.exec(xml)![1]!;
const summary = (key: string, situation = 1) =>
  `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${key}</chNFe><CNPJ>${key.slice(6, 20)}</CNPJ>` +
  `<xNome>Fornecedor Resumo</xNome><IE>123456</IE><dhEmi>2026-11-20T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>150.25</vNF>` +
  `<digVal>abc=</digVal><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><cSitNFe>${situation}</cSitNFe></resNFe>`;
const RES = "resNFe_v1.01.xsd";
const PROC = "procNFe_v4.00.xsd";
/** A key of its own (a summary with no full NF-e anywhere). */
const freshKey = () => `3526119988776600010055001${String(nfeNumber++).padStart(9, "0")}1000000017`;

async function jobOfType(type: string, integrationId: number): Promise<JobBody> {
  const row = await env.DB_DEMO.prepare("SELECT id FROM jobs WHERE type = ? AND params = ? ORDER BY id DESC")
    .bind(type, JSON.stringify({ IDCompanyIntegration: integrationId }))
    .first<{ id: number }>();
  expect(row, `${type} job of ${integrationId}`).not.toBeNull();
  return waitForJob(token, row!.id, 30_000);
}

describe("summaries in the purchase feed", () => {
  it("shows a summary as a line, manifests it, and the full NF-e then fills the same line", async () => {
    const full = procNfe();
    const key = keyOf(full);
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(key) },
      // SEFAZ releases the full XML only after the recipient's awareness or confirmation
      { nsu: 0, schema: PROC, xml: full, release: true },
    ]);
    expect((await sync(id)).Status).toBe("Done");
    const [line] = await feedOf(`chNFe=${key}`);
    expect(line).toMatchObject({
      Status: "Summary",
      Situation: 1,
      chNFe: key,
      Series: Number(key.slice(22, 25)),
      NfeNumber: Number(key.slice(25, 34)),
      IssuerCnpj: key.slice(6, 20),
      IssuerName: "Fornecedor Resumo",
      RecipientCnpj: DEMO_CNPJ,
      Value: 150.25,
      ItemsCount: 0,
      IDSupplier: null,
      IDJob: null,
      ManifestEvent: null,
      Events: [],
    });
    expect(await feedOf(`chNFe=${key}&Status=Summary`)).toHaveLength(1);
    expect(await feedOf(`chNFe=${key}&Status=Full`)).toHaveLength(0);
    expect((await settingsOf(id)).AwaitingFullNFe).toBe(1);

    // the confirmation goes to the event service through the integration's BaseUrl
    const manifest = await api.post<FeedLine>(`/purchase/feed/${line!.IDNFEvents}/manifest`, {
      Event: 210200,
    });
    expect(manifest.status, JSON.stringify(manifest.body)).toBe(200);
    expect(manifest.body).toMatchObject({
      IDNFEvents: line!.IDNFEvents,
      Status: "Summary",
      ManifestEvent: 210200,
    });
    expect((await doubles.events.requests()).length).toBe(1);

    // the next distribution (after the hour) brings the released procNFe; its import fills the line
    await hourPassed(id);
    const next = await sync(id);
    expect(next.Result).toMatchObject({ full: 1, imports: 1 });
    const docs = await documentsOf(id);
    const imported = docs.find((d) => d.Kind === "procNFe")!;
    expect(imported).toMatchObject({ NSU: "000000000000002", Status: "Imported", ChNFe: key });
    expect(await waitForJob(token, imported.IDJob!, 30_000)).toMatchObject({
      Status: "Done",
      FailureReason: null,
    });
    const after = await feedOf(`chNFe=${key}`);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      IDNFEvents: line!.IDNFEvents,
      Status: "Full",
      Situation: null,
      ItemsCount: 1,
      Value: 20,
      IDJob: imported.IDJob,
      ManifestEvent: 210200,
    });
    expect(after[0]!.IDSupplier).toEqual(expect.any(Number));
    expect(after[0]!.Events.map((e) => [e.Event, e.cStat])).toEqual([[210200, 135]]);
    expect((await settingsOf(id)).AwaitingFullNFe).toBe(0);
    // one row for the key, its one item
    const rows = await env.DB_DEMO.prepare(
      "SELECT d.summary, (SELECT count(*) FROM nfe_items i WHERE i.nfe_id = d.id) AS items FROM nfe_documents d WHERE company_id = 1 AND ch_nfe = ?",
    )
      .bind(key)
      .all();
    expect(rows.results).toEqual([{ summary: 0, items: 1 }]);
  });

  it("keeps one line per key whatever repeats it (a duplicate NSU, the same summary under another NSU, an upload)", async () => {
    const key = freshKey();
    const { id } = await integration([
      { nsu: 1, schema: RES, xml: summary(key), duplicate: true },
      { nsu: 2, schema: RES, xml: summary(key) },
    ]);
    const job = await sync(id);
    expect(job.Result).toMatchObject({ documents: 2, duplicates: 1, summaries: 2 });
    expect(await feedOf(`chNFe=${key}`)).toHaveLength(1);
    // a cancelled summary is shown with its situation
    const cancelled = freshKey();
    const other = await integration([{ nsu: 1, schema: RES, xml: summary(cancelled, 3) }]);
    await sync(other.id);
    expect((await feedOf(`chNFe=${cancelled}`))[0]).toMatchObject({ Status: "Summary", Situation: 3 });
  });

  it("refuses a Status that is not Full or Summary", async () => {
    const answer = await api.get<{ errorMessage?: string }>("/purchase/feed?Status=Resumo");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("Status deve ser Full ou Summary");
  });

  it("never shows nor manifests another company's summary", async () => {
    const key = freshKey();
    const row = await env.DB_DEMO.prepare(
      `INSERT INTO nfe_documents (company_id, ch_nfe, series, number, issued_at, issue_date, issuer_document, issuer_name,
         recipient_document, item_count, supplier_id, summary, situation)
       VALUES (2, ?, 1, 1, '2026-11-20T10:00:00-03:00', '2026-11-20', '99887766000100', 'Outro', '11222333000262', 0, 0, 1, 1)
       RETURNING id`,
    )
      .bind(key)
      .first<{ id: number }>();
    expect(await feedOf(`IDNFEvents=${row!.id}`)).toEqual([]);
    expect(await feedOf(`chNFe=${key}`)).toEqual([]);
    const manifest = await api.post(`/purchase/feed/${row!.id}/manifest`, { Event: 210210 });
    expect(manifest.status).toBe(400);
    expect(JSON.stringify(manifest.body)).toContain(FEED_DOCUMENT_NOT_FOUND);
    const events = await env.DB_DEMO.prepare("SELECT count(*) AS n FROM nfe_events WHERE nfe_id = ?")
      .bind(row!.id)
      .first<{ n: number }>();
    expect(events!.n).toBe(0);
  });
});

describe("gaps and missing full NF-e", () => {
  it("fills an NSU gap by consNSU without moving the cursor back or past anything", async () => {
    const full = procNfe();
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(freshKey()) },
      { nsu: 2, schema: PROC, xml: full, hidden: true },
      { nsu: 3, schema: RES, xml: summary(freshKey()) },
    ]);
    const job = await sync(id);
    expect(job.Result).toMatchObject({ calls: 1, gaps: 1, gapCalls: 1, gapsFilled: 1, imports: 1 });
    const docs = await documentsOf(id);
    expect(docs.map((d) => [d.NSU.slice(-1), d.Status])).toEqual([
      ["1", "Summary"],
      ["2", "Imported"],
      ["3", "Summary"],
    ]);
    expect(docs[1]).toMatchObject({ ChNFe: keyOf(full), Requests: 1, Reason: null });
    expect(await settingsOf(id)).toMatchObject({ UltNSU: "000000000000003", MissingNSU: 0 });
    const consNsu = (await doubles.requests()).filter((r) => r.body.includes("<consNSU>"));
    expect(consNsu.map((r) => /<NSU>(\d+)</.exec(r.body)![1])).toEqual(["000000000000002"]);
    expect(await waitForJob(token, docs[1]!.IDJob!, 30_000)).toMatchObject({ Status: "Done" });
    expect(await feedOf(`chNFe=${keyOf(full)}`)).toHaveLength(1);
  });

  it("shows a gap SEFAZ has nothing for as missing, asks it again only after an hour, and gives up after three", async () => {
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(freshKey()) },
      { nsu: 3, schema: RES, xml: summary(freshKey()) },
    ]);
    await sync(id);
    const gap = () => documentsOf(id).then((docs) => docs.find((d) => d.Status === "Gap")!);
    expect(await gap()).toMatchObject({
      NSU: "000000000000002",
      Requests: 1,
      Reason: SEFAZ_MESSAGES.gapNothing(1),
    });
    expect(await settingsOf(id)).toMatchObject({ UltNSU: "000000000000003", MissingNSU: 1 });
    const asked = async () => (await doubles.requests()).filter((r) => r.body.includes("<consNSU>")).length;
    // within the hour: not asked again
    const again = await sync(id);
    expect(again.Result).toMatchObject({ gapCalls: 0 });
    expect(await asked()).toBe(1);
    for (const requests of [2, 3]) {
      await env.DB_DEMO.prepare(
        "UPDATE sefaz_documents SET requested_at = datetime('now', '-2 hours') WHERE company_integration_id = ? AND status = 'Gap'",
      )
        .bind(id)
        .run();
      expect((await sync(id)).Result).toMatchObject({ gapCalls: 1, gapsFilled: 0 });
      expect(await gap()).toMatchObject({ Requests: requests, Reason: SEFAZ_MESSAGES.gapNothing(requests) });
    }
    await env.DB_DEMO.prepare(
      "UPDATE sefaz_documents SET requested_at = datetime('now', '-2 hours') WHERE company_integration_id = ? AND status = 'Gap'",
    )
      .bind(id)
      .run();
    expect((await sync(id)).Result).toMatchObject({ gapCalls: 0 });
    expect(await asked()).toBe(3);
    expect((await settingsOf(id)).MissingNSU).toBe(1);
  });

  it("records a consNSU that gets no answer on the gap, and asks nothing more in that run", async () => {
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(freshKey()) },
      { nsu: 3, schema: RES, xml: summary(freshKey()) },
    ]);
    await doubles.faults(["pass", "500"]);
    const job = await sync(id);
    expect(job).toMatchObject({ Status: "Done" });
    expect(job.Result).toMatchObject({ gapCalls: 1 });
    const gap = (await documentsOf(id)).find((d) => d.Status === "Gap")!;
    expect(gap.Reason).toBe(SEFAZ_MESSAGES.followUpFailed("consNSU", "SEFAZ respondeu HTTP 500"));
    expect(await settingsOf(id)).toMatchObject({ State: "Ok", MissingNSU: 1 });
  });

  it("records SEFAZ's rejection of a consNSU on the gap", async () => {
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(freshKey()) },
      { nsu: 3, schema: RES, xml: summary(freshKey()) },
    ]);
    await doubles.faults(["pass", "593"]);
    expect(await sync(id)).toMatchObject({ Status: "Done" });
    const gap = (await documentsOf(id)).find((d) => d.Status === "Gap")!;
    expect(gap).toMatchObject({
      Requests: 1,
      Reason: SEFAZ_MESSAGES.followUpRejected(
        "consNSU",
        593,
        "Rejeição: CNPJ-Base consultado difere do CNPJ-Base do Certificado Digital",
      ),
    });
  });

  it("asks a manifested summary by consChNFe: the full NF-e comes, or the summary says it has not", async () => {
    const full = procNfe();
    const key = keyOf(full);
    const never = freshKey();
    const { id, doubles } = await integration([
      { nsu: 1, schema: RES, xml: summary(key) },
      { nsu: 2, schema: RES, xml: summary(never) },
    ]);
    await sync(id);
    for (const chNFe of [key, never]) {
      const [line] = await feedOf(`chNFe=${chNFe}`);
      const manifest = await api.post(`/purchase/feed/${line!.IDNFEvents}/manifest`, { Event: 210210 });
      expect(manifest.status, JSON.stringify(manifest.body)).toBe(200);
    }
    // SEFAZ holds the full NF-e of the first key, but distNSU does not bring it (an NSU below the cursor)
    await doubles.reset([
      { nsu: 1, schema: RES, xml: summary(key) },
      { nsu: 2, schema: RES, xml: summary(never) },
      { nsu: 3, schema: PROC, xml: full, hidden: true },
    ]);
    const job = await sync(id);
    expect(job.Result).toMatchObject({ keyCalls: 2, keysFound: 1, imports: 1 });
    const keys = (await doubles.requests()).flatMap(
      (r) => /<consChNFe><chNFe>(\d+)</.exec(r.body)?.[1] ?? [],
    );
    expect(keys.sort()).toEqual([key, never].sort());
    const docs = await documentsOf(id);
    expect(docs.find((d) => d.ChNFe === key && d.Kind === "resNFe")!.Reason).toBe(
      SEFAZ_MESSAGES.keyFound("000000000000003"),
    );
    expect(docs.find((d) => d.ChNFe === never)).toMatchObject({
      Status: "Summary",
      Requests: 1,
      Reason: SEFAZ_MESSAGES.keySummaryOnly(1),
    });
    const imported = docs.find((d) => d.Kind === "procNFe")!;
    expect(imported).toMatchObject({ NSU: "000000000000003", Status: "Imported" });
    await waitForJob(token, imported.IDJob!, 30_000);
    expect((await feedOf(`chNFe=${key}`))[0]).toMatchObject({ Status: "Full", ManifestEvent: 210210 });
    expect((await feedOf(`chNFe=${never}`))[0]).toMatchObject({ Status: "Summary" });
    // the cursor stayed where distNSU left it; what is missing is shown
    expect(await settingsOf(id)).toMatchObject({ UltNSU: "000000000000002", AwaitingFullNFe: 1 });
  });
});

describe("a manifest whose answer was lost", () => {
  it("records the event SEFAZ registered (573 on the resend) instead of refusing it", async () => {
    const key = freshKey();
    const { id, doubles } = await integration([{ nsu: 1, schema: RES, xml: summary(key) }]);
    await sync(id);
    const [line] = await feedOf(`chNFe=${key}`);
    // SEFAZ registers the confirmation, but its answer never arrives
    await doubles.events.faults(["lost"]);
    const lost = await api.post<{ errorMessage: string }>(`/purchase/feed/${line!.IDNFEvents}/manifest`, {
      Event: 210200,
    });
    expect(lost.status).toBe(400);
    expect(lost.body.errorMessage).toMatch(/^SEFAZ não respondeu em \d+ s: envie o evento de novo/);
    expect((await feedOf(`chNFe=${key}`))[0]).toMatchObject({ ManifestEvent: null, Events: [] });
    // the resend gets 573: the event is SEFAZ's, recorded as registered without its protocol
    const resent = await api.post<FeedLine>(`/purchase/feed/${line!.IDNFEvents}/manifest`, { Event: 210200 });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ IDNFEvents: line!.IDNFEvents, ManifestEvent: 210200 });
    expect(resent.body.Events).toEqual([
      expect.objectContaining({ Event: 210200, cStat: 573, Protocol: null }),
    ]);
    // a manifested summary: its full NF-e is asked by key in the next run
    expect((await sync(id)).Result).toMatchObject({ keyCalls: 1 });
    // once recorded, a resend is SEFAZ's 573 again, and nothing more is recorded
    const again = await api.post<{ errorMessage: string }>(`/purchase/feed/${line!.IDNFEvents}/manifest`, {
      Event: 210200,
    });
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toMatch(/^SEFAZ rejeitou o evento: 573 - /);
    expect((await feedOf(`chNFe=${key}`))[0]!.Events).toHaveLength(1);
    expect(await doubles.events.requests()).toHaveLength(3);
  });
});

describe("answers by key without an NSU", () => {
  it("stores a full NF-e a consChNFe answers without NSU and completes the summary's line", async () => {
    const full = procNfe();
    const key = keyOf(full);
    const { id, doubles } = await integration([{ nsu: 1, schema: RES, xml: summary(key) }]);
    await sync(id);
    const [line] = await feedOf(`chNFe=${key}`);
    expect((await api.post(`/purchase/feed/${line!.IDNFEvents}/manifest`, { Event: 210200 })).status).toBe(
      200,
    );
    await doubles.reset([
      { nsu: 1, schema: RES, xml: summary(key) },
      { nsu: 0, schema: PROC, xml: full, withoutNsu: true },
    ]);
    const job = await sync(id);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ keyCalls: 1, keysFound: 1, imports: 1 });
    const docs = await documentsOf(id);
    expect(docs.find((d) => d.NSU === "000000000000001")).toMatchObject({
      Status: "Summary",
      Requests: 1,
      Reason: SEFAZ_MESSAGES.keyFound(`chNFe-${key}`),
    });
    const imported = docs.find((d) => d.Kind === "procNFe")!;
    expect(imported).toMatchObject({ NSU: `chNFe-${key}`, Status: "Imported", ChNFe: key });
    expect(await waitForJob(token, imported.IDJob!, 30_000)).toMatchObject({ Status: "Done" });
    expect(await feedOf(`chNFe=${key}`)).toEqual([
      expect.objectContaining({ IDNFEvents: line!.IDNFEvents, Status: "Full", ManifestEvent: 210200 }),
    ]);
    expect(await settingsOf(id)).toMatchObject({ UltNSU: "000000000000001", AwaitingFullNFe: 0 });
  });
});

describe("the follow-ups' budgets", () => {
  it("asks a confirmed summary by consChNFe even with many gaps, each kind within its share of the hour", async () => {
    const old = Array.from({ length: 12 }, () => freshKey());
    const confirmed = freshKey();
    const { id, doubles } = await integration([
      ...old.map((key, index) => ({ nsu: index + 1, schema: RES, xml: summary(key) })),
      { nsu: 13, schema: RES, xml: summary(confirmed) },
      // NSUs 14 to 41 never come: 28 gaps
      { nsu: 42, schema: RES, xml: summary(freshKey()) },
    ]);
    const first = await sync(id);
    expect(first.Result).toMatchObject({ gaps: 28, gapCalls: 10, keyCalls: 0 });
    const [line] = await feedOf(`chNFe=${confirmed}`);
    const manifest = await api.post(`/purchase/feed/${line!.IDNFEvents}/manifest`, { Event: 210200 });
    expect(manifest.status, JSON.stringify(manifest.body)).toBe(200);
    // the twelve older summaries have waited more than 24 hours: they may be asked too
    await env.DB_DEMO.prepare(
      "UPDATE sefaz_documents SET created_at = datetime('now', '-2 days') WHERE company_integration_id = ? AND CAST(nsu AS INTEGER) <= 12",
    )
      .bind(id)
      .run();
    const second = await sync(id);
    expect(second.Result).toMatchObject({ keyCalls: 10, gapCalls: 0 });
    const asked = (await documentsOf(id)).find((d) => d.ChNFe === confirmed)!;
    expect(asked).toMatchObject({ Requests: 1, Reason: SEFAZ_MESSAGES.keySummaryOnly(1) });
    // the hour's 20 are spent: a third run asks nothing
    expect((await sync(id)).Result).toMatchObject({ keyCalls: 0, gapCalls: 0 });
    const followUps = (await doubles.requests()).filter(
      (r) => r.body.includes("<consNSU>") || r.body.includes("<consChNFe>"),
    );
    expect(followUps).toHaveLength(20);
    // after the hour, the gaps not yet asked come before those asked once
    await env.DB_DEMO.prepare(
      "UPDATE sefaz_documents SET requested_at = datetime(requested_at, '-2 hours') WHERE company_integration_id = ?",
    )
      .bind(id)
      .run();
    await sync(id);
    const nsus = (await doubles.requests())
      .slice(-10)
      .flatMap((r) => /<consNSU><NSU>(\d+)</.exec(r.body)?.[1] ?? [])
      .map(Number);
    expect(nsus).toEqual([24, 25, 26, 27, 28, 29, 30, 31, 32, 33]);
  });
});

describe("automatic awareness", () => {
  it("is a 0/1 setting, kept when omitted", async () => {
    const { id, settings } = await integration([]);
    expect(settings.AutoAwareness).toBe(0);
    const on = await api.put<Settings>(`/company/integration/${id}/sefaz`, {
      CNPJ: DEMO_CNPJ,
      UF: "SP",
      AutoAwareness: 1,
    });
    expect(on.body.AutoAwareness).toBe(1);
    const kept = await api.put<Settings>(`/company/integration/${id}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP" });
    expect(kept.body.AutoAwareness).toBe(1);
    for (const value of [2, "1", true, -1]) {
      const bad = await api.put(`/company/integration/${id}/sefaz`, {
        CNPJ: DEMO_CNPJ,
        UF: "SP",
        AutoAwareness: value,
      });
      expect(bad.status, String(value)).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("AutoAwareness deve ser 0 ou 1");
    }
    expect((await settingsOf(id)).AutoAwareness).toBe(1);
  });

  it("sends 210210 for each new authorized summary through its own job, and the full NF-e follows", async () => {
    const full = procNfe();
    const key = keyOf(full);
    const cancelled = freshKey();
    const { id, doubles } = await integration(
      [
        { nsu: 1, schema: RES, xml: summary(key) },
        { nsu: 2, schema: RES, xml: summary(cancelled, 3) },
        { nsu: 0, schema: PROC, xml: full, release: true },
      ],
      { AutoAwareness: 1 },
    );
    const job = await sync(id);
    expect(job.Result).toMatchObject({ summaries: 2, awareness: 1 });
    // the distribution's own batch sent nothing: the awareness job did
    const awareness = await jobOfType("SefazAwareness", id);
    expect(awareness).toMatchObject({ Status: "Done", FailureReason: null });
    expect(awareness.Result).toMatchObject({ sent: 1, refused: 0, pending: 0 });
    const docs = await documentsOf(id);
    expect(docs.find((d) => d.ChNFe === key)!.Awareness).toBe("Sent");
    expect(docs.find((d) => d.ChNFe === key)!.AwarenessReason).toMatch(
      /^Ciência registrada \(protocolo \d{15}\)$/,
    );
    expect(docs.find((d) => d.ChNFe === cancelled)!.Awareness).toBeNull();
    const events = await doubles.events.requests();
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toContain(`<tpEvento>210210</tpEvento>`);
    expect(events[0]!.body).toContain(`<chNFe>${key}</chNFe>`);
    const [line] = await feedOf(`chNFe=${key}`);
    expect(line).toMatchObject({ Status: "Summary", ManifestEvent: 210210 });
    expect(line!.Events[0]!.Protocol).toMatch(/^\d{15}$/);
    // the released full NF-e comes with the next distribution
    await hourPassed(id);
    const next = await sync(id);
    expect(next.Result).toMatchObject({ full: 1 });
    const imported = (await documentsOf(id)).find((d) => d.Kind === "procNFe")!;
    await waitForJob(token, imported.IDJob!, 30_000);
    expect((await feedOf(`chNFe=${key}`))[0]).toMatchObject({ IDNFEvents: line!.IDNFEvents, Status: "Full" });
  });

  it("records SEFAZ's refusal on the document without failing the job", async () => {
    const key = freshKey();
    // the event service is of the other environment: every event is refused (252)
    const { id } = await integration(
      [{ nsu: 1, schema: RES, xml: summary(key) }],
      { AutoAwareness: 1 },
      { tpAmb: "1" },
    );
    await sync(id);
    const awareness = await jobOfType("SefazAwareness", id);
    expect(awareness).toMatchObject({ Status: "Done" });
    expect(awareness.Result).toMatchObject({ sent: 0, refused: 1 });
    const doc = (await documentsOf(id))[0]!;
    expect(doc.Awareness).toBe("Refused");
    expect(doc.AwarenessReason).toMatch(/^SEFAZ rejeitou o evento: 252 - /);
    expect((await feedOf(`chNFe=${key}`))[0]).toMatchObject({ ManifestEvent: null, Events: [] });
  });

  it("records an already registered awareness (573) as known, and one the integration cannot sign as refused", async () => {
    const key = freshKey();
    const { id } = await integration([{ nsu: 1, schema: RES, xml: summary(key) }]);
    await sync(id);
    const [line] = await feedOf(`chNFe=${key}`);
    expect((await api.post(`/purchase/feed/${line!.IDNFEvents}/manifest`, { Event: 210210 })).status).toBe(
      200,
    );
    await env.DB_DEMO.prepare(
      "UPDATE sefaz_documents SET awareness = 'Pending' WHERE company_integration_id = ? AND nsu = '000000000000001'",
    )
      .bind(id)
      .run();
    await api.put(`/company/integration/${id}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP", AutoAwareness: 1 });
    await sync(id);
    expect((await jobOfType("SefazAwareness", id)).Result).toMatchObject({ sent: 1 });
    const known = (await documentsOf(id))[0]!;
    expect(known.Awareness).toBe("Sent");
    expect(known.AwarenessReason).toMatch(/^Ciência já conhecida da SEFAZ \(573\): /);

    // an integration without its certificate and key cannot sign: each summary says why (the
    // certificate is the CNPJ's in the company's certificate store, shared by every integration of
    // the CNPJ: this one removes it)
    const unsigned = freshKey();
    const name = `u${Date.now()}`;
    const doubles = await sefazDoubles(name, [{ nsu: 1, schema: RES, xml: summary(unsigned) }]);
    const created = await api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
      Description: `SEFAZ ${name}`,
      Kind: "SEFAZ",
    });
    const other = created.body[0]!.IDCompanyIntegration;
    await api.put(`/company/integration/${other}/sefaz`, {
      CNPJ: DEMO_CNPJ,
      UF: "SP",
      BaseUrl: doubles.baseUrl,
      Certificate: null,
      AutoAwareness: 1,
    });
    await sync(other);
    expect(await jobOfType("SefazAwareness", other)).toMatchObject({ Status: "Done" });
    expect((await documentsOf(other))[0]).toMatchObject({
      Awareness: "Refused",
      AwarenessReason: SEFAZ_MESSAGES.manifestNeedsKey,
    });
  });
});

describe("the jobs' account", () => {
  it("reaches the distribution from its queue message: the job stores no account in a file key", async () => {
    const { id } = await integration([{ nsu: 1, schema: PROC, xml: procNfe() }]);
    const job = await sync(id);
    expect(job.Result).toMatchObject({ imports: 1 });
    const row = await env.DB_DEMO.prepare("SELECT file_key FROM jobs WHERE id = ?")
      .bind(job.IDJob)
      .first<{ file_key: string }>();
    expect(row!.file_key).toBe("");
    const imported = (await documentsOf(id))[0]!;
    expect(await waitForJob(token, imported.IDJob!, 30_000)).toMatchObject({ Status: "Done" });
  });
});
