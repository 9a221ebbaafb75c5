import {
  findItem,
  guardVersion,
  insertItemsStatement,
  itemsByIds,
  itemsOfOrder,
  type OrderItemRow,
  type OrderItemView,
  type OrderRow,
  recomputeTotals,
  updateItemStatement,
} from "../../db/orders/orders";
import { skusByIds } from "../../db/stock/registry";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { fromMilli } from "../stock/quantities";
import { type SkuView, skuViews } from "../stock/registry";
import type { OrderCaller } from "./create-order";
import { type ItemRequest, prepareItems } from "./items";
import { ORDER_ITEM_NOT_FOUND, ORDER_ITEMS_LOCKED } from "./messages";
import { isFinalOrderStatus, reservesStock } from "./order-statuses";
import { requireOrder } from "./read";
import { changedReservationWrites } from "./reservations";
import { commitOrderWrite } from "./write";

/**
 * Items change only while the stock has not left and the status is not final; `reserves` tells
 * whether the order's status reserves the items.
 */
async function requireEditableOrder(
  db: Db,
  companyId: number,
  orderId: number,
): Promise<{ order: OrderRow; reserves: boolean }> {
  const order = await requireOrder(db, companyId, orderId);
  if (order.stockState !== 0 || isFinalOrderStatus(order.statusId)) throw badRequest(ORDER_ITEMS_LOCKED);
  return { order, reserves: reservesStock(order.statusId) };
}

/** The reservations of the order with its items as the change leaves them (refused beyond QtyAvailable). */
async function itemReservationWrites(
  db: Db,
  companyId: number,
  { order, reserves }: { order: OrderRow; reserves: boolean },
  items: (current: OrderItemView[]) => { skuId: number; quantity: number }[],
) {
  return changedReservationWrites(db, companyId, order.id, {
    reserves,
    warehouseId: order.warehouseId,
    items: reserves ? items(await itemsOfOrder(db, companyId, order.id)) : [],
  });
}

/** Messages of a single item name no index. */
const plain = (_index: number, message: string) => message;

/** `POST /orders/{idorder}/sku`: one more item; totals and reservations follow in the same batch. */
export async function addOrderItem(
  db: Db,
  caller: OrderCaller,
  orderId: number,
  request: ItemRequest,
): Promise<OrderItemView> {
  const editable = await requireEditableOrder(db, caller.companyId, orderId);
  const { order } = editable;
  const [item] = await prepareItems(db, caller.companyId, [request], 0, plain);
  const reservations = await itemReservationWrites(db, caller.companyId, editable, (current) => [
    ...current,
    item!,
  ]);
  await commitOrderWrite(db, order, [
    guardVersion(db, caller.companyId, order.id, order.version),
    insertItemsStatement(db, caller.companyId, order.id, [item!]),
    recomputeTotals(db, order.id),
    ...reservations,
  ]);
  const items = await itemsOfOrder(db, caller.companyId, order.id);
  return items[items.length - 1]!;
}

export type ItemChanges = Partial<Omit<ItemRequest, "skuId">>;

function requestOf(item: OrderItemRow, changes: ItemChanges): ItemRequest {
  const manualTax = changes.manualTax ?? (item.manualTax as 0 | 1);
  const kept = {
    icmsCst: item.icmsCst ?? undefined,
    icmsRate: item.icmsRate,
    ipiCst: item.ipiCst ?? undefined,
    ipiRate: item.ipiRate,
    pisCst: item.pisCst ?? undefined,
    pisRate: item.pisRate,
    cofinsCst: item.cofinsCst ?? undefined,
    cofinsRate: item.cofinsRate,
    cstIbsCbsId: item.cstIbsCbsId ?? undefined,
    ibsRate: item.ibsRate,
    cbsRate: item.cbsRate,
  };
  const given = Object.fromEntries(Object.entries(changes.tax ?? {}).filter(([, v]) => v !== undefined));
  return {
    skuId: item.skuId,
    quantity: changes.quantity ?? fromMilli(item.quantity),
    unitPrice: changes.unitPrice ?? item.unitPrice,
    discount: changes.discount ?? item.discount,
    manualTax,
    reverseTaxCalculation: changes.reverseTaxCalculation ?? (item.reverseTaxCalculation as 0 | 1),
    // Switching to manual tax starts from the rates the item has; sent fields override them.
    tax: manualTax === 1 ? { ...kept, ...given } : undefined,
  };
}

/**
 * `PUT /orders/{idorder}/sku/{idskumovement}`: quantity, price, discount, reverse calculation and
 * the tax mode change; taxes are recomputed (from the profile, or from the manual rates).
 */
export async function changeOrderItem(
  db: Db,
  caller: OrderCaller,
  orderId: number,
  itemId: number,
  changes: ItemChanges,
): Promise<{ item: OrderItemView; sku: SkuView | undefined }> {
  const editable = await requireEditableOrder(db, caller.companyId, orderId);
  const { order } = editable;
  const current = await findItem(db, caller.companyId, order.id, itemId);
  if (!current) throw badRequest(ORDER_ITEM_NOT_FOUND);
  const [item] = await prepareItems(db, caller.companyId, [requestOf(current, changes)], 0, plain);
  const reservations = await itemReservationWrites(db, caller.companyId, editable, (items) =>
    items.map((i) => (i.id === itemId ? item! : i)),
  );
  await commitOrderWrite(db, order, [
    guardVersion(db, caller.companyId, order.id, order.version),
    updateItemStatement(db, caller.companyId, itemId, item!),
    recomputeTotals(db, order.id),
    ...reservations,
  ]);
  const [view] = await itemsByIds(db, caller.companyId, [itemId]);
  const skus = await skusByIds(db, caller.companyId, [view!.skuId]);
  const [sku] = await skuViews(db, caller.companyId, [...skus.values()]);
  return { item: view!, sku };
}
