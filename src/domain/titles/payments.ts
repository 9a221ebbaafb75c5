import { findCompany } from "../../db/identity";
import { bankAccountExists, findPayment, postPayment, removePayment } from "../../db/titles";
import type { Actor, Db } from "../../env";
import { DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";
import { badRequest, isConstraintError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { titlePaidStatement } from "../events/finance-events";
import type { TitleKind } from "./kinds";
import { BANK_ACCOUNT_NOT_FOUND } from "./messages";
import { assertPaymentFits, paymentDateTime, paymentEntryDescription } from "./rules";
import { getTitleDetail, requireTitle, type TitleDetail } from "./titles";

export type PaymentInput = {
  bankAccountId: number;
  value: Cents;
  /** `YYYY-MM-DD`; today in the company's zone when omitted. */
  date?: string;
};

/**
 * Pays (or receives) part or all of a title: one internal entry on the bank account, tied to the
 * title, and the title's open value and status, in one batch. Concurrent payments that together
 * exceed the title cannot overpay it: the open_value CHECK refuses the losing batch whole.
 */
export async function payTitle(
  db: Db,
  caller: Actor,
  kind: TitleKind,
  titleId: number,
  input: PaymentInput,
): Promise<TitleDetail> {
  const { companyId } = caller;
  const title = await requireTitle(db, companyId, kind, titleId);
  if (!(await bankAccountExists(db, companyId, input.bankAccountId)))
    throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  assertPaymentFits(kind, input.value, title.openValue);
  const date = input.date ?? todayIn((await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE);
  try {
    await postPayment(
      db,
      {
        companyId,
        titleId,
        bankAccountId: input.bankAccountId,
        typeAccount: kind.typeAccount,
        value: input.value,
        date: paymentDateTime(date),
        description: paymentEntryDescription(kind, title.description),
        document: title.document,
        origin: "payment",
        createdBy: caller.userId,
      },
      [titlePaidStatement(db, companyId, titleId)],
    );
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    // Refused by the open_value CHECK: another payment (or a delete) reached the title first.
    await requireTitle(db, companyId, kind, titleId);
    throw badRequest(kind.messages.paymentConflict(input.value));
  }
  return getTitleDetail(db, companyId, kind, titleId);
}

/**
 * Deletes a payment: removes its entry and gives its value back to the title, in one batch.
 * A reconciled payment is refused; so is one reconciled or deleted while this request runs.
 */
export async function deleteTitlePayment(
  db: Db,
  companyId: number,
  kind: TitleKind,
  titleId: number,
  paymentId: number,
): Promise<void> {
  await requireTitle(db, companyId, kind, titleId);
  const payment = await findPayment(db, companyId, titleId, paymentId);
  if (!payment) throw badRequest(kind.messages.paymentNotFound);
  if (payment.reconciled) throw badRequest(kind.messages.paymentReconciled);
  if (await removePayment(db, companyId, titleId, paymentId, payment.value)) return;
  const now = await findPayment(db, companyId, titleId, paymentId);
  throw badRequest(now ? kind.messages.paymentReconciled : kind.messages.paymentNotFound);
}
