import { findCompany } from "../../db/identity";
import { findBankLine } from "../../db/statement";
import {
  type PendingLineFacts,
  type PostedTransfer,
  pendingLinesBetween,
  writeTransferProposal,
} from "../../db/transfers";
import type { Caller, Db } from "../../env";
import { addDays, daysBetween, todayIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { reconciledStatements } from "../events/finance-events";
import { LINE_STATUS } from "../reconciliation/line-statuses";
import { TRANSFER_PROPOSAL_MESSAGES as M } from "./messages";
import {
  canPair,
  type ProposalLine,
  proposeTransfers,
  type SkippedPair,
  TRANSFER_WINDOW_BUSINESS_DAYS,
  type TransferProposal,
} from "./proposals";
import { activeTransferAccounts, newTransfer, transferCreated } from "./transfer";

/** The longest period one listing covers. */
export const PROPOSAL_MAX_DAYS = 92;
/** Days the listing looks before and after the period for the other side of a transfer. */
const MARGIN_DAYS = 6;
/** Pending lines one listing reads at most. */
export const PROPOSAL_MAX_LINES = 5000;
/** The period when no DateFrom is sent: the 30 days up to DateTo. */
const DEFAULT_DAYS = 30;

export type ProposalQuery = { dateFrom?: string; dateTo?: string; bankAccountId?: number };

/**
 * GET /accounts/bank-statement/transfer-proposals: the transfers between the company's own accounts
 * its pending bank lines show (`proposeTransfers`), those whose debit is dated in the period (default
 * the 30 days up to today); with `IDBankAccount`, those touching that account. Lines just outside the
 * period are read too, so a debit on its last day finds a credit booked the next business day.
 */
export async function listTransferProposals(
  db: Db,
  caller: Caller,
  query: ProposalQuery,
): Promise<{ proposals: TransferProposal[]; ambiguous: SkippedPair[] }> {
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);
  const to = query.dateTo ?? todayIn(company.timeZone);
  const from = query.dateFrom ?? addDays(to, -DEFAULT_DAYS);
  if (from > to) throw badRequest(M.dateOrder);
  if (daysBetween(from, to) > PROPOSAL_MAX_DAYS) throw badRequest(M.rangeTooLong(PROPOSAL_MAX_DAYS));
  const lines = await pendingLinesBetween(
    db,
    company.id,
    { from: addDays(from, -MARGIN_DAYS), to: addDays(to, MARGIN_DAYS) },
    PROPOSAL_MAX_LINES + 1,
  );
  if (lines.length > PROPOSAL_MAX_LINES) throw badRequest(M.tooManyLines(PROPOSAL_MAX_LINES));
  const { proposals, ambiguous } = proposeTransfers(lines.map(toProposalLine));
  const touches = (ids: number[]) =>
    query.bankAccountId === undefined ||
    ids.some((id) => lines.find((l) => l.id === id)?.bankAccountId === query.bankAccountId);
  const inPeriod = (date: string) => date >= from && date <= to;
  const byId = new Map(lines.map((l) => [l.id, l]));
  return {
    proposals: proposals.filter((p) => inPeriod(p.from.date) && touches([p.from.id, p.to.id])),
    ambiguous: ambiguous.filter(
      (a) => a.lineIds.some((id) => inPeriod(byId.get(id)!.date)) && touches(a.lineIds),
    ),
  };
}

const toProposalLine = (l: PendingLineFacts): ProposalLine => ({ ...l });

export type AcceptProposalInput = { fromLineId: number; toLineId: number; description?: string | null };

/**
 * POST /accounts/bank-statement/transfer-proposals: accepts one proposal. The two lines must still
 * be pending and still form a transfer (`canPair`); the transfer is posted as
 * `POST .../transfer` posts it (its legs dated the debit line's date) and each line is reconciled
 * with its leg, in ONE batch. A line reconciled meanwhile refuses the whole batch.
 */
export async function acceptTransferProposal(
  db: Db,
  caller: Caller,
  input: AcceptProposalInput,
): Promise<PostedTransfer> {
  const company = await findCompany(db, caller.companyId);
  if (!company) throw badRequest(M.companyNotFound);
  const [debit, credit] = await Promise.all([
    findBankLine(db, company.id, input.fromLineId),
    findBankLine(db, company.id, input.toLineId),
  ]);
  if (!debit || !credit) throw badRequest(M.bankLineNotFound);
  for (const line of [debit, credit]) {
    if (line.statusId !== LINE_STATUS.pending || line.reconciledValue !== 0)
      throw badRequest(M.lineNotPending(line.id));
    // a feed's line the bank has not posted yet, or withdrew, is not a movement to pair (as the list)
    if (line.pending === 1) throw badRequest(M.lineAtBank(line.id, "pending"));
    if (line.withdrawnAt !== null) throw badRequest(M.lineAtBank(line.id, "withdrawn"));
  }
  if (!canPair(debit, credit)) {
    throw badRequest(M.notAPair(debit.id, credit.id, TRANSFER_WINDOW_BUSINESS_DAYS));
  }
  const accounts = await activeTransferAccounts(db, company.id, debit.bankAccountId, credit.bankAccountId);
  const transfer = newTransfer(company.id, caller.userId, accounts, credit.value, input.description);
  const value = transfer.value;
  const posted = await writeTransferProposal(
    db,
    { ...transfer, date: `${debit.date} 00:00:00` },
    { debitLineId: debit.id, creditLineId: credit.id },
    (uids) => [
      transferCreated(db, transfer, uids),
      ...[debit, credit].flatMap((line) =>
        reconciledStatements(db, company.id, {
          kind: "bank",
          id: line.id,
          bankAccountId: line.bankAccountId,
          total: value,
          titleIds: [],
          settledTitleIds: [],
        }),
      ),
    ],
  );
  if (!posted) throw badRequest(M.processingFailed);
  return posted;
}
