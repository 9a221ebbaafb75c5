import type { PurchaseRow } from "../../db/purchases/purchases";
import { purchaseTitleStatement } from "../../db/purchases/receipts";
import type { Statement } from "../../db/sql";
import { titleIdByUid, titleInsertStatement } from "../../db/titles";
import type { Db } from "../../env";
import type { Cents } from "../../lib/money";
import { paymentRateFor } from "../payment-terms/rates";
import { type Installment, installmentSchedule } from "../payment-terms/schedule";
import { PAYABLE } from "../titles/kinds";

/**
 * The installments of a purchase's payables: its payment type's rate for its number of installments
 * (a payment type without that rate is a 400), counted from the receiving date; without a payment
 * type, one installment due on the receiving date. Nothing to pay (cost 0): no installment.
 */
export async function purchaseInstallments(
  db: Db,
  companyId: number,
  purchase: Pick<PurchaseRow, "paymentTypeId" | "installments">,
  totalCents: Cents,
  receivedOn: string,
): Promise<Installment[]> {
  if (totalCents <= 0) return [];
  if (purchase.paymentTypeId === null) return [{ number: 1, dueDate: receivedOn, valueCents: totalCents }];
  const rate = await paymentRateFor(db, companyId, purchase.paymentTypeId, purchase.installments);
  return installmentSchedule(rate, receivedOn, totalCents);
}

/** One payable title per installment and its link to the purchase, for the check's batch. */
export async function payableStatements(
  db: Db,
  companyId: number,
  purchase: PurchaseRow,
  totalCents: Cents,
  receivedOn: string,
): Promise<Statement[]> {
  const installments = await purchaseInstallments(db, companyId, purchase, totalCents, receivedOn);
  return installments.flatMap((installment) => {
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
}
