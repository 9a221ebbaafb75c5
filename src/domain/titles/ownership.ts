import { type TitleRow, titleOwner } from "../../db/titles";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import {
  orderPaymentTitleChange,
  orderPaymentTitleDelete,
  purchaseInstallmentChange,
  purchaseInstallmentDelete,
} from "./messages";
import type { TitleChanges } from "./titles";

/**
 * The fields of a purchase's installment that follow the purchase (its received total, its terms or
 * its NF-e's duplicatas, its supplier), by their JSON name. The others (description, document,
 * document type, chart of accounts, cost center, forecast bank account) stay the finance user's.
 */
const PURCHASE_FIELDS: [string, (changes: TitleChanges, title: TitleRow) => boolean][] = [
  ["Value", (c, t) => c.value !== undefined && c.value !== t.value],
  ["DueDate", (c, t) => c.dueDate !== undefined && c.dueDate !== t.dueDate],
  ["IDSupplier", (c, t) => c.partyId !== undefined && c.partyId !== t.supplierId],
  ["IDTypePayment", (c, t) => c.paymentTypeId !== undefined && c.paymentTypeId !== t.paymentTypeId],
];

/** The collection keys: they tie the title to its boleto or Pix charge and never change its money. */
const COLLECTION_KEYS: (keyof TitleChanges)[] = ["nossoNumero", "txId"];

/** True when the change sends collection keys and nothing else. */
function onlyCollectionKeys(changes: TitleChanges): boolean {
  const sent = (Object.keys(changes) as (keyof TitleChanges)[]).filter((key) => changes[key] !== undefined);
  return sent.length > 0 && sent.every((key) => COLLECTION_KEYS.includes(key));
}

/**
 * Refuses a change through the titles routes that would break the area owning the title: every
 * change of an order's payment goes through `PUT /orders/{id}/payment/{id}` (the order's PaidValue
 * follows in the same batch), except a change of its collection keys alone (NossoNumero, TxId); a
 * purchase's installment keeps its value, due date, supplier and payment type (sending the stored
 * value is no change). Payments of both stay open to the titles routes.
 */
export async function assertChangeAllowed(
  db: Db,
  companyId: number,
  title: TitleRow,
  changes: TitleChanges,
): Promise<void> {
  const owner = await titleOwner(db, companyId, title.id);
  if (owner?.area === "order" && !onlyCollectionKeys(changes))
    throw badRequest(orderPaymentTitleChange(title.id, owner.orderId));
  if (owner?.area === "purchase") {
    const changed = PURCHASE_FIELDS.filter(([, differs]) => differs(changes, title)).map(([name]) => name);
    if (changed.length > 0)
      throw badRequest(purchaseInstallmentChange(title.id, owner.purchaseId, owner.installment, changed));
  }
}

/** Refuses the delete of a title another area owns: an order's payment, a purchase's installment. */
export async function assertDeleteAllowed(db: Db, companyId: number, titleId: number): Promise<void> {
  const owner = await titleOwner(db, companyId, titleId);
  if (owner?.area === "order") throw badRequest(orderPaymentTitleDelete(titleId, owner.orderId));
  if (owner?.area === "purchase")
    throw badRequest(purchaseInstallmentDelete(titleId, owner.purchaseId, owner.installment));
}
