import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import { companyIntegrations, marketplaceSettlements } from "../../drizzle/schema";
import type { Db } from "../env";
import { inGroups, MAX_BOUND_PARAMETERS } from "./jobs";
import { existsInCompany } from "./lookups";
import { PAGE_SIZE, type Statement } from "./sql";

export type SettlementRow = typeof marketplaceSettlements.$inferSelect;
export type NewSettlement = Omit<SettlementRow, "id" | "createdAt">;

export const integrationExists = (db: Db, companyId: number, integrationId: number) =>
  existsInCompany(db, companyIntegrations, companyId, integrationId);

const COLUMNS_PER_ROW = 11;

/** Multi-row inserts (D1 binds 100 parameters per statement); a line already written is skipped. */
export function settlementStatements(db: Db, rows: NewSettlement[]): Statement[] {
  return inGroups(rows, Math.floor(MAX_BOUND_PARAMETERS / COLUMNS_PER_ROW)).map((group) =>
    db.insert(marketplaceSettlements).values(group).onConflictDoNothing(),
  );
}

export type SettlementFilters = { integrationId?: number; dateFrom?: string; dateTo?: string };

/**
 * One page of settlement lines, ordered so that the lines of one channel order are adjacent: the
 * page is cut on lines, before they are grouped by order.
 */
export function settlementPage(
  db: Db,
  companyId: number,
  filters: SettlementFilters,
  page: number,
): Promise<SettlementRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(marketplaceSettlements.companyId, companyId),
    filters.integrationId !== undefined
      ? eq(marketplaceSettlements.companyIntegrationId, filters.integrationId)
      : undefined,
    filters.dateFrom !== undefined ? gte(marketplaceSettlements.settlementDate, filters.dateFrom) : undefined,
    filters.dateTo !== undefined ? lte(marketplaceSettlements.settlementDate, filters.dateTo) : undefined,
  ];
  return db
    .select()
    .from(marketplaceSettlements)
    .where(and(...conditions))
    .orderBy(
      asc(marketplaceSettlements.companyIntegrationId),
      asc(marketplaceSettlements.channelOrderId),
      asc(marketplaceSettlements.id),
    )
    .limit(PAGE_SIZE)
    .offset(page * PAGE_SIZE);
}
