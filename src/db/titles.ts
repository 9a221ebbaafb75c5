import { and, asc, eq, inArray, ne, notExists, type SQL, sql } from "drizzle-orm";
import {
  accountTypes,
  bankAccounts,
  conciliationLinks,
  consumers,
  costCenters,
  documentTypes,
  entries,
  orderPayments,
  paymentTypes,
  purchaseTitles,
  suppliers,
  titles,
} from "../../drizzle/schema";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { insertEntry, type NewEntry, newUid } from "./ledger";
import { existsInCompany } from "./lookups";
import { eqIf, gteIf, lteIf, onPage, type Statement, utcNow } from "./sql";
import { settleTitle, titleStatusOf } from "./title-settlement";

export type TitleRow = typeof titles.$inferSelect;

/** The columns a title's create or update writes, besides its value. */
export type TitleFields = {
  description: string;
  document: string | null;
  dueDate: string;
  supplierId: number | null;
  consumerId: number | null;
  documentTypeId: number | null;
  paymentTypeId: number | null;
  accountTypeId: number | null;
  costCenterId: number | null;
  bankAccountId: number | null;
  /** The collection keys (titles of other areas are created without them). */
  nossoNumero?: string | null;
  txId?: string | null;
};

export type TitleFilters = {
  status?: number;
  dueDateFrom?: string;
  dueDateTo?: string;
  supplierId?: number;
  consumerId?: number;
  documentTypeId?: number;
  paymentTypeId?: number;
  accountTypeId?: number;
  costCenterId?: number;
  bankAccountId?: number;
  /** The nosso número without leading zeros (`titles.nosso_numero_key`). */
  nossoNumeroKey?: string;
  txId?: string;
};

/** A payment of a title: the internal entry it posted and the reconciliation it is linked to, if any. */
export type PaymentRow = {
  id: number;
  bankAccountId: number;
  typeAccount: number;
  value: Cents;
  date: string;
  description: string;
  document: string | null;
  titleId: number;
  bankLineId: number | null;
  acquirerLineId: number | null;
  reconciled: boolean;
};

const LIVE_STATUSES = [TITLE_STATUS.open, TITLE_STATUS.partial, TITLE_STATUS.paid];

const titleScope = (companyId: number, typeAccount: number, titleId: number) =>
  and(
    eq(titles.id, titleId),
    eq(titles.companyId, companyId),
    eq(titles.typeAccount, typeAccount),
    ne(titles.status, TITLE_STATUS.deleted),
  );

/** A live (not deleted) title of one kind in the company. */
export async function findTitle(
  db: Db,
  companyId: number,
  typeAccount: number,
  titleId: number,
): Promise<TitleRow | undefined> {
  return db
    .select()
    .from(titles)
    .where(titleScope(companyId, typeAccount, titleId))
    .get();
}

/** One page of live titles of one kind, by due date then id. */
export async function listTitles(
  db: Db,
  companyId: number,
  typeAccount: number,
  filters: TitleFilters,
  page: number,
  pageSize: number,
): Promise<TitleRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(titles.companyId, companyId),
    eq(titles.typeAccount, typeAccount),
    filters.status !== undefined ? eq(titles.status, filters.status) : inArray(titles.status, LIVE_STATUSES),
    gteIf(titles.dueDate, filters.dueDateFrom),
    lteIf(titles.dueDate, filters.dueDateTo),
    eqIf(titles.supplierId, filters.supplierId),
    eqIf(titles.consumerId, filters.consumerId),
    eqIf(titles.documentTypeId, filters.documentTypeId),
    eqIf(titles.paymentTypeId, filters.paymentTypeId),
    eqIf(titles.accountTypeId, filters.accountTypeId),
    eqIf(titles.costCenterId, filters.costCenterId),
    eqIf(titles.bankAccountId, filters.bankAccountId),
    eqIf(titles.nossoNumeroKey, filters.nossoNumeroKey),
    eqIf(titles.txId, filters.txId),
  ];
  return onPage(
    db
      .select()
      .from(titles)
      .where(and(...conditions))
      .orderBy(asc(titles.dueDate), asc(titles.id)),
    page,
    pageSize,
  );
}

/**
 * Which collection key a refused write collided with, read from the UNIQUE failure that names the
 * columns of the index (`titles_nosso_numero*`: `titles.nosso_numero_key`; `titles_tx_id`: `titles.tx_id`).
 */
export function titleKeyConflict(error: unknown): "nossoNumero" | "txId" | undefined {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  if (!/UNIQUE constraint failed/i.test(text)) return undefined;
  if (text.includes("titles.nosso_numero_key")) return "nossoNumero";
  if (text.includes("titles.tx_id")) return "txId";
  return undefined;
}

/**
 * The area that created a title and keeps its money: the order whose payment it is, or the purchase
 * whose installment it is (both links are written in the batch that inserts the title, so a title is
 * owned from its first instant). Undefined for a title created through the titles routes.
 */
export type TitleOwner =
  | { area: "order"; orderId: number }
  | { area: "purchase"; purchaseId: number; installment: number };

export async function titleOwner(
  db: Db,
  companyId: number,
  titleId: number,
): Promise<TitleOwner | undefined> {
  const [order, purchase] = await db.batch([
    db
      .select({ orderId: orderPayments.orderId })
      .from(orderPayments)
      .where(and(eq(orderPayments.titleId, titleId), eq(orderPayments.companyId, companyId))),
    db
      .select({ purchaseId: purchaseTitles.purchaseId, installment: purchaseTitles.installment })
      .from(purchaseTitles)
      .where(and(eq(purchaseTitles.titleId, titleId), eq(purchaseTitles.companyId, companyId))),
  ]);
  if (order[0]) return { area: "order", orderId: order[0].orderId };
  if (purchase[0]) return { area: "purchase", ...purchase[0] };
  return undefined;
}

/** Inserts an open title (open value = value) and answers its id. */
export async function insertTitle(
  db: Db,
  companyId: number,
  typeAccount: number,
  fields: TitleFields,
  value: Cents,
): Promise<number> {
  const row = await db
    .insert(titles)
    .values({ ...fields, companyId, typeAccount, value, openValue: value, status: TITLE_STATUS.open })
    .returning({ id: titles.id })
    .get();
  return row.id;
}

/**
 * The insert of an open title as one statement of a larger batch; later statements of the same batch
 * refer to it with `titleIdByUid(uid)`.
 */
export function titleInsertStatement(
  db: Db,
  companyId: number,
  typeAccount: number,
  fields: TitleFields,
  value: Cents,
  uid: string,
): Statement {
  return db
    .insert(titles)
    .values({ ...fields, uid, companyId, typeAccount, value, openValue: value, status: TITLE_STATUS.open });
}

/** The id of the title inserted with `uid` (earlier in the same batch, or before). */
export const titleIdByUid = (uid: string) => sql`(SELECT id FROM ${titles} WHERE uid = ${uid})`;

/** New value, open value (new value - paid, from the row at write time) and the status that follows. */
function valueAndOpenValue(newValue: Cents) {
  const newOpen = sql`${newValue} - (${titles.value} - ${titles.openValue})`;
  return {
    value: newValue,
    openValue: newOpen,
    status: titleStatusOf(newOpen, newValue),
  };
}

/**
 * Rewrites the given fields of a live title. A new value moves the open value by the same amount in
 * the same statement (open = new value - what the row says was paid at that instant), so a payment
 * landing concurrently is kept; a value below what was paid fails the open_value CHECK.
 * Answers false when no live title matched.
 */
export async function updateTitle(
  db: Db,
  companyId: number,
  typeAccount: number,
  titleId: number,
  fields: Partial<TitleFields>,
  newValue?: Cents,
): Promise<boolean> {
  const result = await titleUpdateStatement(db, companyId, typeAccount, titleId, fields, newValue).run();
  return result.meta.changes > 0;
}

/** `updateTitle` as one statement of a larger batch. */
export function titleUpdateStatement(
  db: Db,
  companyId: number,
  typeAccount: number,
  titleId: number,
  fields: Partial<TitleFields>,
  newValue?: Cents,
) {
  const valueChange = newValue === undefined ? {} : valueAndOpenValue(newValue);
  return db
    .update(titles)
    .set({ ...fields, ...valueChange, updatedAt: utcNow })
    .where(titleScope(companyId, typeAccount, titleId));
}

/**
 * Soft-deletes a live title that has no payment. The absence of payments is part of the statement,
 * so a payment posted concurrently makes it match nothing. Answers false when nothing was deleted.
 */
export async function softDeleteTitle(
  db: Db,
  companyId: number,
  typeAccount: number,
  titleId: number,
): Promise<boolean> {
  const result = await db
    .update(titles)
    .set({ status: TITLE_STATUS.deleted, updatedAt: utcNow })
    .where(
      and(
        titleScope(companyId, typeAccount, titleId),
        notExists(db.select({ id: entries.id }).from(entries).where(eq(entries.titleId, titleId))),
      ),
    )
    .run();
  return result.meta.changes > 0;
}

const paymentColumns = {
  id: entries.id,
  bankAccountId: entries.bankAccountId,
  typeAccount: entries.typeAccount,
  value: entries.value,
  date: entries.date,
  description: entries.description,
  document: entries.document,
  titleId: sql<number>`${entries.titleId}`,
  bankLineId: conciliationLinks.bankLineId,
  acquirerLineId: conciliationLinks.acquirerLineId,
  linkId: conciliationLinks.id,
};

function toPayment({
  linkId,
  ...payment
}: Omit<PaymentRow, "reconciled"> & { linkId: number | null }): PaymentRow {
  return { ...payment, reconciled: linkId !== null };
}

/** The payments of a title, oldest first. */
export async function paymentsOfTitle(db: Db, companyId: number, titleId: number): Promise<PaymentRow[]> {
  const rows = await db
    .select(paymentColumns)
    .from(entries)
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .where(and(eq(entries.companyId, companyId), eq(entries.titleId, titleId)))
    .orderBy(asc(entries.date), asc(entries.id));
  return rows.map(toPayment);
}

/** One payment (entry) of a title. */
export async function findPayment(
  db: Db,
  companyId: number,
  titleId: number,
  entryId: number,
): Promise<PaymentRow | undefined> {
  const row = await db
    .select(paymentColumns)
    .from(entries)
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .where(and(eq(entries.id, entryId), eq(entries.companyId, companyId), eq(entries.titleId, titleId)))
    .get();
  return row ? toPayment(row) : undefined;
}

/**
 * A statement that fails the open_value CHECK when the title was deleted, so a batch that includes
 * it is refused as a whole: a payment can never land on a title deleted concurrently.
 */
function refuseIfTitleDeleted(db: Db, companyId: number, titleId: number) {
  return db
    .update(titles)
    .set({ openValue: -1 })
    .where(
      and(eq(titles.id, titleId), eq(titles.companyId, companyId), eq(titles.status, TITLE_STATUS.deleted)),
    );
}

/**
 * Posts a payment: its entry and the title's new open value and status, in one batch. The open_value
 * CHECK refuses the whole batch when concurrent payments would overpay the title (constraint error).
 */
export async function postPayment(
  db: Db,
  entry: NewEntry & { titleId: number },
  followUps: Statement[] = [],
): Promise<void> {
  await db.batch([...paymentStatements(db, entry, newUid()), ...followUps]);
}

/** The statements of a payment (entry inserted with `uid`), for a batch that writes more than the payment. */
export function paymentStatements(db: Db, entry: NewEntry & { titleId: number }, uid: string) {
  return [
    insertEntry(db, entry, uid),
    settleTitle(db, entry.companyId, entry.titleId, entry.value, ne(titles.status, TITLE_STATUS.deleted)),
    refuseIfTitleDeleted(db, entry.companyId, entry.titleId),
  ] as const;
}

/**
 * Removes a payment's entry and gives its value back to the title's open value, in one batch. Both
 * statements require the entry to still exist with that value and not be reconciled, so a concurrent
 * reconcile or delete makes both match nothing. Answers false when nothing was removed.
 */
export async function removePayment(
  db: Db,
  companyId: number,
  titleId: number,
  entryId: number,
  value: Cents,
): Promise<boolean> {
  const unlinked = notExists(
    db
      .select({ id: conciliationLinks.id })
      .from(conciliationLinks)
      .where(eq(conciliationLinks.entryId, entryId)),
  );
  const entryStillThere = sql`EXISTS (SELECT 1 FROM ${entries} WHERE ${entries.id} = ${entryId} AND ${entries.companyId} = ${companyId} AND ${entries.titleId} = ${titleId} AND ${entries.value} = ${value})`;
  const [, deleted] = await db.batch([
    settleTitle(db, companyId, titleId, -value, and(entryStillThere, unlinked)),
    db
      .delete(entries)
      .where(
        and(
          eq(entries.id, entryId),
          eq(entries.companyId, companyId),
          eq(entries.titleId, titleId),
          eq(entries.value, value),
          unlinked,
        ),
      ),
  ]);
  return deleted.meta.changes > 0;
}

/** Registries a title may reference. */
export const TITLE_REFERENCE_TABLES = {
  supplier: suppliers,
  consumer: consumers,
  documentType: documentTypes,
  paymentType: paymentTypes,
  accountType: accountTypes,
  costCenter: costCenters,
  bankAccount: bankAccounts,
} as const;

export type TitleReference = keyof typeof TITLE_REFERENCE_TABLES;

/** The references (sent with an id) that are not active rows of the company, checked in one round. */
export async function missingReferences(
  db: Db,
  companyId: number,
  references: Partial<Record<TitleReference, number | null>>,
): Promise<Set<TitleReference>> {
  const sent = (Object.entries(references) as [TitleReference, number | null | undefined][]).filter(
    (entry): entry is [TitleReference, number] => typeof entry[1] === "number",
  );
  const found = await Promise.all(
    sent.map(([key, id]) => existsInCompany(db, TITLE_REFERENCE_TABLES[key], companyId, id)),
  );
  return new Set(sent.filter((_, i) => !found[i]).map(([key]) => key));
}

/** Direction of a chart-of-accounts entry (0 inflow, 1 outflow), or undefined when it does not exist. */
export async function accountTypeDirection(
  db: Db,
  companyId: number,
  accountTypeId: number,
): Promise<number | undefined> {
  const row = await db
    .select({ typeAccount: accountTypes.typeAccount })
    .from(accountTypes)
    .where(and(eq(accountTypes.id, accountTypeId), eq(accountTypes.companyId, companyId)))
    .get();
  return row?.typeAccount;
}

/** True when the bank account is active in the company. */
export const bankAccountExists = (db: Db, companyId: number, bankAccountId: number) =>
  existsInCompany(db, bankAccounts, companyId, bankAccountId);
