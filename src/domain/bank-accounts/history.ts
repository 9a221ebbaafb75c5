import { accountOfCompany, type HistoryRow, listHistory } from "../../db/bank-accounts";
import { PAGE_SIZE } from "../../db/sql";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import type { Changes } from "./changes";
import { BANK_ACCOUNT_NOT_FOUND } from "./messages";

/** What a history record says was done to the account. */
export const HISTORY_ACTIONS = ["create", "update", "adjustment", "delete"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export type HistoryItem = Omit<HistoryRow, "changes"> & { changes: Changes };

/**
 * History of an account of the caller's company, newest first. A deleted account keeps its
 * history (the delete is its last record).
 */
export async function bankAccountHistory(
  db: Db,
  companyId: number,
  accountId: number,
  page: number,
): Promise<HistoryItem[]> {
  await getCompany(db, companyId);
  if (!(await accountOfCompany(db, companyId, accountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  const rows = await listHistory(db, companyId, accountId, {
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Changes }));
}
