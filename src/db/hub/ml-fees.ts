import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { hubOrders, marketplaceSettlements } from "../../../drizzle/schema";
import type { Db } from "../../env";

/**
 * Up to `limit` channel order ids of the integration's hub orders with no settlement, after
 * `afterId` in numeric order (a cancelled order releases no money: not asked) (shorter ids first, then by text; `""`: from the first).
 */
export async function unsettledChannelOrders(
  db: Db,
  companyId: number,
  integrationId: number,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const length = sql`length(${hubOrders.channelOrderId})`;
  const after =
    afterId === ""
      ? undefined
      : or(
          sql`${length} > ${afterId.length}`,
          and(sql`${length} = ${afterId.length}`, gt(hubOrders.channelOrderId, afterId)),
        );
  const rows = await db
    .select({ channelOrderId: hubOrders.channelOrderId })
    .from(hubOrders)
    .leftJoin(
      marketplaceSettlements,
      and(
        eq(marketplaceSettlements.companyIntegrationId, hubOrders.companyIntegrationId),
        eq(marketplaceSettlements.companyId, hubOrders.companyId),
        eq(marketplaceSettlements.channelOrderId, hubOrders.channelOrderId),
      ),
    )
    .where(
      and(
        eq(hubOrders.companyId, companyId),
        eq(hubOrders.companyIntegrationId, integrationId),
        isNull(marketplaceSettlements.id),
        ne(hubOrders.channelStatus, "cancelled"),
        sql`${hubOrders.channelOrderId} GLOB '[0-9]*'`,
        after,
      ),
    )
    .orderBy(asc(length), asc(hubOrders.channelOrderId))
    .limit(limit);
  return rows.map((row) => row.channelOrderId);
}

/**
 * The integration's settled orders (a release line `channel:ml-order-<id>`) whose last pulled
 * channel data says more was refunded (`$.refund.cents`) than the refund lines stored
 * (`channel:ml-refund-<id>-…`, negative gross) hold: up to `limit`, by order id.
 */
export async function pendingRefunds(
  db: Db,
  companyId: number,
  integrationId: number,
  limit: number,
): Promise<{ orderId: string; refundedCents: number; on: string; recordedCents: number }[]> {
  return db.all(sql`
    SELECT orderId, refundedCents, "on", recordedCents FROM (
      SELECT h.channel_order_id AS orderId,
        CAST(json_extract(h.channel_data, '$.refund.cents') AS INTEGER) AS refundedCents,
        json_extract(h.channel_data, '$.refund.on') AS "on",
        coalesce((SELECT -sum(r.gross) FROM marketplace_settlements r
          WHERE r.company_integration_id = h.company_integration_id AND r.company_id = h.company_id
            AND r.channel_order_id = h.channel_order_id
            AND r.reference LIKE 'channel:ml-refund-%'), 0) AS recordedCents
      FROM hub_orders h
      JOIN marketplace_settlements s ON s.company_integration_id = h.company_integration_id
        AND s.company_id = h.company_id
        AND s.reference = 'channel:ml-order-' || h.channel_order_id
      WHERE h.company_id = ${companyId} AND h.company_integration_id = ${integrationId}
        AND json_extract(h.channel_data, '$.refund.cents') > 0
    )
    WHERE refundedCents > recordedCents AND "on" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
    ORDER BY length(orderId), orderId
    LIMIT ${limit}`);
}
