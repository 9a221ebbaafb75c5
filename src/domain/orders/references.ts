import type { ExistingOrderReferences } from "../../db/orders/order-sets";
import { missingOrderReference, type OrderReference } from "../../db/orders/registry";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import {
  ORDER_CARRIER_NOT_FOUND,
  ORDER_CONSUMER_NOT_FOUND,
  ORDER_TYPE_NOT_FOUND,
  WAREHOUSE_NOT_FOUND,
} from "./messages";

const MESSAGES = {
  consumer: ORDER_CONSUMER_NOT_FOUND,
  orderType: ORDER_TYPE_NOT_FOUND,
  warehouse: WAREHOUSE_NOT_FOUND,
  carrier: ORDER_CARRIER_NOT_FOUND,
} as const;

/** Consumer, order type, warehouse and carrier, when given, must be active rows of the company. */
export async function assertOrderReferences(
  db: Db,
  companyId: number,
  refs: {
    consumerId?: number | null;
    orderTypeId?: number | null;
    warehouseId?: number;
    carrierId?: number | null;
  },
): Promise<void> {
  const missing = await missingOrderReference(db, companyId, refs);
  if (missing) throw badRequest(MESSAGES[missing]);
}

/** `assertOrderReferences` of one order of a set, against the references the set read once. */
export function assertOrderReferencesIn(
  existing: ExistingOrderReferences,
  refs: {
    consumerId: number | null;
    orderTypeId: number | null;
    warehouseId: number;
    carrierId: number | null;
  },
): void {
  const missing: OrderReference | undefined = (
    [
      ["consumer", refs.consumerId],
      ["orderType", refs.orderTypeId],
      ["warehouse", refs.warehouseId],
      ["carrier", refs.carrierId],
    ] as const
  ).find(([kind, id]) => id != null && !existing[kind].has(id))?.[0];
  if (missing) throw badRequest(MESSAGES[missing]);
}
