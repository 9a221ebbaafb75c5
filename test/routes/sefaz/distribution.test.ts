import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEFAZ_MESSAGES } from "../../../src/domain/sefaz/messages";
import { cnpjOf, nfeXml } from "../../fixtures/nfe/generate";
import { client, signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import { CERTIFICATES } from "../../support/sefaz-certificates";
import { type DoubleDocument, sefazDouble } from "../../support/sefaz-double";
import { sefazEventDouble } from "../../support/sefaz-event-double";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/**
 * The NF-e distribution over HTTP against the loopback double of NFeDistribuicaoDFe: settings of a
 * Kind SEFAZ integration, `POST .../sefaz/sync` and the `SefazDistribution` job, the documents it
 * stores by NSU, the cursor, the waits and every failure's state.
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
  IDCompanyIntegration: number;
  State: string;
  StateReason: string | null;
  UltNSU: string;
  MaxNSU: string | null;
  RetryAfter: string | null;
  NextDistributionAt: string | null;
  BaseUrl: string | null;
  CertificateNotAfter: string | null;
  HasPrivateKey: boolean;
};
type Doc = {
  NSU: string;
  Kind: string;
  Status: string;
  Reason: string | null;
  ChNFe: string | null;
  IDJob: number | null;
};

let serial = 0;
async function integration(docs: DoubleDocument[], extra: Record<string, unknown> = {}, pageSize = 50) {
  const name = `t${Date.now()}${serial++}`;
  const double = await sefazDouble(name, docs, pageSize);
  const created = await api.post<unknown>("/company/integration", {
    Description: `SEFAZ ${name}`,
    Kind: "sefaz",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const body = created.body as { IDCompanyIntegration: number } | { IDCompanyIntegration: number }[];
  const id = Array.isArray(body) ? body[0]!.IDCompanyIntegration : body.IDCompanyIntegration;
  const put = await api.put<Settings>(`/company/integration/${id}/sefaz`, {
    CNPJ: "11.222.333/0001-81",
    UF: "SP",
    BaseUrl: double.baseUrl,
    ...extra,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { id, double, settings: put.body };
}

type SyncAnswer = { IDJob: number; Message: string; NextDistributionAt: string | null };

async function sync(id: number): Promise<JobBody> {
  const answer = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return waitForJob(token, answer.body.IDJob, 30_000);
}

/** SEFAZ's hour after 137 / ultNSU == maxNSU / 656 has passed (the clock moved by the database). */
const hourPassed = (id: number) =>
  env.DB_DEMO.prepare(
    "UPDATE sefaz_integrations SET next_distribution_at = datetime('now', '-1 second') WHERE company_integration_id = ?",
  )
    .bind(id)
    .run();
const distNsuCalls = async (double: { requests(): Promise<{ body: string }[]> }) =>
  (await double.requests()).filter((r) => r.body.includes("<distNSU>")).length;

const settingsOf = async (id: number) => (await api.get<Settings>(`/company/integration/${id}/sefaz`)).body;
const documentsOf = async (id: number) =>
  (await api.get<Doc[]>(`/company/integration/${id}/sefaz/documents`)).body;

let nfeNumber = 1000 + Math.floor(Math.random() * 100_000);
const procNfe = () =>
  nfeXml({
    issuerCnpj: cnpjOf(String(Math.floor(Math.random() * 1e12)).padStart(12, "0")),
    recipientCnpj: DEMO_CNPJ,
    number: nfeNumber++,
    items: [{ code: "A1", description: "Produto", quantity: "2.0000", unitValue: "10.0000000000" }],
    installments: [{ number: "001", dueDate: "2026-12-30", value: "20.00" }],
  });

const summary = (key: string) =>
  `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${key}</chNFe><CNPJ>${cnpjOf("998877660001")}</CNPJ>` +
  `<xNome>Fornecedor Resumo</xNome><IE>123</IE><dhEmi>2026-11-20T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>150.25</vNF>` +
  `<digVal>abc=</digVal><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>`;
const keyOf = (xml: string) => /<chNFe>(\d{44})<\/chNFe>/.exec(xml)?.[1] ?? /Id="NFe(\d{44})"/.exec(xml)![1]!;

describe("distribution", () => {
  it("brings summaries and full NF-e by NSU, imports the full ones as an upload would, and waits an hour when caught up", async () => {
    const full = procNfe();
    const key = "35261199887766000100550010000000011000000017";
    const { id, double } = await integration([
      { nsu: 1, schema: "resNFe_v1.01.xsd", xml: summary(key) },
      { nsu: 2, schema: "procNFe_v4.00.xsd", xml: full },
    ]);
    const job = await sync(id);
    expect(job, JSON.stringify(job)).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ calls: 1, documents: 2, summaries: 1, full: 1, imports: 1, gaps: 0 });
    const docs = await documentsOf(id);
    expect(docs.map((d) => [d.NSU, d.Kind, d.Status, d.ChNFe])).toEqual([
      ["000000000000001", "resNFe", "Summary", key],
      ["000000000000002", "procNFe", "Imported", keyOf(full)],
    ]);
    const settings = await settingsOf(id);
    expect(settings).toMatchObject({ State: "Ok", UltNSU: "000000000000002", MaxNSU: "000000000000002" });
    expect(Date.parse(`${settings.RetryAfter!.replace(" ", "T")}Z`)).toBeGreaterThan(Date.now() + 3500_000);
    // the full NF-e went through the NF-e import: its purchase-side document is stored
    const imported = await waitForJob(token, docs[1]!.IDJob!, 30_000);
    expect(imported).toMatchObject({ Type: "NFeXML", Status: "Done" });
    const stored = await env.DB_DEMO.prepare(
      "SELECT ch_nfe FROM nfe_documents WHERE company_id = 1 AND ch_nfe = ?",
    )
      .bind(keyOf(full))
      .first();
    expect(stored).not.toBeNull();
    // the request was the XSD's, in a SOAP 1.2 envelope with its action
    const [request] = await double.requests();
    expect(request!.headers["content-type"]).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe/nfeDistDFeInteresse"',
    );
    expect(request!.body).toContain(
      "<tpAmb>2</tpAmb><cUFAutor>35</cUFAutor><CNPJ>11222333000181</CNPJ><distNSU><ultNSU>000000000000000</ultNSU></distNSU>",
    );
    // a second run after the hour: 137 from the cursor, nothing stored again
    await hourPassed(id);
    const again = await sync(id);
    expect(again.Result).toMatchObject({ calls: 1, documents: 0 });
    expect((await double.requests())[1]!.body).toContain("<ultNSU>000000000000002</ultNSU>");
    expect(await documentsOf(id)).toHaveLength(2);
    expect((await settingsOf(id)).StateReason).toBe(SEFAZ_MESSAGES.nothingNew);
  });

  it("pages by NSU until ultNSU reaches maxNSU, stores a duplicate NSU once and records a gap", async () => {
    const docs: DoubleDocument[] = Array.from({ length: 7 }, (_, i) => ({
      nsu: i + 1,
      schema: "resNFe_v1.01.xsd",
      xml: summary(`352611998877660001005500100000${String(100 + i).padStart(4, "0")}1000000017`),
    })).filter((d) => d.nsu !== 4);
    docs[1] = { ...docs[1]!, duplicate: true };
    const { id, double } = await integration(docs, {}, 3);
    const job = await sync(id);
    expect(job, JSON.stringify(job)).toMatchObject({ Status: "Done" });
    expect(job.Result).toMatchObject({ calls: 2, documents: 6, duplicates: 1, gaps: 1 });
    const stored = await documentsOf(id);
    expect(stored.map((d) => [d.NSU.slice(-1), d.Status])).toEqual([
      ["1", "Summary"],
      ["2", "Summary"],
      ["3", "Summary"],
      ["4", "Gap"],
      ["5", "Summary"],
      ["6", "Summary"],
      ["7", "Summary"],
    ]);
    expect((await settingsOf(id)).UltNSU).toBe("000000000000007");
    const requests = await double.requests();
    const bodies = requests.flatMap((r) => /<distNSU><ultNSU>(\d+)</.exec(r.body)?.[1] ?? []);
    expect(bodies).toEqual(["000000000000000", "000000000000003"]);
    // caught up, the gap is asked once by consNSU; the double has nothing there (137)
    expect(
      requests.filter((r) => r.body.includes("<consNSU>")).map((r) => /<NSU>(\d+)</.exec(r.body)![1]),
    ).toEqual(["000000000000004"]);
    expect(job.Result).toMatchObject({ gapCalls: 1, gapsFilled: 0 });
    expect((await documentsOf(id))[3]).toMatchObject({ Status: "Gap", Reason: SEFAZ_MESSAGES.gapNothing(1) });
  });

  it("keeps a docZip that is not gzip and an XML that is not an NF-e as Invalid documents, and moves on", async () => {
    const { id } = await integration([
      { nsu: 1, schema: "procNFe_v4.00.xsd", xml: procNfe(), notGzip: true },
      { nsu: 2, schema: "procNFe_v4.00.xsd", xml: "<nfeProc><qualquer/></nfeProc>" },
    ]);
    const job = await sync(id);
    expect(job).toMatchObject({ Status: "Done" });
    expect(job.Result).toMatchObject({ invalid: 2, imports: 0 });
    const docs = await documentsOf(id);
    expect(docs[0]).toMatchObject({ Status: "Invalid", Reason: "docZip não é gzip de um XML", IDJob: null });
    expect(docs[1]!.Status).toBe("Invalid");
    expect(docs[1]!.Reason).toMatch(/^Documento não é uma NF-e legível: /);
    expect((await settingsOf(id)).UltNSU).toBe("000000000000002");
  });

  for (const [fault, state] of [
    ["fault", "Fault"],
    ["500", "Unavailable"],
    ["garbage", "InvalidAnswer"],
    ["slow", "Timeout"],
    ["656", "ConsumptionRefused"],
  ] as const) {
    it(`a ${fault} answer fails the job with a readable state, keeps the cursor and backs off`, async () => {
      const { id, double } = await integration([
        { nsu: 1, schema: "resNFe_v1.01.xsd", xml: summary("35261199887766000100550010000000011000000017") },
      ]);
      await double.faults([fault]);
      const job = await sync(id);
      expect(job.Status).toBe("Failed");
      expect(job.FailureReason).toBeTruthy();
      const settings = await settingsOf(id);
      expect(settings).toMatchObject({
        State: state,
        StateReason: job.FailureReason,
        UltNSU: "000000000000000",
      });
      expect(settings.RetryAfter).not.toBeNull();
      expect(await documentsOf(id)).toEqual([]);
      if (fault === "656") {
        // the CNPJ is blocked for the hour: a manual sync asks SEFAZ nothing, and says until when
        const calls = (await double.requests()).length;
        const blocked = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
        expect(blocked.body.NextDistributionAt).toBe(settings.RetryAfter);
        expect(await waitForJob(token, blocked.body.IDJob, 30_000)).toMatchObject({ Status: "Done" });
        expect((await double.requests()).length).toBe(calls);
        await hourPassed(id);
      }
      // the next run reads the same document: nothing was skipped
      const next = await sync(id);
      expect(next).toMatchObject({ Status: "Done" });
      expect((await documentsOf(id)).map((d) => d.NSU)).toEqual(["000000000000001"]);
      expect((await settingsOf(id)).State).toBe("Ok");
    });
  }
});

describe("answers SEFAZ must not give", () => {
  it("refuses a redirect without following it: Unavailable naming SEFAZ, the cursor unmoved", async () => {
    const { id, double } = await integration([
      { nsu: 1, schema: "resNFe_v1.01.xsd", xml: summary("35261199887766000100550010000000011000000017") },
    ]);
    await double.faults(["308"]);
    const job = await sync(id);
    expect(job).toMatchObject({ Status: "Failed" });
    expect(job.FailureReason).toMatch(
      /^SEFAZ respondeu com um redirecionamento \(HTTP 308 para http:\/\/127\.0\.0\.1:\d+\), que não é seguido$/,
    );
    expect(await double.requests()).toHaveLength(1);
    expect(await settingsOf(id)).toMatchObject({ State: "Unavailable", UltNSU: "000000000000000" });
    expect(await documentsOf(id)).toEqual([]);
  });

  it("refuses a docZip that inflates past the bound, with its NSU, and moves past it", async () => {
    const { id } = await integration([
      { nsu: 1, schema: "procNFe_v4.00.xsd", xml: procNfe(), padTo: 3 * 1024 * 1024 },
      { nsu: 2, schema: "resNFe_v1.01.xsd", xml: summary("35261199887766000100550010000000021000000017") },
    ]);
    const job = await sync(id);
    expect(job, JSON.stringify(job)).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ documents: 2, imports: 0 });
    const docs = await documentsOf(id);
    expect(docs.map((d) => [d.NSU, d.Status, d.Reason])).toEqual([
      [
        "000000000000001",
        "Refused",
        "docZip excede 1048576 bytes ao descompactar: documento recusado, não guardado",
      ],
      ["000000000000002", "Summary", null],
    ]);
    expect(await settingsOf(id)).toMatchObject({ State: "Ok", UltNSU: "000000000000002" });
    expect(JSON.stringify([job, docs])).not.toMatch(/SQLITE|D1_/);
  });
});

describe("SEFAZ's hour after catching up", () => {
  it("a manual sync inside the hour after ultNSU == maxNSU or 137 does not call distNSU and answers when it may", async () => {
    const { id, double } = await integration([
      { nsu: 1, schema: "resNFe_v1.01.xsd", xml: summary("35261199887766000100550010000000011000000017") },
    ]);
    expect((await sync(id)).Result).toMatchObject({ calls: 1, documents: 1 });
    const { NextDistributionAt: allowedAt } = await settingsOf(id);
    expect(Date.parse(`${allowedAt!.replace(" ", "T")}Z`)).toBeGreaterThan(Date.now() + 3500_000);
    // 0.2 min later (ultNSU == maxNSU): no distNSU, the answer says from when
    const early = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      NextDistributionAt: allowedAt,
      Message: SEFAZ_MESSAGES.syncWaiting(allowedAt!),
    });
    const job = await waitForJob(token, early.body.IDJob, 30_000);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ calls: 0 });
    expect(await distNsuCalls(double)).toBe(1);
    expect(await settingsOf(id)).toMatchObject({ State: "Ok", UltNSU: "000000000000001" });
    // after the hour: distNSU again (137), and the next hour starts
    await hourPassed(id);
    const open = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
    expect(open.body).toMatchObject({ NextDistributionAt: null, Message: SEFAZ_MESSAGES.syncScheduled });
    expect((await waitForJob(token, open.body.IDJob, 30_000)).Result).toMatchObject({ calls: 1 });
    expect(await distNsuCalls(double)).toBe(2);
    expect((await settingsOf(id)).StateReason).toBe(SEFAZ_MESSAGES.nothingNew);
    // right after the 137: no distNSU either, whatever the settings written meanwhile
    await api.put(`/company/integration/${id}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP" });
    const afterNothing = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
    expect(afterNothing.body.NextDistributionAt).not.toBeNull();
    expect((await waitForJob(token, afterNothing.body.IDJob, 30_000)).Result).toMatchObject({ calls: 0 });
    expect(await distNsuCalls(double)).toBe(2);
    // another service (BaseUrl) is not the one that set the hour: the next sync may call it
    const { BaseUrl } = await settingsOf(id);
    await api.put(`/company/integration/${id}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP", BaseUrl: `${BaseUrl}/` });
    expect(await settingsOf(id)).toMatchObject({ NextDistributionAt: null });
    const elsewhere = await api.post<SyncAnswer>(`/company/integration/${id}/sefaz/sync`);
    expect(elsewhere.body).toMatchObject({ NextDistributionAt: null, Message: SEFAZ_MESSAGES.syncScheduled });
  });
});

describe("settings", () => {
  it("reads the certificate's validity, seals the private key, and stops on an expired certificate", async () => {
    const pair = await sefazEventDouble(`pair${Date.now()}`);
    const { settings } = await integration([], {
      Certificate: pair.certificatePem,
      PrivateKey: pair.keyPem,
    });
    expect(settings).toMatchObject({ State: "Ok", HasPrivateKey: true });
    const keyBody = pair.keyPem.split("\n")[1]!;
    expect(JSON.stringify(settings)).not.toContain(keyBody);
    // the key is sealed in the company's certificate store, under the integration's CNPJ
    const row = await env.DB_DEMO.prepare(
      "SELECT private_key FROM company_certificates WHERE company_id = 1 AND cnpj = ?",
    )
      .bind(DEMO_CNPJ)
      .first<{ private_key: string }>();
    expect(row!.private_key).toMatch(/^v1\./);
    const other = await integration([], { Certificate: CERTIFICATES.valid });
    expect(other.settings).toMatchObject({
      CertificateNotAfter: "2060-01-01T00:00:00Z",
      HasPrivateKey: false,
    });
    const expired = await api.put<Settings>(`/company/integration/${other.id}/sefaz`, {
      CNPJ: DEMO_CNPJ,
      UF: "35",
      Certificate: CERTIFICATES.expired,
    });
    expect(expired.body).toMatchObject({
      State: "CertificateExpired",
      StateReason: SEFAZ_MESSAGES.certificateExpired("2025-01-01T00:00:00Z"),
    });
    const job = await sync(other.id);
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason: SEFAZ_MESSAGES.certificateExpired("2025-01-01T00:00:00Z"),
    });
  });

  it("refuses a private key that is not the certificate's, sent with it or kept from before", async () => {
    const pair = await sefazEventDouble(`mismatch${Date.now()}`);
    const generated = (await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-1",
      },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const der = new Uint8Array((await crypto.subtle.exportKey("pkcs8", generated.privateKey)) as ArrayBuffer);
    const otherKey = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----`;
    const { id } = await integration([]);
    const put = (body: Record<string, unknown>) =>
      api.put<{ errorMessage: string }>(`/company/integration/${id}/sefaz`, {
        CNPJ: DEMO_CNPJ,
        UF: "SP",
        ...body,
      });
    const wrongKey = await put({ Certificate: pair.certificatePem, PrivateKey: otherKey });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body).toMatchObject({ errorMessage: SEFAZ_MESSAGES.privateKeyMismatch });
    expect((await settingsOf(id)).HasPrivateKey).toBe(false);
    expect((await put({ Certificate: pair.certificatePem, PrivateKey: pair.keyPem })).status).toBe(200);
    // another certificate against the key kept from before
    const wrongCertificate = await put({ Certificate: CERTIFICATES.valid });
    expect(wrongCertificate.status).toBe(400);
    expect(wrongCertificate.body).toMatchObject({ errorMessage: SEFAZ_MESSAGES.privateKeyMismatch });
    // another key against the certificate kept from before
    expect((await put({ PrivateKey: otherKey })).body).toMatchObject({
      errorMessage: SEFAZ_MESSAGES.privateKeyMismatch,
    });
    expect((await put({ AutoAwareness: 1 })).status).toBe(200);
  });

  it("refuses what is not its own", async () => {
    const { id } = await integration([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ CNPJ: cnpjOf("998877660001"), UF: "SP" }, SEFAZ_MESSAGES.cnpjNotOfCompany],
      [{ CNPJ: "123", UF: "SP" }, SEFAZ_MESSAGES.cnpjInvalid],
      [{ CNPJ: DEMO_CNPJ, UF: "XX" }, SEFAZ_MESSAGES.ufInvalid],
      [{ CNPJ: DEMO_CNPJ, UF: "SP", Certificate: "not a certificate" }, SEFAZ_MESSAGES.certificateInvalid],
      [{ CNPJ: DEMO_CNPJ, UF: "SP", PrivateKey: "secret" }, SEFAZ_MESSAGES.privateKeyInvalid],
      [{ CNPJ: DEMO_CNPJ, UF: "SP", MtlsCertificate: "bad name!" }, SEFAZ_MESSAGES.mtlsCertificateInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await api.put<{ Message?: string }>(`/company/integration/${id}/sefaz`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    const other = await api.post<unknown>("/company/integration", { Description: "TEF", Kind: "TEF" });
    const otherId = (
      (Array.isArray(other.body) ? other.body[0] : other.body) as { IDCompanyIntegration: number }
    ).IDCompanyIntegration;
    const notSefaz = await api.put(`/company/integration/${otherId}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP" });
    expect(notSefaz.status).toBe(400);
    expect(JSON.stringify(notSefaz.body)).toContain(SEFAZ_MESSAGES.notSefazIntegration);
    const unconfigured = await api.post<unknown>("/company/integration", { Description: "S", Kind: "SEFAZ" });
    const unconfiguredId = (
      (Array.isArray(unconfigured.body) ? unconfigured.body[0] : unconfigured.body) as {
        IDCompanyIntegration: number;
      }
    ).IDCompanyIntegration;
    const syncing = await api.post(`/company/integration/${unconfiguredId}/sefaz/sync`);
    expect(syncing.status).toBe(400);
    expect(JSON.stringify(syncing.body)).toContain(SEFAZ_MESSAGES.notConfigured);
  });
});
