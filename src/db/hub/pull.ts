import { and, eq, sql } from "drizzle-orm";
import { consumers, hubOrderClaims, hubOrderItems, hubOrders } from "../../../drizzle/schema";
import type { HubOrderValues } from "../../domain/hub/order-mapping";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { inList, type Statement } from "../sql";

export type PullTarget = {
  companyId: number;
  integrationId: number;
  typeId: number;
  salesChannelId: number;
  warehouseId: number | null;
};

/** Channel order ids of the integration already stored. */
export async function storedChannelOrderIds(
  db: Db,
  integrationId: number,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: hubOrders.channelOrderId })
    .from(hubOrders)
    .where(and(eq(hubOrders.companyIntegrationId, integrationId), inList(hubOrders.channelOrderId, ids)));
  return new Set(rows.map((row) => row.id));
}

const consumerIdOf = (companyId: number, document: string) =>
  sql`(SELECT ${consumers.id} FROM ${consumers} WHERE ${consumers.companyId} = ${companyId} AND ${consumers.document} = ${document} AND ${consumers.status} = 1 ORDER BY ${consumers.id} LIMIT 1)`;

const hubOrderIdOf = (integrationId: number, channelOrderId: string) =>
  sql`(SELECT ${hubOrders.id} FROM ${hubOrders} WHERE ${hubOrders.companyIntegrationId} = ${integrationId} AND ${hubOrders.channelOrderId} = ${channelOrderId})`;

/**
 * The statements that store one pulled order: its consumer (found by CPF/CNPJ or created), the
 * hub order (ignored when the channel order is already stored: UNIQUE integration + channel id),
 * its items and its claims, each referencing the hub order by its channel id.
 */
export function pulledOrderStatements(db: Db, target: PullTarget, order: HubOrderValues): Statement[] {
  const { companyId, integrationId } = target;
  const statements: Statement[] = [
    rawStatement(
      db,
      sql`INSERT INTO ${consumers} (company_id, name, document) SELECT ${companyId}, ${order.consumerName}, ${order.consumerDocument} WHERE NOT EXISTS (SELECT 1 FROM ${consumers} WHERE ${consumers.companyId} = ${companyId} AND ${consumers.document} = ${order.consumerDocument} AND ${consumers.status} = 1)`,
    ),
  ];
  const { items, claims, unmappedSkus, consumerDocument, ...values } = order;
  statements.push(
    db
      .insert(hubOrders)
      .values({
        ...values,
        consumerDocument,
        companyId,
        companyIntegrationId: integrationId,
        typeCompanyIntegrationId: target.typeId,
        salesChannelId: target.salesChannelId,
        warehouseId: target.warehouseId,
        consumerId: consumerIdOf(companyId, consumerDocument),
        packIndex: order.packId
          ? sql`(SELECT count(*) FROM ${hubOrders} WHERE ${hubOrders.companyIntegrationId} = ${integrationId} AND ${hubOrders.packId} = ${order.packId})`
          : 0,
        unmappedSkus: JSON.stringify(unmappedSkus),
      })
      .onConflictDoNothing(),
  );
  const hubOrderId = hubOrderIdOf(integrationId, order.channelOrderId);
  for (const item of items) {
    statements.push(
      db
        .insert(hubOrderItems)
        .values({ ...item, companyId, hubOrderId })
        .onConflictDoNothing(),
    );
  }
  for (const claim of claims) {
    statements.push(
      db
        .insert(hubOrderClaims)
        .values({ ...claim, companyId, companyIntegrationId: integrationId, hubOrderId })
        .onConflictDoNothing(),
    );
  }
  return statements;
}
