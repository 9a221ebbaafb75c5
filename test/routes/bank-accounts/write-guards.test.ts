import { describe, expect, it } from "vitest";
import {
  deactivateAccount,
  guardedAdjustmentChanges,
  insertHistory,
  runBatch,
  updateAccount,
} from "../../../src/db/bank-accounts";
import { insertEntry, newUid } from "../../../src/db/ledger";
import { isConstraintError } from "../../../src/lib/errors";
import {
  accountRow,
  demoDb,
  entriesOf,
  historyOf,
  insertBankAccount,
  insertCashier,
  insertEntryRow,
} from "../../support/bank-account-factories";

// The checks of the routes are read before the write; these guards make the write itself refuse
// (and roll back its whole batch) when a concurrent request changed what was read in between.

const refused = async (write: Promise<unknown>) => {
  const error = await write.then(
    () => null,
    (e) => e,
  );
  expect(isConstraintError(error)).toBe(true);
};

const history = (accountId: number, changes: Parameters<typeof insertHistory>[1]["changes"] = "{}") =>
  insertHistory(demoDb(), {
    companyId: 1,
    accountId,
    userId: 1,
    action: "update",
    changes,
    at: "2026-01-01 00:00:00",
  });

describe("write guards", () => {
  it("a bank-code change of an internal account is refused once a cashier is open", async () => {
    const db = demoDb();
    const id = await insertBankAccount({ companyId: 1, bankNumber: "000" });
    const row = (await accountRow(id))!;
    await insertCashier(1, id);
    await refused(runBatch(db, [updateAccount(db, 1, id, { ...row, bankNumber: "001" }, true), history(id)]));
    expect((await accountRow(id))!.bankNumber).toBe("000");
    expect(await historyOf(id)).toEqual([]);
  });

  it("an update is refused once the account was deleted", async () => {
    const db = demoDb();
    const id = await insertBankAccount({ companyId: 1, bank: "Antes" });
    const row = (await accountRow(id))!;
    await db.batch([deactivateAccount(db, 1, id)]);
    await refused(runBatch(db, [updateAccount(db, 1, id, { ...row, bank: "Depois" }, false), history(id)]));
    expect(await accountRow(id)).toMatchObject({ bank: "Antes", status: 0 });
    expect(await historyOf(id)).toEqual([]);
  });

  it("a delete is refused once the account has an entry", async () => {
    const db = demoDb();
    const id = await insertBankAccount({ companyId: 1 });
    await insertEntryRow({
      companyId: 1,
      bankAccountId: id,
      typeAccount: 0,
      value: 1,
      date: "2026-01-01 10:00:00",
    });
    await refused(runBatch(db, [deactivateAccount(db, 1, id), history(id)]));
    expect((await accountRow(id))!.status).toBe(1);
    expect(await historyOf(id)).toEqual([]);
  });

  it("an adjustment is refused, entry included, when the balance is not the expected one after it", async () => {
    const db = demoDb();
    const id = await insertBankAccount({ companyId: 1 });
    const uid = newUid();
    const entry = insertEntry(
      db,
      {
        companyId: 1,
        bankAccountId: id,
        typeAccount: 0,
        value: 500,
        date: "2026-01-09 23:59:59",
        description: "x",
        origin: "adjustment",
      },
      uid,
    );
    await refused(
      runBatch(db, [entry, history(id, guardedAdjustmentChanges(id, "2026-01-09", 400, "{}", uid))]),
    );
    expect(await entriesOf(id)).toEqual([]);
    await runBatch(db, [entry, history(id, guardedAdjustmentChanges(id, "2026-01-09", 500, "{}", uid))]);
    expect(await entriesOf(id)).toHaveLength(1);
  });
});
