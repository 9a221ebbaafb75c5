import { channelOrderTitles, integrationExists, settlementPage } from "../../db/marketplace";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { type ConciliationRow, conciliationRows, receivablesByOrder } from "./conciliation";
import { SETTLEMENT_INTEGRATION_NOT_FOUND } from "./messages";

export type ConciliationQuery = {
  integrationId?: number;
  dateFrom?: string;
  dateTo?: string;
  page: number;
};

/**
 * `GET /accounts/receivable/marketplace-conciliation`: one page of the channels' settlement lines
 * (cut on lines first, as the contract says; a channel order's lines may continue on the next page)
 * grouped by channel order, each group set against the receivable titles of the order the hub
 * created for that channel order.
 */
export async function marketplaceConciliation(
  db: Db,
  companyId: number,
  query: ConciliationQuery,
): Promise<ConciliationRow[]> {
  if (query.integrationId !== undefined && !(await integrationExists(db, companyId, query.integrationId)))
    throw badRequest(SETTLEMENT_INTEGRATION_NOT_FOUND);
  const lines = await settlementPage(db, companyId, query, query.page);
  const orderIdsByIntegration = new Map<number, Set<string>>();
  for (const line of lines) {
    const ids = orderIdsByIntegration.get(line.companyIntegrationId) ?? new Set<string>();
    ids.add(line.channelOrderId);
    orderIdsByIntegration.set(line.companyIntegrationId, ids);
  }
  const titles = await Promise.all(
    [...orderIdsByIntegration].map(([integrationId, ids]) =>
      channelOrderTitles(db, companyId, integrationId, [...ids]),
    ),
  );
  return conciliationRows(lines, receivablesByOrder(titles.flat()));
}
