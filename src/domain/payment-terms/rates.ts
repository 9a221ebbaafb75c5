import {
  type PaymentRateFields,
  type PaymentRateRow,
  paymentTypeExists,
  rateFor,
  ratesOf,
  replaceRates,
} from "../../db/payment-rates";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { PAYMENT_TYPE_NOT_FOUND, paymentTypeWithoutRate, REPEATED_RATE_INSTALLMENTS } from "./messages";
import type { BusinessDaysPosition, PaymentRate } from "./schedule";

export type { PaymentRateFields, PaymentRateRow };

async function requirePaymentType(db: Db, companyId: number, paymentTypeId: number): Promise<void> {
  if (!(await paymentTypeExists(db, companyId, paymentTypeId))) throw badRequest(PAYMENT_TYPE_NOT_FOUND);
}

export async function listRates(db: Db, companyId: number, paymentTypeId: number): Promise<PaymentRateRow[]> {
  await requirePaymentType(db, companyId, paymentTypeId);
  return ratesOf(db, companyId, paymentTypeId);
}

/** Sets the whole rate table of a payment type (one rate per number of installments). */
export async function setRates(
  db: Db,
  companyId: number,
  paymentTypeId: number,
  rates: PaymentRateFields[],
): Promise<PaymentRateRow[]> {
  await requirePaymentType(db, companyId, paymentTypeId);
  if (new Set(rates.map((r) => r.installments)).size !== rates.length)
    throw badRequest(REPEATED_RATE_INSTALLMENTS);
  await replaceRates(db, companyId, paymentTypeId, rates);
  return ratesOf(db, companyId, paymentTypeId);
}

/**
 * The rate that fixes the due dates of a payment of `installments` installments; a payment type of
 * another company, deleted, or without a rate for that count is a 400.
 */
export async function paymentRateFor(
  db: Db,
  companyId: number,
  paymentTypeId: number,
  installments: number,
): Promise<PaymentRate & { row: PaymentRateRow }> {
  await requirePaymentType(db, companyId, paymentTypeId);
  const row = await rateFor(db, companyId, paymentTypeId, installments);
  if (!row) throw badRequest(paymentTypeWithoutRate(installments));
  return {
    installments: row.installments,
    firstDueDays: row.firstDueDays,
    intervalDays: row.intervalDays,
    additionalBusinessDays: row.additionalBusinessDays,
    additionalBusinessDaysPosition: row.additionalBusinessDaysPosition as BusinessDaysPosition,
    row,
  };
}
