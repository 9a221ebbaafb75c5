import { and, eq, sql } from "drizzle-orm";
import { hubOrders } from "../../../drizzle/schema";
import type { HubOrderValues } from "../../domain/hub/order-mapping";
import type { Db } from "../../env";
import { jsonLists } from "../../lib/json-lists";
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

/*
 * A page of pulled orders is written as a set: each table's rows in one multi-row statement reading
 * them from one JSON parameter (`json_each`), cut in parts under D1's 100 KB per statement
 * (`jsonLists`), with a handful of bound parameters each (D1 allows 100). Rows refer to their hub
 * order by the channel's order id (UNIQUE per integration), so no id is needed before the batch.
 * Those joins are CROSS JOINs: SQLite then reads the JSON list first and finds each hub order on
 * the UNIQUE index; left to choose, it took the integration's hub orders as the outer loop (it
 * guesses 10 rows per integration) and read the whole list for each one, a page costing more with
 * every order already stored.
 */

/** `j.value ->> k` for each position of the JSON tuple, in order. */
const fields = (from: number, count: number) =>
  sql.raw(Array.from({ length: count }, (_, k) => `j.value ->> ${from + k}`).join(", "));

/**
 * The consumers of the page that the company does not have yet (an active consumer with that
 * CPF/CNPJ), one per document (named as its first order of the page names it), in page order. The
 * company's documents are read once per statement (`NOT IN`), not once per row.
 */
function consumerStatements(db: Db, companyId: number, orders: HubOrderValues[]): Statement[] {
  const byDocument = new Map<string, string>();
  for (const order of orders)
    if (!byDocument.has(order.consumerDocument)) byDocument.set(order.consumerDocument, order.consumerName);
  return jsonLists([...byDocument]).map((part) =>
    rawStatement(
      db,
      sql`INSERT INTO consumers (company_id, name, document)
        SELECT ${companyId}, j.value ->> 1, j.value ->> 0 FROM json_each(${part}) AS j
        WHERE j.value ->> 0 NOT IN (SELECT document FROM consumers
          WHERE company_id = ${companyId} AND status = 1 AND document IS NOT NULL)
        ORDER BY j.key`,
    ),
  );
}

const hubOrderTuple = (o: HubOrderValues) => [
  o.channelOrderId,
  o.channelStatus,
  o.statusOrderId,
  o.orderedAt,
  o.consumerName,
  o.consumerDocument,
  o.consumerEmail,
  o.shippingId,
  o.packId,
  o.shippingMethod,
  o.coupon,
  o.utmCampaign,
  o.utmMedium,
  o.utmSource,
  o.utmiCampaign,
  o.utmiPage,
  o.utmiPart,
  o.itemsValue,
  o.shippingValue,
  o.discountValue,
  o.totalValue,
  JSON.stringify(o.unmappedSkus),
  o.channelData,
];

/**
 * The hub orders (ignored when the channel order is already stored: UNIQUE integration + channel
 * id), each with its consumer (the company's first active consumer with its document) and its
 * position in its pack: the pack's orders already stored, plus its rank among the pack's orders of
 * this statement. The consumers and the pack counts are read once per statement (joins), not per row.
 */
function hubOrderStatements(db: Db, target: PullTarget, orders: HubOrderValues[]): Statement[] {
  const { companyId, integrationId } = target;
  // the page's documents and packs, for the joins of every part (small lists)
  const documents = [...new Set(orders.map((o) => o.consumerDocument))];
  const packs = [...new Set(orders.flatMap((o) => (o.packId === null ? [] : [o.packId])))];
  const stored =
    packs.length === 0
      ? sql`(SELECT NULL AS pack_id, 0 AS n)`
      : sql`(SELECT pack_id, count(*) AS n FROM hub_orders
          WHERE company_integration_id = ${integrationId} AND ${inList(sql`pack_id`, packs)}
          GROUP BY pack_id)`;
  return jsonLists(orders.map(hubOrderTuple)).map((part) =>
    rawStatement(
      db,
      sql`INSERT INTO hub_orders (company_id, company_integration_id, type_company_integration_id, sales_channel_id,
          warehouse_id, channel_order_id, channel_status, status_order_id, ordered_at, consumer_name,
          consumer_document, consumer_email, shipping_id, pack_id, shipping_method, coupon, utm_campaign,
          utm_medium, utm_source, utmi_campaign, utmi_page, utmi_part, items_value, shipping_value,
          discount_value, total_value, unmapped_skus, channel_data, consumer_id, pack_index)
        SELECT ${companyId}, ${integrationId}, ${target.typeId}, ${target.salesChannelId}, ${target.warehouseId},
          ${fields(0, 23)}, c.id,
          CASE WHEN j.value ->> 8 IS NULL THEN 0
            ELSE coalesce(p.n, 0) + row_number() OVER (PARTITION BY j.value ->> 8 ORDER BY j.key) - 1 END
        FROM json_each(${part}) AS j
        LEFT JOIN (SELECT document, min(id) AS id FROM consumers
            WHERE company_id = ${companyId} AND status = 1 AND ${inList(sql`document`, documents)}
            GROUP BY document) AS c ON c.document = j.value ->> 5
        LEFT JOIN ${stored} AS p ON p.pack_id = j.value ->> 8
        WHERE true ORDER BY j.key
        ON CONFLICT DO NOTHING`,
    ),
  );
}

/** The items of the page's orders, each joined to its hub order by channel id (UNIQUE line per hub order). */
function itemStatements(db: Db, target: PullTarget, orders: HubOrderValues[]): Statement[] {
  const rows = orders.flatMap((o) =>
    o.items.map((i) => [
      o.channelOrderId,
      i.line,
      i.channelSkuCode,
      i.skuId,
      i.title,
      i.quantity,
      i.unitPrice,
      i.discount,
    ]),
  );
  return jsonLists(rows).map((part) =>
    rawStatement(
      db,
      sql`INSERT INTO hub_order_items (company_id, hub_order_id, line, channel_sku_code, sku_id, title, quantity,
          unit_price, discount)
        SELECT ${target.companyId}, h.id, ${fields(1, 7)}
        FROM json_each(${part}) AS j
        CROSS JOIN hub_orders h ON h.company_integration_id = ${target.integrationId} AND h.channel_order_id = j.value ->> 0
        WHERE true ORDER BY j.key
        ON CONFLICT DO NOTHING`,
    ),
  );
}

/** The claims of the page's orders, each joined to its hub order (UNIQUE claim id per integration). */
function claimStatements(db: Db, target: PullTarget, orders: HubOrderValues[]): Statement[] {
  const rows = orders.flatMap((o) =>
    o.claims.map((c) => [
      o.channelOrderId,
      c.channelClaimId,
      c.reason,
      c.channelStatus,
      c.shippingMethod,
      c.openedAt,
    ]),
  );
  return jsonLists(rows).map((part) =>
    rawStatement(
      db,
      sql`INSERT INTO hub_order_claims (company_id, company_integration_id, hub_order_id, channel_claim_id, reason,
          channel_status, shipping_method, opened_at)
        SELECT ${target.companyId}, ${target.integrationId}, h.id, ${fields(1, 5)}
        FROM json_each(${part}) AS j
        CROSS JOIN hub_orders h ON h.company_integration_id = ${target.integrationId} AND h.channel_order_id = j.value ->> 0
        WHERE true ORDER BY j.key
        ON CONFLICT DO NOTHING`,
    ),
  );
}

/**
 * The statements that store a page of pulled orders as one set, in this order: the consumers
 * (found by CPF/CNPJ, or created once), the hub orders, their items and their claims. A handful of
 * statements whatever the page's size (one per table, more only when a table's JSON passes 90 KB).
 */
export function pulledOrdersStatements(db: Db, target: PullTarget, orders: HubOrderValues[]): Statement[] {
  if (orders.length === 0) return [];
  return [
    ...consumerStatements(db, target.companyId, orders),
    ...hubOrderStatements(db, target, orders),
    ...itemStatements(db, target, orders),
    ...claimStatements(db, target, orders),
  ];
}
