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
