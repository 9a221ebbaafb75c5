import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEFAZ_MESSAGES } from "../../../src/domain/sefaz/messages";
import { cnpjOf, nfeXml } from "../../fixtures/nfe/generate";
import { client, signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import { CERTIFICATES } from "../../support/sefaz-certificates";
import { sefazEventDouble } from "../../support/sefaz-event-double";
import { uploadTwoSteps, utf8, waitForJob } from "../../support/upload-factories";

/**
 * `POST /purchase/feed/{id}/manifest` over HTTP once the company has a SEFAZ integration for the
 * NF-e's recipient: the event is signed with the integration's sealed key and sent to its event
 * service (the loopback double, which verifies the signature on its own); without one, the sandbox.
 */

const DEMO_CNPJ = "11222333000181";
let token: string;
let api: ReturnType<typeof client>;
let number = 90_000 + Math.floor(Math.random() * 9_000);

beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

async function importedNfe(): Promise<number> {
  const xml = nfeXml({
    issuerCnpj: cnpjOf(String(Math.floor(Math.random() * 1e12)).padStart(12, "0")),
    recipientCnpj: DEMO_CNPJ,
    number: number++,
    items: [{ code: "A1", description: "Produto", quantity: "1.0000", unitValue: "10.0000000000" }],
  });
  const upload = await uploadTwoSteps(token, "/job", utf8(xml), {
    fileName: "nota.xml",
    contentType: "application/xml",
    fields: { Type: "NFeXML" },
  });
  const job = await waitForJob(token, upload.body.IDJob);
  expect(job.Status, JSON.stringify(job)).toBe("Done");
  const feed = await api.get<{ IDNFEvents: number }[]>(`/purchase/feed?IDJob=${job.IDJob}`);
  return feed.body[0]!.IDNFEvents;
}

async function sefazIntegration(settings: Record<string, unknown>): Promise<number> {
  const created = await api.post<unknown>("/company/integration", {
    Description: `SEFAZ ${Date.now()}`,
    Kind: "SEFAZ",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const body = created.body as { IDCompanyIntegration: number } | { IDCompanyIntegration: number }[];
  const id = Array.isArray(body) ? body[0]!.IDCompanyIntegration : body.IDCompanyIntegration;
  const put = await api.put(`/company/integration/${id}/sefaz`, { CNPJ: DEMO_CNPJ, UF: "SP", ...settings });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return id;
}

const events = async (nfeId: number) =>
  (
    await env.DB_DEMO.prepare("SELECT event, c_stat, protocol FROM nfe_events WHERE nfe_id = ? ORDER BY id")
      .bind(nfeId)
      .all<{ event: number; c_stat: number; protocol: string | null }>()
  ).results;

describe("the manifest through the company's SEFAZ integration", () => {
  it("goes to the sandbox while the company has no SEFAZ integration", async () => {
    const id = await importedNfe();
    const answer = await api.post(`/purchase/feed/${id}/manifest`, { Event: 210210 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await events(id)).toMatchObject([{ event: 210210, c_stat: 135 }]);
  });

  it("without a signing key the integration refuses to send, and nothing is recorded", async () => {
    const double = await sefazEventDouble(`nokey${Date.now()}`);
    const integration = await sefazIntegration({ BaseUrl: double.baseUrl });
    const id = await importedNfe();
    const answer = await api.post(`/purchase/feed/${id}/manifest`, { Event: 210200 });
    expect(answer.status).toBe(400);
    expect(answer.body as unknown).toMatchObject({ errorMessage: SEFAZ_MESSAGES.manifestNeedsKey });
    expect(await events(id)).toEqual([]);
    expect(await double.requests()).toEqual([]);
    await api.delete(`/company/integration/${integration}`);
  });

  it("signs with the sealed key and registers at the event service; a repeat is SEFAZ's 573 as 400", async () => {
    const double = await sefazEventDouble(`real${Date.now()}`);
    const integration = await sefazIntegration({
      BaseUrl: double.baseUrl,
      Certificate: double.certificatePem,
      PrivateKey: double.keyPem,
    });
    const id = await importedNfe();
    const answer = await api.post<{ Events?: unknown }>(`/purchase/feed/${id}/manifest`, { Event: 210200 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await events(id);
    expect(row).toMatchObject({ event: 210200, c_stat: 135 });
    expect(row!.protocol).toMatch(/^\d{15}$/);
    const sent = await double.requests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("<tpEvento>210200</tpEvento>");
    expect(sent[0]!.body).toContain("<SignatureValue>");
    expect(sent[0]!.body).not.toContain("PRIVATE KEY");

    const again = await api.post(`/purchase/feed/${id}/manifest`, { Event: 210200 });
    expect(again.status).toBe(400);
    expect((again.body as unknown as { errorMessage: string }).errorMessage).toMatch(
      /^SEFAZ rejeitou o evento: 573 - /,
    );
    expect(await events(id)).toHaveLength(1);
    await api.delete(`/company/integration/${integration}`);
  });

  it("an expired certificate stops the integration: 400 with the date, nothing sent", async () => {
    const double = await sefazEventDouble(`expired${Date.now()}`);
    const integration = await sefazIntegration({
      BaseUrl: double.baseUrl,
      // no key: a key that is not the certificate's is refused (the expiry is checked first anyway)
      Certificate: CERTIFICATES.expired,
    });
    const id = await importedNfe();
    const answer = await api.post(`/purchase/feed/${id}/manifest`, { Event: 210210 });
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as { errorMessage: string }).errorMessage).toMatch(
      /^Certificado vencido em /,
    );
    expect(await double.requests()).toEqual([]);
    expect(await events(id)).toEqual([]);
    await api.delete(`/company/integration/${integration}`);
  });
});
