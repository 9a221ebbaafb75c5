/**
 * Which receivable title a received Pix pays, decided with no guess:
 *
 * 1. by `txid`: the company's receivable title with exactly that TxId (the charge the payer's app
 *    read). Open or partially paid and the Pix not above its open value: it settles the title by
 *    the Pix's amount (a Pix below the open value leaves the title partially paid). A title already
 *    paid, or a Pix above the open value: the line stays pending (`overpaid` / `titlePaid`), a person
 *    decides. A txid no title carries falls through to 2.
 * 2. by payer: the payer's CPF/CNPJ is the document of the title's consumer, the Pix's amount is the
 *    title's open value exactly, and the title is due within `PIX_DUE_WINDOW_DAYS` days of the Pix's
 *    date (before or after). Exactly ONE such title settles; two or more (`ambiguous`) or none
 *    (`noTitle`) leave the line pending for the conciliation rules.
 *
 * Pure: the titles come in as candidates read by the caller; a title settled by an earlier Pix of
 * the same run counts with what is left of it.
 */
import { addDays, daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";

/** Days between the Pix's date and the due date of a title matched by payer and value. */
export const PIX_DUE_WINDOW_DAYS = 10;

/** A received Pix as the bank line it becomes. */
export type InboxLine = {
  endToEndId: string;
  /** `e2e:<endToEndId>`: one line per Pix on the account (UNIQUE bank_lines_account_key). */
  dedupeKey: string;
  txId: string | null;
  /** Cents received (> 0). */
  value: Cents;
  /** `YYYY-MM-DD` of `horario` in the company's zone. */
  date: string;
  /** `YYYY-MM-DD HH:MM:SS` of `horario` in the company's zone (the receipt entry's date). */
  dateTime: string;
  description: string;
  /** CPF (11 digits) or CNPJ (14 characters) when the PSP told a readable one; else null. */
  payerDocument: string | null;
  payerName: string | null;
};

/** A receivable title the matcher may pick. */
export type TitleCandidate = {
  id: number;
  txId: string | null;
  /** 1 open, 2 partially paid, 3 paid. */
  status: number;
  openValue: Cents;
  dueDate: string;
  description: string;
  document: string | null;
  /** The consumer's document without punctuation (candidates by payer); null for those by txid. */
  consumerDocument: string | null;
};

export type PixMatch = {
  endToEndId: string;
  dedupeKey: string;
  titleId: number;
  value: Cents;
  date: string;
  dateTime: string;
  by: "txid" | "document";
  /** The receipt entry's texts: the title's. */
  entryDescription: string;
  entryDocument: string | null;
};

export type PendingReason = "titlePaid" | "overpaid" | "ambiguous" | "noTitle";

export type MatchPlan = { matches: PixMatch[]; pending: { dedupeKey: string; reason: PendingReason }[] };

/** The due-date range of the candidates by payer for these lines (inclusive `YYYY-MM-DD`). */
export function dueDateRange(lines: InboxLine[]): { from: string; to: string } | null {
  if (lines.length === 0) return null;
  const dates = lines.map((line) => line.date).sort();
  return {
    from: addDays(dates[0]!, -PIX_DUE_WINDOW_DAYS),
    to: addDays(dates[dates.length - 1]!, PIX_DUE_WINDOW_DAYS),
  };
}

const OPEN_STATUSES = new Set([1, 2]);

/** Decides each line's title, in the lines' order (the first Pix takes a title that qualifies). */
export function matchReceivedPix(
  lines: InboxLine[],
  byTxId: TitleCandidate[],
  byPayer: TitleCandidate[],
): MatchPlan {
  const left = new Map<number, Cents>();
  const remaining = (title: TitleCandidate) => left.get(title.id) ?? title.openValue;
  const txIds = new Map(byTxId.filter((t) => t.txId !== null).map((t) => [t.txId!, t]));
  const payers = new Map<string, TitleCandidate[]>();
  for (const title of byPayer) {
    if (title.consumerDocument === null) continue;
    const list = payers.get(title.consumerDocument) ?? [];
    list.push(title);
    payers.set(title.consumerDocument, list);
  }
  const plan: MatchPlan = { matches: [], pending: [] };
  const settle = (line: InboxLine, title: TitleCandidate, by: PixMatch["by"]) => {
    left.set(title.id, remaining(title) - line.value);
    plan.matches.push({
      endToEndId: line.endToEndId,
      dedupeKey: line.dedupeKey,
      titleId: title.id,
      value: line.value,
      date: line.date,
      dateTime: line.dateTime,
      by,
      entryDescription: title.description,
      entryDocument: title.document,
    });
  };
  for (const line of lines) {
    const charged = line.txId === null ? undefined : txIds.get(line.txId);
    if (charged) {
      if (!OPEN_STATUSES.has(charged.status) || remaining(charged) === 0) {
        plan.pending.push({ dedupeKey: line.dedupeKey, reason: "titlePaid" });
      } else if (line.value > remaining(charged)) {
        plan.pending.push({ dedupeKey: line.dedupeKey, reason: "overpaid" });
      } else {
        settle(line, charged, "txid");
      }
      continue;
    }
    const candidates = (line.payerDocument === null ? [] : (payers.get(line.payerDocument) ?? [])).filter(
      (title) =>
        OPEN_STATUSES.has(title.status) &&
        remaining(title) === line.value &&
        Math.abs(daysBetween(line.date, title.dueDate)) <= PIX_DUE_WINDOW_DAYS,
    );
    if (candidates.length === 1) settle(line, candidates[0]!, "document");
    else
      plan.pending.push({ dedupeKey: line.dedupeKey, reason: candidates.length ? "ambiguous" : "noTitle" });
  }
  return plan;
}
