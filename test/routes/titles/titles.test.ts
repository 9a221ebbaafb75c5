import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountTypes, suppliers } from "../../../drizzle/schema";
import { call, client, type ErrorBody, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  makeAccountType,
  makeBankAccount,
  makeConsumer,
  makeRegistries,
  makeSupplier,
  titleRow,
} from "../../support/title-factories";

let api: ReturnType<typeof client>;
let refs: Awaited<ReturnType<typeof makeRegistries>>;
let otherCompany: Awaited<ReturnType<typeof makeRegistries>>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  refs = await makeRegistries(1);
  otherCompany = await makeRegistries(2);
});

const payable = (overrides: Record<string, unknown> = {}) => ({
  Description: "Energia elétrica",
  Document: "FAT-9",
  Value: 250.4,
  DueDate: "2026-06-15",
  IDSupplier: refs.supplierId,
  IDTypeDocument: refs.documentTypeId,
  IDTypePayment: refs.paymentTypeId,
  IDTypeAccountPayableReceivable: refs.outflowAccountTypeId,
  IDTypeCostCenter: refs.costCenterId,
  IDBankAccount: refs.bankAccountId,
  ...overrides,
});

const receivable = (overrides: Record<string, unknown> = {}) => ({
  Description: "Venda a prazo",
  Value: 99.9,
  DueDate: "2026-06-20",
  IDConsumer: refs.consumerId,
  IDTypeAccountPayableReceivable: refs.inflowAccountTypeId,
  ...overrides,
});

async function create(path: "/accounts/payable" | "/accounts/receivable", body: Record<string, unknown>) {
  const response = await api.post(path, body);
  expect(response.status).toBe(200);
  return response.body.IDAccountPayableReceivable as number;
}

describe("creating titles", () => {
  it("creates an open payable with every reference and answers its detail", async () => {
    const response = await api.post("/accounts/payable", payable());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IDAccountPayableReceivable: expect.any(Number),
      IDTypeAccount: 1,
      Description: "Energia elétrica",
      Document: "FAT-9",
      Value: 250.4,
      OpenValue: 250.4,
      PaidValue: 0,
      DueDate: "2026-06-15",
      IDSupplier: refs.supplierId,
      IDTypeDocument: refs.documentTypeId,
      IDTypePayment: refs.paymentTypeId,
      IDTypeAccountPayableReceivable: refs.outflowAccountTypeId,
      IDTypeCostCenter: refs.costCenterId,
      IDBankAccount: refs.bankAccountId,
      NossoNumero: null,
      TxId: null,
      Status: 1,
      StatusName: "Aberto",
      Payments: [],
    });
    expect(await titleRow(response.body.IDAccountPayableReceivable)).toMatchObject({
      companyId: 1,
      typeAccount: 1,
      value: 25_040,
      openValue: 25_040,
      supplierId: refs.supplierId,
      consumerId: null,
      status: 1,
    });
  });

  it("creates a receivable with IDConsumer and only the required fields", async () => {
    const response = await api.post("/accounts/receivable", {
      Description: "Mensalidade",
      Value: 10,
      DueDate: "2026-06-01",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDTypeAccount: 0,
      Document: null,
      IDConsumer: null,
      IDBankAccount: null,
      Status: 1,
      Payments: [],
    });
    expect(response.body).not.toHaveProperty("IDSupplier");
  });

  it("refuses bad input naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [payable({ Description: "  " }), "Description não pode ser vazio"],
      [payable({ Value: 0 }), "Value deve ser maior que zero"],
      [payable({ Value: 10.123 }), "Value aceita no máximo 2 casas decimais"],
      [payable({ DueDate: "15/06/2026" }), "DueDate deve ser uma data válida no formato AAAA-MM-DD"],
      [payable({ IDSupplier: 1.5 }), "IDSupplier deve ser um número inteiro"],
      [payable({ IDBankAccount: 2_147_483_648 }), "IDBankAccount excede o limite int32"],
      [payable({ Document: "x".repeat(61) }), "Document aceita no máximo 60 caracteres"],
    ];
    for (const [body, message] of cases) {
      expectRefusal(await api.post("/accounts/payable", body), message);
    }
  });
});

describe("registry references", () => {
  const missing = 999_999;
  const cases = (company: typeof refs | undefined) =>
    [
      ["payable", { IDSupplier: company?.supplierId ?? missing }, "Fornecedor não existe"],
      ["receivable", { IDConsumer: company?.consumerId ?? missing }, "Cliente não existe"],
      ["payable", { IDTypeDocument: company?.documentTypeId ?? missing }, "Tipo documento não existe"],
      ["payable", { IDTypePayment: company?.paymentTypeId ?? missing }, "Tipo pagamento não existe"],
      [
        "payable",
        { IDTypeAccountPayableReceivable: company?.outflowAccountTypeId ?? missing },
        "Plano de contas não existe",
      ],
      ["payable", { IDTypeCostCenter: company?.costCenterId ?? missing }, "Centro de custo não existe"],
      ["receivable", { IDBankAccount: company?.bankAccountId ?? missing }, "Conta bancária não existe"],
    ] as const;

  for (const [label, company] of [
    ["missing", () => undefined],
    ["of another company", () => otherCompany],
  ] as const) {
    it(`refuses ids ${label} on create and on update, changing nothing`, async () => {
      const payableId = await create("/accounts/payable", payable());
      const receivableId = await create("/accounts/receivable", receivable());
      for (const [kind, fields, message] of cases(company())) {
        const path = `/accounts/${kind}`;
        const base = kind === "payable" ? payable() : receivable();
        expectRefusal(await api.post(path, { ...base, ...fields }), message);
        const id = kind === "payable" ? payableId : receivableId;
        const before = await titleRow(id);
        expectRefusal(await api.put(`${path}/${id}`, { ...fields, Description: "Mudou" }), message);
        expect(await titleRow(id)).toEqual(before);
      }
    });
  }

  it("refuses soft-deleted registry rows", async () => {
    const supplierId = await makeSupplier(1, "Inativo");
    await dbOf().update(suppliers).set({ status: 0 }).where(eq(suppliers.id, supplierId));
    expectRefusal(
      await api.post("/accounts/payable", payable({ IDSupplier: supplierId })),
      "Fornecedor não existe",
    );
  });

  it("reports the first bad reference in order: party, document, payment, chart, cost center, bank", async () => {
    const all = {
      IDSupplier: 999_999,
      IDTypeDocument: 999_999,
      IDTypePayment: 999_999,
      IDTypeAccountPayableReceivable: 999_999,
      IDTypeCostCenter: 999_999,
      IDBankAccount: 999_999,
    };
    const expected = [
      "Fornecedor não existe",
      "Tipo documento não existe",
      "Tipo pagamento não existe",
      "Plano de contas não existe",
      "Centro de custo não existe",
      "Conta bancária não existe",
    ];
    const body: Record<string, unknown> = payable(all);
    for (const [index, key] of Object.keys(all).entries()) {
      const response = await api.post<ErrorBody>("/accounts/payable", body);
      expect(response.body.errorMessage).toBe(expected[index]);
      body[key] = payable()[key as keyof ReturnType<typeof payable>];
    }
    expect((await api.post("/accounts/payable", body)).status).toBe(200);
  });

  it("refuses a chart-of-accounts entry of the other direction", async () => {
    expectRefusal(
      await api.post(
        "/accounts/payable",
        payable({ IDTypeAccountPayableReceivable: refs.inflowAccountTypeId }),
      ),
      "Plano de contas não é de contas a pagar (saída)",
    );
    expectRefusal(
      await api.post(
        "/accounts/receivable",
        receivable({ IDTypeAccountPayableReceivable: refs.outflowAccountTypeId }),
      ),
      "Plano de contas não é de contas a receber (entrada)",
    );
    const inactive = await makeAccountType(1, 1);
    await dbOf().update(accountTypes).set({ status: 0 }).where(eq(accountTypes.id, inactive));
    expectRefusal(
      await api.post("/accounts/payable", payable({ IDTypeAccountPayableReceivable: inactive })),
      "Plano de contas não existe",
    );
  });
});

describe("reading titles", () => {
  it("answers one title, and the kind's message for missing, other-kind and deleted ones", async () => {
    const id = await create("/accounts/payable", payable());
    expect((await api.get(`/accounts/payable/${id}`)).body).toMatchObject({ IDAccountPayableReceivable: id });
    expectRefusal(await api.get(`/accounts/receivable/${id}`), "Conta a receber não existe");
    expectRefusal(await api.get("/accounts/payable/999999"), "Conta a pagar não existe");
    await api.delete(`/accounts/payable/${id}`);
    expectRefusal(await api.get(`/accounts/payable/${id}`), "Conta a pagar não existe");
    expectRefusal(
      await api.get("/accounts/payable/abc"),
      "idaccountpayable deve ser um número inteiro positivo",
    );
  });

  it("lists by due date with every filter, the page and without deleted titles", async () => {
    const supplier = await makeSupplier(1, "Filtro");
    const bank = await makeBankAccount(1, "Banco filtro");
    const chart = await makeAccountType(1, 1);
    const consumer = await makeConsumer(1, "Filtro");
    const base = { IDSupplier: supplier, Document: null };
    const late = await create("/accounts/payable", payable({ ...base, DueDate: "2031-02-10" }));
    const early = await create(
      "/accounts/payable",
      payable({ ...base, DueDate: "2031-01-05", IDBankAccount: bank, IDTypeAccountPayableReceivable: chart }),
    );
    const bare = await create("/accounts/payable", {
      Description: "Sem cadastros",
      Value: 1,
      DueDate: "2031-01-20",
      IDSupplier: supplier,
    });
    const gone = await create("/accounts/payable", payable({ ...base, DueDate: "2031-01-01" }));
    await api.delete(`/accounts/payable/${gone}`);
    await create("/accounts/receivable", receivable({ IDConsumer: consumer, DueDate: "2031-01-07" }));
    await api.post(`/accounts/payable/${late}/payment`, { IDBankAccount: bank, Value: 1 });

    const ids = async (query: string) => {
      const response = await api.get(`/accounts/payable?IDSupplier=${supplier}${query}`);
      expect(response.status).toBe(200);
      return response.body.map((t) => t.IDAccountPayableReceivable);
    };
    expect(await ids("")).toEqual([early, bare, late]);
    expect(await ids("&Status=1")).toEqual([early, bare]);
    expect(await ids("&Status=2")).toEqual([late]);
    expect(await ids("&Status=3")).toEqual([]);
    expect(await ids("&DueDateFrom=2031-01-06")).toEqual([bare, late]);
    expect(await ids("&DueDateTo=2031-01-20")).toEqual([early, bare]);
    expect(await ids("&DueDateFrom=2031-01-06&DueDateTo=2031-01-31")).toEqual([bare]);
    expect(await ids(`&IDBankAccount=${bank}`)).toEqual([early]);
    expect(await ids(`&IDTypeAccountPayableReceivable=${chart}`)).toEqual([early]);
    expect(await ids(`&IDTypeDocument=${refs.documentTypeId}`)).toEqual([early, late]);
    expect(await ids(`&IDTypePayment=${refs.paymentTypeId}`)).toEqual([early, late]);
    expect(await ids(`&IDTypeCostCenter=${refs.costCenterId}`)).toEqual([early, late]);
    expect(await ids("&Page=1")).toEqual([]);

    const receivables = await api.get(`/accounts/receivable?IDConsumer=${consumer}`);
    expect(receivables.body).toHaveLength(1);
    expect(receivables.body[0]).toMatchObject({
      IDConsumer: consumer,
      IDTypeAccount: 0,
      DueDate: "2031-01-07",
    });
    expect(receivables.body[0]).not.toHaveProperty("Payments");

    const list = await api.get(`/accounts/payable?IDSupplier=${supplier}&Status=2`);
    expect(list.body[0]).toMatchObject({
      Value: 250.4,
      OpenValue: 249.4,
      PaidValue: 1,
      StatusName: "Parcialmente pago",
    });
  });

  it("refuses bad filters naming them", async () => {
    expectRefusal(await api.get("/accounts/payable?Status=0"), "Status deve ser um de: 1, 2, 3");
    expect((await api.get("/accounts/payable?DueDateFrom=2031-13-01")).status).toBe(400);
    expect((await api.get("/accounts/receivable?IDConsumer=x")).status).toBe(400);
    expect((await api.get("/accounts/payable?Page=-1")).status).toBe(400);
  });
});

describe("updating titles", () => {
  it("changes only the fields sent, clears references sent as null and answers the detail", async () => {
    const id = await create("/accounts/payable", payable());
    const response = await api.put(`/accounts/payable/${id}`, {
      Description: "Energia (ajustada)",
      DueDate: "2026-07-01",
      IDTypeCostCenter: null,
      Document: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDAccountPayableReceivable: id,
      Description: "Energia (ajustada)",
      DueDate: "2026-07-01",
      IDTypeCostCenter: null,
      Document: null,
      IDSupplier: refs.supplierId,
      IDBankAccount: refs.bankAccountId,
      Value: 250.4,
      OpenValue: 250.4,
      Payments: [],
    });
  });

  it("keeps what was paid when Value changes and recomputes the status", async () => {
    const id = await create("/accounts/receivable", receivable({ Value: 100 }));
    await api.post(`/accounts/receivable/${id}/payment`, { IDBankAccount: refs.bankAccountId, Value: 40 });

    const raised = await api.put(`/accounts/receivable/${id}`, { Value: 150 });
    expect(raised.body).toMatchObject({ Value: 150, OpenValue: 110, PaidValue: 40, Status: 2 });
    expect(raised.body.Payments).toHaveLength(1);
    expect(await titleRow(id)).toMatchObject({ value: 15_000, openValue: 11_000, status: 2 });

    const exact = await api.put(`/accounts/receivable/${id}`, { Value: 40 });
    expect(exact.body).toMatchObject({ Value: 40, OpenValue: 0, Status: 3, StatusName: "Recebido" });

    const below = await api.put(`/accounts/receivable/${id}`, { Value: 39.99 });
    expectRefusal(below, "Valor 39.99 menor que o valor já recebido 40.00 da conta a receber");
    expect(await titleRow(id)).toMatchObject({ value: 4_000, openValue: 0, status: 3 });

    const reopened = await api.put(`/accounts/receivable/${id}`, { Value: 60 });
    expect(reopened.body).toMatchObject({ OpenValue: 20, Status: 2 });
  });

  it("refuses a payable value below what was paid", async () => {
    const id = await create("/accounts/payable", payable({ Value: 10 }));
    await api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: refs.bankAccountId, Value: 7.5 });
    expectRefusal(
      await api.put(`/accounts/payable/${id}`, { Value: 5 }),
      "Valor 5.00 menor que o valor já pago 7.50 da conta a pagar",
    );
    const unpaid = await create("/accounts/payable", payable({ Value: 10 }));
    expect((await api.put(`/accounts/payable/${unpaid}`, { Value: 3 })).body).toMatchObject({
      Value: 3,
      OpenValue: 3,
      Status: 1,
    });
  });

  it("refuses a missing or deleted title and bad fields", async () => {
    expectRefusal(
      await api.put("/accounts/payable/999999", { Description: "x" }),
      "Conta a pagar não existe",
    );
    const id = await create("/accounts/receivable", receivable());
    expectRefusal(await api.put(`/accounts/payable/${id}`, { Description: "x" }), "Conta a pagar não existe");
    expectRefusal(await api.put(`/accounts/receivable/${id}`, { Value: -1 }), "Value não pode ser negativo");
    await api.delete(`/accounts/receivable/${id}`);
    expectRefusal(
      await api.put(`/accounts/receivable/${id}`, { Description: "x" }),
      "Conta a receber não existe",
    );
  });
});

describe("deleting titles", () => {
  it("soft-deletes a title without payments and answers []", async () => {
    const id = await create("/accounts/payable", payable({ DueDate: "2040-01-01" }));
    expect(await api.delete(`/accounts/payable/${id}`)).toMatchObject({ status: 200, body: [] });
    expect(await titleRow(id)).toMatchObject({ status: 0, value: 25_040 });
    const list = await api.get("/accounts/payable?DueDateFrom=2040-01-01");
    expect(list.body).toEqual([]);
    expectRefusal(await api.delete(`/accounts/payable/${id}`), "Conta a pagar não existe");
  });

  it("refuses a title with payments, and allows it once they are deleted", async () => {
    const id = await create("/accounts/payable", payable());
    const paid = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: refs.bankAccountId,
      Value: 1,
    });
    expectRefusal(
      await api.delete(`/accounts/payable/${id}`),
      "Conta a pagar possui pagamentos e não pode ser excluída",
    );
    expect(await titleRow(id)).toMatchObject({ status: 2 });
    await api.delete(`/accounts/payable/${id}/payment/${paid.body.Payments[0]!.IDAccountPayment}`);
    expect(await api.delete(`/accounts/payable/${id}`)).toMatchObject({ status: 200, body: [] });
  });

  it("refuses a receivable with receipts", async () => {
    const id = await create("/accounts/receivable", receivable());
    await api.post(`/accounts/receivable/${id}/payment`, { IDBankAccount: refs.bankAccountId, Value: 99.9 });
    expectRefusal(
      await api.delete(`/accounts/receivable/${id}`),
      "Conta a receber possui recebimentos e não pode ser excluída",
    );
    expect(await titleRow(id)).toMatchObject({ status: 3 });
  });
});

describe("OpenAPI document", () => {
  it("describes every title route under its tag", async () => {
    type Operation = {
      tags: string[];
      parameters: { name: string }[];
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    type Schema = { properties: Record<string, unknown>; required: string[] };
    const response = await call<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema> };
    }>("demo", "GET", "/openapi.json");
    expect(response.status).toBe(200);
    const paths = response.body.paths;
    const expected = [
      ["/accounts/payable", ["get", "post"], "Accounts payable"],
      ["/accounts/payable/{idaccountpayable}", ["get", "put", "delete"], "Accounts payable"],
      ["/accounts/payable/{idaccountpayable}/payment", ["post"], "Accounts payable"],
      ["/accounts/payable/{idaccountpayable}/payment/{idaccountpayment}", ["delete"], "Accounts payable"],
      ["/accounts/receivable", ["get", "post"], "Accounts receivable"],
      ["/accounts/receivable/{idaccountreceivable}", ["get", "put", "delete"], "Accounts receivable"],
      ["/accounts/receivable/{idaccountreceivable}/payment", ["post"], "Accounts receivable"],
      [
        "/accounts/receivable/{idaccountreceivable}/payment/{idaccountpayment}",
        ["delete"],
        "Accounts receivable",
      ],
    ] as const;
    for (const [path, methods, tag] of expected) {
      for (const method of methods) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags).toEqual([tag]);
        expect(operation!.responses["200"]!.content["application/json"]!.schema).toBeDefined();
      }
    }
    const schemas = response.body.components.schemas;
    expect(Object.keys(schemas.AccountPayable!.properties)).toContain("IDSupplier");
    expect(Object.keys(schemas.AccountReceivable!.properties)).toContain("IDConsumer");
    expect(JSON.stringify(schemas.AccountReceivableDetail)).toContain("#/components/schemas/TitlePayment");
    expect(schemas.AccountPayableCreate!.required).toEqual(["Description", "Value", "DueDate"]);
    const listParams = paths["/accounts/payable"]!.get!.parameters.map((p) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining([
        "Status",
        "DueDateFrom",
        "DueDateTo",
        "IDSupplier",
        "IDTypeCostCenter",
        "Page",
      ]),
    );
  });
});
