import { beforeAll, describe, expect, it } from "vitest";
import { PIX_SETTINGS_MESSAGES } from "../../src/domain/pix/settings-messages";
import { SEFAZ_MESSAGES } from "../../src/domain/sefaz/messages";
import { isValidCnpj } from "../../src/lib/document-number";
import { cnpjOf, nfeXml } from "../fixtures/nfe/generate";
import { client, signIn } from "../support/api";
import { pspDouble } from "../support/pix-psp-double";
import { expectRefusal } from "../support/refusal";
import { companyOneApi, insertBankAccount, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { type JobBody, uploadTwoSteps, utf8, waitForJob } from "../support/upload-factories";

/**
 * The alphanumeric CNPJ (docs/DOCUMENTS.md) everywhere a CNPJ enters over HTTP: the Receita
 * Federal's example typed with its punctuation and in lower case is accepted and stored as
 * `12ABC34501DE35`; the same CNPJ with a wrong check digit is refused with the place's own message.
 */

/** The Receita Federal's example, as a user may type it (punctuation, lower case). */
const TYPED = "12.abc.345/01de-35";
const STORED = "12ABC34501DE35";
const WRONG_DIGIT = "12.ABC.345/01DE-36";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
  // the SEFAZ integration's CNPJ must be the company's or one of its invoicing companies'
  const invoice = await api.post("/company/invoice", {
    Name: unique("Emissora alfanumérica"),
    Document: STORED,
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
});

const firstOf = (body: unknown) => (Array.isArray(body) ? body[0] : body) as Record<string, unknown>;

const newIntegration = async (Kind: string) => {
  const created = await api.post("/company/integration", { Description: unique(`Integração ${Kind}`), Kind });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return firstOf(created.body).IDCompanyIntegration as number;
};

type Place = {
  /** Sends `document` where the place takes a CNPJ; the answer. */
  send: (document: string) => Promise<{ status: number; body: unknown }>;
  /** The CNPJ as the answer shows it stored. */
  stored: (body: unknown) => unknown;
  /** The place's refusal of a CNPJ with a wrong check digit. */
  refusal: string;
};

const acme = async () => client("acme", await signIn("acme", "admin@acme.local"));

const PLACES: Record<string, Place> = {
  "company (PUT /company)": {
    send: async (Document) => (await acme()).put("/company", { Document }),
    stored: (body) => firstOf(body).Document,
    refusal: "Document deve ser um CNPJ válido",
  },
  "invoicing company (POST /company/invoice)": {
    send: (Document) => api.post("/company/invoice", { Name: unique("Faturador"), Document }),
    stored: (body) => firstOf(body).Document,
    refusal: "Document deve ser um CNPJ válido",
  },
  "supplier (POST /supplier)": {
    send: (Document) => api.post("/supplier", { Name: unique("Fornecedor"), Document }),
    stored: (body) => firstOf(body).Document,
    refusal: "Document deve ser um CPF ou CNPJ válido",
  },
  "carrier (POST /supplier, IsCarrier 1)": {
    send: (Document) => api.post("/supplier", { Name: unique("Transportadora"), Document, IsCarrier: 1 }),
    stored: (body) => firstOf(body).Document,
    refusal: "Document deve ser um CPF ou CNPJ válido",
  },
  "consumer (POST /consumer)": {
    send: (Document) => api.post("/consumer", { Name: unique("Cliente"), Document }),
    stored: (body) => firstOf(body).Document,
    refusal: "Document deve ser um CPF ou CNPJ válido",
  },
  "SEFAZ integration (PUT /company/integration/{id}/sefaz)": {
    send: async (CNPJ) =>
      api.put(`/company/integration/${await newIntegration("sefaz")}/sefaz`, { CNPJ, UF: "SP" }),
    stored: (body) => firstOf(body).CNPJ,
    refusal: SEFAZ_MESSAGES.cnpjInvalid,
  },
  "Pix integration's key (POST /company/integration, Kind PIX)": {
    send: async (PixKey) =>
      api.post("/company/integration", {
        Description: unique("Pix"),
        Kind: "pix",
        IDBankAccount: (await insertBankAccount(1)).id,
        PixKey,
      }),
    stored: (body) => firstOf(body).PixKey,
    refusal: PIX_SETTINGS_MESSAGES.pixKeyInvalid,
  },
};

describe("the seeded acme company", () => {
  // first in the file: the table below changes acme's CNPJ
  it("has a CNPJ with valid check digits, which its SEFAZ integration accepts", async () => {
    const acmeApi = await acme();
    const document = firstOf((await acmeApi.get("/company")).body).Document as string;
    expect(document).toBe("44555666000181");
    expect(isValidCnpj(document)).toBe(true);
    const created = await acmeApi.post("/company/integration", { Description: "SEFAZ Acme", Kind: "sefaz" });
    const id = firstOf(created.body).IDCompanyIntegration;
    const settings = await acmeApi.put(`/company/integration/${id}/sefaz`, {
      CNPJ: "44.555.666/0001-81",
      UF: "SP",
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(firstOf(settings.body).CNPJ).toBe("44555666000181");
  });
});

describe("the alphanumeric CNPJ where a CNPJ is typed", () => {
  it.each(Object.entries(PLACES))(
    "%s: accepts 12.abc.345/01de-35, stored as 12ABC34501DE35",
    async (_, place) => {
      const answer = await place.send(TYPED);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(place.stored(answer.body)).toBe(STORED);
    },
  );

  it.each(Object.entries(PLACES))("%s: refuses a wrong check digit with its message", async (_, place) => {
    expectRefusal(await place.send(WRONG_DIGIT), place.refusal);
  });

  it.each(Object.entries(PLACES))("%s: a numeric CNPJ is stored as before", async (_, place) => {
    // the SEFAZ integration takes only the company's CNPJs; the others any valid one
    const numeric =
      place.refusal === SEFAZ_MESSAGES.cnpjInvalid ? "11.222.333/0001-81" : "11.444.777/0001-61";
    const answer = await place.send(numeric);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(place.stored(answer.body)).toBe(numeric.replace(/\D/g, ""));
  });
});

describe("NF-e import (POST /job, Type NFeXML) with alphanumeric CNPJs", () => {
  let number = 60_000 + Math.floor(Math.random() * 100_000);
  const items = [{ code: "ALFA", description: "Produto", quantity: "1.0000", unitValue: "10.0000000000" }];

  async function importXml(xml: string): Promise<JobBody> {
    const upload = await uploadTwoSteps(token, "/job", utf8(xml), {
      fileName: "nota.xml",
      contentType: "application/xml",
      fields: { Type: "NFeXML" },
    });
    expect(upload.status).toBe(200);
    return waitForJob(token, upload.body.IDJob);
  }

  type FeedDocument = { IDNFEvents: number; IssuerCnpj: string; RecipientCnpj: string; IDSupplier: number };
  const feedOf = async (query: string) => (await api.get(`/purchase/feed?${query}`)).body as FeedDocument[];

  it("imports an NF-e of an alphanumeric issuer: the supplier registered with the same CNPJ typed otherwise is found", async () => {
    const issuer = cnpjOf("A1B2C3D4E5F6");
    expect(issuer).toBe("A1B2C3D4E5F668");
    const supplier = await api.post("/supplier", {
      Name: unique("Fornecedor alfa"),
      Document: "a1.b2c.3d4/e5f6-68",
    });
    expect(firstOf(supplier.body).Document).toBe(issuer);
    const job = await importXml(
      nfeXml({ issuerCnpj: issuer, recipientCnpj: "11222333000181", number: ++number, items }),
    );
    expect(job, JSON.stringify(job)).toMatchObject({ Status: "Done" });
    const [document] = await feedOf(`IDJob=${job.IDJob}`);
    expect(document).toMatchObject({ IssuerCnpj: issuer, IDSupplier: firstOf(supplier.body).IDSupplier });
    // the feed's issuer filter takes the CNPJ as typed
    expect((await feedOf("IssuerCnpj=a1.b2c.3d4%2Fe5f6-68")).map((d) => d.IDNFEvents)).toContain(
      document!.IDNFEvents,
    );
  });

  it("imports an NF-e addressed to the company's alphanumeric invoicing company", async () => {
    const job = await importXml(
      nfeXml({ issuerCnpj: cnpjOf("998877660001"), recipientCnpj: STORED, number: ++number, items }),
    );
    expect(job, JSON.stringify(job)).toMatchObject({ Status: "Done" });
    expect((await feedOf(`IDJob=${job.IDJob}`))[0]).toMatchObject({ RecipientCnpj: STORED });
  });

  it.each([
    [
      "emit",
      { issuerCnpj: "A1B2C3D4E5F669", recipientCnpj: "11222333000181" },
      "infNFe/emit/CNPJ",
      "A1B2C3D4E5F669",
    ],
    [
      "dest",
      { issuerCnpj: "A1B2C3D4E5F668", recipientCnpj: "12ABC34501DE36" },
      "infNFe/dest/CNPJ",
      "12ABC34501DE36",
    ],
  ])("refuses a CNPJ of %s with a wrong check digit", async (_, parties, path, cnpj) => {
    const job = await importXml(nfeXml({ ...parties, number: ++number, items }));
    expect(job).toMatchObject({ Status: "Failed", FailureReason: `NF-e com ${path} inválido: ${cnpj}` });
  });
});

describe("Pix charge (POST /accounts/receivable/{id}/pix)", () => {
  it("sends the consumer's alphanumeric CNPJ as devedor.cnpj (API Pix 2.9.0)", async () => {
    const credentials = { ClientId: "pix-client-alfa", ClientSecret: "pix-secret-alfa" };
    const psp = await pspDouble(`cnpj-${Date.now()}`, {
      clientId: credentials.ClientId,
      clientSecret: credentials.ClientSecret,
    });
    const integration = await api.post("/company/integration", {
      Description: unique("Pix PSP"),
      Kind: "PIX",
      IDBankAccount: (await insertBankAccount(1)).id,
      BaseUrl: psp.baseUrl,
      Credentials: credentials,
      PixKey: TYPED,
    });
    expect(integration.status, JSON.stringify(integration.body)).toBe(200);
    const consumer = await api.post("/consumer", { Name: "Empresa Alfa Ltda", Document: TYPED });
    const title = await api.post("/accounts/receivable", {
      Description: unique("Mensalidade"),
      Value: 42.5,
      DueDate: "2026-12-10",
      IDConsumer: firstOf(consumer.body).IDConsumer,
    });
    expect(title.status, JSON.stringify(title.body)).toBe(200);
    const charged = await api.post(
      `/accounts/receivable/${firstOf(title.body).IDAccountPayableReceivable}/pix`,
      {
        IDCompanyIntegration: firstOf(integration.body).IDCompanyIntegration,
      },
    );
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const cob = (await psp.requests()).find((request) => request.method === "PUT");
    expect(JSON.parse(cob!.body)).toMatchObject({
      devedor: { cnpj: STORED, nome: "Empresa Alfa Ltda" },
      chave: STORED,
    });
  });
});
