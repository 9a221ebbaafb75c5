import { countPendingLines, jobCounts } from "../../db/auto-reconciliation";
import { runStatements } from "../../db/auto-reconciliation-writes";
import { findActiveAccount } from "../../db/bank-accounts";
import {
  COUNTS_IN_SQL,
  countsAfterImportChunk,
  type ImportScope,
  insertImportedLines,
} from "../../db/bank-line-import";
import { findCompany } from "../../db/identity";
import { insertJobErrors, setJobTotal } from "../../db/jobs";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { runRules } from "../auto-reconciliation/run-rules";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import { processFileInChunks } from "../jobs/chunked-job";
import type { At } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import type { BankLineCandidate } from "../ofx";
import type { RegisteredAccount } from "./account-labels";
import { type OfxCursor, savedOfxCursor, stagedLinesFrom, stageLines } from "./ofx-staging";
import { readOfxImport } from "./read-ofx-import";

/**
 * Bank lines per chunk (one batch and one unit of the invocation's budget). A line is a small row
 * (its insert statements carry 1000 lines each), so a 10,000-line file takes two chunks and leaves
 * the rest of the budget to the rules.
 */
export const OFX_LINES_PER_CHUNK = 5000;

/**
 * `BankStatementOFX` job on `bankAccountId`: stores the bank lines of the file's statements of the chosen account (status
 * 1 pending, each dedupe key once per account: a line already imported is a `duplicate`), then runs
 * the account's rules over the lines this job stored. Parser warnings, statements of other accounts,
 * balance lines and repeats go to the job's Errors[]. Result: `imported`, `duplicate`, `skipped`
 * (balance lines), `autoReconciled`, `pending`.
 */
export async function importOfxStatement(context: JobContext, bankAccountId: number): Promise<JobOutcome> {
  const { db, job } = context;
  const account = await findActiveAccount(db, job.companyId, bankAccountId);
  if (!account) throw new JobFailure(BANK_ACCOUNT_NOT_FOUND);
  const scope: ImportScope = {
    companyId: job.companyId,
    bankAccountId,
    jobId: job.id,
    userId: job.createdBy,
  };
  const saved = job.processed > 0 ? savedOfxCursor(job.cursor) : null;
  const staged = saved ? await stagedLinesFrom(context.bucket, job, saved) : null;
  const lines = staged ?? (await parseAndStage(context, account));
  const stored = await processFileInChunks(
    context,
    { skip: staged ? 0 : job.processed },
    lines,
    COUNTS_IN_SQL,
    async (chunk) => ({
      statements: insertImportedLines(db, scope, chunk),
      counts: countsAfterImportChunk(
        scope,
        chunk.map((line) => line.dedupeKey),
      ),
    }),
    OFX_LINES_PER_CHUNK,
  );
  if (stored.status === "continue") return stored;

  const ofJob = { companyId: job.companyId, bankAccountId, importedByJob: job.id };
  const matched = await runRules(
    db,
    { ...ofJob, jobId: job.id, userId: job.createdBy, trackProgress: false },
    context.budget,
  );
  if (matched.status === "continue") return matched;
  const counts = await jobCounts(db, job.id);
  const result = {
    imported: counts.imported ?? 0,
    duplicate: counts.duplicate ?? 0,
    skipped: counts.skipped ?? 0,
    autoReconciled: counts.autoReconciled ?? 0,
    pending: await countPendingLines(db, ofJob),
  };
  return {
    status: "done",
    result,
    event: {
      type: "bank_file.imported",
      payload: { IDJob: job.id, IDBankAccount: bankAccountId, FileName: job.fileName, Result: result },
    },
  };
}

/**
 * The job's file read whole and parsed (its SHA-256 checked against the confirmation): on the
 * first delivery its total, counts and notes are stored; its bank lines are staged in R2 so later
 * deliveries read only the lines they import. Once per job (again only for a job whose progress
 * has no cursor, started before lines were staged).
 */
async function parseAndStage(
  context: JobContext,
  account: RegisteredAccount,
): Promise<At<BankLineCandidate, OfxCursor>[]> {
  const { db, job } = context;
  const company = await findCompany(db, job.companyId);
  const bytes = await readJobFile(context.bucket, job);
  const outcome = readOfxImport(bytes, company?.timeZone ?? DEFAULT_TIME_ZONE, account);
  if (!outcome.ok) throw new JobFailure(outcome.reason);
  const { plan } = outcome;
  if (job.processed === 0) {
    const counts = {
      imported: 0,
      duplicate: plan.repeated,
      skipped: plan.skipped,
      autoReconciled: 0,
      pending: 0,
    };
    await setJobTotal(db, job.id, plan.lines.length, counts);
    await runStatements(
      db,
      insertJobErrors(
        db,
        plan.notes.map((note) => ({ jobId: job.id, ...note })),
      ),
    );
  }
  return stageLines(context.bucket, job, plan.lines);
}
