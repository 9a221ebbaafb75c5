import { guardedAdjustmentChanges, insertHistory, runBatch } from "../../db/bank-accounts";
import { balanceUpTo, insertEntry, newUid } from "../../db/ledger";
import type { Caller, Db } from "../../env";
import { nowIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { type Cents, fromCents } from "../../lib/money";
import { getCompany } from "../company/company";
import { retryOnConflict } from "./conflicts";
import { NO_ADJUSTMENT } from "./messages";
import { openingBalanceAdjustment, previousDayOf } from "./opening-balance";
import { accountToChange } from "./update";

/**
 * Opening-balance adjustment (PUT mode 2): posts the difference between the desired balance and the
 * balance up to the day before `initialBalanceDate`, with its history, in one batch. The history
 * statement re-checks the balance, so two identical concurrent requests post the difference once.
 */
export async function adjustOpeningBalance(
  db: Db,
  caller: Caller,
  accountId: number,
  desired: Cents,
  initialBalanceDate: string,
): Promise<void> {
  const company = await getCompany(db, caller.companyId);
  await retryOnConflict(async () => {
    await accountToChange(db, caller.companyId, accountId);
    const previousDay = previousDayOf(initialBalanceDate);
    const balance = await balanceUpTo(db, accountId, previousDay);
    const adjustment = openingBalanceAdjustment(desired, balance, initialBalanceDate);
    if (!adjustment) throw badRequest(NO_ADJUSTMENT);

    const entryUid = newUid();
    const changes = JSON.stringify({
      Balance: { Before: fromCents(adjustment.balanceBefore), After: fromCents(adjustment.balanceAfter) },
      InitialBalanceDate: { Before: null, After: initialBalanceDate },
    });
    await runBatch(db, [
      insertEntry(
        db,
        {
          companyId: caller.companyId,
          bankAccountId: accountId,
          typeAccount: adjustment.typeAccount,
          value: adjustment.value,
          date: adjustment.date,
          description: adjustment.description,
          document: adjustment.document,
          origin: "adjustment",
          createdBy: caller.userId,
        },
        entryUid,
      ),
      insertHistory(db, {
        companyId: caller.companyId,
        accountId,
        userId: caller.userId,
        action: "adjustment",
        changes: guardedAdjustmentChanges(accountId, previousDay, desired, changes, entryUid),
        at: nowIn(company.timeZone),
      }),
    ]);
  });
}
