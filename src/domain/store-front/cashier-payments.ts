import {
  type CashierCashRow,
  type CashierEntry,
  type CashierPaymentRow,
  findByNsu,
  openCashierOf,
  postCashierCash,
  postCashierPayment,
} from "../../db/cashier-payments";
import { bankAccountIsActive } from "../../db/registries/cashiers";
import type { Statement } from "../../db/sql";
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

export type CashierPayment = Received<CashierPaymentRow>;

/** What a receipt at the cashier answers besides its row: its date, its time in the company's zone, the title's open value after. */
type Received<Row> = Row & { date: string; createdAtLocal: string; titleOpenValue: Cents };

/**
 * Part or all of a receivable title received at the open cashier of a bank account, whatever the
 * means: one payment entry of `value` on that account (dated today in the company's zone) and the
 * receipt `post` writes with it, in one batch. `ownGuards`: the means' own refusals (a repeated NSU),
 * checked before the title and again when the batch is refused, before the cashier closed meanwhile
 * and the title paid or deleted.
 */
async function receive<Row extends { createdAt: string }>(
  db: Db,
  caller: Actor,
  bankAccountId: number,
  input: { titleId: number; value: Cents; document?: string },
  post: (entry: CashierEntry, followUps: Statement[]) => Promise<Row>,
  ownGuards: () => Promise<void> = async () => {},
): Promise<Received<Row>> {
  const { companyId } = caller;
  const company = await getCompany(db, companyId);
  if (!(await bankAccountIsActive(db, companyId, bankAccountId))) throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
  await ownGuards();
  const title = await requireTitle(db, companyId, RECEIVABLE, input.titleId);
  assertPaymentFits(RECEIVABLE, input.value, title.openValue);
  const date = todayIn(company.timeZone);
  try {
    const row = await post(
      {
        companyId,
        titleId: title.id,
        bankAccountId,
        typeAccount: RECEIVABLE.typeAccount,
        value: input.value,
        date: paymentDateTime(date),
        description: paymentEntryDescription(RECEIVABLE, title.description),
        ...(input.document === undefined ? {} : { document: input.document }),
        origin: "payment",
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
    // Which guard refused the batch: the means' own, the cashier closed meanwhile, or the title paid or deleted.
    await ownGuards();
    if (!(await openCashierOf(db, companyId, bankAccountId))) throw badRequest(CASHIER_NOT_OPEN);
    await requireTitle(db, companyId, RECEIVABLE, title.id);
    throw badRequest(RECEIVABLE.messages.paymentConflict(input.value));
  }
}

/**
 * Receives part or all of a receivable title at the open cashier of a bank account by TEF (credit,
 * debit, Pix): the payment entry (the NSU as its document) and the TEF receipt, in one batch; an NSU
 * already received on the account is refused.
 */
export function receiveAtCashier(
  db: Db,
  caller: Actor,
  bankAccountId: number,
  input: CashierPaymentInput,
): Promise<CashierPayment> {
  const receipt = {
    category: input.category,
    nsu: input.nsu,
    authorizationCode: input.authorizationCode,
    createdBy: caller.userId,
  };
  return receive(
    db,
    caller,
    bankAccountId,
    { titleId: input.titleId, value: input.value, document: input.nsu },
    (entry, followUps) => postCashierPayment(db, entry, receipt, followUps),
    async () => {
      if (await findByNsu(db, caller.companyId, bankAccountId, input.nsu))
        throw badRequest(nsuAlreadyReceived(input.nsu));
    },
  );
}

export type CashierCashInput = { titleId: number; value: Cents; cashReceived: Cents };

export type CashierCash = Received<CashierCashRow>;

/**
 * Receives part or all of a receivable title in cash at the open cashier of a bank account: the
 * payment entry of `value` and the cash the buyer handed over (`cashReceived`, at least `value`: the
 * difference is the change given back, the `vTroco` of the sale's NFC-e), in one batch.
 */
export function receiveCashAtCashier(
  db: Db,
  caller: Actor,
  bankAccountId: number,
  input: CashierCashInput,
): Promise<CashierCash> {
  if (input.cashReceived < input.value)
    return Promise.reject(badRequest(cashBelowValue(input.cashReceived, input.value)));
  const receipt = { cashReceived: input.cashReceived, createdBy: caller.userId };
  return receive(db, caller, bankAccountId, input, (entry, followUps) =>
    postCashierCash(db, entry, receipt, followUps),
  );
}
