import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id } from "./columns";

/**
 * A marketplace's settlement of one order (one line of its settlement report): what the channel
 * sold, kept as commission and fees, and paid out. It comes from the channel (a pull through its
 * adapter) or from an uploaded report; its `reference` is unique per integration, so a second pull or a
 * redelivered chunk adds nothing.
 */
export const marketplaceSettlements = sqliteTable(
  "marketplace_settlements",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    /** The channel's order id, as on the hub order. */
    channelOrderId: text().notNull(),
    /** `YYYY-MM-DD` the channel released the money. */
    settlementDate: text().notNull(),
    gross: cents(),
    commission: cents(),
    fees: cents(),
    net: cents(),
    /** `channel:<the channel's settlement id>` or `job:<IDJob>:<line>` of an uploaded report. */
    reference: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("marketplace_settlements_reference").on(t.companyIntegrationId, t.reference),
    index("marketplace_settlements_order").on(t.companyId, t.companyIntegrationId, t.channelOrderId, t.id),
    index("marketplace_settlements_date").on(t.companyId, t.settlementDate),
    check(
      "marketplace_settlements_net",
      // a release (all >= 0) or a reversal of one (a refund after release: all <= 0)
      sql`((${t.gross} >= 0 AND ${t.commission} >= 0 AND ${t.fees} >= 0) OR (${t.gross} <= 0 AND ${t.commission} <= 0 AND ${t.fees} <= 0)) AND ${t.net} = ${t.gross} - ${t.commission} - ${t.fees}`,
    ),
  ],
);
