import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../../drizzle/schema";
import { call, client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let one: Api;
let two: Api;

beforeAll(async () => {
  await seedAccounts();
  [one, two] = [await companyOneApi(), await companyTwoApi()];
});

/** A company-1 record, how company 2 would address it, and what "nonexistent" looks like there. */
type Case = {
  name: string;
  table: (typeof schema)[keyof typeof schema];
  create: () => Promise<number>;
  path: string;
  idField: string;
  update: Record<string, unknown>;
  notFound: string;
};

const cases: Case[] = [
  {
    name: "brand",
    table: schema.brands,
    create: async () => (await one.post("/brand", { Name: unique("Marca") })).body[0]!.IDBrand,
    path: "/brand",
    idField: "IDBrand",
    update: { Name: "Sequestrada" },
    notFound: "[BadRequest] - Brand não existe",
  },
  {
    name: "supplier",
    table: schema.suppliers,
    create: async () => (await one.post("/supplier", { Name: unique("Fornecedor") })).body[0]!.IDSupplier,
    path: "/supplier",
    idField: "IDSupplier",
    update: { Name: "Sequestrado" },
    notFound: "Fornecedor não existe",
  },
  {
    name: "product",
    table: schema.products,
    create: async () => (await one.post("/product", { Name: unique("Produto") })).body[0]!.IDProduct,
    path: "/product",
    idField: "IDProduct",
    update: { Name: "Sequestrado" },
    notFound: "Produto não existe",
  },
  {
    name: "invoicing company",
    table: schema.companyInvoices,
    create: async () =>
      (await one.post("/company/invoice", { Name: unique("Faturador") })).body[0]!.IDCompanyInvoice,
    path: "/company/invoice",
    idField: "IDCompanyInvoice",
    update: { Name: "Sequestrado" },
    notFound: "Faturador não existe",
  },
  {
    name: "consumer",
    table: schema.consumers,
    create: async () =>
      (
        await one.post("/consumer", {
          Name: unique("Cliente"),
          StateRegistration: "ISENTO",
          Street: "Rua da Matriz",
          CityCode: "3550308",
          UF: "SP",
        })
      ).body[0]!.IDConsumer,
    path: "/consumer",
    idField: "IDConsumer",
    update: { Street: "Rua Sequestrada", StateRegistration: null, CityCode: "3304557", UF: "RJ" },
    notFound: "Cliente não existe",
  },
  {
    name: "integration",
    table: schema.companyIntegrations,
    create: async () =>
      (await one.post("/company/integration", { Description: unique("Integração"), Kind: "TEF" })).body[0]!
        .IDCompanyIntegration,
    path: "/company/integration",
    idField: "IDCompanyIntegration",
    update: { Description: "Sequestrada" },
    notFound: "Integração não existe",
  },
];

const snapshot = (table: Case["table"]) =>
  demoDb()
    .select()
    .from(table as typeof schema.brands);

describe.each(cases)(
  "company 2 and company 1's $name",
  ({ table, create, path, idField, update, notFound }) => {
    it("never sees it", async () => {
      const id = await create();
      expect((await two.get(`${path}/${id}`)).body).toEqual([]);
      const listed = (await two.get(path)).body as Record<string, number>[];
      expect(listed.map((item) => item[idField])).not.toContain(id);
      expect((await one.get<Record<string, number>[]>(path)).body.map((item) => item[idField])).toContain(id);
      expect((await one.get(`${path}/${id}`)).body).toHaveLength(1);
    });

    it("cannot change or delete it: the missing-id answer and nothing written", async () => {
      const id = await create();
      const before = await snapshot(table);
      expectRefusal(await two.put(`${path}/${id}`, update), notFound);
      expectRefusal(await two.delete(`${path}/${id}`), notFound);
      expect(await snapshot(table)).toEqual(before);
    });
  },
);

describe("company 2 and company 1's carrier modality", () => {
  it("never sees, renames or deletes it", async () => {
    const name = unique("Modal da matriz");
    const created = await one.post("/carrier/modal", { CarrierModal: name });
    const id = created.body.find((m: { CarrierModal: string }) => m.CarrierModal === name)!.IDCarrierModal;
    const before = await demoDb().select().from(schema.carrierModals);

    expect((await two.get(`/carrier/modal?IDCarrierModal=${id}`)).body).toEqual([]);
    expect(
      (await two.get("/carrier/modal")).body.map((m: { IDCarrierModal: number }) => m.IDCarrierModal),
    ).not.toContain(id);
    const notFound = { status: 400, body: { errorMessage: "Modalidade não existe" } };
    expect(await two.put(`/carrier/modal/${id}`, { CarrierModal: "Sequestrada" })).toMatchObject(notFound);
    expect(await two.delete(`/carrier/modal/${id}`)).toMatchObject(notFound);
    expect(await demoDb().select().from(schema.carrierModals)).toEqual(before);
  });

  it("may use the same name: names are unique per company", async () => {
    const name = unique("Compartilhada");
    expect((await one.post("/carrier/modal", { CarrierModal: name })).status).toBe(200);
    const response = await two.post("/carrier/modal", { CarrierModal: name });
    expect(response.status).toBe(200);
    expect(response.body.map((m: { CarrierModal: string }) => m.CarrierModal)).toContain(name);
  });

  it("cannot point its carriers, mappings or products at company 1's registries", async () => {
    const name = unique("Modal");
    const modalId = (await one.post("/carrier/modal", { CarrierModal: name })).body.find(
      (m: { CarrierModal: string }) => m.CarrierModal === name,
    )!.IDCarrierModal;
    const brandId = (await one.post("/brand", { Name: unique("Marca") })).body[0]!.IDBrand;
    const carrierId = (await one.post("/supplier", { Name: unique("Transp"), IsCarrier: 1 })).body[0]!
      .IDSupplier;
    const refused = [
      [
        await two.post("/supplier", { Name: unique("T"), IsCarrier: 1, IDCarrierModal: modalId }),
        "Modalidade não existe",
      ],
      [
        await two.post("/carrier/hub-mapping", { HubCarrierName: "X", IDCarrierModal: modalId }),
        "Modalidade não existe",
      ],
      [
        await two.post("/carrier/hub-mapping", { HubCarrierName: "X", IDSupplier: carrierId }),
        "Fornecedor não existe",
      ],
      [await two.post("/product", { Name: unique("P"), IDBrand: brandId }), "Marca não existe"],
      [await two.post("/type/order/type", { Description: "X", Companies: [1] }), "Faturador não existe"],
    ] as const;
    for (const [response, message] of refused) {
      expectRefusal(response, message);
    }
  });
});

describe("another account", () => {
  it("refuses a demo token on the acme host with 401", async () => {
    const demoToken = await signIn("demo", "admin@demo.local");
    for (const path of ["/1.0/brand", "/1.0/carrier/modal", "/1.0/supplier", "/1.0/company/invoice"]) {
      const response = await call("acme", "GET", path, { token: demoToken });
      expect(response).toMatchObject({ status: 401, body: { errorMessage: "Não autorizado" } });
    }
    const write = await call("acme", "POST", "/1.0/brand", { token: demoToken, body: { Name: "Invasora" } });
    expect(write.status).toBe(401);
  });

  it("keeps each account's registries in its own database", async () => {
    const acme = client("acme", await signIn("acme", "admin@acme.local"));
    const name = unique("Só da Acme");
    const acmeBrand = (await acme.post("/brand", { Name: name })).body[0]!;
    const demoBrands = (await one.get(`/brand?Search=${encodeURIComponent(name)}`)).body;
    expect(demoBrands).toEqual([]);
    expect((await acme.get(`/brand/${acmeBrand.IDBrand}`)).body).toHaveLength(1);
  });
});
