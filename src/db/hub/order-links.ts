import { and, eq, isNull, sql } from "drizzle-orm";
import { hubOrderItems, hubOrders } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { jsonLists } from "../../lib/json-lists";
import { rawStatement } from "../raw-statement";
import { inList, type Statement } from "../sql";

export type CreatableHubOrder = typeof hubOrders.$inferSelect;

/**
 * Hub orders of the integration that mapped completely and have no order yet, oldest first: the
 * first `limit` of the integration, or those of the given channel order ids (the page just stored,
 * found by the UNIQUE integration + channel id).
 */
export async function creatableHubOrders(
  db: Db,
  companyId: number,
  integrationId: number,
  scope: { limit: number } | { channelOrderIds: string[] },
): Promise<CreatableHubOrder[]> {
  if ("channelOrderIds" in scope && scope.channelOrderIds.length === 0) return [];
  const query = db
    .select()
    .from(hubOrders)
    .where(
      and(
        eq(hubOrders.companyId, companyId),
        eq(hubOrders.companyIntegrationId, integrationId),
        ...("channelOrderIds" in scope
          ? // `+`: found on the UNIQUE integration + channel id, not among every hub order without an order
            [inList(hubOrders.channelOrderId, scope.channelOrderIds), sql`+${hubOrders.orderId} IS NULL`]
          : [isNull(hubOrders.orderId)]),
        isNull(hubOrders.orderError),
        eq(hubOrders.unmappedSkus, "[]"),
      ),
    )
    .orderBy(hubOrders.id);
  return "limit" in scope ? query.limit(scope.limit) : query;
}

/** The items of many hub orders in one read, by hub order, in the channel's line order. */
export async function itemsOfHubOrders(
  db: Db,
  companyId: number,
  hubOrderIds: number[],
): Promise<Map<number, HubOrderItem[]>> {
  const out = new Map<number, HubOrderItem[]>();
  if (hubOrderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(hubOrderItems)
    .where(and(eq(hubOrderItems.companyId, companyId), inList(hubOrderItems.hubOrderId, hubOrderIds)))
    .orderBy(hubOrderItems.hubOrderId, hubOrderItems.line);
  for (const row of rows) out.set(row.hubOrderId, [...(out.get(row.hubOrderId) ?? []), row]);
  return out;
}

export type HubOrderItem = typeof hubOrderItems.$inferSelect;

/**
 * The outcomes of many hub orders as statements of one batch: the order created from each (UNIQUE:
 * an order is linked to one hub order, once) with why it was created without reserving stock (null:
 * it reserved, or had nothing to reserve), or the reason it was not created: each
 * list is one JSON parameter (`[hub order id, order id, reservation error]`, `[hub order id, message]`).
 * The `+` before the other conditions keeps SQLite from reading the company's (or every unlinked)
 * hub orders and the whole list for each: it reads the list and finds each hub order by its id.
 */
export function hubOrderOutcomeStatements(
  db: Db,
  companyId: number,
  links: [hubOrderId: number, orderId: number, reservationError: string | null][],
  errors: [hubOrderId: number, message: string][],
): Statement[] {
  const statements: Statement[] = [];
  for (const part of jsonLists(links))
    statements.push(
      rawStatement(
        db,
        sql`UPDATE hub_orders SET order_id = j.value ->> 1, reservation_error = j.value ->> 2
          FROM json_each(${part}) AS j
          WHERE hub_orders.id = j.value ->> 0 AND +hub_orders.company_id = ${companyId} AND +hub_orders.order_id IS NULL`,
      ),
    );
  for (const part of jsonLists(errors))
    statements.push(
      rawStatement(
        db,
        sql`UPDATE hub_orders SET order_error = j.value ->> 1
          FROM json_each(${part}) AS j
          WHERE hub_orders.id = j.value ->> 0 AND +hub_orders.company_id = ${companyId}`,
      ),
    );
  return statements;
}
