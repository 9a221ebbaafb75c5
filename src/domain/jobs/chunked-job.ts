import { advanceJobProgress, findJobById } from "../../db/jobs";
import type { Statement } from "../../db/sql";
import { type JobContext, type JobOutcome, ProgressConflict } from "./job-context";

/** Lines per chunk: one D1 batch, small enough for the CPU and query limits of an invocation. */
export const CHUNK_SIZE = 500;

export type ChunkWrite<C> = { statements: Statement[]; counts: C };

/**
 * Runs `items` through `applyChunk` in chunks, resuming after the job's `processed` counter.
 * Each chunk's rows and then the progress (counter and counts) are ONE batch, guarded by a
 * compare-and-set on the counter: a retry resumes after the last committed chunk, and two
 * deliveries racing on the same job never apply a chunk twice.
 */
export async function processInChunks<T, C extends object>(
  context: JobContext,
  items: Iterable<T>,
  initialCounts: C,
  applyChunk: (chunk: T[], counts: C) => Promise<ChunkWrite<C>>,
  chunkSize = CHUNK_SIZE,
): Promise<JobOutcome> {
  const { db, job, budget } = context;
  let processed = job.processed;
  let counts = initialCounts;
  let skipped = 0;
  let chunk: T[] = [];

  const commit = async () => {
    const write = await applyChunk(chunk, counts);
    const next = processed + chunk.length;
    const progress = advanceJobProgress(db, job.id, processed, next, write.counts);
    try {
      // Progress last, so counts computed in SQL (when `counts` is an SQL expression) see the chunk's rows.
      const statements: Statement[] = [...write.statements, progress];
      await db.batch(statements as [Statement, ...Statement[]]);
    } catch (error) {
      const current = await findJobById(db, job.id);
      if (current && (current.processed !== processed || current.status !== "Processing")) {
        throw new ProgressConflict(`job ${job.id} moved to ${current.processed}/${current.status}`);
      }
      throw error;
    }
    processed = next;
    counts = write.counts;
    chunk = [];
  };

  for (const item of items) {
    if (skipped < job.processed) {
      skipped++;
      continue;
    }
    if (chunk.length === 0 && !budget.take()) return { status: "continue" };
    chunk.push(item);
    if (chunk.length === chunkSize) await commit();
  }
  if (chunk.length > 0) await commit();
  return { status: "done" };
}
