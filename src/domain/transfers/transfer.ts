import { findCompany } from "../../db/identity";
import type { EntryRow } from "../../db/ledger";
import {
  bankAccountsOfCompany,
  findEntry,
  type NewTransfer,
  type PostedTransfer,
  type TransferAccount,
  type TransferRow,
  type TransferUids,
  transferWithLegs,
  writeTransfer,
  writeTransferDeletion,
} from "../../db/transfers";
import type { Caller, Db } from "../../env";
import { nowIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { transferCreatedStatement, transferDeletedStatement } from "../events/finance-events";
import { legDescription, transferText } from "./description";
import { TRANSFER_MESSAGES as M } from "./messages";

export type TransferInput = {
  fromId?: number | null;
  toId?: number | null;
  value?: Cents | null;
  description?: string | null;
  /** `YYYY-MM-DD`; default today in the company's zone. */
  date?: string | null;
};

const informed = (id: number | null | undefined): id is number => typeof id === "number" && id > 0;

/**
 * POST /accounts/bank-statement/transfer: an outflow on the origin and an inflow on the destination
 * tied by one transfer reference, written in one batch. Each leg is dated `Date` (default today)
 * at the current time of the company's zone.
 */
export async function postTransfer(db: Db, caller: Caller, input: TransferInput): Promise<PostedTransfer> {
  if (!informed(input.fromId)) throw badRequest(M.originNotInformed);
  if (!informed(input.toId)) throw badRequest(M.destinationNotInformed);
  if (input.fromId === input.toId) throw badRequest(M.sameAccount);
  if (typeof input.value !== "number" || input.value <= 0) throw badRequest(M.valueNotPositive);
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);

  const { from, to } = await activeTransferAccounts(db, company.id, input.fromId, input.toId);
  const now = nowIn(company.timeZone);
  const transfer = newTransfer(company.id, caller.userId, { from, to }, input.value, input.description);
  const outcome = await writeTransfer(
    db,
    { ...transfer, date: input.date ? `${input.date} ${now.slice(11)}` : now },
    (uids) => [transferCreated(db, transfer, uids)],
  );
  if (outcome.ok) return outcome.posted;
  if (outcome.stage === "debit") throw badRequest(M.debitFailed);
  if (outcome.stage === "credit") throw badRequest(M.creditFailed);
  throw badRequest(M.transferFailed);
}

/**
 * The origin and destination of a transfer: both accounts of the company and active (an inactive,
 * deleted, account can no longer move money).
 */
export async function activeTransferAccounts(
  db: Db,
  companyId: number,
  fromId: number,
  toId: number,
): Promise<{ from: TransferAccount; to: TransferAccount }> {
  const accounts = await bankAccountsOfCompany(db, companyId, [fromId, toId]);
  const from = accounts.find((a) => a.id === fromId);
  const to = accounts.find((a) => a.id === toId);
  if (!from || !to) throw badRequest(M.accountsNotInCompany);
  if (from.status !== 1) throw badRequest(M.originNotFound);
  if (to.status !== 1) throw badRequest(M.destinationNotFound);
  return { from, to };
}

/** A transfer between two accounts, its text and each leg's description; the caller dates it. */
export function newTransfer(
  companyId: number,
  userId: number | null,
  { from, to }: { from: TransferAccount; to: TransferAccount },
  value: Cents,
  description: string | null | undefined,
): Omit<NewTransfer, "date"> {
  const text = transferText(description);
  return {
    companyId,
    userId,
    from: { bankAccountId: from.id, description: legDescription(text, to) },
    to: { bankAccountId: to.id, description: legDescription(text, from) },
    value,
    description: text,
  };
}

/** The `transfer.created` event of a transfer being written. */
export const transferCreated = (db: Db, t: Omit<NewTransfer, "date">, uids: TransferUids) =>
  transferCreatedStatement(db, t.companyId, uids.transfer, {
    fromId: t.from.bankAccountId,
    toId: t.to.bankAccountId,
    value: t.value,
    description: t.description,
  });

export type DeletedTransfer = { transfer: TransferRow; legs: EntryRow[] };

/**
 * DELETE /accounts/bank-statement/transfer/{idbankstatement}: by either leg, removes both legs and
 * the reference. A reconciled leg blocks it (undo the reconciliation first).
 */
export async function deleteTransfer(db: Db, caller: Caller, entryId: number): Promise<DeletedTransfer> {
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);
  const entry = await findEntry(db, company.id, entryId);
  if (!entry || entry.transferId === null) throw badRequest(M.notATransfer);

  const { transfer, legs } = await transferWithLegs(db, entry.transferId);
  const allOfCompany =
    transfer !== undefined &&
    transfer.companyId === company.id &&
    legs.length === 2 &&
    legs.every((leg) => leg.companyId === company.id);
  if (!transfer || !allOfCompany) throw badRequest(M.legsNotInCompany);
  if (legs.some((leg) => leg.linked)) throw badRequest(M.legReconciled);

  const outcome = await writeTransferDeletion(
    db,
    company.id,
    transfer.id,
    legs.map((leg) => leg.id),
    [
      transferDeletedStatement(db, company.id, transfer.id, {
        fromId: transfer.fromBankAccountId,
        toId: transfer.toBankAccountId,
        value: transfer.value,
      }),
    ],
  );
  if (!outcome.ok) {
    if (outcome.stage === "reconciled") throw badRequest(M.legReconciled);
    if (outcome.stage === "entries") throw badRequest(M.deleteEntriesFailed);
    throw badRequest(M.deleteTransferFailed);
  }
  // Another request deleted the same transfer between our read and our batch.
  if (outcome.deletedLegs === 0) throw badRequest(M.notATransfer);
  return { transfer, legs: legs.map(({ linked: _linked, ...leg }) => leg) };
}
