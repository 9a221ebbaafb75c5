/**
 * What the authorization of a chunk's notes reads to invoice their orders (status 6, stock leaving,
 * the order's events), read once for the chunk (`invoicingReads`: one D1 batch) instead of once per
 * note: the orders, their items, SKUs, warehouse, balances, the
 * company, the consumers' contacts and the tracking messages of the invoiced status. A note's batch
 * built from them is guarded as always (the order's version, the balances' CHECK): when anything
 * changed meanwhile the batch is refused and the note is invoiced again from fresh reads.
 */
import { invoicingReads } from "../../db/emission";
import { guardVersion, type OrderRow } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { type OrderEventReads, orderEventStatements } from "../orders/order-events";
import { statusRegistry } from "../orders/registry";
import { changedReservationWrites } from "../orders/reservations";
import { type StatusChangeReads, statusChangeWrites } from "../orders/status-change";
import { planTransition, type StockState } from "../orders/transitions";
import { postingDateOf } from "../stock/ledger";
import { INVOICED_STATUS } from "./issue";
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

/**
 * The batch that invoices an order with its note: the order's version guard, the status change to 6
 * (Faturado) with its stock leaving (`statusChangeWrites`), its reservations released, the order's
 * events, then `noteStatements` (the note's own change and event). `known`: what the chunk read for
 * it (absent: read now). Built the same way for an authorized NF-e/NFC-e and an offline NFC-e; the
 * caller runs it through `commitOrderWrite` with `movesStock`.
 */
export async function invoicingStatements(
  db: Db,
  caller: { companyId: number; userId: number | null },
  order: OrderRow,
  noteStatements: Statement[],
  known?: OrderInvoicing,
): Promise<{ statements: Statement[]; movesStock: boolean }> {
  const registry = await statusRegistry(db);
  const plan = planTransition(registry, order.statusId, INVOICED_STATUS, order.stockState as StockState);
  const statements: Statement[] = [
    guardVersion(db, caller.companyId, order.id, order.version),
    ...(await statusChangeWrites(db, caller, order, plan, order.warehouseId, known?.status)),
    ...(await changedReservationWrites(db, caller.companyId, order.id, {
      reserves: plan.reserves,
      warehouseId: order.warehouseId,
      items: [],
    })),
    ...(await orderEventStatements(
      db,
      order,
      registry,
      { fromStatusId: order.statusId, toStatusId: INVOICED_STATUS, trackingCode: order.trackingCode },
      null,
      known?.events,
    )),
    ...noteStatements,
  ];
  return { statements, movesStock: plan.effect !== null };
}
