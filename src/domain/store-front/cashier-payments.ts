import {
  type CashierCashRow,
  type CashierPaymentRow,
  findByNsu,
  openCashierOf,
  postCashierCash,
  postCashierPayment,
} from "../../db/cashier-payments";
import { bankAccountIsActive } from "../../db/registries/cashiers";
import type { Actor, Db } from "../../env";
import { inZone, todayIn } from "../../lib/dates";
import { badRequest, isConstraintError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { getCompany } from "../company/company";
import { titlePaidStatement } from "../events/finance-events";
import { RECEIVABLE } from "../titles/kinds";
import { assertPaymentFits, paymentDateTime, paymentEntryDescription } from "../titles/rules";
import { requireTitle } from "../titles/titles";
import { BANK_ACCOUNT_NOT_FOUND, CASHIER_NOT_OPEN, cashBelowValue, nsuAlreadyReceived } from "./messages";

/** TEF payment categories a store-front cashier takes. */
export const TEF_CATEGORIES = { credit: 22, debit: 23, pix: 24 } as const;
export type TefCategory = (typeof TEF_CATEGORIES)[keyof typeof TEF_CATEGORIES];

export type CashierPaymentInput = {
  titleId: number;
  value: Cents;
  category: TefCategory;
  nsu: string;
  authorizationCode: string | null;
};

export type CashierPayment = CashierPaymentRow & {
  date: string;
  createdAtLocal: string;
  titleOpenValue: Cents;
};

/**
 * Receives part or all of a receivable title at the open cashier of a bank account: one payment
 * entry on that account (dated today in the company's zone) and the TEF receipt, in one batch.
 */
export async function receiveAtCashier(
  db: Db,
  caller: Actor,
  bankAccountId: number,
  input: CashierPaymentInput,
): Promise<CashierPayment> {
  const { companyId } = caller;
  const company = await getCompany(db, companyId);
  if (!(await bankAccountIsActive(db, companyId, bankAccountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
  if (await findByNsu(db, companyId, bankAccountId, input.nsu))
    throw badRequest(nsuAlreadyReceived(input.nsu));
  const title = await requireTitle(db, companyId, RECEIVABLE, input.titleId);
  assertPaymentFits(RECEIVABLE, input.value, title.openValue);
  const date = todayIn(company.timeZone);
  try {
    const row = await postCashierPayment(
      db,
      {
        companyId,
        titleId: title.id,
        bankAccountId,
        typeAccount: RECEIVABLE.typeAccount,
        value: input.value,
        date: paymentDateTime(date),
        description: paymentEntryDescription(RECEIVABLE, title.description),
        document: input.nsu,
        origin: "payment",
        createdBy: caller.userId,
      },
      {
        category: input.category,
        nsu: input.nsu,
        authorizationCode: input.authorizationCode,
        createdBy: caller.userId,
      },
      [titlePaidStatement(db, companyId, title.id)],
    );
    const after = await requireTitle(db, companyId, RECEIVABLE, title.id);
    return {
      ...row,
      date,
      createdAtLocal: inZone(row.createdAt, company.timeZone),
      titleOpenValue: after.openValue,
    };
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    // Which guard refused the batch: a repeated NSU, the cashier closed meanwhile, or the title paid or deleted.
    if (await findByNsu(db, companyId, bankAccountId, input.nsu))
      throw badRequest(nsuAlreadyReceived(input.nsu));
    if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
    await requireTitle(db, companyId, RECEIVABLE, title.id);
    throw badRequest(RECEIVABLE.messages.paymentConflict(input.value));
  }
}

export type CashierCashInput = { titleId: number; value: Cents; cashReceived: Cents };

export type CashierCash = CashierCashRow & { date: string; createdAtLocal: string; titleOpenValue: Cents };

/**
 * Receives part or all of a receivable title in cash at the open cashier of a bank account: one
 * payment entry of `value` on that account (dated today in the company's zone) and the cash the buyer
 * handed over (`cashReceived`, at least `value`: the difference is the change given back, the `vTroco`
 * of the sale's NFC-e), in one batch.
 */
export async function receiveCashAtCashier(
  db: Db,
  caller: Actor,
  bankAccountId: number,
  input: CashierCashInput,
): Promise<CashierCash> {
  const { companyId } = caller;
  if (input.cashReceived < input.value) throw badRequest(cashBelowValue(input.cashReceived, input.value));
  const company = await getCompany(db, companyId);
  if (!(await bankAccountIsActive(db, companyId, bankAccountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
  const title = await requireTitle(db, companyId, RECEIVABLE, input.titleId);
  assertPaymentFits(RECEIVABLE, input.value, title.openValue);
  const date = todayIn(company.timeZone);
  try {
    const row = await postCashierCash(
      db,
      {
        companyId,
        titleId: title.id,
        bankAccountId,
        typeAccount: RECEIVABLE.typeAccount,
        value: input.value,
        date: paymentDateTime(date),
        description: paymentEntryDescription(RECEIVABLE, title.description),
        origin: "payment",
        createdBy: caller.userId,
      },
      { cashReceived: input.cashReceived, createdBy: caller.userId },
      [titlePaidStatement(db, companyId, title.id)],
    );
    const after = await requireTitle(db, companyId, RECEIVABLE, title.id);
    return {
      ...row,
      date,
      createdAtLocal: inZone(row.createdAt, company.timeZone),
      titleOpenValue: after.openValue,
    };
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    // Which guard refused the batch: the cashier closed meanwhile, or the title paid or deleted.
    if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
    await requireTitle(db, companyId, RECEIVABLE, title.id);
    throw badRequest(RECEIVABLE.messages.paymentConflict(input.value));
  }
}
