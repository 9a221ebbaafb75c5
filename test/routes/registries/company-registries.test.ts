import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyIntegrations, companyInvoices } from "../../../drizzle/schema";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb, missingCompanyApi, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

describe("/company/invoice", () => {
  it("lists the seeded invoicing company of the caller's company", async () => {
    const response = await api.get("/company/invoice");
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual(
      expect.objectContaining({
        IDCompanyInvoice: 1,
        Name: "Demo Comércio Ltda",
        Document: "11222333000181",
        Status: 1,
      }),
    );
    expect(response.body.map((i: { IDCompanyInvoice: number }) => i.IDCompanyInvoice)).not.toContain(2);
  });

  it("creates with a formatted CNPJ stored as digits, reads, changes and soft-deletes", async () => {
    const name = unique("Faturador");
    const created = await api.post("/company/invoice", { Name: name, Document: "11.444.777/0001-61" });
    expect(created.status).toBe(200);
    const invoice = created.body[0]!;
    expect(invoice).toMatchObject({
      IDCompanyInvoice: expect.any(Number),
      Name: name,
      Document: "11444777000161",
      Status: 1,
    });
    expect((await api.get(`/company/invoice/${invoice.IDCompanyInvoice}`)).body).toEqual([invoice]);

    const changed = await api.put(`/company/invoice/${invoice.IDCompanyInvoice}`, { Name: "Renomeado" });
    expect(changed.body).toEqual([{ ...invoice, Name: "Renomeado" }]);

    expect(await api.delete(`/company/invoice/${invoice.IDCompanyInvoice}`)).toMatchObject({
      status: 200,
      body: "sucesso",
    });
    const row = await demoDb()
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.id, invoice.IDCompanyInvoice))
      .get();
    expect(row).toMatchObject({ status: 0, name: "Renomeado" });
    expect((await api.get(`/company/invoice/${invoice.IDCompanyInvoice}`)).body).toEqual([]);
    const listed = (await api.get("/company/invoice")).body.map(
      (i: { IDCompanyInvoice: number }) => i.IDCompanyInvoice,
    );
    expect(listed).not.toContain(invoice.IDCompanyInvoice);
  });

  it("refuses a CNPJ with wrong check digits or length", async () => {
    for (const document of ["11444777000162", "123", "111.444.777-35"]) {
      const response = await api.post("/company/invoice", { Name: unique("Faturador"), Document: document });
      expectRefusal(response, "Document deve ser um CNPJ válido");
    }
  });

  it("answers `Faturador não existe` on PUT and DELETE of an unknown id", async () => {
    expectRefusal(await api.put("/company/invoice/999999", { Name: "X" }), "Faturador não existe");
    expectRefusal(await api.delete("/company/invoice/999999"), "Faturador não existe");
  });

  it("answers `Empresa não existe` when the caller's company does not exist", async () => {
    const response = await (await missingCompanyApi()).post("/company/invoice", { Name: unique("Fantasma") });
    expectRefusal(response, "Empresa não existe");
  });
});

describe("/company/integration", () => {
  it("stores TEF and PIX in capitals and any other kind as written", async () => {
    const kinds = [
      ["tef", "TEF"],
      [" Pix ", "PIX"],
      ["Marketplace XPTO", "Marketplace XPTO"],
    ];
    for (const [sent, stored] of kinds) {
      const response = await api.post("/company/integration", {
        Description: unique("Integração"),
        Kind: sent,
      });
      expect(response.status).toBe(200);
      expect(response.body[0]).toMatchObject({ Kind: stored, Status: 1 });
    }
  });

  it("changes only the fields sent and soft-deletes", async () => {
    const created = await api.post("/company/integration", { Description: "Cielo", Kind: "TEF" });
    const id = created.body[0]!.IDCompanyIntegration;
    const changed = await api.put(`/company/integration/${id}`, { Kind: "pix" });
    expect(changed.body).toEqual([
      { IDCompanyIntegration: id, Description: "Cielo", Kind: "PIX", Status: 1 },
    ]);
    expect((await api.delete(`/company/integration/${id}`)).body).toBe("sucesso");
    const row = await demoDb().select().from(companyIntegrations).where(eq(companyIntegrations.id, id)).get();
    expect(row?.status).toBe(0);
    expect((await api.get(`/company/integration/${id}`)).body).toEqual([]);
  });

  it("requires Description and Kind", async () => {
    for (const body of [{ Kind: "TEF" }, { Description: "Sem tipo" }]) {
      const response = await api.post<ErrorBody>("/company/integration", body);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toMatch(/Description|Kind/);
    }
  });

  it("answers `Integração não existe` on PUT and DELETE of an unknown id", async () => {
    for (const response of [
      await api.put("/company/integration/999999", { Description: "X" }),
      await api.delete("/company/integration/999999"),
    ]) {
      expectRefusal(response, "Integração não existe");
    }
  });
});
