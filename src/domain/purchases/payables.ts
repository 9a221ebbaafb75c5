import { duplicatasByKey } from "../../db/nfe";
import type { PurchaseRow } from "../../db/purchases/purchases";
import { purchaseTitleStatement } from "../../db/purchases/receipts";
import type { Statement } from "../../db/sql";
import { titleIdByUid, titleInsertStatement } from "../../db/titles";
import type { Db } from "../../env";
import type { Cents } from "../../lib/money";
import { paymentRateFor } from "../payment-terms/rates";
import { type Installment, installmentSchedule } from "../payment-terms/schedule";
import { PAYABLE } from "../titles/kinds";

/** The installments of a purchase's payables and the NF-e whose duplicatas gave them (null: not an NF-e's). */
type PayablePlan = { installments: Installment[]; nfeId: number | null };

/**
 * The installments of `totalCents` (what the purchase received, at its unit costs) following an
 * NF-e's duplicatas: one per duplicata, in due-date order, with its due date and value. When the
 * duplicatas do not add up to the total, the difference is settled on the last installments: a
 * larger total is added to the last one; a smaller one (a short receipt, items without a SKU, freight
 * or taxes outside the unit costs) is taken from the last ones backwards, and an installment left at
 * zero is dropped. The installments always add up to the total.
 */
export function duplicataInstallments(
  duplicatas: { dueDate: string; value: Cents }[],
  totalCents: Cents,
): Installment[] {
  const values = [...duplicatas]
    .map((dup, position) => ({ ...dup, position }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.position - b.position);
  let excess = values.reduce((sum, dup) => sum + dup.value, 0) - totalCents;
  if (excess < 0) values[values.length - 1]!.value -= excess;
  for (let index = values.length - 1; index >= 0 && excess > 0; index--) {
    const take = Math.min(excess, values[index]!.value);
    values[index]!.value -= take;
    excess -= take;
  }
  return values
    .filter((dup) => dup.value > 0)
    .map((dup, index) => ({ number: index + 1, dueDate: dup.dueDate, valueCents: dup.value }));
}

/**
 * The installments of a purchase's payables, counted from the receiving date: its payment type's rate
 * for its number of installments (a payment type without that rate is a 400); without a payment type,
 * the duplicatas of its NF-e (the company's NF-e of its access key) when it has any, else one
 * installment due on the receiving date. Nothing to pay (cost 0): no installment.
 */
export async function purchaseInstallments(
  db: Db,
  companyId: number,
  purchase: Pick<PurchaseRow, "paymentTypeId" | "installments" | "chNfe">,
  totalCents: Cents,
  receivedOn: string,
): Promise<PayablePlan> {
  if (totalCents <= 0) return { installments: [], nfeId: null };
  if (purchase.paymentTypeId === null) {
    const nfe = purchase.chNfe === null ? undefined : await duplicatasByKey(db, companyId, purchase.chNfe);
    if (nfe && nfe.duplicatas.length > 0)
      return { installments: duplicataInstallments(nfe.duplicatas, totalCents), nfeId: nfe.nfeId };
    return { installments: [{ number: 1, dueDate: receivedOn, valueCents: totalCents }], nfeId: null };
  }
  const rate = await paymentRateFor(db, companyId, purchase.paymentTypeId, purchase.installments);
  return { installments: installmentSchedule(rate, receivedOn, totalCents), nfeId: null };
}

/**
 * One payable title per installment and its link to the purchase, for the check's batch, and the
 * NF-e whose duplicatas gave the installments (recorded on the receipt).
 */
export async function payableStatements(
  db: Db,
  companyId: number,
  purchase: PurchaseRow,
  totalCents: Cents,
  receivedOn: string,
): Promise<{ statements: Statement[]; nfeId: number | null }> {
  const { installments, nfeId } = await purchaseInstallments(db, companyId, purchase, totalCents, receivedOn);
  const statements = installments.flatMap((installment) => {
    const uid = crypto.randomUUID();
    return [
      titleInsertStatement(
        db,
        companyId,
        PAYABLE.typeAccount,
        {
          description: `Compra ${purchase.id} - parcela ${installment.number}/${installments.length}`,
          document: purchase.nfeNumber !== null ? `NF-e ${purchase.nfeNumber}` : `COMPRA ${purchase.id}`,
          dueDate: installment.dueDate,
          supplierId: purchase.supplierId,
          consumerId: null,
          documentTypeId: null,
          paymentTypeId: purchase.paymentTypeId,
          accountTypeId: null,
          costCenterId: null,
          bankAccountId: null,
        },
        installment.valueCents,
        uid,
      ),
      purchaseTitleStatement(db, companyId, purchase.id, installment.number, titleIdByUid(uid)),
    ];
  });
  return { statements, nfeId };
}
