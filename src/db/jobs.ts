import { and, desc, eq, inArray, lt, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jobErrors, jobs, uploads } from "../../drizzle/schema";
import type { ExpiredUploadSlot } from "../domain/uploads/expire-slots";
import type { Db } from "../env";
import { eqIf, inGroups, MAX_BOUND_PARAMETERS, onPage, type Statement, utcNow } from "./sql";

/** Upload slots, jobs and their line errors. */

export type UploadSlotRow = typeof uploads.$inferSelect;
export type NewUploadSlot = typeof uploads.$inferInsert;
export type JobRow = typeof jobs.$inferSelect;
export type NewJob = Omit<
  typeof jobs.$inferInsert,
  "id" | "status" | "total" | "processed" | "attempts" | "failures" | "cursor"
>;
export type JobErrorRow = { jobId: number; line: number; message: string };

export async function insertUploadSlot(db: Db, slot: NewUploadSlot): Promise<void> {
  await db.insert(uploads).values(slot);
}

/** The slot of `key` handed to this company for this route; anything else does not exist. */
export async function findUploadSlot(
  db: Db,
  companyId: number,
  route: string,
  key: string,
): Promise<UploadSlotRow | undefined> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.companyId, companyId), eq(uploads.route, route)))
    .get();
}

/** The slot of a signed upload URL; the caller checks the signature and the company of the key. */
export async function findUploadSlotByKey(db: Db, key: string): Promise<UploadSlotRow | undefined> {
  return db.select().from(uploads).where(eq(uploads.key, key)).get();
}

/**
 * Slots whose upload URL expired before `before` (UTC `YYYY-MM-DD HH:MM:SS`), oldest first, across
 * companies (the sweeper's view), each with whether a job of its company took its object.
 */
export async function expiredUploadSlots(
  db: Db,
  before: string,
  limit: number,
): Promise<ExpiredUploadSlot[]> {
  const rows = await db
    .select({
      key: uploads.key,
      confirmed: sql<number>`EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.companyId} = ${uploads.companyId} AND ${jobs.fileKey} = ${uploads.key})`,
    })
    .from(uploads)
    .where(lt(uploads.expiresAt, before))
    .orderBy(uploads.expiresAt, uploads.key)
    .limit(limit);
  return rows.map((row) => ({ key: row.key, confirmed: row.confirmed === 1 }));
}

export async function deleteUploadSlots(db: Db, keys: string[]): Promise<void> {
  const [first, ...rest] = inGroups(keys, MAX_BOUND_PARAMETERS).map((group) =>
    db.delete(uploads).where(inArray(uploads.key, group)),
  );
  if (first) await db.batch([first, ...rest]);
}

/**
 * Inserts the job unless the company already has one for the same route and file hash
 * (unique index jobs_company_route_hash). Answers the new id, or null when the row existed:
 * of two concurrent inserts, the loser gets null instead of a constraint error.
 */
export async function insertJobIfNew(db: Db, job: NewJob): Promise<number | null> {
  const rows = await db.insert(jobs).values(job).onConflictDoNothing().returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

export async function findJobByHash(
  db: Db,
  companyId: number,
  route: string,
  fileHash: string,
): Promise<JobRow | undefined> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.route, route), eq(jobs.fileHash, fileHash)))
    .get();
}

export async function findJob(db: Db, companyId: number, jobId: number): Promise<JobRow | undefined> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
    .get();
}

/** A job by id alone: the queue consumer learns the company from the row. */
export async function findJobById(db: Db, jobId: number): Promise<JobRow | undefined> {
  return db.select().from(jobs).where(eq(jobs.id, jobId)).get();
}

export type JobFilters = { type?: string; status?: string; page: number; pageSize: number };

/** Jobs of the company, newest first. */
export async function listJobs(db: Db, companyId: number, filters: JobFilters): Promise<JobRow[]> {
  return onPage(
    db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.companyId, companyId), eqIf(jobs.type, filters.type), eqIf(jobs.status, filters.status)),
      )
      .orderBy(desc(jobs.id)),
    filters.page,
    filters.pageSize,
  );
}

/** The first `perJob` line errors of each job, ordered by line. */
export async function jobErrorsOf(db: Db, jobIds: number[], perJob: number): Promise<JobErrorRow[]> {
  if (jobIds.length === 0) return [];
  const rows = await db.all<{ job_id: number; line: number; message: string }>(sql`
    SELECT job_id, line, message FROM (
      SELECT job_id, line, message,
        row_number() OVER (PARTITION BY job_id ORDER BY line, id) AS rank
      FROM ${jobErrors}
      WHERE job_id IN (${sql.join(
        jobIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) WHERE rank <= ${perJob}
    ORDER BY job_id, rank`);
  return rows.map((row) => ({ jobId: row.job_id, line: row.line, message: row.message }));
}

/** Pending -> Processing (a redelivery of a Processing job keeps it); counts the delivery. */
export async function startJob(db: Db, jobId: number): Promise<JobRow | undefined> {
  const rows = await db
    .update(jobs)
    .set({
      status: "Processing",
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`coalesce(${jobs.startedAt}, ${utcNow})`,
    })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ["Pending", "Processing"])))
    .returning();
  return rows[0];
}

/** Records the size of the work once known (first delivery). */
export async function setJobTotal(db: Db, jobId: number, total: number, result: object): Promise<void> {
  await db
    .update(jobs)
    .set({ total, result: JSON.stringify(result) })
    .where(and(eq(jobs.id, jobId), eq(jobs.processed, 0)));
}

/**
 * Progress of a chunk, for the chunk's own batch: moves `processed` from `expected` to `next`
 * and stores the counts (an object, or an SQL expression computing them inside the batch), the
 * position in the job's file where the next chunk starts (`cursor`, when the job reads a file by
 * ranges), the job's `total` when given (a first chunk that sets it in the same statement) and clears
 * the count of failed deliveries (the job moved on). When
 * another delivery already moved the counter, the CASE writes NULL into the NOT NULL column, so
 * the whole batch (the chunk's rows included) is refused: a chunk is applied exactly once however
 * many deliveries race on the job.
 */
export function advanceJobProgress(
  db: Db,
  jobId: number,
  expected: number,
  next: number,
  result: object | SQL,
  cursor?: object,
  total?: number,
): BatchItem<"sqlite"> {
  return db
    .update(jobs)
    .set({
      processed: sql`CASE WHEN ${jobs.processed} = ${expected} AND ${jobs.status} = 'Processing' THEN ${next} ELSE NULL END`,
      result: result instanceof SQL ? result : JSON.stringify(result),
      failures: 0,
      ...(cursor ? { cursor: JSON.stringify(cursor) } : {}),
      ...(total !== undefined ? { total } : {}),
    })
    .where(eq(jobs.id, jobId));
}

/**
 * Marks the job Done. `followUp` (an event of the job's end) runs right after in the same batch,
 * guarded by `changes()`, so it is written only by the delivery that actually finished the job.
 */
export async function finishJob(db: Db, jobId: number, result?: object, followUp?: Statement): Promise<void> {
  const done = db
    .update(jobs)
    .set({ status: "Done", finishedAt: utcNow, ...(result ? { result: JSON.stringify(result) } : {}) })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "Processing")));
  if (followUp) await db.batch([done, followUp]);
  else await done;
}

/**
 * Counts a failed delivery of a job still running and answers the failures in a row without
 * progress (kept on the row: a message sent again starts its own count at 1); undefined when
 * the job is no longer Pending or Processing.
 */
export async function countFailedDelivery(db: Db, jobId: number): Promise<number | undefined> {
  const rows = await db
    .update(jobs)
    .set({ failures: sql`${jobs.failures} + 1` })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ["Pending", "Processing"])))
    .returning({ failures: jobs.failures });
  return rows[0]?.failures;
}

export async function failJob(db: Db, jobId: number, reason: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "Failed", failureReason: reason, finishedAt: utcNow })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ["Pending", "Processing"])));
}

const JOB_ERROR_ROWS_PER_STATEMENT = Math.floor(MAX_BOUND_PARAMETERS / 3);

/** Line errors of a chunk; a line already reported by an earlier delivery is not reported twice. */
export function insertJobErrors(db: Db, rows: JobErrorRow[]): BatchItem<"sqlite">[] {
  return inGroups(rows, JOB_ERROR_ROWS_PER_STATEMENT).map((group) =>
    db.insert(jobErrors).values(group).onConflictDoNothing(),
  );
}

/** A job that has no file and is kept one at a time per integration (a poll, a distribution). */
export type IntegrationJob = { route: string; type: string; integrationId: number; fileKey?: string };

const integrationJobParams = (integrationId: number) =>
  JSON.stringify({ IDCompanyIntegration: integrationId });

/**
 * Inserts the job unless one of the same route and integration is still Pending or Processing (one
 * statement: two concurrent asks cannot both insert). Answers the new job's id, or null.
 */
export async function insertIntegrationJobIfNone(
  db: Db,
  companyId: number,
  job: IntegrationJob,
  userId: number | null,
): Promise<number | null> {
  const params = integrationJobParams(job.integrationId);
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO ${jobs} (company_id, route, type, params, file_key, file_name, content_type, size_bytes, file_hash, created_by)
    SELECT ${companyId}, ${job.route}, ${job.type}, ${params}, ${job.fileKey ?? ""}, '', '', 0,
      ${`${job.route}:${job.integrationId}:${crypto.randomUUID()}`}, ${userId}
    WHERE NOT EXISTS (SELECT 1 FROM ${jobs} WHERE company_id = ${companyId} AND route = ${job.route}
      AND params = ${params} AND status IN ('Pending', 'Processing'))
    RETURNING id`);
  return row?.id ?? null;
}

/** The integration's job of that route still Pending or Processing, if any. */
export async function openIntegrationJob(
  db: Db,
  companyId: number,
  route: string,
  integrationId: number,
): Promise<{ id: number; status: string } | undefined> {
  return db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.route, route),
        eq(jobs.params, integrationJobParams(integrationId)),
        inArray(jobs.status, ["Pending", "Processing"]),
      ),
    )
    .get();
}
