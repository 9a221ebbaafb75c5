import {
  bankAccountIsActive,
  type CashierRow,
  closeOpenCashier,
  insertOpenCashier,
  listCashierRows,
} from "../../db/registries/cashiers";
import type { Db } from "../../env";
import { inZone } from "../../lib/dates";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import { getCompany } from "../company/company";
import { CASHIER_ALREADY_OPEN, CASHIER_NOT_OPEN } from "./messages";

/** A cashier session with its times in the company's zone (`YYYY-MM-DD HH:MM:SS`). */
export type Cashier = { id: number; bankAccountId: number; openedAt: string; closedAt: string | null };

const cashierInZone = (row: CashierRow, timeZone: string): Cashier => ({
  id: row.id,
  bankAccountId: row.bankAccountId,
  openedAt: inZone(row.openedAt, timeZone),
  closedAt: inZone(row.closedAt, timeZone),
});

async function requireBankAccount(db: Db, companyId: number, bankAccountId: number) {
  if (!(await bankAccountIsActive(db, companyId, bankAccountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
}

export async function listCashiers(
  db: Db,
  companyId: number,
  filter: { page: number; bankAccountId?: number },
): Promise<Cashier[]> {
  const company = await getCompany(db, companyId);
  return (await listCashierRows(db, companyId, filter)).map((row) => cashierInZone(row, company.timeZone));
}

/** One open cashier per bank account; concurrent opens: the unique index lets exactly one through. */
export async function openCashier(
  db: Db,
  companyId: number,
  userId: number,
  bankAccountId: number,
): Promise<Cashier> {
  const company = await getCompany(db, companyId);
  await requireBankAccount(db, companyId, bankAccountId);
  const row = await refuseOnConflict(
    () => insertOpenCashier(db, companyId, bankAccountId, userId),
    CASHIER_ALREADY_OPEN,
  );
  if (!row) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  return cashierInZone(row, company.timeZone);
}

export async function closeCashier(
  db: Db,
  companyId: number,
  userId: number,
  bankAccountId: number,
): Promise<Cashier> {
  const company = await getCompany(db, companyId);
  await requireBankAccount(db, companyId, bankAccountId);
  const row = await closeOpenCashier(db, companyId, bankAccountId, userId);
  if (!row) throw badRequest(CASHIER_NOT_OPEN);
  return cashierInZone(row, company.timeZone);
}
