import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { companyInvoices, orderTypeInvoices, orderTypes } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { eqIf } from "../sql";
import { ACTIVE, scopedRows } from "./scoped-rows";

export type OrderTypeRow = typeof orderTypes.$inferSelect;
export type OrderTypeValues = {
  description: string;
  isTransfer: number;
  enabledPos: number;
  cfopInState: string | null;
  cfopOutOfState: string | null;
  natOp: string | null;
};
export const orderTypeRows = scopedRows(orderTypes);

export const listOrderTypeRows = (db: Db, companyId: number, filter: { page: number; isTransfer?: number }) =>
  orderTypeRows.list(db, companyId, {
    page: filter.page,
    where: eqIf(orderTypes.isTransfer, filter.isTransfer),
  });

/** Invoicing companies (active ones) each order type of the company is enabled for, by order type. */
export async function invoicesByOrderType(
  db: Db,
  companyId: number,
  onlyOrderTypeId?: number,
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ orderTypeId: orderTypeInvoices.orderTypeId, invoiceId: orderTypeInvoices.companyInvoiceId })
    .from(orderTypeInvoices)
    .innerJoin(orderTypes, eq(orderTypes.id, orderTypeInvoices.orderTypeId))
    .innerJoin(companyInvoices, eq(companyInvoices.id, orderTypeInvoices.companyInvoiceId))
    .where(
      and(
        orderTypeRows.visible(companyId, eqIf(orderTypes.id, onlyOrderTypeId)),
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.status, ACTIVE),
      ),
    )
    .orderBy(asc(orderTypeInvoices.companyInvoiceId));
  const byType = new Map<number, number[]>();
  for (const row of rows)
    byType.set(row.orderTypeId, [...(byType.get(row.orderTypeId) ?? []), row.invoiceId]);
  return byType;
}

/** Which of `ids` are active invoicing companies of the company (at most 100 ids: one statement). */
export async function activeInvoiceIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: companyInvoices.id })
    .from(companyInvoices)
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.status, ACTIVE),
        inArray(companyInvoices.id, ids),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The order type and its invoicing companies, in one batch. */
export async function insertOrderType(
  db: Db,
  companyId: number,
  values: OrderTypeValues,
  invoiceIds: number[],
): Promise<OrderTypeRow> {
  const insertType = db
    .insert(orderTypes)
    .values({ ...values, companyId })
    .returning();
  // Inside the batch no other write interleaves: the newest order type is the one just inserted.
  const newTypeId = sql`(select max(${orderTypes.id}) from ${orderTypes})`;
  if (invoiceIds.length === 0) return (await insertType)[0]!;
  const [inserted] = await db.batch([
    insertType,
    db
      .insert(orderTypeInvoices)
      .values(invoiceIds.map((companyInvoiceId) => ({ orderTypeId: newTypeId, companyInvoiceId }))),
  ]);
  return inserted[0]!;
}

/** Changes the order type; `invoiceIds`, when given, replaces its invoicing companies. One batch. */
export async function updateOrderType(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<OrderTypeValues>,
  invoiceIds?: number[],
): Promise<OrderTypeRow | undefined> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const updateType = db
    .update(orderTypes)
    .set(Object.keys(set).length > 0 ? set : { id: orderTypes.id })
    .where(orderTypeRows.visible(companyId, eq(orderTypes.id, id)))
    .returning();
  if (invoiceIds === undefined) return (await updateType)[0];
  const clearLinks = db.delete(orderTypeInvoices).where(eq(orderTypeInvoices.orderTypeId, id));
  if (invoiceIds.length === 0) return (await db.batch([updateType, clearLinks]))[0][0];
  const [updated] = await db.batch([
    updateType,
    clearLinks,
    db
      .insert(orderTypeInvoices)
      .values(invoiceIds.map((companyInvoiceId) => ({ orderTypeId: id, companyInvoiceId }))),
  ]);
  return updated[0];
}
