import { and, asc, eq } from "drizzle-orm";
import {
  consumers,
  nfCstIbsCbs,
  orderStatuses,
  orderStatusTransitions,
  orderTypes,
  suppliers,
  taxProfiles,
  warehouses,
} from "../../../drizzle/schema";
import type { OrderStatus } from "../../domain/orders/order-statuses";
import type { Transition } from "../../domain/orders/transitions";
import type { Db } from "../../env";
import { existsInCompany } from "../lookups";
import { scopedRows } from "../registries/scoped-rows";
import { inList } from "../sql";

/** The account-wide registries of the orders area (statuses, transitions, IBS/CBS CSTs) and tax profiles. */

export async function orderStatusRows(db: Db): Promise<OrderStatus[]> {
  return (await db.select().from(orderStatuses).orderBy(asc(orderStatuses.id))) as OrderStatus[];
}

export async function transitionRows(db: Db): Promise<Transition[]> {
  return db
    .select()
    .from(orderStatusTransitions)
    .orderBy(asc(orderStatusTransitions.fromStatusId), asc(orderStatusTransitions.toStatusId));
}

export type CstIbsCbsRow = typeof nfCstIbsCbs.$inferSelect;

export async function cstIbsCbsRows(db: Db): Promise<CstIbsCbsRow[]> {
  return db.select().from(nfCstIbsCbs).orderBy(asc(nfCstIbsCbs.id));
}

export async function cstIbsCbsExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.select({ id: nfCstIbsCbs.id }).from(nfCstIbsCbs).where(eq(nfCstIbsCbs.id, id)).get()) !==
    undefined
  );
}

export const taxProfileRows = scopedRows(taxProfiles);
export type TaxProfileRow = typeof taxProfiles.$inferSelect;

/** Active tax profiles of the company by code. */
export async function taxProfilesByCodes(
  db: Db,
  companyId: number,
  codes: string[],
): Promise<Map<string, TaxProfileRow>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(taxProfiles)
    .where(
      and(eq(taxProfiles.companyId, companyId), eq(taxProfiles.status, 1), inList(taxProfiles.code, unique)),
    );
  return new Map(rows.map((row) => [row.code, row]));
}

export type OrderReference = "consumer" | "orderType" | "warehouse" | "carrier";

/** The first reference of an order that is not an active row of the company (carrier: a supplier that is a carrier). */
export async function missingOrderReference(
  db: Db,
  companyId: number,
  refs: {
    consumerId?: number | null;
    orderTypeId?: number | null;
    warehouseId?: number;
    carrierId?: number | null;
  },
): Promise<OrderReference | null> {
  const found = (check: boolean, lookup: () => Promise<boolean>) =>
    check ? lookup() : Promise.resolve(true);
  // independent lookups at once; the first missing one in this order is the answer
  const checks: [OrderReference, Promise<boolean>][] = [
    [
      "consumer",
      found(refs.consumerId != null, () => existsInCompany(db, consumers, companyId, refs.consumerId!)),
    ],
    [
      "orderType",
      found(refs.orderTypeId != null, () => existsInCompany(db, orderTypes, companyId, refs.orderTypeId!)),
    ],
    [
      "warehouse",
      found(refs.warehouseId !== undefined, () =>
        existsInCompany(db, warehouses, companyId, refs.warehouseId!),
      ),
    ],
    [
      "carrier",
      found(refs.carrierId != null, () =>
        existsInCompany(db, suppliers, companyId, refs.carrierId!, eq(suppliers.isCarrier, 1)),
      ),
    ],
  ];
  const exists = await Promise.all(checks.map(([, pending]) => pending));
  return checks.find((_, index) => !exists[index])?.[0] ?? null;
}

/** Name and e-mail of a consumer of the company (the addressee of tracking messages). */
export function consumerContact(db: Db, companyId: number, consumerId: number) {
  return db
    .select({ name: consumers.name, email: consumers.email })
    .from(consumers)
    .where(and(eq(consumers.id, consumerId), eq(consumers.companyId, companyId)))
    .get();
}
