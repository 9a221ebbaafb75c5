import { runStatements } from "../../db/auto-reconciliation-writes";
import { findActiveAccount } from "../../db/bank-accounts";
import {
  insertCollectionEvents,
  insertReturnEntries,
  insertReturnNotes,
  type ReturnScope,
  returnFacts,
  settleReturnTitles,
} from "../../db/bank-returns";
import { setJobTotal } from "../../db/jobs";
import type { Statement } from "../../db/sql";
import { titlesPaidEvents } from "../../db/title-settlement";
import type { Db } from "../../env";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import { processInChunks } from "../jobs/chunked-job";
import { resumedCounts } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import { type ChunkPlan, candidateKeys, NO_RETURN_COUNTS, planChunk, type ReturnCounts } from "./apply-plan";
import { reconcileFeedCredits } from "./feed-credits";
import { BANK_RETURN_JOB_MESSAGES as J } from "./messages";
import { readBankReturn } from "./read-return";
import type { ReturnRecord } from "./types";

/**
 * Records per chunk: one read of their titles and recorded occurrences (a query per 90 KB of keys),
 * one batch of their writes (history, entries, settlements, events, notes: lists of at most 90 KB)
 * with the job's progress. A 10,000-title return is three chunks, one delivery. D1 calls of a chunk
 * (budget.ts): about 22 for 3,500 liquidations (reads 1-2, history 5, entries 12, settlements 1,
 * events 1, progress 1); at most about 110 when every record carries the longest texts (a 255-character
 * title description in four entries, a note per record), within the 133 a chunk may make.
 */
export const RETURN_RECORDS_PER_CHUNK = 3500;

/** Bank numbers compare as numbers: `341` = `0341`. */
const sameBank = (a: string, b: string) => /^\d+$/.test(a.trim()) && Number(a.trim()) === Number(b.trim());

/**
 * `BankReturnCNAB` job on `bankAccountId`: reads the file (`readBankReturn`; a file it cannot use
 * fails the job with its reason, nothing written), refuses a file of another bank than the account's
 * `BankNumber`, stores the reader's line errors in `Errors`, then applies the records in chunks
 * (apply-plan.ts): each chunk reads its titles and the occurrences already recorded once, and writes
 * its history rows, entries, settlements, `title.paid` events, notes and progress in ONE batch. A
 * redelivery resumes after the last committed chunk; a re-sent file finds its occurrences recorded.
 * Result: `{ settled, alreadySettled, unknown, rejected, ignored, tariffs }`.
 */
export async function importBankReturn(context: JobContext, bankAccountId: number): Promise<JobOutcome> {
  const { db, job } = context;
  const account = await findActiveAccount(db, job.companyId, bankAccountId);
  if (!account) throw new JobFailure(BANK_ACCOUNT_NOT_FOUND);
  const file = readBankReturn(await readJobFile(context.bucket, job));
  if (!file.ok) throw new JobFailure(file.message);
  if (!sameBank(file.bankCode, account.bankNumber)) {
    throw new JobFailure(J.otherBank(file.bankCode, file.bankName, account.bankNumber));
  }
  if (job.processed === 0) {
    await setJobTotal(db, job.id, file.records.length, NO_RETURN_COUNTS);
    await runStatements(db, insertReturnNotes(db, job.id, file.errors));
  }
  const scope: ReturnScope = {
    companyId: job.companyId,
    bankAccountId,
    jobId: job.id,
    userId: job.createdBy,
  };
  const applied = await processInChunks(
    context,
    file.records,
    resumedCounts(context, NO_RETURN_COUNTS),
    async (chunk: ReturnRecord[], counts: ReturnCounts) => {
      const plan = await planReturnChunk(db, scope, file.generatedOn, chunk, counts);
      return { statements: returnChunkWrites(db, scope, plan), counts: plan.counts };
    },
    RETURN_RECORDS_PER_CHUNK,
  );
  // Done keeps the counts the last chunk stored with its progress (a file without records: the zeros).
  if (applied.status === "done") await reconcileWithFeed(db, scope, file.records, file.generatedOn);
  return applied;
}

/**
 * A bank feed may already show the credits the return applied: each such line is reconciled with its
 * liquidation's entries (`reconcileFeedCredits`), so the money is one line (docs/OPEN-FINANCE.md).
 */
async function reconcileWithFeed(
  db: Db,
  scope: ReturnScope,
  records: readonly ReturnRecord[],
  generatedOn: string | null,
): Promise<void> {
  const dates = records
    .filter((r) => r.kind === "liquidation")
    .map((r) => r.creditDate ?? r.occurrenceDate ?? generatedOn)
    .filter((d): d is string => d !== null)
    .sort();
  if (dates.length === 0) return;
  await reconcileFeedCredits(db, scope, { from: dates[0]!, to: dates.at(-1)! });
}

/**
 * Plans a chunk of a return's records (apply-plan.ts) over what the database holds: ONE read of the
 * titles their keys name and of the occurrences already recorded on them (`returnFacts`).
 */
export async function planReturnChunk(
  db: Db,
  scope: ReturnScope,
  generatedOn: string | null,
  chunk: readonly ReturnRecord[],
  counts: ReturnCounts,
): Promise<ChunkPlan> {
  const keys = [...new Set(chunk.flatMap(candidateKeys))];
  const { titles, recorded } = await returnFacts(db, scope.companyId, scope.bankAccountId, keys);
  return planChunk(chunk, { bankAccountId: scope.bankAccountId, generatedOn, titles, recorded }, counts);
}

/**
 * The writes of a planned chunk, in the order its batch runs them: history rows, entries,
 * settlements, the `title.paid` of the titles settled, the line notes.
 */
export function returnChunkWrites(db: Db, scope: ReturnScope, plan: ChunkPlan): Statement[] {
  return [
    ...insertCollectionEvents(db, scope, plan.history),
    ...insertReturnEntries(db, scope, plan.entries),
    ...settleReturnTitles(db, scope.companyId, plan.settlements),
    ...titlesPaidEvents(
      db,
      scope.companyId,
      plan.settlements.map((s) => s.titleId),
    ),
    ...insertReturnNotes(db, scope.jobId, plan.notes),
  ];
}
