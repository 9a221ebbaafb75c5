import { findActiveAccount } from "../../db/bank-accounts";
import { findCompany } from "../../db/identity";
import {
  acquirerLinesPage,
  entriesLinkedToBankLine,
  findBankLine,
  insertAcquirerLine,
  insertManualBankLine,
} from "../../db/statement";
import type { Caller, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import {
  type AcquirerLineView,
  acquirerLineView,
  acquirerLineViews,
  type BankLineView,
  bankLineView,
} from "./bank-line-view";
import { STATEMENT_MESSAGES as M } from "./messages";

async function requireCompany(db: Db, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw badRequest(M.companyNotFound);
  return company;
}

async function requireBankAccount(db: Db, companyId: number, bankAccountId: number) {
  const account = await findActiveAccount(db, companyId, bankAccountId);
  if (!account) throw badRequest(M.bankAccountNotFound);
  return account;
}

export type ManualBankLineInput = {
  bankAccountId: number | null | undefined;
  date: string;
  value: Cents;
  description?: string;
  document?: string | null;
};

/** A bank line typed by hand (no file): pending (status 1), ready to be reconciled. */
export async function createManualBankLine(
  db: Db,
  caller: Caller,
  input: ManualBankLineInput,
): Promise<BankLineView> {
  if (!input.bankAccountId || input.bankAccountId <= 0) throw badRequest(M.bankAccountNotSelected);
  if (input.value === 0) throw badRequest(M.bankLineValueZero);
  const company = await requireCompany(db, caller.companyId);
  const account = await requireBankAccount(db, company.id, input.bankAccountId);
  const line = await insertManualBankLine(db, {
    companyId: company.id,
    bankAccountId: account.id,
    date: input.date,
    value: input.value,
    description: input.description?.trim() ?? "",
    document: input.document?.trim() || null,
    createdBy: caller.userId,
  });
  return bankLineView(line, []);
}

export async function getBankLine(db: Db, caller: Caller, lineId: number): Promise<BankLineView> {
  const line = await findBankLine(db, caller.companyId, lineId);
  if (!line) throw badRequest(M.bankLineNotFound);
  return bankLineView(line, await entriesLinkedToBankLine(db, caller.companyId, line.id));
}

export type AcquirerLineInput = {
  acquirer: string;
  date: string;
  grossValue: Cents;
  netValue: Cents;
  bankAccountId?: number | null;
};

/** An acquirer reconciliation line (a card settlement: gross sales, net deposit), pending. */
export async function createAcquirerLine(
  db: Db,
  caller: Caller,
  input: AcquirerLineInput,
): Promise<AcquirerLineView> {
  if (input.netValue > input.grossValue) throw badRequest(M.netAboveGross);
  const company = await requireCompany(db, caller.companyId);
  if (input.bankAccountId) await requireBankAccount(db, company.id, input.bankAccountId);
  const line = await insertAcquirerLine(db, {
    companyId: company.id,
    bankAccountId: input.bankAccountId ?? null,
    acquirer: input.acquirer.trim(),
    date: input.date,
    grossValue: input.grossValue,
    netValue: input.netValue,
    createdBy: caller.userId,
  });
  return acquirerLineView(line, []);
}

export type AcquirerLineQuery = {
  bankAccountId?: number;
  dateFrom?: string;
  dateTo?: string;
  statusId?: number;
  page: number;
};

export async function listAcquirerLines(
  db: Db,
  caller: Caller,
  query: AcquirerLineQuery,
): Promise<AcquirerLineView[]> {
  if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateFrom > query.dateTo) {
    throw badRequest(M.dateRangeInverted);
  }
  const company = await requireCompany(db, caller.companyId);
  if (query.bankAccountId !== undefined) await requireBankAccount(db, company.id, query.bankAccountId);
  const { lines, linked } = await acquirerLinesPage(db, { companyId: company.id, ...query }, query.page);
  return acquirerLineViews(lines, linked);
}
