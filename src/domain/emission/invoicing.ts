/**
 * What the authorization of a chunk's notes reads to invoice their orders (status 6, stock leaving,
 * the order's events), read once for the chunk (`invoicingReads`: one D1 batch) instead of once per
 * note: the orders, their items, SKUs, warehouse, balances, the
 * company, the consumers' contacts and the tracking messages of the invoiced status. A note's batch
 * built from them is guarded as always (the order's version, the balances' CHECK): when anything
 * changed meanwhile the batch is refused and the note is invoiced again from fresh reads.
 */
import { invoicingReads } from "../../db/emission";
import type { OrderRow } from "../../db/orders/orders";
import type { Db } from "../../env";
import type { OrderEventReads } from "../orders/order-events";
import type { StatusChangeReads } from "../orders/status-change";
import { postingDateOf } from "../stock/ledger";
import type { OrderSource } from "./sources";

export type OrderInvoicing = { order: OrderRow; status: StatusChangeReads; events: OrderEventReads };

export type ChunkInvoicing = {
  /** The order of a note with what invoicing it reads; undefined when the chunk has no source for it. */
  of(orderId: number): OrderInvoicing | undefined;
  /** After an order's batch is committed: the balances its items left (the next note checks against them). */
  invoiced(orderId: number): void;
};

export async function chunkInvoicing(
  db: Db,
  companyId: number,
  sources: OrderSource[],
  statusId: number,
): Promise<ChunkInvoicing> {
  const read = await invoicingReads(
    db,
    companyId,
    {
      orderIds: sources.map((s) => s.order.id),
      skuIds: sources.flatMap((s) => s.items.map((i) => i.skuId)),
    },
    statusId,
  );
  const orders = new Map(read.orders.map((o) => [o.id, o]));
  const key = (skuId: number, warehouseId: number) => `${skuId}:${warehouseId}`;
  const balances = new Map(read.balances.map((b) => [key(b.skuId, b.warehouseId), b.qty]));
  const skus = new Map(read.skus.map((s) => [s.id, s]));
  const warehouses = new Map(read.warehouses.map((w) => [w.id, w]));
  const contacts = new Map(read.contacts.map((c) => [c.id, { name: c.name, email: c.email }]));
  // as findCompany (an active company) and allowsNegativeStock (the row's flag) read it
  const company = read.company?.status === 1 ? read.company : undefined;
  const allowNegative = read.company?.allowNegativeStock === 1;
  const itemsOf = (orderId: number) => read.items.filter((i) => i.orderId === orderId);
  return {
    of(orderId) {
      const order = orders.get(orderId);
      if (!order) return undefined;
      return {
        order,
        status: {
          items: itemsOf(orderId),
          checks: {
            skus,
            warehouses,
            batches: new Map(),
            allowNegative,
            balance: (r) => balances.get(key(r.skuId, r.warehouseId)) ?? 0,
          },
          date: postingDateOf(company),
        },
        events: {
          company,
          consumer: order.consumerId === null ? undefined : contacts.get(order.consumerId),
          templates: read.templates,
        },
      };
    },
    invoiced(orderId) {
      const order = orders.get(orderId);
      if (!order) return;
      for (const item of itemsOf(orderId)) {
        const at = key(item.skuId, order.warehouseId);
        balances.set(at, (balances.get(at) ?? 0) - item.quantity);
      }
    },
  };
}
