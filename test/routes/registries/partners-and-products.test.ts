import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { carrierHubMappings, consumers, products, suppliers } from "../../../drizzle/schema";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import {
  companyOneApi,
  demoDb,
  insertBrand,
  missingCompanyApi,
  unique,
} from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

async function createModal(): Promise<number> {
  const name = unique("Modal");
  const response = await api.post("/carrier/modal", { CarrierModal: name });
  return response.body.find((m: { CarrierModal: string }) => m.CarrierModal === name)!.IDCarrierModal;
}

const supplierRow = (id: number) => demoDb().select().from(suppliers).where(eq(suppliers.id, id)).get();
const productRow = (id: number) => demoDb().select().from(products).where(eq(products.id, id)).get();

describe("/supplier", () => {
  it("creates a carrier with its modality and a formatted CPF/CNPJ stored as digits", async () => {
    const modalId = await createModal();
    const response = await api.post("/supplier", {
      Name: "Transportes Rápido",
      Document: "11.444.777/0001-61",
      IsCarrier: 1,
      IDCarrierModal: modalId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDSupplier: expect.any(Number),
        Name: "Transportes Rápido",
        Document: "11444777000161",
        IsCarrier: 1,
        IDCarrierModal: modalId,
        Status: 1,
      },
    ]);
  });

  it("drops the modality of a supplier that is not a carrier", async () => {
    const modalId = await createModal();
    const response = await api.post("/supplier", { Name: unique("Fornecedor"), IDCarrierModal: modalId });
    expect(response.body[0]).toMatchObject({ IsCarrier: 0, IDCarrierModal: null });
  });

  it("answers `Modalidade não existe` for a modality of no one, on create and update", async () => {
    const create = await api.post("/supplier", {
      Name: unique("Transp"),
      IsCarrier: 1,
      IDCarrierModal: 999999,
    });
    expectRefusal(create, "Modalidade não existe");

    const supplier = (await api.post("/supplier", { Name: unique("Transp"), IsCarrier: 1 })).body[0]!;
    const update = await api.put(`/supplier/${supplier.IDSupplier}`, { IDCarrierModal: 999999 });
    expectRefusal(update, "Modalidade não existe");
    expect((await supplierRow(supplier.IDSupplier))?.carrierModalId).toBeNull();
  });

  it("clears the modality when the supplier stops being a carrier", async () => {
    const modalId = await createModal();
    const supplier = (
      await api.post("/supplier", { Name: unique("Transp"), IsCarrier: 1, IDCarrierModal: modalId })
    ).body[0]!;
    const response = await api.put(`/supplier/${supplier.IDSupplier}`, { IsCarrier: 0 });
    expect(response.body[0]).toMatchObject({ IsCarrier: 0, IDCarrierModal: null, Name: supplier.Name });
  });

  it("filters carriers with IsCarrier", async () => {
    const carrier = (await api.post("/supplier", { Name: unique("Transp"), IsCarrier: 1 })).body[0]!;
    const other = (await api.post("/supplier", { Name: unique("Fornecedor") })).body[0]!;
    const ids = (query: string) =>
      api.get<{ IDSupplier: number }[]>(`/supplier${query}`).then((r) => r.body.map((s) => s.IDSupplier));
    expect(await ids("?IsCarrier=1")).toContain(carrier.IDSupplier);
    expect(await ids("?IsCarrier=1")).not.toContain(other.IDSupplier);
    expect(await ids("?IsCarrier=0")).toContain(other.IDSupplier);
    expect(await ids("")).toEqual(expect.arrayContaining([carrier.IDSupplier, other.IDSupplier]));
    expect((await api.get("/supplier?IsCarrier=2")).status).toBe(400);
  });

  it("soft-deletes and then answers `Fornecedor não existe`", async () => {
    const supplier = (await api.post("/supplier", { Name: unique("Fornecedor") })).body[0]!;
    expect((await api.delete(`/supplier/${supplier.IDSupplier}`)).body).toBe("sucesso");
    expect((await supplierRow(supplier.IDSupplier))?.status).toBe(0);
    expect((await api.get(`/supplier/${supplier.IDSupplier}`)).body).toEqual([]);
    for (const response of [
      await api.put(`/supplier/${supplier.IDSupplier}`, { Name: "X" }),
      await api.delete(`/supplier/${supplier.IDSupplier}`),
    ]) {
      expectRefusal(response, "Fornecedor não existe");
    }
  });

  it("refuses an invalid CPF/CNPJ", async () => {
    const response = await api.post("/supplier", { Name: unique("Fornecedor"), Document: "111.444.777-36" });
    expectRefusal(response, "Document deve ser um CPF ou CNPJ válido");
  });

  it("answers `Empresa não existe` when the caller's company does not exist", async () => {
    const response = await (await missingCompanyApi()).post("/supplier", { Name: unique("Fantasma") });
    expectRefusal(response, "Empresa não existe");
  });
});

describe("/consumer", () => {
  it("creates with a CPF, changes, lists and soft-deletes", async () => {
    const created = await api.post("/consumer", { Name: "Maria Silva", Document: "111.444.777-35" });
    const consumer = created.body[0]!;
    expect(consumer).toEqual({
      IDConsumer: expect.any(Number),
      Name: "Maria Silva",
      Document: "11144477735",
      Email: null,
      Status: 1,
      StateRegistration: null,
      IndIEDest: 9,
      Street: null,
      Number: null,
      Complement: null,
      District: null,
      CityCode: null,
      City: null,
      UF: null,
      ZipCode: null,
      Phone: null,
    });
    expect(
      (await api.put(`/consumer/${consumer.IDConsumer}`, { Document: "" })).body[0]!.Document,
    ).toBeNull();
    const withEmail = await api.put(`/consumer/${consumer.IDConsumer}`, { Email: "maria@example.com" });
    expect(withEmail.body[0]).toMatchObject({ Email: "maria@example.com", Name: "Maria Silva" });
    expect((await api.put(`/consumer/${consumer.IDConsumer}`, { Email: "maria" })).body).toMatchObject({
      errorMessage: expect.stringContaining("Email deve ser um e-mail válido"),
    });
    expect((await api.put(`/consumer/${consumer.IDConsumer}`, { Email: null })).body[0]!.Email).toBeNull();
    expect((await api.get("/consumer")).body.map((c: { IDConsumer: number }) => c.IDConsumer)).toContain(
      consumer.IDConsumer,
    );
    expect((await api.delete(`/consumer/${consumer.IDConsumer}`)).body).toBe("sucesso");
    const row = await demoDb().select().from(consumers).where(eq(consumers.id, consumer.IDConsumer)).get();
    expect(row?.status).toBe(0);
    expect((await api.get("/consumer")).body.map((c: { IDConsumer: number }) => c.IDConsumer)).not.toContain(
      consumer.IDConsumer,
    );
  });

  it("answers `Cliente não existe` on PUT and DELETE of an unknown id", async () => {
    for (const response of [
      await api.put("/consumer/999999", { Name: "X" }),
      await api.delete("/consumer/999999"),
    ]) {
      expectRefusal(response, "Cliente não existe");
    }
  });
});

describe("/product", () => {
  it("creates with money in reais stored as cents and answers the same amounts", async () => {
    const brand = await insertBrand(1);
    const code = unique("SKU").replace(/\s/g, "-");
    const response = await api.post("/product", {
      Code: code,
      Name: "Camiseta",
      IDBrand: brand.id,
      Cost: 12.5,
      Price: 39.9,
    });
    expect(response.status).toBe(200);
    const product = response.body[0]!;
    expect(product).toEqual({
      IDProduct: expect.any(Number),
      Code: code,
      Name: "Camiseta",
      IDBrand: brand.id,
      Cost: 12.5,
      Price: 39.9,
      IsActive: 1,
      Status: 1,
    });
    expect(await productRow(product.IDProduct)).toMatchObject({ cost: 1250, price: 3990 });
  });

  it("refuses money with more than two decimals", async () => {
    const response = await api.post<ErrorBody>("/product", { Name: unique("Produto"), Price: 1.005 });
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("Price");
  });

  it("refuses a SKU code already used in the company, also on update", async () => {
    const code = unique("DUP").replace(/\s/g, "-");
    const first = (await api.post("/product", { Code: code, Name: unique("Produto") })).body[0]!;
    const again = await api.post("/product", { Code: code, Name: unique("Produto") });
    expectRefusal(again, "Já existe um produto com esse código");
    const second = (await api.post("/product", { Name: unique("Produto") })).body[0]!;
    const update = await api.put(`/product/${second.IDProduct}`, { Code: code });
    expectRefusal(update, "Já existe um produto com esse código");
    expect((await api.put(`/product/${first.IDProduct}`, { Code: code, Name: "Mesmo código" })).status).toBe(
      200,
    );
  });

  it("lets exactly one of concurrent creates with the same code through", async () => {
    const code = unique("CONC").replace(/\s/g, "-");
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => api.post("/product", { Code: code, Name: unique("Produto") })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expect(refused.body).toMatchObject({ errorMessage: "Já existe um produto com esse código" });
    }
  });

  it("answers `Marca não existe` for a deleted brand or a brand of no one", async () => {
    const deleted = await insertBrand(1, unique("Apagada"), 0);
    for (const brandId of [deleted.id, 999999]) {
      const response = await api.post("/product", { Name: unique("Produto"), IDBrand: brandId });
      expectRefusal(response, "Marca não existe");
    }
    const product = (await api.post("/product", { Name: unique("Produto") })).body[0]!;
    const update = await api.put(`/product/${product.IDProduct}`, { IDBrand: deleted.id });
    expectRefusal(update, "Marca não existe");
    expect((await productRow(product.IDProduct))?.brandId).toBeNull();
  });

  it("refuses to reactivate a product whose brand was deleted meanwhile", async () => {
    const brand = await insertBrand(1);
    const product = (await api.post("/product", { Name: unique("Produto"), IDBrand: brand.id, IsActive: 0 }))
      .body[0]!;
    expect((await api.delete(`/brand/${brand.id}`)).body).toBe("sucesso");
    const response = await api.put(`/product/${product.IDProduct}`, { IsActive: 1 });
    expectRefusal(response, "Marca não existe");
    expect((await productRow(product.IDProduct))?.isActive).toBe(0);
  });

  it("soft-deletes and answers `Produto não existe` afterwards", async () => {
    const product = (await api.post("/product", { Name: unique("Produto") })).body[0]!;
    expect((await api.delete(`/product/${product.IDProduct}`)).body).toBe("sucesso");
    expect((await productRow(product.IDProduct))?.status).toBe(0);
    expect((await api.get(`/product/${product.IDProduct}`)).body).toEqual([]);
    expectRefusal(await api.put(`/product/${product.IDProduct}`, { Name: "X" }), "Produto não existe");
  });
});

describe("/carrier/hub-mapping", () => {
  it("maps a hub carrier name to a carrier and a modality", async () => {
    const modalId = await createModal();
    const carrier = (await api.post("/supplier", { Name: unique("Transp"), IsCarrier: 1 })).body[0]!;
    const response = await api.post("/carrier/hub-mapping", {
      HubCarrierName: "MERCADO ENVIOS",
      IDSupplier: carrier.IDSupplier,
      IDCarrierModal: modalId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDCarrierHubMapping: expect.any(Number),
        HubCarrierName: "MERCADO ENVIOS",
        IDSupplier: carrier.IDSupplier,
        IDCarrierModal: modalId,
        Status: 1,
      },
    ]);
  });

  it("validates the supplier and the modality", async () => {
    const notCarrier = (await api.post("/supplier", { Name: unique("Fornecedor") })).body[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ IDSupplier: 999999 }, "Fornecedor não existe"],
      [{ IDSupplier: notCarrier.IDSupplier }, "Fornecedor não é transportadora"],
      [{ IDCarrierModal: 999999 }, "Modalidade não existe"],
    ];
    for (const [body, message] of cases) {
      const response = await api.post("/carrier/hub-mapping", { HubCarrierName: unique("HUB"), ...body });
      expectRefusal(response, message);
    }
  });

  it("changes the modality, soft-deletes and frees the modality", async () => {
    const [firstModal, secondModal] = [await createModal(), await createModal()];
    const mapping = (
      await api.post("/carrier/hub-mapping", { HubCarrierName: unique("HUB"), IDCarrierModal: firstModal })
    ).body[0]!;
    const changed = await api.put(`/carrier/hub-mapping/${mapping.IDCarrierHubMapping}`, {
      IDCarrierModal: secondModal,
    });
    expect(changed.body[0]).toMatchObject({
      IDCarrierModal: secondModal,
      HubCarrierName: mapping.HubCarrierName,
    });
    expect((await api.delete(`/carrier/modal/${firstModal}`)).status).toBe(200);

    expect((await api.delete(`/carrier/hub-mapping/${mapping.IDCarrierHubMapping}`)).body).toBe("sucesso");
    const row = await demoDb()
      .select()
      .from(carrierHubMappings)
      .where(eq(carrierHubMappings.id, mapping.IDCarrierHubMapping))
      .get();
    expect(row?.status).toBe(0);
    expect((await api.delete(`/carrier/modal/${secondModal}`)).status).toBe(200);
  });

  it("answers `De/para de transportadora não existe` for an unknown id", async () => {
    for (const response of [
      await api.put("/carrier/hub-mapping/999999", { HubCarrierName: "X" }),
      await api.delete("/carrier/hub-mapping/999999"),
    ]) {
      expectRefusal(response, "De/para de transportadora não existe");
    }
  });
});
