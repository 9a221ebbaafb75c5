import { and, asc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import {
  companyIntegrations,
  hubOrders,
  marketplaceSettlements,
  orderPayments,
  titles,
} from "../../drizzle/schema";
import type { ChannelOrderTitle } from "../domain/marketplace/conciliation";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { existsInCompany } from "./lookups";
import { eqIf, gteIf, inGroups, inList, lteIf, MAX_BOUND_PARAMETERS, onPage, type Statement } from "./sql";

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

/** The reference of a settlement pulled from the channel: its id at the channel. */
export const channelSettlementReference = (channelSettlementId: string) => `channel:${channelSettlementId}`;

/** Which of these references the integration has stored already. */
export async function storedSettlementReferences(
  db: Db,
  integrationId: number,
  references: string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: marketplaceSettlements.reference })
    .from(marketplaceSettlements)
    .where(
      and(
        eq(marketplaceSettlements.companyIntegrationId, integrationId),
        inList(marketplaceSettlements.reference, references),
      ),
    );
  return new Set(rows.map((row) => row.reference));
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
    eqIf(marketplaceSettlements.companyIntegrationId, filters.integrationId),
    gteIf(marketplaceSettlements.settlementDate, filters.dateFrom),
    lteIf(marketplaceSettlements.settlementDate, filters.dateTo),
  ];
  return onPage(
    db
      .select()
      .from(marketplaceSettlements)
      .where(and(...conditions))
      .orderBy(
        asc(marketplaceSettlements.companyIntegrationId),
        asc(marketplaceSettlements.channelOrderId),
        asc(marketplaceSettlements.id),
      ),
    page,
  );
}

/**
 * The orders created from these channel orders of one integration, each with its receivable titles
 * (deleted titles left out). A channel order with no order yet has no row.
 */
export async function channelOrderTitles(
  db: Db,
  companyId: number,
  integrationId: number,
  channelOrderIds: string[],
): Promise<ChannelOrderTitle[]> {
  if (channelOrderIds.length === 0) return [];
  return db
    .select({
      companyIntegrationId: hubOrders.companyIntegrationId,
      channelOrderId: hubOrders.channelOrderId,
      orderId: sql<number>`${hubOrders.orderId}`,
      titleId: titles.id,
      value: titles.value,
      openValue: titles.openValue,
    })
    .from(hubOrders)
    .leftJoin(
      orderPayments,
      and(eq(orderPayments.orderId, hubOrders.orderId), eq(orderPayments.companyId, companyId)),
    )
    .leftJoin(
      titles,
      and(
        eq(titles.id, orderPayments.titleId),
        eq(titles.companyId, companyId),
        ne(titles.status, TITLE_STATUS.deleted),
      ),
    )
    .where(
      and(
        eq(hubOrders.companyId, companyId),
        eq(hubOrders.companyIntegrationId, integrationId),
        inList(hubOrders.channelOrderId, channelOrderIds),
        isNotNull(hubOrders.orderId),
      ),
    )
    .orderBy(asc(hubOrders.channelOrderId), asc(titles.id));
}
