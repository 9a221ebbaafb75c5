import { and, eq, isNull } from "drizzle-orm";
import { hubOrders } from "../../../drizzle/schema";
import type { Db } from "../../env";

export type CreatableHubOrder = typeof hubOrders.$inferSelect;

/** Hub orders of the integration that mapped completely and have no order yet, oldest first. */
export async function creatableHubOrders(
  db: Db,
  companyId: number,
  integrationId: number,
  limit: number,
): Promise<CreatableHubOrder[]> {
  return db
    .select()
    .from(hubOrders)
    .where(
      and(
        eq(hubOrders.companyId, companyId),
        eq(hubOrders.companyIntegrationId, integrationId),
        isNull(hubOrders.orderId),
        isNull(hubOrders.orderError),
        eq(hubOrders.unmappedSkus, "[]"),
      ),
    )
    .orderBy(hubOrders.id)
    .limit(limit);
}

/**
 * The order created from the hub order (UNIQUE: an order is linked to one hub order, once), and why
 * it was created without reserving stock (null: it reserved, or had nothing to reserve).
 */
export async function linkCreatedOrder(
  db: Db,
  companyId: number,
  hubOrderId: number,
  orderId: number,
  reservationError: string | null,
): Promise<void> {
  await db
    .update(hubOrders)
    .set({ orderId, reservationError })
    .where(and(eq(hubOrders.companyId, companyId), eq(hubOrders.id, hubOrderId), isNull(hubOrders.orderId)));
}

export async function recordOrderError(
  db: Db,
  companyId: number,
  hubOrderId: number,
  message: string,
): Promise<void> {
  await db
    .update(hubOrders)
    .set({ orderError: message })
    .where(and(eq(hubOrders.companyId, companyId), eq(hubOrders.id, hubOrderId)));
}
