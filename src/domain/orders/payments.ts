import type { NewPaymentTitle } from "../../db/orders/order-sets";
import { guardVersion, type OrderRow } from "../../db/orders/orders";
import { findOrderPayment, recomputePaid } from "../../db/orders/payments";
import { titleUpdateStatement } from "../../db/titles";
import type { Db } from "../../env";
import { allInOrder } from "../../lib/concurrent";
import { ApiError, badRequest } from "../../lib/errors";
import { type Cents, formatCents } from "../../lib/money";
import { paymentRateFor } from "../payment-terms/rates";
import { installmentSchedule, type PaymentRate } from "../payment-terms/schedule";
import { RECEIVABLE } from "../titles/kinds";
import { assertReferences } from "../titles/references";
import { openValueForNewValue } from "../titles/rules";
import {
  columnsOf,
  getTitleDetail,
  requireTitle,
  type TitleChanges,
  type TitleDetail,
} from "../titles/titles";
import type { OrderCaller } from "./create-order";
import { ORDER_PAYMENT_NOT_FOUND, paymentError, paymentsAboveTotal } from "./messages";
import { requireOrder } from "./read";
import { commitOrderWrite } from "./write";

/** A payment of an order: a payment type, its number of installments, the value and the forecast bank account. */
export type PaymentRequest = {
  paymentTypeId: number;
  installments: number;
  value: Cents;
  bankAccountId: number | null;
};

/**
 * `PUT /orders/{idorder}/payment/{idaccountpayablereceivable}`: the change of a receivable title of
 * the order, as `PUT /accounts/receivable/{id}` does it, with the order's PaidValue following a new
 * Value in the same batch (never above the order total). Answers the title detail.
 */
export async function changeOrderPayment(
  db: Db,
  caller: OrderCaller,
  orderId: number,
  titleId: number,
  changes: TitleChanges,
): Promise<TitleDetail> {
  const { companyId } = caller;
  const order: OrderRow = await requireOrder(db, companyId, orderId);
  if (!(await findOrderPayment(db, companyId, orderId, titleId))) throw badRequest(ORDER_PAYMENT_NOT_FOUND);
  const title = await requireTitle(db, companyId, RECEIVABLE, titleId);
  await assertReferences(db, companyId, RECEIVABLE, changes);
  const newValue = changes.value;
  if (newValue !== undefined) {
    openValueForNewValue(RECEIVABLE, title, newValue);
    const paid = order.paidValue - title.value + newValue;
    if (paid > order.total) throw badRequest(paymentsAboveTotal(formatCents(paid), formatCents(order.total)));
  }
  await commitOrderWrite(
    db,
    order,
    [
      guardVersion(db, companyId, order.id, order.version),
      titleUpdateStatement(
        db,
        companyId,
        RECEIVABLE.typeAccount,
        titleId,
        columnsOf(RECEIVABLE, changes),
        newValue,
      ),
      recomputePaid(db, order.id),
    ],
    { conflict: newValue === undefined ? undefined : RECEIVABLE.messages.valueConflict(newValue) },
  );
  return getTitleDetail(db, companyId, RECEIVABLE, titleId);
}

/** The rate (or the refusal) of each payment type, installments and bank account a set of orders uses. */
export type PaymentRates = Map<string, { rate: PaymentRate } | { error: string }>;

const rateKey = (p: PaymentRequest) => `${p.paymentTypeId}:${p.installments}:${p.bankAccountId}`;

/**
 * Reads once per distinct payment (type, installments, forecast bank account) of a set of orders
 * what `paymentWrites` reads per payment: the references, then the rate.
 */
export async function paymentRatesOf(
  db: Db,
  companyId: number,
  payments: PaymentRequest[],
): Promise<PaymentRates> {
  const distinct = new Map(payments.map((p) => [rateKey(p), p]));
  const rates: PaymentRates = new Map();
  await Promise.all(
    [...distinct].map(async ([key, payment]) => {
      try {
        const [, rate] = await allInOrder([
          assertReferences(db, companyId, RECEIVABLE, {
            paymentTypeId: payment.paymentTypeId,
            bankAccountId: payment.bankAccountId,
          }),
          paymentRateFor(db, companyId, payment.paymentTypeId, payment.installments),
        ] as const);
        rates.set(key, { rate });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        rates.set(key, { error: error.message });
      }
    }),
  );
  return rates;
}

/**
 * The titles of a new order's payments (one per installment), judged as `paymentWrites` judges
 * them against the rates read for the set: payments above the total, then each payment's refusal.
 */
export function plannedPaymentTitles(
  rates: PaymentRates,
  order: { date: string; total: Cents },
  payments: PaymentRequest[],
): NewPaymentTitle[] {
  if (payments.length === 0) return [];
  const sum = payments.reduce((s, p) => s + p.value, 0);
  if (sum > order.total) throw badRequest(paymentsAboveTotal(formatCents(sum), formatCents(order.total)));
  const titles: NewPaymentTitle[] = [];
  for (const [index, payment] of payments.entries()) {
    const outcome = rates.get(rateKey(payment));
    if (!outcome) throw new Error("payment rate not read for the set");
    if ("error" in outcome) throw badRequest(paymentError(index, outcome.error));
    for (const installment of installmentSchedule(outcome.rate, order.date, payment.value)) {
      titles.push({
        uid: crypto.randomUUID(),
        dueDate: installment.dueDate,
        value: installment.valueCents,
        paymentTypeId: payment.paymentTypeId,
        bankAccountId: payment.bankAccountId,
        installment: installment.number,
        installments: payment.installments,
      });
    }
  }
  return titles;
}
