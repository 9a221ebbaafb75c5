import {
  bankFeedCreditLines,
  type FeedCreditLine,
  openReturnCredits,
  type ReturnCredit,
  writeReturnCreditLinks,
} from "../../db/bank-returns";
import type { Db } from "../../env";
import { addDays } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { type Movement, pairMovements } from "../statement/same-movement";

/**
 * The same money from a CNAB return and a bank feed (docs/OPEN-FINANCE.md, "One movement, one line"):
 * a liquidation the return applied (its receipt, interest and surplus entries, all dated the credit
 * date) and the feed's credit line of it are one movement. The feed's line stays the only bank line
 * and is reconciled with the return's entries (`sameMovement`: amount = the paid value, dates within
 * the window, a document that agrees). Run after a return is applied and after a feed writes lines,
 * so both orders end the same.
 */

/** One credit's pairing: the feed line and the entries of the return it is reconciled with. */
export type CreditLink = { lineId: number; creditId: number; value: Cents; entryIds: number[] };

const lineMovement = (line: FeedCreditLine): Movement => ({
  ref: line.id,
  source: "feed",
  date: line.date,
  value: line.value,
  description: line.description,
  fitId: null,
  endToEndId: null,
  documents: [line.document, line.payerDocument].filter((d): d is string => d !== null),
  open: true,
});

const creditMovement = (credit: ReturnCredit): Movement => ({
  ref: credit.id,
  source: "cnab",
  date: credit.date,
  value: credit.paidValue,
  description: "",
  fitId: null,
  endToEndId: null,
  documents: [credit.bankKey, credit.titleDocument, credit.consumerDocument].filter(
    (d): d is string => d !== null && d !== "",
  ),
  // Only a liquidation whose entries carry exactly what the bank credited, none reconciled yet.
  open: !credit.linked && credit.entries.reduce((sum, e) => sum + e.value, 0) === credit.paidValue,
});

/** Pure: which feed line takes which return credit, one to one, nothing ambiguous. */
export function planCreditLinks(
  credits: readonly ReturnCredit[],
  lines: readonly FeedCreditLine[],
): CreditLink[] {
  const byId = new Map(credits.map((c) => [c.id, c]));
  const { pairs } = pairMovements(lines.map(lineMovement), credits.map(creditMovement));
  return pairs.map((p) => {
    const credit = byId.get(p.ref)!;
    return {
      lineId: p.incoming.ref,
      creditId: credit.id,
      value: credit.paidValue,
      entryIds: credit.entries.map((e) => e.id),
    };
  });
}

/** Days read around the dates asked, so a credit and its line dated apart (the window) meet. */
const MARGIN_DAYS = 7;

/**
 * Reconciles the account's open feed credit lines with the open CNAB credits dated `from` to `to`
 * (widened by the window): one read of each side (the credits only of the lines' amounts), one batch. A line or entry taken meanwhile (the
 * UNIQUE link of an entry, the line's pending status) refuses the batch: it is read and planned
 * again once. Answers how many lines were reconciled.
 */
export async function reconcileFeedCredits(
  db: Db,
  scope: { companyId: number; bankAccountId: number; userId: number | null },
  range: { from: string; to: string },
): Promise<number> {
  const around = { from: addDays(range.from, -MARGIN_DAYS), to: addDays(range.to, MARGIN_DAYS) };
  for (let attempt = 1; ; attempt++) {
    // The feed's lines first: an account without a feed (most returns) costs one indexed read.
    const lines = await bankFeedCreditLines(db, scope.companyId, scope.bankAccountId, around);
    if (lines.length === 0) return 0;
    const credits = await openReturnCredits(db, scope.companyId, scope.bankAccountId, {
      ...around,
      values: [...new Set(lines.map((l) => l.value))],
    });
    if (credits.length === 0) return 0;
    const links = planCreditLinks(credits, lines);
    if (links.length === 0) return 0;
    if (await writeReturnCreditLinks(db, scope, links)) return links.length;
    if (attempt >= 2) return 0;
  }
}
