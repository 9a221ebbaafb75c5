import { accountTypeDirection, missingReferences, type TitleReference } from "../../db/titles";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { TitleKind } from "./kinds";
import {
  ACCOUNT_TYPE_NOT_FOUND,
  BANK_ACCOUNT_NOT_FOUND,
  COST_CENTER_NOT_FOUND,
  DOCUMENT_TYPE_NOT_FOUND,
  PAYMENT_TYPE_NOT_FOUND,
} from "./messages";

/** Registry ids a title may carry; undefined = not sent, null = cleared. */
export type TitleReferences = {
  partyId?: number | null;
  documentTypeId?: number | null;
  paymentTypeId?: number | null;
  accountTypeId?: number | null;
  costCenterId?: number | null;
  bankAccountId?: number | null;
};

/**
 * Refuses the first reference (in this order: party, document type, payment type, chart of accounts,
 * cost center, forecast bank account) that is not an active registry row of the caller's company,
 * then a chart-of-accounts entry of the other direction (an inflow entry on a payable and vice versa).
 */
export async function assertReferences(
  db: Db,
  companyId: number,
  kind: TitleKind,
  refs: TitleReferences,
): Promise<void> {
  const checks: [TitleReference, number | null | undefined, string][] = [
    [kind.party, refs.partyId, kind.partyNotFound],
    ["documentType", refs.documentTypeId, DOCUMENT_TYPE_NOT_FOUND],
    ["paymentType", refs.paymentTypeId, PAYMENT_TYPE_NOT_FOUND],
    ["accountType", refs.accountTypeId, ACCOUNT_TYPE_NOT_FOUND],
    ["costCenter", refs.costCenterId, COST_CENTER_NOT_FOUND],
    ["bankAccount", refs.bankAccountId, BANK_ACCOUNT_NOT_FOUND],
  ];
  const missing = await missingReferences(
    db,
    companyId,
    Object.fromEntries(checks.map(([key, id]) => [key, id])),
  );
  const firstMissing = checks.find(([key]) => missing.has(key));
  if (firstMissing) throw badRequest(firstMissing[2]);
  if (typeof refs.accountTypeId === "number") {
    const direction = await accountTypeDirection(db, companyId, refs.accountTypeId);
    if (direction !== kind.typeAccount) throw badRequest(kind.messages.accountTypeOtherDirection);
  }
}
