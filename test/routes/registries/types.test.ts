import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  costCenters,
  documentTypes,
  orderTypeInvoices,
  orderTypes,
  paymentTypes,
} from "../../../drizzle/schema";
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

async function createInvoice(): Promise<number> {
  return (await api.post("/company/invoice", { Name: unique("Faturador") })).body[0]!.IDCompanyInvoice;
}

describe("/type/order/type", () => {
  it("creates an order type enabled for invoicing companies of the company", async () => {
    const second = await createInvoice();
    const response = await api.post("/type/order/type", {
      Description: "Venda balcão",
      EnabledPOS: 1,
      Companies: [second, 1, 1],
    });
    expect(response.status).toBe(200);
    const orderType = response.body[0]!;
    expect(orderType).toEqual({
      IDTypeOrder: expect.any(Number),
      Description: "Venda balcão",
      IsTransfer: 0,
      EnabledPOS: 1,
      Companies: [1, second],
      CFOPInState: null,
      CFOPOutOfState: null,
      NatOp: null,
      Status: 1,
    });
    const links = await demoDb()
      .select()
      .from(orderTypeInvoices)
      .where(eq(orderTypeInvoices.orderTypeId, orderType.IDTypeOrder));
    expect(links.map((l) => l.companyInvoiceId).sort()).toEqual([1, second].sort());
    expect((await api.get(`/type/order/type/${orderType.IDTypeOrder}`)).body).toEqual([orderType]);
  });

  it("answers `Faturador não existe` for an invoicing company of another company, a deleted or unknown one", async () => {
    const deleted = await createInvoice();
    await api.delete(`/company/invoice/${deleted}`);
    for (const invoiceId of [2, deleted, 999999]) {
      const before = await demoDb().select().from(orderTypes);
      const response = await api.post("/type/order/type", {
        Description: unique("Tipo"),
        Companies: [1, invoiceId],
      });
      expectRefusal(response, "Faturador não existe");
      expect(await demoDb().select().from(orderTypes)).toEqual(before);
    }
  });

  it("replaces Companies only when sent", async () => {
    const extra = await createInvoice();
    const orderType = (await api.post("/type/order/type", { Description: unique("Tipo"), Companies: [1] }))
      .body[0]!;
    const renamed = await api.put(`/type/order/type/${orderType.IDTypeOrder}`, { Description: "Renomeado" });
    expect(renamed.body[0]).toMatchObject({ Description: "Renomeado", Companies: [1] });
    const replaced = await api.put(`/type/order/type/${orderType.IDTypeOrder}`, { Companies: [extra] });
    expect(replaced.body[0]).toMatchObject({ Description: "Renomeado", Companies: [extra] });
    const cleared = await api.put(`/type/order/type/${orderType.IDTypeOrder}`, { Companies: [] });
    expect(cleared.body[0]!.Companies).toEqual([]);
  });

  it("hides a deleted invoicing company from Companies", async () => {
    const invoice = await createInvoice();
    const orderType = (
      await api.post("/type/order/type", { Description: unique("Tipo"), Companies: [1, invoice] })
    ).body[0]!;
    await api.delete(`/company/invoice/${invoice}`);
    expect((await api.get(`/type/order/type/${orderType.IDTypeOrder}`)).body[0]!.Companies).toEqual([1]);
  });

  it("filters with IsTransfer", async () => {
    const transfer = (await api.post("/type/order/type", { Description: unique("Transf"), IsTransfer: 1 }))
      .body[0]!;
    const sale = (await api.post("/type/order/type", { Description: unique("Venda") })).body[0]!;
    const ids = async (query: string) =>
      (await api.get<{ IDTypeOrder: number }[]>(`/type/order/type${query}`)).body.map((t) => t.IDTypeOrder);
    expect(await ids("?IsTransfer=1")).toContain(transfer.IDTypeOrder);
    expect(await ids("?IsTransfer=1")).not.toContain(sale.IDTypeOrder);
    expect(await ids("?IsTransfer=0")).toContain(sale.IDTypeOrder);
    expect(await ids("?IsTransfer=0")).not.toContain(transfer.IDTypeOrder);
  });

  it("soft-deletes and answers `Tipo pedido não existe` afterwards", async () => {
    const orderType = (await api.post("/type/order/type", { Description: unique("Tipo") })).body[0]!;
    expect((await api.delete(`/type/order/type/${orderType.IDTypeOrder}`)).body).toBe("sucesso");
    const row = await demoDb()
      .select()
      .from(orderTypes)
      .where(eq(orderTypes.id, orderType.IDTypeOrder))
      .get();
    expect(row?.status).toBe(0);
    for (const response of [
      await api.put(`/type/order/type/${orderType.IDTypeOrder}`, { Description: "X" }),
      await api.delete(`/type/order/type/${orderType.IDTypeOrder}`),
    ]) {
      expectRefusal(response, "Tipo pedido não existe");
    }
  });
});

describe("/type/account/type", () => {
  it("creates, changes and deletes a chart-of-accounts entry", async () => {
    const created = await api.post("/type/account/type", { Description: "Fornecedores", IDTypeAccount: 1 });
    const entry = created.body[0]!;
    expect(entry).toEqual({
      IDTypeAccountPayableReceivable: expect.any(Number),
      Description: "Fornecedores",
      IDTypeAccount: 1,
      Status: 1,
    });
    const changed = await api.put(`/type/account/type/${entry.IDTypeAccountPayableReceivable}`, {
      IDTypeAccount: 0,
    });
    expect(changed.body).toEqual([{ ...entry, IDTypeAccount: 0 }]);
    expect((await api.delete(`/type/account/type/${entry.IDTypeAccountPayableReceivable}`)).body).toBe(
      "sucesso",
    );
    expect((await api.get(`/type/account/type/${entry.IDTypeAccountPayableReceivable}`)).body).toEqual([]);
  });

  it("requires IDTypeAccount 0 or 1", async () => {
    for (const body of [{ Description: "Sem tipo" }, { Description: "Tipo 2", IDTypeAccount: 2 }]) {
      const response = await api.post<ErrorBody>("/type/account/type", body);
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain("IDTypeAccount");
    }
  });

  it("answers `Plano de contas não existe` for an unknown id", async () => {
    expectRefusal(
      await api.put("/type/account/type/999999", { Description: "X" }),
      "Plano de contas não existe",
    );
  });
});

const describedRegistries = [
  {
    path: "/type/document",
    idField: "IDTypeDocument",
    table: documentTypes,
    notFound: "Tipo documento não existe",
  },
  {
    path: "/type/order/payment",
    idField: "IDTypePayment",
    table: paymentTypes,
    notFound: "Tipo pagamento não existe",
  },
  {
    path: "/type/cost-center",
    idField: "IDTypeCostCenter",
    table: costCenters,
    notFound: "Centro de custo não existe",
  },
] as const;

describe.each(describedRegistries)("$path", ({ path, idField, table, notFound }) => {
  it("creates, lists, reads, changes and soft-deletes", async () => {
    const description = unique("Descrição");
    const created = await api.post(path, { Description: ` ${description} ` });
    expect(created.status).toBe(200);
    const item = created.body[0]!;
    expect(item).toEqual({ [idField]: expect.any(Number), Description: description, Status: 1 });
    const id = (item as Record<string, unknown>)[idField] as number;
    expect((await api.get(path)).body).toContainEqual(item);
    expect((await api.get(`${path}/${id}`)).body).toEqual([item]);
    expect((await api.put(`${path}/${id}`, { Description: "Alterado" })).body).toEqual([
      { ...item, Description: "Alterado" },
    ]);
    expect(await api.delete(`${path}/${id}`)).toMatchObject({ status: 200, body: "sucesso" });
    expect((await demoDb().select().from(table).where(eq(table.id, id)).get())?.status).toBe(0);
    expect((await api.get<Record<string, number>[]>(path)).body.map((i) => i[idField])).not.toContain(id);
    expect((await api.get(`${path}/${id}`)).body).toEqual([]);
  });

  it(`answers \`${notFound}\` on PUT and DELETE of an unknown id`, async () => {
    for (const response of [
      await api.put(`${path}/999999`, { Description: "X" }),
      await api.delete(`${path}/999999`),
    ]) {
      expectRefusal(response, notFound);
    }
  });

  it("requires a Description and answers `Empresa não existe` for a missing company", async () => {
    expect((await api.post(path, { Description: "" })).status).toBe(400);
    const response = await (await missingCompanyApi()).post(path, { Description: unique("Fantasma") });
    expectRefusal(response, "Empresa não existe");
  });

  it("pages with Page (0-based)", async () => {
    expect((await api.get(`${path}?Page=1`)).body).toEqual([]);
    expect((await api.get(`${path}?Page=-1`)).status).toBe(400);
  });
});
