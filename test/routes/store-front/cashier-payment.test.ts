import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashierCashReceipts, cashierPayments, entries, events, titles } from "../../../drizzle/schema";
import { CASHIER_NOT_OPEN, cashBelowValue } from "../../../src/domain/store-front/messages";
import type { Answer } from "../../support/answers";
import type { ErrorBody } from "../../support/api";
import { errorBody } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import { expectRefusal } from "../../support/refusal";
import {
  companyOneApi,
  companyTwoApi,
  demoDb,
  insertBankAccount,
  unique,
} from "../../support/registry-factories";
import { databaseOf, seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

async function openCashierAccount(): Promise<number> {
  const account = await insertBankAccount(1);
  expect((await api.post(`/store-front/cashier/${account.id}/open`)).status).toBe(200);
  return account.id;
}

async function receivable(value: number, client = api): Promise<number> {
  const response = await client.post("/accounts/receivable", {
    Description: unique("Pedido"),
    Value: value,
    DueDate: "2026-12-10",
  });
  expect(response.status).toBe(200);
  return response.body.IDAccountPayableReceivable;
}

const pay = <T = Answer<"$post", "/store-front/cashier/:idbankaccount/payment">>(
  bankAccountId: number,
  body: Record<string, unknown>,
) => api.post<T>(`/store-front/cashier/${bankAccountId}/payment`, body);

const titleRow = (id: number) => demoDb().select().from(titles).where(eq(titles.id, id)).get();
const receiptsOf = (titleId: number) =>
  demoDb().select().from(cashierPayments).where(eq(cashierPayments.titleId, titleId));
const entriesOf = (titleId: number) => demoDb().select().from(entries).where(eq(entries.titleId, titleId));

describe("POST /store-front/cashier/{idbankaccount}/payment", () => {
  it("receives a title at the open cashier: entry on the cashier's account, title paid, TEF receipt kept", async () => {
    const bankAccountId = await openCashierAccount();
    const titleId = await receivable(150.25);
    const response = await pay(bankAccountId, {
      IDAccountReceivable: titleId,
      Value: 100,
      TefPaymentCategory: 22,
      Nsu: "000123",
      AuthorizationCode: "AUT9",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDCashierPayment: expect.any(Number),
        IDCashier: expect.any(Number),
        IDBankAccount: bankAccountId,
        IDAccountReceivable: titleId,
        IDBankStatement: expect.any(Number),
        TefPaymentCategory: 22,
        Nsu: "000123",
        AuthorizationCode: "AUT9",
        Value: 100,
        Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        CreatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        OpenValue: 50.25,
      },
    ]);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 5025, status: 2 });
    const [entry] = await entriesOf(titleId);
    expect(entry).toMatchObject({
      id: response.body[0]!.IDBankStatement,
      bankAccountId,
      typeAccount: 0,
      value: 10_000,
      document: "000123",
      origin: "payment",
    });
    // the payment is the title's like any other: listed on the title with its entry id
    const detail = await api.get(`/accounts/receivable/${titleId}`);
    expect(JSON.stringify(detail.body)).toContain(String(entry?.id));

    const pix = await pay(bankAccountId, {
      IDAccountReceivable: titleId,
      Value: 50.25,
      TefPaymentCategory: 24,
      Nsu: "E2E-1",
    });
    expect(pix.status).toBe(200);
    expect(pix.body[0]).toMatchObject({ TefPaymentCategory: 24, AuthorizationCode: null, OpenValue: 0 });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    expect((await receiptsOf(titleId)).map((r) => r.category).sort()).toEqual([22, 24]);
    // the receipt that paid the title off wrote its title.paid event in the same batch, the partial one none
    const paidEvents = await demoDb()
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, "title.paid"),
          like(events.payload, `%"IDAccountPayableReceivable":${titleId},%`),
        ),
      );
    expect(paidEvents).toHaveLength(1);
    expect(await invariantViolations(databaseOf("demo"))).toEqual([]);
  });

  it("takes only the TEF categories 22, 23 and 24", async () => {
    const bankAccountId = await openCashierAccount();
    const titleId = await receivable(10);
    for (const category of [21, 25, 0, "22", null]) {
      const response = await pay<ErrorBody>(bankAccountId, {
        IDAccountReceivable: titleId,
        Value: 1,
        TefPaymentCategory: category,
        Nsu: unique("N"),
      });
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toContain(
        "TefPaymentCategory deve ser 22 (crédito), 23 (débito) ou 24 (Pix)",
      );
    }
    const debit = await pay(bankAccountId, {
      IDAccountReceivable: titleId,
      Value: 1,
      TefPaymentCategory: 23,
      Nsu: "D1",
    });
    expect(debit.status).toBe(200);
    expect(await receiptsOf(titleId)).toHaveLength(1);
  });

  it("requires an open cashier on an active account of the company", async () => {
    const titleId = await receivable(10);
    const closed = await openCashierAccount();
    await api.post(`/store-front/cashier/${closed}/close`);
    const neverOpened = (await insertBankAccount(1)).id;
    for (const account of [closed, neverOpened]) {
      expectRefusal(
        await pay(account, {
          IDAccountReceivable: titleId,
          Value: 1,
          TefPaymentCategory: 22,
          Nsu: unique("N"),
        }),
        "Não há caixa aberto para esta conta bancária",
      );
    }
    const foreign = (await insertBankAccount(2)).id;
    expectRefusal(
      await pay(foreign, {
        IDAccountReceivable: titleId,
        Value: 1,
        TefPaymentCategory: 22,
        Nsu: unique("N"),
      }),
      "Conta bancária não existe",
    );
    expect(await entriesOf(titleId)).toEqual([]);
  });

  it("refuses another company's title, an amount above the open value and a repeated NSU, writing nothing", async () => {
    const bankAccountId = await openCashierAccount();
    const foreignTitle = await receivable(10, other);
    expectRefusal(
      await pay(bankAccountId, {
        IDAccountReceivable: foreignTitle,
        Value: 1,
        TefPaymentCategory: 22,
        Nsu: "X1",
      }),
      "Conta a receber não existe",
    );
    const titleId = await receivable(10);
    expectRefusal(
      await pay(bankAccountId, {
        IDAccountReceivable: titleId,
        Value: 10.01,
        TefPaymentCategory: 22,
        Nsu: "X2",
      }),
      "Valor do recebimento 10.01 maior que o valor em aberto 10.00 da conta a receber",
    );
    expect(
      (
        await pay(bankAccountId, {
          IDAccountReceivable: titleId,
          Value: 4,
          TefPaymentCategory: 23,
          Nsu: "X3",
        })
      ).status,
    ).toBe(200);
    expectRefusal(
      await pay(bankAccountId, { IDAccountReceivable: titleId, Value: 4, TefPaymentCategory: 23, Nsu: "X3" }),
      "Pagamento TEF com NSU X3 já registrado nesta conta",
    );
    expect(await titleRow(titleId)).toMatchObject({ openValue: 600 });
    expect(await entriesOf(titleId)).toHaveLength(1);
    expect(await receiptsOf(foreignTitle)).toEqual([]);
  });

  it("lets exactly one of two concurrent requests with the same NSU through", async () => {
    const bankAccountId = await openCashierAccount();
    const titleId = await receivable(100);
    const body = { IDAccountReceivable: titleId, Value: 30, TefPaymentCategory: 22, Nsu: "RACE-1" };
    const answers = await Promise.all([
      pay(bankAccountId, body),
      pay(bankAccountId, body),
      pay(bankAccountId, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(errorBody(refused).errorMessage).toBe("Pagamento TEF com NSU RACE-1 já registrado nesta conta");
    expect(await entriesOf(titleId)).toHaveLength(1);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 7000 });
    expect(await invariantViolations(databaseOf("demo"))).toEqual([]);
  });
});

describe("POST /store-front/cashier/{idbankaccount}/cash", () => {
  const cash = (bankAccountId: number, body: Record<string, unknown>, client = api) =>
    client.post(`/store-front/cashier/${bankAccountId}/cash`, body);
  const cashRowsOf = (titleId: number) =>
    demoDb().select().from(cashierCashReceipts).where(eq(cashierCashReceipts.titleId, titleId));

  it("receives a title in cash: the entry of Value on the cashier's account, the cash handed over and the change kept", async () => {
    const bankAccountId = await openCashierAccount();
    const titleId = await receivable(80.5);
    const response = await cash(bankAccountId, {
      IDAccountReceivable: titleId,
      Value: 80.5,
      CashReceived: 100,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual([
      {
        IDCashierCash: expect.any(Number),
        IDCashier: expect.any(Number),
        IDBankAccount: bankAccountId,
        IDAccountReceivable: titleId,
        IDBankStatement: expect.any(Number),
        Value: 80.5,
        CashReceived: 100,
        Change: 19.5,
        Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        CreatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        OpenValue: 0,
      },
    ]);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    const [entry] = await entriesOf(titleId);
    expect(entry).toMatchObject({ bankAccountId, typeAccount: 0, value: 8050, origin: "payment" });
    expect(await cashRowsOf(titleId)).toEqual([
      expect.objectContaining({ entryId: entry!.id, value: 8050, cashReceived: 10_000 }),
    ]);
    expect(await invariantViolations(databaseOf("demo"))).toEqual([]);
  });

  it("refuses cash below Value, a closed cashier, more than the open value and another company's title, writing nothing", async () => {
    const bankAccountId = await openCashierAccount();
    const titleId = await receivable(50);
    expectRefusal(
      await cash(bankAccountId, { IDAccountReceivable: titleId, Value: 50, CashReceived: 49.99 }),
      cashBelowValue(4999, 5000),
    );
    const above = await cash(bankAccountId, { IDAccountReceivable: titleId, Value: 60, CashReceived: 60 });
    expect(above.status).toBe(400);
    const foreign = await receivable(10, other);
    expectRefusal(
      await cash(bankAccountId, { IDAccountReceivable: foreign, Value: 10, CashReceived: 10 }),
      "Conta a receber não existe",
    );
    expect((await api.post(`/store-front/cashier/${bankAccountId}/close`)).status).toBe(200);
    expectRefusal(
      await cash(bankAccountId, { IDAccountReceivable: titleId, Value: 50, CashReceived: 50 }),
      CASHIER_NOT_OPEN,
    );
    expect(await cashRowsOf(titleId)).toEqual([]);
    expect(await entriesOf(titleId)).toEqual([]);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 5000 });
  });
});
