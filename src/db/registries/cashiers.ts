import { and, desc, eq, exists, isNull } from "drizzle-orm";
import { bankAccounts, posCashiers } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { eqIf, onPage, utcNow } from "../sql";
import { ACTIVE, insertWhere } from "./scoped-rows";

export type CashierRow = typeof posCashiers.$inferSelect;

const activeBankAccount = (companyId: number, bankAccountId: number) =>
  and(
    eq(bankAccounts.id, bankAccountId),
    eq(bankAccounts.companyId, companyId),
    eq(bankAccounts.status, ACTIVE),
  );

export async function bankAccountIsActive(
  db: Db,
  companyId: number,
  bankAccountId: number,
): Promise<boolean> {
  const row = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(activeBankAccount(companyId, bankAccountId))
    .get();
  return row !== undefined;
}

/**
 * Opens a cashier (times in UTC) while the bank account is active, in one statement. The partial
 * unique index `pos_cashiers_one_open` makes a second open cashier on the account a UNIQUE violation.
 */
export function insertOpenCashier(db: Db, companyId: number, bankAccountId: number, userId: number) {
  return insertWhere(
    db,
    posCashiers,
    { companyId, bankAccountId, openedAt: utcNow, openedBy: userId },
    exists(
      db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(activeBankAccount(companyId, bankAccountId)),
    ),
  );
}

/** Closes the open cashier of the account; undefined when none is open. */
export async function closeOpenCashier(
  db: Db,
  companyId: number,
  bankAccountId: number,
  userId: number,
): Promise<CashierRow | undefined> {
  const [row] = await db
    .update(posCashiers)
    .set({ closedAt: utcNow, closedBy: userId })
    .where(
      and(
        eq(posCashiers.companyId, companyId),
        eq(posCashiers.bankAccountId, bankAccountId),
        isNull(posCashiers.closedAt),
      ),
    )
    .returning();
  return row;
}

/** Cashier sessions of the company, newest first. */
export async function listCashierRows(
  db: Db,
  companyId: number,
  filter: { page: number; bankAccountId?: number },
): Promise<CashierRow[]> {
  return onPage(
    db
      .select()
      .from(posCashiers)
      .where(and(eq(posCashiers.companyId, companyId), eqIf(posCashiers.bankAccountId, filter.bankAccountId)))
      .orderBy(desc(posCashiers.id)),
    filter.page,
  );
}
