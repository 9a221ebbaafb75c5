import { beforeAll, describe, expect, it } from "vitest";
import { balanceUpTo } from "../../../src/db/ledger";
import { client, signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  dbOf,
  entriesOfTitle,
  makeBankAccount,
  makeConsumer,
  makeSupplier,
  paidByEntries,
  reconcileEntry,
  titleRow,
} from "../../support/title-factories";

type Api = ReturnType<typeof client>;
let api: Api;
let bankAccountId: number;
let supplierId: number;
let consumerId: number;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  bankAccountId = await makeBankAccount(1);
  supplierId = await makeSupplier(1);
  consumerId = await makeConsumer(1);
});

async function createPayable(value: number, description = "Aluguel março") {
  const response = await api.post("/accounts/payable", {
    Description: description,
    Document: "NF-123",
    Value: value,
    DueDate: "2026-03-10",
    IDSupplier: supplierId,
  });
  expect(response.status).toBe(200);
  return response.body.IDAccountPayableReceivable as number;
}

describe("payable: create, partial payment, full payment, delete payment", () => {
  it("keeps the title, its entries and the bank balance in step at each step", async () => {
    const account = await makeBankAccount(1, "Banco do fluxo");
    const id = await createPayable(1000);
    expect(await titleRow(id)).toMatchObject({
      value: 100_000,
      openValue: 100_000,
      status: 1,
      typeAccount: 1,
    });

    const partial = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: account,
      Value: 300.25,
      Date: "2026-03-05",
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({
      IDAccountPayableReceivable: id,
      Value: 1000,
      OpenValue: 699.75,
      PaidValue: 300.25,
      Status: 2,
      StatusName: "Parcialmente pago",
    });
    expect(await titleRow(id)).toMatchObject({ openValue: 69_975, status: 2 });
    const [first, ...none] = await entriesOfTitle(id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      companyId: 1,
      bankAccountId: account,
      typeAccount: 1,
      value: 30_025,
      date: "2026-03-05 00:00:00",
      description: "Pagamento Aluguel março",
      document: "NF-123",
      origin: "payment",
      createdBy: 1,
    });
    expect(partial.body.Payments).toEqual([
      {
        IDAccountPayment: first!.id,
        IDBankStatement: first!.id,
        IDBankAccount: account,
        IDTypeAccount: 1,
        Value: 300.25,
        Date: "2026-03-05 00:00:00",
        Description: "Pagamento Aluguel março",
        Document: "NF-123",
        IDBankStatementConciliation: null,
        IDAccountsPayableReceivableConciliation: null,
      },
    ]);
    expect(await balanceUpTo(dbOf(), account, "2026-03-04")).toBe(0);
    expect(await balanceUpTo(dbOf(), account, "2026-03-05")).toBe(-30_025);

    const full = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: account,
      Value: 699.75,
      Date: "2026-03-10",
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ OpenValue: 0, PaidValue: 1000, Status: 3, StatusName: "Pago" });
    expect(full.body.Payments).toHaveLength(2);
    expect(await titleRow(id)).toMatchObject({ openValue: 0, status: 3 });
    expect(await entriesOfTitle(id)).toHaveLength(2);
    expect(await balanceUpTo(dbOf(), account, "2026-03-10")).toBe(-100_000);

    const deleted = await api.delete(`/accounts/payable/${id}/payment/${first!.id}`);
    expect(deleted).toMatchObject({ status: 200, body: [] });
    expect(await titleRow(id)).toMatchObject({ openValue: 30_025, status: 2 });
    const left = await entriesOfTitle(id);
    expect(left.map((e) => e.value)).toEqual([69_975]);
    expect(await balanceUpTo(dbOf(), account, "2026-03-05")).toBe(0);
    expect(await balanceUpTo(dbOf(), account, "2026-03-10")).toBe(-69_975);

    const detail = await api.get(`/accounts/payable/${id}`);
    expect(detail.body).toMatchObject({ OpenValue: 300.25, Status: 2 });
    expect(detail.body.Payments.map((p) => p.IDAccountPayment)).toEqual([left[0]!.id]);

    const last = await api.delete(`/accounts/payable/${id}/payment/${left[0]!.id}`);
    expect(last).toMatchObject({ status: 200, body: [] });
    expect(await titleRow(id)).toMatchObject({ openValue: 100_000, status: 1 });
    expect(await balanceUpTo(dbOf(), account, "2026-03-31")).toBe(0);
  });
});

describe("receivable payments", () => {
  it("post inflows described as Recebimento and settle the title", async () => {
    const account = await makeBankAccount(1, "Banco recebimentos");
    const created = await api.post("/accounts/receivable", {
      Description: "Venda 42",
      Value: 80,
      DueDate: "2026-04-01",
      IDConsumer: consumerId,
    });
    expect(created.body).toMatchObject({ IDTypeAccount: 0, IDConsumer: consumerId, Status: 1 });
    const id = created.body.IDAccountPayableReceivable;

    const partial = await api.post(`/accounts/receivable/${id}/payment`, {
      IDBankAccount: account,
      Value: 30,
      Date: "2026-04-02",
    });
    expect(partial.body).toMatchObject({ OpenValue: 50, Status: 2, StatusName: "Parcialmente recebido" });
    const full = await api.post(`/accounts/receivable/${id}/payment`, {
      IDBankAccount: account,
      Value: 50,
      Date: "2026-04-03",
    });
    expect(full.body).toMatchObject({ OpenValue: 0, Status: 3, StatusName: "Recebido" });

    const rows = await entriesOfTitle(id);
    expect(rows.map((e) => [e.typeAccount, e.value, e.description, e.date])).toEqual([
      [0, 3_000, "Recebimento Venda 42", "2026-04-02 00:00:00"],
      [0, 5_000, "Recebimento Venda 42", "2026-04-03 00:00:00"],
    ]);
    expect(await balanceUpTo(dbOf(), account, "2026-04-03")).toBe(8_000);

    const deleted = await api.delete(`/accounts/receivable/${id}/payment/${rows[1]!.id}`);
    expect(deleted).toMatchObject({ status: 200, body: [] });
    expect(await titleRow(id)).toMatchObject({ openValue: 5_000, status: 2 });
    expect(await balanceUpTo(dbOf(), account, "2026-04-03")).toBe(3_000);
  });

  it("dates the entry today in the company's zone when Date is omitted", async () => {
    const id = await createPayable(10);
    const response = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 1,
    });
    expect(response.status).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    expect(response.body.Payments[0]!.Date).toBe(`${today} 00:00:00`);
  });
});

describe("payment refusals", () => {
  it("refuses a payment above the open value, with both values, and writes nothing", async () => {
    const id = await createPayable(100);
    await api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: bankAccountId, Value: 60 });
    const response = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 40.01,
    });
    expectRefusal(response, "Valor do pagamento 40.01 maior que o valor em aberto 40.00 da conta a pagar");
    expect(await titleRow(id)).toMatchObject({ openValue: 4_000, status: 2 });
    expect(await paidByEntries(id)).toBe(6_000);
  });

  it("refuses a receipt above the open value of a receivable", async () => {
    const created = await api.post("/accounts/receivable", {
      Description: "R",
      Value: 10,
      DueDate: "2026-04-01",
    });
    const response = await api.post(
      `/accounts/receivable/${created.body.IDAccountPayableReceivable}/payment`,
      {
        IDBankAccount: bankAccountId,
        Value: 10.5,
      },
    );
    expectRefusal(
      response,
      "Valor do recebimento 10.50 maior que o valor em aberto 10.00 da conta a receber",
    );
  });

  it("refuses an unknown title, an unknown bank account, and bad values", async () => {
    const id = await createPayable(100);
    expectRefusal(
      await api.post(`/accounts/payable/999999/payment`, { IDBankAccount: bankAccountId, Value: 1 }),
      "Conta a pagar não existe",
    );
    expectRefusal(
      await api.post(`/accounts/receivable/999999/payment`, { IDBankAccount: bankAccountId, Value: 1 }),
      "Conta a receber não existe",
    );
    // a payable is not a receivable
    expectRefusal(
      await api.post(`/accounts/receivable/${id}/payment`, { IDBankAccount: bankAccountId, Value: 1 }),
      "Conta a receber não existe",
    );
    expectRefusal(
      await api.post(`/accounts/payable/${id}/payment`, { IDBankAccount: 999999, Value: 1 }),
      "Conta bancária não existe",
    );
    const zero = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 0,
    });
    expectRefusal(zero, "Value deve ser maior que zero");
    const cents = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 1.001,
    });
    expectRefusal(cents, "Value aceita no máximo 2 casas decimais");
    const date = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 1,
      Date: "2026-02-30",
    });
    expectRefusal(date, "Date deve ser uma data válida no formato AAAA-MM-DD");
    expect(await entriesOfTitle(id)).toEqual([]);
    expect(await titleRow(id)).toMatchObject({ openValue: 10_000, status: 1 });
  });
});

describe("deleting a payment", () => {
  it("refuses a reconciled payment and keeps entry and open value", async () => {
    const id = await createPayable(50);
    const paid = await api.post(`/accounts/payable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 20,
    });
    const paymentId = paid.body.Payments[0]!.IDAccountPayment;
    const lineId = await reconcileEntry(1, paymentId);

    const detail = await api.get(`/accounts/payable/${id}`);
    expect(detail.body.Payments[0]).toMatchObject({ IDBankStatementConciliation: lineId });

    const response = await api.delete(`/accounts/payable/${id}/payment/${paymentId}`);
    expectRefusal(response, "Pagamento conciliado não pode ser excluído; desfaça a conciliação antes");
    expect(await entriesOfTitle(id)).toHaveLength(1);
    expect(await titleRow(id)).toMatchObject({ openValue: 3_000, status: 2 });
  });

  it("refuses a reconciled receipt", async () => {
    const created = await api.post("/accounts/receivable", {
      Description: "R",
      Value: 10,
      DueDate: "2026-04-01",
    });
    const id = created.body.IDAccountPayableReceivable;
    const paid = await api.post(`/accounts/receivable/${id}/payment`, {
      IDBankAccount: bankAccountId,
      Value: 10,
    });
    const paymentId = paid.body.Payments[0]!.IDAccountPayment;
    await reconcileEntry(1, paymentId);
    const response = await api.delete(`/accounts/receivable/${id}/payment/${paymentId}`);
    expectRefusal(response, "Recebimento conciliado não pode ser excluído; desfaça a conciliação antes");
    expect(await titleRow(id)).toMatchObject({ openValue: 0, status: 3 });
  });

  it("refuses a payment that is not one of the title's", async () => {
    const a = await createPayable(50);
    const b = await createPayable(50);
    const paid = await api.post(`/accounts/payable/${a}/payment`, { IDBankAccount: bankAccountId, Value: 5 });
    const paymentId = paid.body.Payments[0]!.IDAccountPayment;
    expectRefusal(await api.delete(`/accounts/payable/${b}/payment/${paymentId}`), "Pagamento não existe");
    expectRefusal(await api.delete(`/accounts/payable/${a}/payment/999999`), "Pagamento não existe");
    const r = await api.post("/accounts/receivable", { Description: "R", Value: 10, DueDate: "2026-04-01" });
    expectRefusal(
      await api.delete(`/accounts/receivable/${r.body.IDAccountPayableReceivable}/payment/${paymentId}`),
      "Recebimento não existe",
    );
    expect(await titleRow(a)).toMatchObject({ openValue: 4_500 });
    expect(await titleRow(b)).toMatchObject({ openValue: 5_000 });
  });
});
