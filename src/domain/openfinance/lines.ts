/**
 * What a sync does with the aggregator's movements (pure): each one becomes a new statement line,
 * brings a pending line up to date (posted: the same line, its amount and date as posted), or
 * changes nothing; what cannot be stored exactly is skipped with a reason (docs/OPEN-FINANCE.md,
 * "Feed lines"). Nothing is rounded or dated by guess.
 */
import type { FeedTransaction, TransactionRefusal } from "../../adapters/openfinance/types";
import type { FeedLineChange, KeyHolder, NewFeedLine, StoredFeedLine } from "../../db/openfinance";
import { type Movement, sameMovement, usableId } from "../statement/same-movement";
import { OPENFINANCE_MESSAGES as M } from "./messages";

export type FeedLinePlan = {
  inserts: NewFeedLine[];
  changes: FeedLineChange[];
  /** Lines that post in this sync (their rules run after the writes). */
  posted: number;
  /** Movements already stored as they are. */
  unchanged: number;
  /** Movements another source (an OFX upload by FITID, the Pix API by endToEndId) already wrote: not written again. */
  sameMovement: number;
  /** Reasons of what was not stored (the job's Errors[]). */
  skipped: string[];
};

/**
 * The keys a feed line carries: the institution's id (`providerId`, trimmed; none when blank or
 * zeros) and the Pix endToEndId as the institution reports it. The endToEndId is the SPI's
 * identifier, the same string the Pix API receives and stores as received (its 11 last characters
 * may be lower-case), so it is kept as it is: upper-cased it would miss the Pix API's line in the
 * UNIQUE index and in the Pix's own look-up.
 */
export function movementKeys(t: FeedTransaction): { fitId: string | null; endToEndId: string | null } {
  return {
    fitId: usableId(t.providerId ?? null),
    endToEndId: usableId(t.paymentData?.endToEndId ?? null),
  };
}

/** A line of an upload or of the Pix API as `sameMovement` compares it. */
const holderMovement = (line: KeyHolder): Movement => ({
  ref: line.id,
  source: line.dedupeKey.startsWith("e2e:") ? "pix" : "ofx",
  date: "",
  value: line.value,
  description: "",
  fitId: line.fitId,
  endToEndId: line.endToEndId,
  documents: [],
  open: false,
});

/** The line's description: the aggregator's text, else the institution's raw one. */
const describe = (t: FeedTransaction) => (t.description || t.descriptionRaw || "").slice(0, 500);

/** The payer of a credit, when the institution told it (documents kept only in CPF/CNPJ form). */
function payerOf(t: FeedTransaction): { document: string | null; name: string | null } {
  const payer = t.amountCents > 0 ? t.paymentData?.payer : null;
  const digits = payer?.document?.replace(/[.\-/\s]/g, "").toUpperCase() ?? null;
  const document = digits && /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(digits) ? digits : null;
  return { document, name: payer?.name?.slice(0, 200) ?? null };
}

/** The refusals of the adapter (another currency, more than two decimals...) as job notes. */
export const refusalNotes = (refused: TransactionRefusal[]) => refused.map((r) => M.refused(r.id, r.reason));

/**
 * The plan of a chunk of movements against the account's lines of the same aggregator ids and the
 * lines of other sources holding their keys (`holders`: one movement, one line — the same key and
 * amount is that line, not a new one; the same key with another amount is written by nobody and
 * noted for a person). `today` is the São Paulo date: a movement dated after it is skipped.
 */
export function planFeedLines(
  transactions: FeedTransaction[],
  stored: StoredFeedLine[],
  today: string,
  holders: readonly KeyHolder[] = [],
): FeedLinePlan {
  const byId = new Map(stored.map((line) => [line.feedTransactionId, line]));
  const others = holders.map(holderMovement);
  const plan: FeedLinePlan = {
    inserts: [],
    changes: [],
    posted: 0,
    unchanged: 0,
    sameMovement: 0,
    skipped: [],
  };
  for (const t of transactions) {
    if (t.date > today) {
      plan.skipped.push(M.futureDate(t.id, t.date));
      continue;
    }
    if (t.amountCents === 0) {
      plan.skipped.push(M.zeroAmount(t.id));
      continue;
    }
    const pending: 0 | 1 = t.status === "PENDING" ? 1 : 0;
    const line = byId.get(t.id);
    if (!line) {
      const keys = movementKeys(t);
      if (others.length > 0 && (keys.fitId || keys.endToEndId)) {
        const found = sameMovement(
          {
            ref: -1,
            source: "feed",
            date: t.date,
            value: t.amountCents,
            description: describe(t),
            ...keys,
            documents: [],
            open: false,
          },
          others,
        );
        if (found.same) {
          plan.sameMovement++;
          continue;
        }
        if (found.reason === "keyValueDiffers" || found.reason === "ambiguous") {
          plan.skipped.push(M.keyValueDiffers(t.id));
          continue;
        }
      }
      const payer = payerOf(t);
      plan.inserts.push({
        transactionId: t.id,
        date: t.date,
        value: t.amountCents,
        description: describe(t),
        pending,
        ...keys,
        payerDocument: payer.document,
        payerName: payer.name,
      });
      continue;
    }
    if (line.pending === 1) {
      if (pending === 1 && line.date === t.date && line.value === t.amountCents) {
        plan.unchanged++;
        continue;
      }
      plan.changes.push({
        lineId: line.id,
        date: t.date,
        value: t.amountCents,
        description: describe(t),
        pending,
      });
      if (pending === 0) plan.posted++;
      continue;
    }
    if (pending === 0 && (line.date !== t.date || line.value !== t.amountCents)) {
      plan.skipped.push(M.postedChanged(t.id));
      continue;
    }
    plan.unchanged++;
  }
  return plan;
}
