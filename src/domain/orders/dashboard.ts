import { findCompany } from "../../db/identity";
import { countsByStatus, listPackages, type OrderFilters, type OrderRow } from "../../db/orders/orders";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { DATE_RANGE_INVERTED } from "./messages";
import type { OrderStatus } from "./order-statuses";
import { ORDER_PAGE_SIZE } from "./read";
import { statusRegistry } from "./registry";

export type StatusCount = OrderStatus & { count: number; total: Cents };

/**
 * Orders per status dated in [dateFrom, dateTo] (default: the current month up to today in the
 * company's zone): every status of the registry, with 0 where no order is in it.
 */
export async function orderStatusDashboard(
  db: Db,
  companyId: number,
  range: { dateFrom?: string; dateTo?: string },
): Promise<{ dateFrom: string; dateTo: string; rows: StatusCount[] }> {
  const today = todayIn((await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE);
  const dateTo = range.dateTo ?? today;
  const dateFrom = range.dateFrom ?? `${dateTo.slice(0, 8)}01`;
  if (dateFrom > dateTo) throw badRequest(DATE_RANGE_INVERTED);
  const [counts, registry] = await Promise.all([
    countsByStatus(db, companyId, dateFrom, dateTo),
    statusRegistry(db),
  ]);
  const byStatus = new Map(counts.map((c) => [c.statusId, c]));
  return {
    dateFrom,
    dateTo,
    rows: [...registry.statuses.values()].map((s) => ({
      ...s,
      count: Number(byStatus.get(s.id)?.count ?? 0),
      total: Number(byStatus.get(s.id)?.total ?? 0),
    })),
  };
}

export type PackageView = {
  order: OrderRow;
  items: number;
  quantity: number;
  status: OrderStatus | undefined;
};

/** `GET /orders/package`: the caller's company's orders with their volumes, weights, carrier and tracking. */
export async function findPackages(
  db: Db,
  companyId: number,
  filters: OrderFilters & { carrierId?: number },
  pageSize = ORDER_PAGE_SIZE,
): Promise<PackageView[]> {
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo)
    throw badRequest(DATE_RANGE_INVERTED);
  const [rows, registry] = await Promise.all([
    listPackages(db, companyId, filters, Math.min(pageSize, ORDER_PAGE_SIZE)),
    statusRegistry(db),
  ]);
  return rows.map((r) => ({
    order: r.order,
    items: Number(r.items),
    quantity: Number(r.quantity),
    status: registry.statuses.get(r.order.statusId),
  }));
}
