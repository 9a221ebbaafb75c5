import { advanceJobProgress, findJobById } from "../../db/jobs";
import type { Statement } from "../../db/sql";
import type { At } from "./csv-job-file";
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
export function processInChunks<T, C extends object>(
  context: JobContext,
  items: Iterable<T>,
  initialCounts: C,
  applyChunk: (chunk: T[], counts: C) => Promise<ChunkWrite<C>>,
  chunkSize = CHUNK_SIZE,
): Promise<JobOutcome> {
  return runChunks(context, items, context.job.processed, initialCounts, applyChunk, chunkSize);
}

/**
 * `processInChunks` over a file read from where the job stopped (`openCsvJob`): the items already
 * start at the job's saved cursor (nothing is skipped but `file.skip`), and each chunk's progress
 * saves the position after its last item, so the next delivery reads on from there.
 */
export function processFileInChunks<T, C extends object>(
  context: JobContext,
  file: { skip: number },
  items: Iterable<At<T, object>> | AsyncIterable<At<T, object>>,
  initialCounts: C,
  applyChunk: (chunk: T[], counts: C) => Promise<ChunkWrite<C>>,
  chunkSize = CHUNK_SIZE,
): Promise<JobOutcome> {
  return runChunks(
    context,
    items,
    file.skip,
    initialCounts,
    (chunk, counts) =>
      applyChunk(
        chunk.map((at) => at.item),
        counts,
      ),
    chunkSize,
    (last) => last.next,
  );
}

async function runChunks<T, C extends object>(
  context: JobContext,
  items: Iterable<T> | AsyncIterable<T>,
  skip: number,
  initialCounts: C,
  applyChunk: (chunk: T[], counts: C) => Promise<ChunkWrite<C>>,
  chunkSize: number,
  cursorOf?: (last: T) => object,
): Promise<JobOutcome> {
  const { db, job, budget } = context;
  let processed = job.processed;
  let counts = initialCounts;
  let chunk: T[] = [];

  const commit = async () => {
    const write = await applyChunk(chunk, counts);
    const next = processed + chunk.length;
    const cursor = cursorOf?.(chunk[chunk.length - 1]!);
    const progress = advanceJobProgress(db, job.id, processed, next, write.counts, cursor);
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

  let skipped = 0;
  for await (const item of items) {
    if (skipped < skip) {
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
