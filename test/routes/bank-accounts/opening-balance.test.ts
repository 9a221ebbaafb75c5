import { beforeAll, describe, expect, it } from "vitest";
import { call, client, type ErrorBody, signIn } from "../../support/api";
import {
  accountRow,
  entriesOf,
  historyOf,
  insertBankAccount,
  insertEntryRow,
} from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const put = (id: number, body: unknown) => api.put(`/accounts/bank-account/${id}`, body);

/** An account with 400.00 up to 2026-03-09 and one more entry on 2026-03-10. */
async function accountWithHistory() {
  const id = await insertBankAccount({ companyId: 1, bank: "Itaú", bankNumber: "341", companyInvoiceId: 1 });
  const entry = (typeAccount: 0 | 1, value: number, date: string) =>
    insertEntryRow({ companyId: 1, bankAccountId: id, typeAccount, value, date });
  await entry(0, 50_000, "2026-03-05 10:00:00");
  await entry(1, 10_000, "2026-03-09 23:59:59");
  await entry(0, 7_777, "2026-03-10 00:00:00"); // on the opening-balance date: not compared
  return id;
}

const adjustments = async (id: number) => (await entriesOf(id)).filter((e) => e.origin === "adjustment");

describe("PUT /accounts/bank-account/{idbankaccount} (opening-balance mode)", () => {
  it("posts the difference as an inflow on the previous day at 23:59:59", async () => {
    const id = await accountWithHistory();
    const response = await put(id, { InitialBalance: 1000, InitialBalanceDate: "2026-03-10" });
    expect(response.status).toBe(200);
    const [adjustment, ...others] = await adjustments(id);
    expect(others).toEqual([]);
    expect(adjustment).toMatchObject({
      companyId: 1,
      bankAccountId: id,
      typeAccount: 0,
      value: 60_000,
      date: "2026-03-09 23:59:59",
      description: "Ajuste de saldo inicial para 2026-03-10",
      document: "AJUSTE",
      titleId: null,
      transferId: null,
      origin: "adjustment",
      createdBy: 1,
    });
    // the refreshed list shows the new balance: 1000.00 at the opening date plus that day's 77.77
    expect(response.body.find((a) => a.IDBankAccount === id)!.Balance).toBe(1077.77);
  });

  it("answers Nenhum ajuste aplicado to a second identical request, posting nothing", async () => {
    const id = await accountWithHistory();
    expect((await put(id, { InitialBalance: 1000, InitialBalanceDate: "2026-03-10" })).status).toBe(200);
    expectRefusal(
      await put(id, { InitialBalance: 1000, InitialBalanceDate: "2026-03-10" }),
      "Nenhum ajuste aplicado",
    );
    expect(await adjustments(id)).toHaveLength(1);
  });

  it("refuses a zero difference without posting", async () => {
    const id = await accountWithHistory();
    expectRefusal(
      await put(id, { InitialBalance: 400, InitialBalanceDate: "2026-03-10" }),
      "Nenhum ajuste aplicado",
    );
    expect(await adjustments(id)).toEqual([]);
    expect(await historyOf(id)).toEqual([]);
  });

  it("posts an outflow when the desired balance is lower, including a negative one", async () => {
    const id = await accountWithHistory();
    expect((await put(id, { InitialBalance: 150.25, InitialBalanceDate: "2026-03-10" })).status).toBe(200);
    expect((await adjustments(id))[0]).toMatchObject({ typeAccount: 1, value: 24_975 });
    // the first adjustment (on 03-09) counts for a later date
    expect((await put(id, { InitialBalance: -20, InitialBalanceDate: "2026-03-20" })).status).toBe(200);
    expect((await adjustments(id))[1]).toMatchObject({
      typeAccount: 1,
      value: 24_802, // from 150.25 + 77.77 = 228.02 down to -20.00
      date: "2026-03-19 23:59:59",
      description: "Ajuste de saldo inicial para 2026-03-20",
    });
  });

  it("ignores the registry fields sent with it", async () => {
    const id = await insertBankAccount({
      companyId: 1,
      bank: "Itaú",
      bankNumber: "341",
      companyInvoiceId: 1,
    });
    const response = await put(id, {
      InitialBalance: 10,
      InitialBalanceDate: "2026-01-01",
      Bank: "Outro",
      BankNumber: "999",
      MainIncome: 1,
    });
    expect(response.status).toBe(200);
    expect(await accountRow(id)).toMatchObject({
      bank: "Itaú",
      bankNumber: "341",
      companyInvoiceId: 1,
      mainIncome: 0,
    });
  });

  it("records the adjustment in the account history in the same batch", async () => {
    const id = await accountWithHistory();
    await put(id, { InitialBalance: 1000, InitialBalanceDate: "2026-03-10" });
    const [record, ...others] = await historyOf(id);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ action: "adjustment", userId: 1 });
    const [entry] = await adjustments(id);
    expect(JSON.parse(record!.changes)).toEqual({
      Balance: { Before: 400, After: 1000 },
      InitialBalanceDate: { Before: null, After: "2026-03-10" },
      IDBankStatement: { Before: null, After: entry!.id },
    });
  });

  it("posts the difference once when two identical requests race", async () => {
    const id = await accountWithHistory();
    const body = { InitialBalance: 2500, InitialBalanceDate: "2026-03-10" };
    const responses = await Promise.all([put(id, body), put(id, body), put(id, body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of responses.filter((r) => r.status === 400)) {
      expect(r.body).toMatchObject({ errorMessage: "Nenhum ajuste aplicado" });
    }
    expect(await adjustments(id)).toHaveLength(1);
    expect((await adjustments(id))[0]!.value).toBe(210_000);
  });

  it("answers Empresa não existe for another company's account, posting nothing", async () => {
    const elsewhere = await insertBankAccount({ companyId: 2 });
    expectRefusal(
      await put(elsewhere, { InitialBalance: 10, InitialBalanceDate: "2026-03-10" }),
      "Empresa não existe",
    );
    expect(await entriesOf(elsewhere)).toEqual([]);
    const filial = client("demo", await signIn("demo", "filial@demo.local"));
    expect((await filial.get("/accounts/bank-account")).body[0]).toMatchObject({
      IDBankAccount: elsewhere,
      Balance: 0,
    });
  });

  it("refuses an invalid date or an amount with more than two decimals", async () => {
    const id = await insertBankAccount({ companyId: 1 });
    const bad = [
      { InitialBalance: 10, InitialBalanceDate: "2026-02-30" },
      { InitialBalance: 10.001, InitialBalanceDate: "2026-03-10" },
      { InitialBalance: "10", InitialBalanceDate: "2026-03-10" },
    ];
    for (const body of bad) {
      const response = await call<ErrorBody>("demo", "PUT", `/1.0/accounts/bank-account/${id}`, {
        token: await signIn("demo", "admin@demo.local"),
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toMatch(/InitialBalance/);
    }
    expect(await entriesOf(id)).toEqual([]);
  });
});
