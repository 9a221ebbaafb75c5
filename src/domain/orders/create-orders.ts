import { findCompany } from "../../db/identity";
import {
  existingOrderReferences,
  type NewOrderRow,
  newOrdersStatements,
  ordersByUidsOrImportKeys,
} from "../../db/orders/order-sets";
import { isReservationRefused } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import { warehouseBalances } from "../../db/stock/ledger";
import { reservationsBySku } from "../../db/stock/registry";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";
import { ApiError, badRequest } from "../../lib/errors";
import { insufficientStockToReserve, RESERVATION_TAKEN_CONCURRENTLY } from "../stock/messages";
import { availableQuantity, formatQuantity, reservedQuantity } from "../stock/quantities";
import { reservationOf } from "../stock/reservations";
import type { OrderCaller, OrderInput } from "./create-order";
import { itemRegistry, prepareItemsWith } from "./items";
import { ORDER_DISCOUNT_ABOVE_TOTAL, ORDER_ITEMS_REQUIRED } from "./messages";
import { ORDER_STATUS, reservesStock } from "./order-statuses";
import { paymentRatesOf, plannedPaymentTitles } from "./payments";
import { assertOrderReferencesIn } from "./references";
import { statusRegistry } from "./registry";
import { planInitialStatus } from "./transitions";

/**
 * What `createOrders` answers for each input, in the order given: the order's id (`created` false
 * when an order with the same import key already existed, and that order is the answer), or the
 * reason the order was refused (the message `createOrder` gives for it).
 */
export type CreatedOrder =
  | {
      id: number;
      created: boolean;
      /** Created in `statusWhenUnreserved`: why the items of `statusId` could not be reserved. */
      unreserved?: string;
    }
  | { error: string };

/** The most orders one call takes: the job chunks stay far below, and its statements within D1's limits. */
export const MAX_ORDERS_PER_SET = 1000;

const stockKey = (skuId: number, warehouseId: number) => `${skuId}:${warehouseId}`;

/** QtyAvailable (on stock - reserved) per SKU and warehouse of the reserving orders of the set. */
async function availableStock(db: Db, companyId: number, skuIds: number[]): Promise<Map<string, number>> {
  const available = new Map<string, number>();
  if (skuIds.length === 0) return available;
  const [balances, reservations] = await Promise.all([
    warehouseBalances(db, companyId, skuIds),
    reservationsBySku(db, companyId, skuIds),
  ]);
  for (const row of balances) {
    const key = stockKey(row.skuId, row.warehouseId);
    available.set(key, (available.get(key) ?? 0) + row.qty);
  }
  for (const row of reservations) {
    const key = stockKey(row.skuId, row.warehouseId);
    available.set(key, availableQuantity(available.get(key) ?? 0, reservedQuantity([row])));
  }
  return available;
}

/** Everything the set's plan is judged against, read once for all its orders. */
async function readsOfSet(db: Db, companyId: number, inputs: OrderInput[]) {
  const reservingSkus = inputs.flatMap((input) =>
    reservesStock(input.statusId ?? ORDER_STATUS.received) ? input.items.map((i) => i.skuId) : [],
  );
  const [registry, items, references, company, rates, available] = await Promise.all([
    statusRegistry(db),
    itemRegistry(
      db,
      companyId,
      inputs.flatMap((input) => input.items.map((i) => i.skuId)),
    ),
    existingOrderReferences(db, companyId, {
      consumer: inputs.flatMap((i) => (i.header.consumerId == null ? [] : [i.header.consumerId])),
      orderType: inputs.flatMap((i) => (i.header.orderTypeId == null ? [] : [i.header.orderTypeId])),
      warehouse: inputs.map((i) => i.header.warehouseId),
      carrier: inputs.flatMap((i) => (i.header.carrierId == null ? [] : [i.header.carrierId])),
    }),
    findCompany(db, companyId),
    paymentRatesOf(
      db,
      companyId,
      inputs.flatMap((i) => i.payments ?? []),
    ),
    availableStock(db, companyId, [...new Set(reservingSkus)]),
  ]);
  return { registry, items, references, company, rates, available };
}

type SetReads = Awaited<ReturnType<typeof readsOfSet>>;

/**
 * One order of the set judged as `createOrder` judges it, in the same order (items required,
 * references, status, items, total, payments, stock to reserve), against the set's reads. The
 * reservations of the orders planned before it in the set are taken from `reads.available`, so
 * orders of one set never oversell among themselves.
 */
function planOrder(
  reads: SetReads,
  caller: OrderCaller,
  input: OrderInput,
): { row: NewOrderRow; unreserved: string | null } {
  if (input.items.length === 0) throw badRequest(ORDER_ITEMS_REQUIRED);
  const { header } = input;
  assertOrderReferencesIn(reads.references, header);
  const plan = planInitialStatus(reads.registry, input.statusId ?? ORDER_STATUS.received);
  const items = prepareItemsWith(reads.items, input.items);
  const itemsTotal = items.reduce((sum, i) => sum + i.taxes.total, 0);
  const total = itemsTotal + header.freight - header.discount;
  if (total < 0) throw badRequest(ORDER_DISCOUNT_ABOVE_TOTAL);
  const date = header.date ?? todayIn(reads.company?.timeZone ?? DEFAULT_TIME_ZONE);
  const titles = plannedPaymentTitles(reads.rates, { date, total }, input.payments ?? []);
  const reservations = reservationOf(items, header.warehouseId, plan.reserves);
  if (reads.company?.allowNegativeStock !== 1) {
    for (const line of reservations) {
      const available = reads.available.get(stockKey(line.skuId, line.warehouseId)) ?? 0;
      if (available >= line.quantity) continue;
      const refusal = insufficientStockToReserve(
        line.skuId,
        line.warehouseId,
        formatQuantity(available),
        formatQuantity(line.quantity),
      );
      if (input.statusWhenUnreserved === undefined) throw badRequest(refusal);
      const { statusWhenUnreserved, ...unreserving } = input;
      const fallback = planOrder(reads, caller, { ...unreserving, statusId: statusWhenUnreserved });
      return { row: fallback.row, unreserved: refusal };
    }
  }
  for (const line of reservations) {
    const key = stockKey(line.skuId, line.warehouseId);
    reads.available.set(key, (reads.available.get(key) ?? 0) - line.quantity);
  }
  const row: NewOrderRow = {
    uid: crypto.randomUUID(),
    header: { ...header, date },
    statusId: plan.to,
    userId: caller.userId,
    importKey: input.importKey ?? null,
    items,
    reservations: reservations.map((r) => ({ skuId: r.skuId, quantity: r.quantity })),
    titles,
  };
  return { row, unreserved: null };
}

/** Writes the planned orders in one batch; answers the uids refused because their stock was taken meanwhile. */
async function writeSet(db: Db, companyId: number, planned: NewOrderRow[]): Promise<Set<string>> {
  const run = (rows: NewOrderRow[]) =>
    db.batch(newOrdersStatements(db, companyId, rows) as [Statement, ...Statement[]]);
  if (planned.length === 0) return new Set();
  try {
    await run(planned);
    return new Set();
  } catch (error) {
    // Another request reserved units the plan counted on: the orders go one by one, so only the
    // orders whose units are gone are refused.
    if (!isReservationRefused(error)) throw error;
  }
  const refused = new Set<string>();
  for (const row of planned) {
    try {
      await run([row]);
    } catch (error) {
      if (!isReservationRefused(error)) throw error;
      refused.add(row.uid);
    }
  }
  return refused;
}

/**
 * Creates many orders of one company at once, by the rules of `createOrder` (validation, initial
 * status, taxes, payments as receivable titles, the first history row, totals, reservations with
 * the no-overselling rule), with the reads every order needs (statuses, SKUs and tax profiles,
 * references, payment types and rates, stock available, the company) done once for the set and the
 * writes of all its valid orders in ONE batch of multi-row statements (`newOrdersStatements`).
 * Every order is planned first; an order refused (unknown SKU, impossible status, stock beyond
 * what is available after the set's earlier orders...) gets its message and is not written, the
 * others are. An import key the company already has answers the order that has it (and a key
 * repeated in the set, the first order with it), so a redelivered set creates nothing twice. Never
 * reads back a detail: the caller gets ids.
 */
export async function createOrders(
  db: Db,
  caller: OrderCaller,
  inputs: OrderInput[],
): Promise<CreatedOrder[]> {
  if (inputs.length > MAX_ORDERS_PER_SET) throw new Error(`createOrders takes at most ${MAX_ORDERS_PER_SET}`);
  const { companyId } = caller;
  const answers: (CreatedOrder | undefined)[] = inputs.map(() => undefined);
  const keys = [...new Set(inputs.flatMap((i) => (i.importKey ? [i.importKey] : [])))];
  const existing = new Map(
    (await ordersByUidsOrImportKeys(db, companyId, [], keys)).map((o) => [o.importKey!, o.id]),
  );
  const firstWithKey = new Map<string, number>();
  const pending: number[] = [];
  for (const [index, input] of inputs.entries()) {
    const key = input.importKey;
    if (key && existing.has(key)) answers[index] = { id: existing.get(key)!, created: false };
    else if (key && firstWithKey.has(key))
      continue; // answered as the first order with that key
    else {
      if (key) firstWithKey.set(key, index);
      pending.push(index);
    }
  }
  const planned = new Map<number, NewOrderRow>();
  const unreserved = new Map<number, string>();
  if (pending.length > 0) {
    const reads = await readsOfSet(
      db,
      companyId,
      pending.map((index) => inputs[index]!),
    );
    for (const index of pending) {
      try {
        const plan = planOrder(reads, caller, inputs[index]!);
        planned.set(index, plan.row);
        if (plan.unreserved !== null) unreserved.set(index, plan.unreserved);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        answers[index] = { error: error.message };
      }
    }
  }
  const rows = [...planned.values()];
  const refused = await writeSet(db, companyId, rows);
  const written = rows.filter((row) => !refused.has(row.uid));
  const found = await ordersByUidsOrImportKeys(
    db,
    companyId,
    written.map((row) => row.uid),
    written.flatMap((row) => (row.importKey ? [row.importKey] : [])),
  );
  const byUid = new Map(found.map((o) => [o.uid, o.id]));
  const byKey = new Map(found.flatMap((o) => (o.importKey ? [[o.importKey, o.id] as const] : [])));
  for (const [index, row] of planned) {
    if (refused.has(row.uid)) {
      answers[index] = { error: RESERVATION_TAKEN_CONCURRENTLY };
      continue;
    }
    const id = byUid.get(row.uid);
    // not inserted: another request created the order of this import key meanwhile
    const other = row.importKey ? byKey.get(row.importKey) : undefined;
    const refusal = unreserved.get(index);
    if (id !== undefined)
      answers[index] = refusal ? { id, created: true, unreserved: refusal } : { id, created: true };
    else if (other !== undefined) answers[index] = { id: other, created: false };
    else throw new Error("order written by the batch was not found");
  }
  return inputs.map((input, index) => {
    const own = answers[index];
    if (own) return own;
    const first = answers[firstWithKey.get(input.importKey!)!];
    if (!first) throw new Error("order of the set without an answer");
    return "id" in first ? { id: first.id, created: false } : first;
  });
}
