import { latestNoteOfOrder } from "../../db/emission";
import { findCompany } from "../../db/identity";
import {
  findOrder,
  type HistoryRow,
  historyOfOrder,
  itemsOfOrder,
  listOrders,
  type OrderFilters,
  type OrderItemView,
  type OrderRow,
} from "../../db/orders/orders";
import { type OrderPaymentView, paymentsOfOrder } from "../../db/orders/payments";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { exchangeReceiptPdf, toBase64 } from "./exchange-receipt";
import { ORDER_NOT_FOUND } from "./messages";
import type { OrderStatus } from "./order-statuses";
import { statusRegistry } from "./registry";

export type OrderDetail = {
  order: OrderRow;
  items: OrderItemView[];
  history: HistoryRow[];
  payments: OrderPaymentView[];
  /** The company's zone: history times are answered in it. */
  timeZone: string;
  status: OrderStatus | undefined;
  /** The order's NF-e (the one not Denied, else the latest), if any was issued. */
  nfe: { id: number; accessKey: string; number: number; status: string } | null;
};

/** Rows per page of `GET /orders` (the cursor `LastID` walks through them). */
export const ORDER_PAGE_SIZE = 5000;

export async function requireOrder(db: Db, companyId: number, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, companyId, orderId);
  if (!order) throw badRequest(ORDER_NOT_FOUND);
  return order;
}

export async function orderDetail(db: Db, companyId: number, orderId: number): Promise<OrderDetail> {
  const order = await requireOrder(db, companyId, orderId);
  const [items, history, payments, company, registry, nfe] = await Promise.all([
    itemsOfOrder(db, companyId, orderId),
    historyOfOrder(db, companyId, orderId),
    paymentsOfOrder(db, companyId, orderId),
    findCompany(db, companyId),
    statusRegistry(db),
    latestNoteOfOrder(db, companyId, orderId),
  ]);
  return {
    order,
    items,
    history,
    payments,
    timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
    status: registry.statuses.get(order.statusId),
    nfe: nfe ?? null,
  };
}

export type OrderPage = { rows: OrderRow[]; statuses: Map<number, OrderStatus>; timeZone: string };

/** A page of orders: ascending ids after `lastId`, at most `pageSize` (never above 5000). */
export async function findOrders(
  db: Db,
  companyId: number,
  filters: OrderFilters,
  pageSize = ORDER_PAGE_SIZE,
): Promise<OrderPage> {
  const [rows, company, registry] = await Promise.all([
    listOrders(db, companyId, filters, Math.min(pageSize, ORDER_PAGE_SIZE)),
    findCompany(db, companyId),
    statusRegistry(db),
  ]);
  return { rows, statuses: registry.statuses, timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** `GET /orders/{idorder}`: the detail and its exchange receipt (a PDF in base64). */
export async function orderWithReceipt(
  db: Db,
  companyId: number,
  orderId: number,
): Promise<{ detail: OrderDetail; exchangeReceipt: string }> {
  const detail = await orderDetail(db, companyId, orderId);
  const company = await findCompany(db, companyId);
  const pdf = await exchangeReceiptPdf(detail, company?.name ?? "");
  return { detail, exchangeReceipt: toBase64(pdf) };
}
