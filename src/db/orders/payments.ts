import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { orderPayments, titles } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import type { Statement } from "../sql";

/** PaidValue = the values of the order's live payment titles (CHECK: never above the total). */
export function recomputePaid(db: Db, orderId: SQL | number): Statement {
  return rawStatement(
    db,
    sql`UPDATE orders SET paid_value = (
        SELECT coalesce(sum(t.value), 0) FROM order_payments op JOIN titles t ON t.id = op.title_id
        WHERE op.order_id = orders.id AND t.status <> 0)
      WHERE id = ${orderId}`,
  );
}

export async function findOrderPayment(db: Db, companyId: number, orderId: number, titleId: number) {
  return db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.companyId, companyId),
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.titleId, titleId),
      ),
    )
    .get();
}

export type OrderPaymentView = {
  titleId: number;
  paymentTypeId: number;
  installment: number;
  installments: number;
  value: number;
  openValue: number;
  dueDate: string;
  status: number;
};

export async function paymentsOfOrder(
  db: Db,
  companyId: number,
  orderId: number,
): Promise<OrderPaymentView[]> {
  return db
    .select({
      titleId: orderPayments.titleId,
      paymentTypeId: orderPayments.paymentTypeId,
      installment: orderPayments.installment,
      installments: orderPayments.installments,
      value: titles.value,
      openValue: titles.openValue,
      dueDate: titles.dueDate,
      status: titles.status,
    })
    .from(orderPayments)
    .innerJoin(titles, eq(titles.id, orderPayments.titleId))
    .where(and(eq(orderPayments.companyId, companyId), eq(orderPayments.orderId, orderId)))
    .orderBy(asc(orderPayments.id));
}
