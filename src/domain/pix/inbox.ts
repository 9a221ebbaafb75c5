/**
 * Received Pix become bank lines of the integration's account and settle the titles they pay, from
 * the webhook and from polling alike. Set-based: a chunk of Pix is read in three queries (the keys
 * already on the account, the titles by txid, the titles by payer) and written in ONE batch (lines,
 * receipt entries, titles, collection history, links, line statuses, audit, `title.paid` events).
 *
 * Never twice: the line's dedupe key is `e2e:<endToEndId>` (UNIQUE per account), so a Pix read by
 * polling and by the webhook, or by two deliveries at once, is one line; its settlement is guarded
 * by the UNIQUE collection occurrence (account, endToEndId, `PIX`, date) and by the line's status,
 * so a concurrent writer's batch is refused whole and read again.
 */
import type { ReceivedPix } from "../../adapters/pix/types";
import {
  completeAdoptedLines,
  existingLineKeys,
  type InboxScope,
  inboxChunkStatements,
  type KeyedMatch,
  linesOfEndToEndIds,
  openTitlesOfPayers,
  titlesByTxId,
} from "../../db/pix-inbox";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { isConstraintError } from "../../lib/errors";
import { type Movement, sameMovement } from "../statement/same-movement";
import { inboxLinesOf } from "./inbox-lines";
import { dueDateRange, type InboxLine, matchReceivedPix } from "./matching";

/** Pix per chunk: one batch of a handful of statements (each reads its rows from one JSON parameter). */
export const PIX_PER_CHUNK = 1000;

/** What became of the Pix of one ingestion. */
export type InboxCounts = {
  /** Pix in the answer or callback (each endToEndId once). */
  received: number;
  /** New bank lines. */
  imported: number;
  /** Pix whose line was already on the account (webhook and polling, a redelivery). */
  duplicate: number;
  settledByTxId: number;
  settledByDocument: number;
  /** New lines left pending for the conciliation rules (no title, two titles, above the open value, paid). */
  pending: number;
};

export const NO_INBOX_COUNTS: InboxCounts = {
  received: 0,
  imported: 0,
  duplicate: 0,
  settledByTxId: 0,
  settledByDocument: 0,
  pending: 0,
};

export function addCounts(a: InboxCounts, b: InboxCounts): InboxCounts {
  return {
    received: a.received + b.received,
    imported: a.imported + b.imported,
    duplicate: a.duplicate + b.duplicate,
    settledByTxId: a.settledByTxId + b.settledByTxId,
    settledByDocument: a.settledByDocument + b.settledByDocument,
    pending: a.pending + b.pending,
  };
}

/** Attempts of a chunk refused by a concurrent writer before the refusal is an error. */
const CHUNK_ATTEMPTS = 3;

export type InboxTarget = InboxScope & { timeZone: string };

/** Statements that close the batch of the last chunk, given the counts of the whole ingestion. */
export type Closing = (counts: InboxCounts) => Statement[];

/**
 * Stores the received Pix of one integration and settles what they match. `closing` (the poll's
 * progress and cursor move) goes into the batch of the last chunk, so it is written with the last
 * lines or not at all.
 */
export async function ingestReceivedPix(
  db: Db,
  target: InboxTarget,
  pix: ReceivedPix[],
  closing: Closing = () => [],
): Promise<InboxCounts> {
  const lines = inboxLinesOf(pix, target.timeZone);
  let counts = NO_INBOX_COUNTS;
  if (lines.length === 0) {
    const statements = closing(counts);
    if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
    return counts;
  }
  for (let start = 0; start < lines.length; start += PIX_PER_CHUNK) {
    const chunk = lines.slice(start, start + PIX_PER_CHUNK);
    const last = start + PIX_PER_CHUNK >= lines.length;
    const before = counts;
    counts = addCounts(
      before,
      await writeChunk(db, target, chunk, (own) => (last ? closing(addCounts(before, own)) : [])),
    );
  }
  return counts;
}

async function writeChunk(
  db: Db,
  target: InboxTarget,
  chunk: InboxLine[],
  closing: Closing,
): Promise<InboxCounts> {
  for (let attempt = 1; ; attempt++) {
    const existing = await existingLineKeys(
      db,
      target.bankAccountId,
      chunk.map((line) => line.dedupeKey),
    );
    const { fresh, adopted } = await linesOfOtherSources(
      db,
      target.bankAccountId,
      chunk.filter((line) => !existing.has(line.dedupeKey)),
    );
    const plan = await planChunk(db, target.companyId, [...fresh, ...adopted.open]);
    const matches: KeyedMatch[] = plan.matches.map((match) => ({ ...match, uid: crypto.randomUUID() }));
    const byTxId = matches.filter((m) => m.by === "txid").length;
    const counts: InboxCounts = {
      received: chunk.length,
      imported: fresh.length,
      duplicate: chunk.length - fresh.length,
      settledByTxId: byTxId,
      settledByDocument: matches.length - byTxId,
      pending: fresh.length + adopted.open.length - matches.length,
    };
    const statements = [
      ...(adopted.all.length > 0 ? [completeAdoptedLines(db, target, adopted.all)] : []),
      ...inboxChunkStatements(db, target, fresh, matches, closing(counts)),
    ];
    try {
      if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
    } catch (error) {
      if (isConstraintError(error) && attempt < CHUNK_ATTEMPTS) continue;
      throw error;
    }
    return counts;
  }
}

/**
 * Pix whose movement another source already wrote on the account (a bank feed's line with the same
 * endToEndId and amount: `sameMovement`) are not written again: they are `adopted`, i.e. known by
 * that line's dedupe key, and settle their title on it when it is still open (pending, posted,
 * standing). A line with the endToEndId but another amount is left alone (neither written nor
 * settled: a person looks at it). The rest are `fresh` lines.
 */
async function linesOfOtherSources(db: Db, bankAccountId: number, lines: InboxLine[]) {
  const found = await linesOfEndToEndIds(
    db,
    bankAccountId,
    lines.map((line) => line.endToEndId),
  );
  const fresh: InboxLine[] = [];
  const adopted = { all: [] as InboxLine[], open: [] as InboxLine[] };
  for (const line of lines) {
    const other = found.filter((f) => f.endToEndId.toUpperCase() === line.endToEndId.toUpperCase());
    if (other.length === 0) {
      fresh.push(line);
      continue;
    }
    const same = sameMovement(
      pixMovement(line),
      other.map((f) => ({ ...f, ref: f.id, source: "feed" as const, documents: [] })),
    );
    if (!same.same) continue;
    const line_ = other.find((f) => f.id === same.ref)!;
    const known = { ...line, dedupeKey: line_.dedupeKey };
    adopted.all.push(known);
    if (line_.open) adopted.open.push(known);
  }
  return { fresh, adopted };
}

const pixMovement = (line: InboxLine): Movement => ({
  ref: 0,
  source: "pix",
  date: line.date,
  value: line.value,
  description: line.description,
  fitId: null,
  endToEndId: line.endToEndId,
  documents: [],
  open: true,
});

/** The candidates of the new lines, read in two queries, and the matcher's decisions. */
async function planChunk(db: Db, companyId: number, lines: InboxLine[]) {
  const range = dueDateRange(lines);
  if (!range) return { matches: [], pending: [] };
  const txIds = [...new Set(lines.flatMap((line) => (line.txId ? [line.txId] : [])))];
  const documents = [...new Set(lines.flatMap((line) => (line.payerDocument ? [line.payerDocument] : [])))];
  const [byTxId, byPayer] = await Promise.all([
    titlesByTxId(db, companyId, txIds),
    openTitlesOfPayers(db, companyId, {
      documents,
      ...range,
      values: [...new Set(lines.map((line) => line.value))],
    }),
  ]);
  return matchReceivedPix(lines, byTxId, byPayer);
}
