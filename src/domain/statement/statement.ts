import { findActiveAccount } from "../../db/bank-accounts";
import { companiesOutsideAccess, findCompany } from "../../db/identity";
import {
  bankLinesPage,
  companyBankAccountIds,
  type EntryFilters,
  type EntryView,
  entriesLinkedToBankLine,
  findBankLine,
  type StatementRow,
  statementPage,
  statementTotals,
  summedBalanceUpTo,
} from "../../db/statement";
import type { Caller, Db } from "../../env";
import { addDays, todayIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { type BankLineView, bankLineViews } from "./bank-line-view";
import { STATEMENT_MESSAGES as M } from "./messages";
import { checkStatementQuery, type StatementQueryInput, statementRange } from "./query-rules";

export type StatementEntry = EntryView & { balance: Cents };

export type InternalStatement = {
  previousBalance: Cents;
  totalReceipts: Cents;
  totalPayments: Cents;
  finalBalance: Cents;
  page: number;
  totalEntries: number;
  dateFrom: string | null;
  dateTo: string | null;
  entries: StatementEntry[];
};

export type StatementResult =
  | { kind: "internal"; statement: InternalStatement }
  | { kind: "bank"; lines: BankLineView[] }
  | { kind: "linked"; entries: EntryView[] };

/** The company a listing acts on: the caller's, or another one of the caller's access list. */
async function listingCompany(db: Db, caller: Caller, requested: number | undefined) {
  const companyId = requested ?? caller.companyId;
  if (companyId !== caller.companyId) {
    const outside = await companiesOutsideAccess(db, caller.userId, [companyId]);
    if (outside.length > 0) throw badRequest(M.companyNotFound);
  }
  const company = await findCompany(db, companyId);
  if (!company) throw badRequest(M.companyNotFound);
  return company;
}

/** GET /accounts/bank-statement: one of the three shapes, chosen by Source and IDBankStatementConciliation. */
export async function getStatement(
  db: Db,
  caller: Caller,
  input: StatementQueryInput,
): Promise<StatementResult> {
  const source = checkStatementQuery(input);
  const company = await listingCompany(db, caller, input.IDCompany);
  if (input.IDBankAccount !== undefined && !(await findActiveAccount(db, company.id, input.IDBankAccount))) {
    throw badRequest(M.bankAccountNotFound);
  }
  const range = statementRange(source, input.DateFrom, input.DateTo, todayIn(company.timeZone));

  if (source === 1 && input.IDBankStatementConciliation !== undefined) {
    const line = await findBankLine(db, company.id, input.IDBankStatementConciliation);
    if (!line || (input.IDBankAccount !== undefined && line.bankAccountId !== input.IDBankAccount)) {
      throw badRequest(M.bankLineNotFound);
    }
    return { kind: "linked", entries: await entriesLinkedToBankLine(db, company.id, line.id) };
  }

  if (source === 2) {
    const { lines, linked } = await bankLinesPage(
      db,
      {
        companyId: company.id,
        bankAccountId: input.IDBankAccount,
        typeAccount: input.IDTypeAccount,
        ...range,
        lineId: input.IDBankStatementConciliation,
        statusId: input.IDTypeStatusConciliation,
        entryId: input.IDBankStatement,
      },
      input.Page,
    );
    return { kind: "bank", lines: bankLineViews(lines, linked) };
  }

  const filters: EntryFilters = {
    companyId: company.id,
    bankAccountId: input.IDBankAccount,
    typeAccount: input.IDTypeAccount,
    ...range,
    entryId: input.IDBankStatement,
    onlyWithoutTitle: input.OnlyTransfer === 1,
  };
  return { kind: "internal", statement: await internalStatement(db, filters, input.Page) };
}

/**
 * The internal statement. The opening balance is the real balance of the selected account(s)
 * before DateFrom (day totals; 0 without DateFrom). Every listed entry then moves the running
 * balance, so the last Balance of the last page equals FinalBalance.
 */
async function internalStatement(db: Db, filters: EntryFilters, page: number): Promise<InternalStatement> {
  const accountIds =
    filters.bankAccountId !== undefined
      ? [filters.bankAccountId]
      : await companyBankAccountIds(db, filters.companyId);
  const opening =
    filters.dateFrom !== undefined
      ? await summedBalanceUpTo(db, accountIds, addDays(filters.dateFrom, -1))
      : 0;
  const [totals, rows] = await Promise.all([statementTotals(db, filters), statementPage(db, filters, page)]);
  const finalBalance = opening + totals.receipts - totals.payments;
  return {
    previousBalance: previousBalanceOfPage(opening, rows, finalBalance),
    totalReceipts: totals.receipts,
    totalPayments: totals.payments,
    finalBalance,
    page,
    totalEntries: totals.count,
    dateFrom: filters.dateFrom ?? null,
    dateTo: filters.dateTo ?? null,
    entries: rows.map(({ runningSum, ...entry }) => ({ ...entry, balance: opening + runningSum })),
  };
}

/** Balance before the first entry of the page; past the last page it is the final balance. */
function previousBalanceOfPage(opening: Cents, rows: StatementRow[], finalBalance: Cents): Cents {
  const first = rows[0];
  if (!first) return finalBalance;
  const signed = first.typeAccount === 0 ? first.value : -first.value;
  return opening + first.runningSum - signed;
}
