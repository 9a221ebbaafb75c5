import { badRequest } from "../../lib/errors";
import { type Cents, formatCents } from "../../lib/money";
import { signedEntryValue } from "../statement/line-summary";
import { type LineKind, RECONCILIATION_MESSAGES as M } from "./messages";
import type { RequestedTitle } from "./request";

/**
 * Pure planning of a reconciliation: which entries are posted, which are reused, and the total
 * that moves the line. Every refusal of the spec that depends on data is raised here.
 */

export type LineFacts = {
  kind: LineKind;
  id: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed cents (a bank debit is negative; an acquirer line is its net value). */
  value: Cents;
  reconciledValue: Cents;
};

export type TitleFacts = {
  id: number;
  /** 0 receivable, 1 payable. */
  typeAccount: number;
  value: Cents;
  openValue: Cents;
  description: string;
  document: string | null;
};

/** An internal entry that settles a title, with the line it is linked to (bank or acquirer), if any. */
export type TitleEntryFacts = {
  id: number;
  titleId: number;
  bankAccountId: number;
  /** `YYYY-MM-DD HH:MM:SS` */
  date: string;
  typeAccount: number;
  value: Cents;
  linkedBankLineId: number | null;
  linkedAcquirerLineId: number | null;
};

const isLinked = (e: TitleEntryFacts) => e.linkedBankLineId !== null || e.linkedAcquirerLineId !== null;

const isLinkedTo = (line: LineFacts, e: TitleEntryFacts) =>
  line.kind === "bank" ? e.linkedBankLineId === line.id : e.linkedAcquirerLineId === line.id;

export type TransferLegFacts = { id: number; typeAccount: number; value: Cents };

export type PlannedPosting = {
  titleId: number;
  typeAccount: 0 | 1;
  value: Cents;
  description: string;
  document: string | null;
};

export type PlannedReuse = { entryId: number; titleId: number | null; typeAccount: number; value: Cents };

export type ReconciliationPlan = {
  postings: PlannedPosting[];
  reuses: PlannedReuse[];
  /** Absolute value of the signed sum of every entry linked by this request. */
  total: Cents;
};

/** `12: 600.00, 15: 200.00, nesta conciliação: 300.00`: the title's entries and the amount asked now. */
export function overpaymentDetails(entries: TitleEntryFacts[], requested: Cents): string {
  const existing = entries.map((e) => `${e.id}: ${formatCents(e.value)}`);
  return [...existing, `nesta conciliação: ${formatCents(requested)}`].join(", ");
}

function totalOf(postings: PlannedPosting[], reuses: PlannedReuse[]): Cents {
  const signed = [...postings, ...reuses].reduce((sum, item) => sum + signedEntryValue(item), 0);
  return Math.abs(signed);
}

/**
 * Accounts[]: per title, in the request's order.
 * - An entry of the title on the line's date (same bank account) linked to another reconciliation
 *   blocks the title (`Título <id> já está conciliado ...`).
 * - Unlinked entries of the title on the line's date on that account are reused (their values;
 *   the item's Value is not used then).
 * - Otherwise a new entry is posted for Value (default: the open value), so one line may take
 *   several parts of one title. A title with nothing open is refused: `Título ... já está
 *   conciliado` when this very line already holds it, else `Divergência na data ...` (it was paid
 *   by entries of other dates). More than the open value gives `O valor total dos lançamentos ...`.
 */
export function planAccounts(
  line: LineFacts,
  bankAccountId: number,
  requested: RequestedTitle[],
  titles: TitleFacts[],
  titleEntries: TitleEntryFacts[],
): ReconciliationPlan {
  const titleById = new Map(titles.map((t) => [t.id, t]));
  const missing = requested.filter((r) => !titleById.has(r.titleId)).map((r) => r.titleId);
  if (missing.length > 0) throw badRequest(M.titlesNotFound(missing));

  const postings: PlannedPosting[] = [];
  const reuses: PlannedReuse[] = [];
  for (const item of requested) {
    const title = titleById.get(item.titleId)!;
    const entries = titleEntries.filter((e) => e.titleId === title.id);
    const sameDay = entries.filter(
      (e) => e.bankAccountId === bankAccountId && e.date.slice(0, 10) === line.date,
    );
    const elsewhere = sameDay.find((e) => isLinked(e) && !isLinkedTo(line, e));
    if (elsewhere) {
      const lineId = elsewhere.linkedBankLineId ?? elsewhere.linkedAcquirerLineId!;
      throw badRequest(M.titleAlreadyReconciled(title.id, lineId));
    }
    const unlinked = sameDay.filter((e) => !isLinked(e));
    if (unlinked.length > 0) {
      for (const e of unlinked) {
        reuses.push({ entryId: e.id, titleId: title.id, typeAccount: e.typeAccount, value: e.value });
      }
      continue;
    }
    if (title.openValue === 0) {
      if (sameDay.length > 0) throw badRequest(M.titleAlreadyReconciled(title.id, line.id));
      throw badRequest(M.paymentDateDiverges(line.kind));
    }
    const value = item.value ?? title.openValue;
    if (value > title.openValue) {
      const paid = title.value - title.openValue;
      throw badRequest(
        M.titleOverpaid(paid + value, title.value, title.id, overpaymentDetails(entries, value)),
      );
    }
    postings.push({
      titleId: title.id,
      typeAccount: title.typeAccount === 1 ? 1 : 0,
      value,
      description: title.description,
      document: title.document,
    });
  }
  return { postings, reuses, total: totalOf(postings, reuses) };
}

/** Transfers[]: every id must be a posted, unreconciled transfer leg on the reconciled account. */
export function planTransfers(requestedIds: number[], legs: TransferLegFacts[]): ReconciliationPlan {
  const legById = new Map(legs.map((l) => [l.id, l]));
  const missing = requestedIds.filter((id) => !legById.has(id));
  if (missing.length > 0) throw badRequest(M.transfersNotFound(missing));
  const reuses = requestedIds.map((id) => {
    const leg = legById.get(id)!;
    return { entryId: leg.id, titleId: null, typeAccount: leg.typeAccount, value: leg.value };
  });
  return { postings: [], reuses, total: totalOf([], reuses) };
}

/**
 * The line may not be reconciled above its value. Absolute values are compared, so payables on a
 * debit line (negative) and receivables on a credit line both fit. `<x>` is what the line would
 * carry (already reconciled + this request), `<y>` the line's absolute value.
 */
export function checkLineCapacity(line: LineFacts, plan: ReconciliationPlan): void {
  const wouldCarry = line.reconciledValue + plan.total;
  const capacity = Math.abs(line.value);
  if (wouldCarry > capacity) throw badRequest(M.accountsAboveLine(wouldCarry, capacity, line.kind));
}
