import type { MovementRow } from "../../db/stock/ledger";
import type { Actor, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { checkMovements, type MovementRequest, postMovements } from "./ledger";
import { REASON_REQUIRED, TRANSFER_SAME_WAREHOUSE } from "./messages";

/** A manual adjustment: one movement (cost only for inbound; null = the current average) and its reason. */
export type AdjustmentRequest = Omit<MovementRequest, "origin" | "originId" | "reason"> & { reason: string };

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw badRequest(REASON_REQUIRED);
  return trimmed;
}

/** Manual adjustment: one movement in or out, with a reason (origin `manual`). */
export async function postAdjustment(
  db: Db,
  caller: Actor,
  request: AdjustmentRequest,
): Promise<MovementRow[]> {
  const reason = requireReason(request.reason);
  const movements = await checkMovements(db, caller.companyId, [
    { ...request, origin: "manual", originId: null, reason },
  ]);
  return postMovements(db, caller, movements);
}

export type TransferRequest = {
  skuId: number;
  fromWarehouseId: number;
  toWarehouseId: number;
  batchId: number | null;
  quantity: number;
  reason: string;
};

/**
 * Transfer between warehouses: an outbound movement from the origin (at the average cost) and an
 * inbound one into the destination at that same cost, in one batch (origin `transfer`).
 */
export async function postTransfer(db: Db, caller: Actor, request: TransferRequest): Promise<MovementRow[]> {
  const reason = requireReason(request.reason);
  if (request.fromWarehouseId === request.toWarehouseId) throw badRequest(TRANSFER_SAME_WAREHOUSE);
  const common = {
    skuId: request.skuId,
    batchId: request.batchId,
    quantity: request.quantity,
    unitCost: null,
    origin: "transfer",
    originId: null,
    reason,
  };
  const movements = await checkMovements(db, caller.companyId, [
    { ...common, warehouseId: request.fromWarehouseId, typeMovement: 1 },
    { ...common, warehouseId: request.toWarehouseId, typeMovement: 0 },
  ]);
  return postMovements(db, caller, movements);
}
