import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bankLines, jobs } from "../../drizzle/schema";
import type { BankLineCandidate } from "../domain/ofx";
import { LINE_STATUS } from "../domain/reconciliation/line-statuses";
import type { Db } from "../env";
import { rawStatement } from "./raw-statement";
import { inGroups } from "./sql";

/** Who imports: the job, its company, bank account and user. */
export type ImportScope = { companyId: number; bankAccountId: number; jobId: number; userId: number | null };

/**
 * Lines per INSERT statement. The rows travel as ONE JSON parameter read by `json_each`, so D1's
 * limit of 100 bound parameters does not cut them into groups of 11; a statement stays far below
 * D1's 2 MB per value (a line is ~150 bytes of JSON).
 */
export const LINES_PER_INSERT = 1000;

const asRow = (line: BankLineCandidate) => [
  line.date,
  line.value,
  line.description,
  line.document,
  line.fitId,
  line.dedupeKey,
];

/**
 * New bank lines (status 1 pending, tagged with the job), in the given order. A dedupe key already
 * on the account is left alone (`ON CONFLICT DO NOTHING`): the line of another import stays, and a
 * line this job stored on an earlier delivery is not stored twice. So is a FITID a bank feed's line
 * already carries (its institution id, UNIQUE `bank_lines_account_fit_id`): the same movement from
 * two sources is one line, whichever came first and even when both write at once (counted `duplicate`).
 */
export function insertImportedLines(
  db: Db,
  scope: ImportScope,
  lines: BankLineCandidate[],
): BatchItem<"sqlite">[] {
  return inGroups(lines, LINES_PER_INSERT).map((group) =>
    rawStatement(
      db,
      sql`INSERT INTO ${bankLines}
        (company_id, bank_account_id, date, value, description, document, fit_id, dedupe_key, status_id, job_id, created_by)
      SELECT ${scope.companyId}, ${scope.bankAccountId}, json_extract(l.value, '$[0]'), json_extract(l.value, '$[1]'),
        json_extract(l.value, '$[2]'), json_extract(l.value, '$[3]'), json_extract(l.value, '$[4]'),
        json_extract(l.value, '$[5]'), ${LINE_STATUS.pending}, ${scope.jobId}, ${scope.userId}
      FROM json_each(${JSON.stringify(group.map(asRow))}) AS l
      WHERE true
      ON CONFLICT DO NOTHING`,
    ),
  );
}

/** A count kept in the job's result JSON (0 when absent). */
export const resultCount = (field: string) => sql`coalesce(json_extract(${jobs.result}, ${`$.${field}`}), 0)`;

/**
 * The job's counts after a chunk of lines, computed in the chunk's batch after its inserts: of the
 * chunk's dedupe keys, those whose line is this job's are `imported`, the rest (kept by another
 * import) `duplicate`. Counting by job id makes a redelivered chunk count the same.
 */
export function countsAfterImportChunk(scope: ImportScope, dedupeKeys: string[]): SQL {
  const ofThisJob = sql`(SELECT count(*) FROM ${bankLines}
    WHERE bank_account_id = ${scope.bankAccountId} AND job_id = ${scope.jobId}
      AND dedupe_key IN (SELECT value FROM json_each(${JSON.stringify(dedupeKeys)})))`;
  return sql`json_set(coalesce(${jobs.result}, '{}'),
    '$.imported', ${resultCount("imported")} + ${ofThisJob},
    '$.duplicate', ${resultCount("duplicate")} + ${dedupeKeys.length} - ${ofThisJob})`;
}

/** The counts of a chunk's progress when they are computed by `countsAfterImportChunk` instead. */
export const COUNTS_IN_SQL: SQL = sql`${jobs.result}`;
