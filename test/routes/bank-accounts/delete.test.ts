import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../../support/api";
import {
  accountRow,
  historyOf,
  insertBankAccount,
  insertCashier,
  insertEntryRow,
  insertTitle,
} from "../../support/bank-account-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";

let api: ReturnType<typeof client>;
beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const remove = (id: number) => api.delete(`/accounts/bank-account/${id}`);
const account = () => insertBankAccount({ companyId: 1, bank: "Itaú", bankNumber: "341" });

const NOT_FOUND = "Conta bancária não existe";
const HAS_ENTRIES = "Conta bancária já possui pagamento / recebimento e não pode ser excluída";
const HAS_TITLES = "Contas a pagar/receber esta com esta conta bancária e não pode ser excluída";
const USED_BY_CASHIER = "Conta bancária já foi utilizada em abertura de caixa (PDV) e não pode ser excluída";

async function expectRefused(id: number, message: string) {
  expectRefusal(await remove(id), message);
  expect((await accountRow(id))!.status).toBe(1);
}

describe("DELETE /accounts/bank-account/{idbankaccount}", () => {
  it("sets Status 0, keeps the record and answers the refreshed list without the account", async () => {
    const kept = await account();
    const id = await account();
    const response = await remove(id);
    expect(response.status).toBe(200);
    const ids = response.body.map((a) => a.IDBankAccount);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(id);
    expect(await accountRow(id)).toMatchObject({ status: 0, bank: "Itaú" });
    const [record] = await historyOf(id);
    expect(record).toMatchObject({ action: "delete", userId: 1 });
    expect(JSON.parse(record!.changes)).toEqual({ Status: { Before: 1, After: 0 } });
  });

  it("answers Conta bancária não existe for a missing, deleted or other company's account", async () => {
    const deleted = await insertBankAccount({ companyId: 1, status: 0 });
    const elsewhere = await insertBankAccount({ companyId: 2 });
    for (const id of [999_999, deleted, elsewhere]) {
      expectRefusal(await remove(id), NOT_FOUND);
    }
    expect((await accountRow(elsewhere))!.status).toBe(1);
    expect(await historyOf(elsewhere)).toEqual([]);
  });

  it("is blocked by any entry on the account", async () => {
    for (const typeAccount of [0, 1] as const) {
      const id = await account();
      await insertEntryRow({
        companyId: 1,
        bankAccountId: id,
        typeAccount,
        value: 100,
        date: "2025-01-01 10:00:00",
      });
      await expectRefused(id, HAS_ENTRIES);
    }
  });

  it("is blocked by a non-deleted title forecast on the account, paid ones included", async () => {
    for (const status of [1, 2, 3]) {
      const id = await account();
      await insertTitle({
        companyId: 1,
        bankAccountId: id,
        typeAccount: 1,
        value: 1000,
        openValue: status === 1 ? 1000 : status === 2 ? 500 : 0,
        dueDate: "2030-01-01",
        status,
      });
      await expectRefused(id, HAS_TITLES);
    }
    const onlyDeletedTitle = await account();
    await insertTitle({
      companyId: 1,
      bankAccountId: onlyDeletedTitle,
      typeAccount: 0,
      value: 1,
      dueDate: "2030-01-01",
      status: 0,
    });
    expect((await remove(onlyDeletedTitle)).status).toBe(200);
  });

  it("is blocked by any POS cashier opening, even a closed one", async () => {
    for (const closed of [false, true]) {
      const id = await insertBankAccount({ companyId: 1, bank: "Caixa loja", bankNumber: "000" });
      await insertCashier(1, id, { closed });
      await expectRefused(id, USED_BY_CASHIER);
    }
  });

  it("checks the blocks in the spec's order", async () => {
    const id = await account();
    await insertCashier(1, id, { closed: true });
    await insertTitle({ companyId: 1, bankAccountId: id, typeAccount: 0, value: 1, dueDate: "2030-01-01" });
    await insertEntryRow({
      companyId: 1,
      bankAccountId: id,
      typeAccount: 0,
      value: 1,
      date: "2025-01-01 10:00:00",
    });
    await expectRefused(id, HAS_ENTRIES);
  });

  it("answers Conta bancária não existe to a second delete", async () => {
    const id = await account();
    expect((await remove(id)).status).toBe(200);
    expectRefusal(await remove(id), NOT_FOUND);
    expect((await historyOf(id)).filter((h) => h.action === "delete")).toHaveLength(1);
  });
});
