import { PAGE_SIZE } from "../../db/sql";
import {
  findTitle,
  insertTitle,
  listTitles,
  type PaymentRow,
  paymentsOfTitle,
  softDeleteTitle,
  type TitleFields,
  type TitleFilters,
  type TitleRow,
  updateTitle,
} from "../../db/titles";
import type { Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { collectionKeyConflict, nossoNumeroKey } from "./collection-keys";
import type { TitleKind } from "./kinds";
import { assertChangeAllowed, assertDeleteAllowed } from "./ownership";
import { assertReferences, type TitleReferences } from "./references";
import { openValueForNewValue } from "./rules";

/** Rows per page of the title lists. */
export { PAGE_SIZE } from "../../db/sql";

export type TitleDetail = { title: TitleRow; payments: PaymentRow[] };

export type TitleInput = TitleReferences & {
  description: string;
  document?: string | null;
  value: Cents;
  dueDate: string;
  /** Collection keys, already validated (digits; BACEN's txid pattern). */
  nossoNumero?: string | null;
  txId?: string | null;
};

/** Fields of an update; only those sent change, null clears an optional one. */
export type TitleChanges = Partial<TitleInput>;

/**
 * Filters of the list; `partyId` is the supplier of a payable or the consumer of a receivable,
 * `nossoNumero` matches with its leading zeros ignored.
 */
export type TitleListFilters = Omit<TitleFilters, "supplierId" | "consumerId" | "nossoNumeroKey"> & {
  partyId?: number;
  nossoNumero?: string;
};

/** A live title of the kind in the company, or the kind's "does not exist" refusal. */
export async function requireTitle(db: Db, companyId: number, kind: TitleKind, titleId: number) {
  const title = await findTitle(db, companyId, kind.typeAccount, titleId);
  if (!title) throw badRequest(kind.messages.notFound);
  return title;
}

export async function getTitleDetail(
  db: Db,
  companyId: number,
  kind: TitleKind,
  titleId: number,
): Promise<TitleDetail> {
  const title = await requireTitle(db, companyId, kind, titleId);
  return { title, payments: await paymentsOfTitle(db, companyId, titleId) };
}

export function findTitles(
  db: Db,
  companyId: number,
  kind: TitleKind,
  { partyId, nossoNumero, ...filters }: TitleListFilters,
  page: number,
): Promise<TitleRow[]> {
  const party = kind.party === "supplier" ? { supplierId: partyId } : { consumerId: partyId };
  const key = nossoNumero === undefined ? {} : { nossoNumeroKey: nossoNumeroKey(nossoNumero) };
  return listTitles(db, companyId, kind.typeAccount, { ...filters, ...party, ...key }, page, PAGE_SIZE);
}

const EMPTY_REFERENCES = {
  document: null,
  supplierId: null,
  consumerId: null,
  documentTypeId: null,
  paymentTypeId: null,
  accountTypeId: null,
  costCenterId: null,
  bankAccountId: null,
  nossoNumero: null,
  txId: null,
} as const;

/** The stored columns of the fields sent (undefined = keep). */
export function columnsOf(kind: TitleKind, input: TitleChanges): Partial<TitleFields> {
  const columns: Partial<TitleFields> = {
    description: input.description,
    document: input.document,
    dueDate: input.dueDate,
    [kind.party === "supplier" ? "supplierId" : "consumerId"]: input.partyId,
    documentTypeId: input.documentTypeId,
    paymentTypeId: input.paymentTypeId,
    accountTypeId: input.accountTypeId,
    costCenterId: input.costCenterId,
    bankAccountId: input.bankAccountId,
    nossoNumero: input.nossoNumero,
    txId: input.txId,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export async function createTitle(
  db: Db,
  companyId: number,
  kind: TitleKind,
  input: TitleInput,
): Promise<TitleDetail> {
  await assertReferences(db, companyId, kind, input);
  const fields: TitleFields = {
    ...EMPTY_REFERENCES,
    ...columnsOf(kind, input),
    description: input.description,
    dueDate: input.dueDate,
  };
  const id = await refuseTitleConflict(() =>
    insertTitle(db, companyId, kind.typeAccount, fields, input.value),
  );
  return getTitleDetail(db, companyId, kind, id);
}

/**
 * Runs a title's write and turns a constraint failure into its reason: a collection key another live
 * title of the kind already uses (the UNIQUE indexes decide, so concurrent writes are guarded too),
 * else, when the write changed the value, `otherwise` (the open_value CHECK after a concurrent payment).
 */
async function refuseTitleConflict<T>(write: () => Promise<T>, otherwise?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    const reason = collectionKeyConflict(error) ?? otherwise;
    if (reason === undefined) throw error;
    throw badRequest(reason);
  }
}

/**
 * Updates the fields sent. A new Value keeps what was already paid: the open value becomes the new
 * value minus the paid amount, computed in the update itself so a concurrent payment is not lost.
 * A collection key (or a new bank account) that collides with another title's is refused.
 */
export async function changeTitle(
  db: Db,
  companyId: number,
  kind: TitleKind,
  titleId: number,
  changes: TitleChanges,
): Promise<TitleDetail> {
  const title = await requireTitle(db, companyId, kind, titleId);
  await assertChangeAllowed(db, companyId, title, changes);
  await assertReferences(db, companyId, kind, changes);
  const newValue = changes.value;
  if (newValue !== undefined) openValueForNewValue(kind, title, newValue);
  const update = () =>
    updateTitle(db, companyId, kind.typeAccount, titleId, columnsOf(kind, changes), newValue);
  const updated = await refuseTitleConflict(
    update,
    newValue === undefined ? undefined : kind.messages.valueConflict(newValue),
  );
  if (!updated) throw badRequest(kind.messages.notFound);
  return getTitleDetail(db, companyId, kind, titleId);
}

/**
 * Soft-deletes a title (Status 0); refused while it has payments, even ones posted concurrently, and
 * for a title another area owns (an order's payment, a purchase's installment).
 */
export async function deleteTitle(
  db: Db,
  companyId: number,
  kind: TitleKind,
  titleId: number,
): Promise<void> {
  await requireTitle(db, companyId, kind, titleId);
  await assertDeleteAllowed(db, companyId, titleId);
  if (await softDeleteTitle(db, companyId, kind.typeAccount, titleId)) return;
  await requireTitle(db, companyId, kind, titleId);
  throw badRequest(kind.messages.hasPayments);
}
