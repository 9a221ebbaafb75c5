import {
  deactivateAccount,
  deleteBlocks,
  findActiveAccount,
  insertHistory,
  runBatch,
} from "../../db/bank-accounts";
import type { Caller, Db } from "../../env";
import { nowIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import { retryOnConflict } from "./conflicts";
import { BANK_ACCOUNT_NOT_FOUND, HAS_ENTRIES, HAS_TITLES, USED_BY_CASHIER } from "./messages";

/**
 * Sets Status 0 unless the account has entries, is the forecast account of a non-deleted title or
 * was ever used in a POS cashier opening. The update re-checks the three blocks itself, so an entry
 * posted between the checks and the write still blocks the delete.
 */
export async function deleteBankAccount(db: Db, caller: Caller, accountId: number): Promise<void> {
  const company = await getCompany(db, caller.companyId);
  await retryOnConflict(async () => {
    if (!(await findActiveAccount(db, caller.companyId, accountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
    const blocks = await deleteBlocks(db, accountId);
    if (blocks.hasEntries) throw badRequest(HAS_ENTRIES);
    if (blocks.hasTitles) throw badRequest(HAS_TITLES);
    if (blocks.usedByCashier) throw badRequest(USED_BY_CASHIER);
    await runBatch(db, [
      deactivateAccount(db, caller.companyId, accountId),
      insertHistory(db, {
        companyId: caller.companyId,
        accountId,
        userId: caller.userId,
        action: "delete",
        changes: JSON.stringify({ Status: { Before: 1, After: 0 } }),
        at: nowIn(company.timeZone),
      }),
    ]);
  });
}
