import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id } from "./columns";

/**
 * A marketplace's settlement of one order (one line of its settlement report): what the channel
 * sold, kept as commission and fees, and paid out. Imported from the channel's report; a line is
 * written once per job line, so a redelivered chunk adds nothing.
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
    jobId: integer().notNull(),
    line: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("marketplace_settlements_job_line").on(t.jobId, t.line),
    index("marketplace_settlements_order").on(t.companyId, t.companyIntegrationId, t.channelOrderId, t.id),
    index("marketplace_settlements_date").on(t.companyId, t.settlementDate),
  ],
);
