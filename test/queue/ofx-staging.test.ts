import { env } from "cloudflare:test";
import { count, countDistinct, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../drizzle/schema";
import { OFX_LINES_PER_CHUNK } from "../../src/domain/import/ofx-import-job";
import { READ_WINDOW_BYTES } from "../../src/domain/jobs/job-file";
import { CHUNKS_PER_INVOCATION } from "../../src/queue/consumer";
import { bankAccount, db, ofx } from "../support/import-factories";
import { seedAccounts } from "../support/seed";
import { deliver, jobMessage, jobRow, storedJob } from "../support/upload-factories";

beforeAll(seedAccounts);

type Read = { key: string; offset: number | undefined; length: number | undefined; bytes: number };

/** The uploads bucket, noting every read of an object's bytes (its key and range, if any). */
function countingBucket(reads: Read[]): R2Bucket {
  const bucket = env.UPLOADS;
  return new Proxy(bucket, {
    get(target, property) {
      if (property !== "get") {
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return async (key: string, options?: R2GetOptions) => {
        const object = await bucket.get(key, options);
        if (!object) return object;
        const range = options?.range as { offset?: number; length?: number } | undefined;
        return new Proxy(object, {
          get(inner, name) {
            if (name === "arrayBuffer")
              return async () => {
                const buffer = await inner.arrayBuffer();
                reads.push({ key, offset: range?.offset, length: range?.length, bytes: buffer.byteLength });
                return buffer;
              };
            const value = Reflect.get(inner, name, inner);
            return typeof value === "function" ? value.bind(inner) : value;
          },
        });
      };
    },
  });
}

/** Four invalid messages beside the job's: the job gets one chunk of the invocation's six. */
const FILLERS = [1, 2, 3, 4].map(() => ({ body: { invalid: true } }));

/** A job of `size` bank lines on a fresh account, with the bindings its deliveries use. */
async function largeOfxJob(size: number, reads: Read[]) {
  const accountNumber = `${80000 + Math.floor(Math.random() * 9000)}-1`;
  const account = await bankAccount({ bankNumber: "341", accountNumber });
  const prefix = crypto.randomUUID().slice(0, 8);
  const bytes = ofx(
    Array.from({ length: size }, (_, i) => ({
      fitId: `${prefix}-${i}`,
      date: `202501${String(1 + (i % 28)).padStart(2, "0")}`,
      amount: `${i % 2 ? "-" : ""}${i + 1}.25`,
      memo: `LANÇAMENTO Nº ${i} ${"é".repeat(i % 7)}`,
    })),
    { bankId: "0341", acctId: accountNumber },
  );
  const jobId = await storedJob(bytes, {
    type: "BankStatementOFX",
    route: "job",
    params: JSON.stringify({ IDBankAccount: account }),
  });
  const fileKey = (await jobRow(jobId))!.fileKey;
  const bindings = {
    ...env,
    UPLOADS: countingBucket(reads),
    JOBS: { send: async () => undefined },
  } as unknown as typeof env;
  const once = async () => {
    const result = await deliver(
      [{ body: jobMessage(jobId, "BankStatementOFX") }, ...FILLERS],
      "finance-jobs",
      bindings,
    );
    return result;
  };
  return { account, jobId, bytes, fileKey, staged: `${fileKey}.lines.jsonl`, once };
}

async function storedLines(account: number) {
  const [row] = await db()
    .select({ n: count(), keys: countDistinct(bankLines.dedupeKey) })
    .from(bankLines)
    .where(eq(bankLines.bankAccountId, account));
  return row!;
}

const cursorOf = async (jobId: number) =>
  JSON.parse((await jobRow(jobId))!.cursor!) as { offset: number; size: number };

describe("OFX import: a file of many deliveries", () => {
  it("parses the file once, then reads only the next lines of its staged lines by ranges", async () => {
    expect(CHUNKS_PER_INVOCATION).toBeGreaterThan(4);
    const size = OFX_LINES_PER_CHUNK * 2 + 2000;
    const reads: Read[] = [];
    const job = await largeOfxJob(size, reads);

    // the first delivery reads the file whole, once, and stages its lines
    await job.once();
    expect(reads).toEqual([
      { key: job.fileKey, offset: undefined, length: undefined, bytes: job.bytes.length },
    ]);
    expect(await jobRow(job.jobId)).toMatchObject({
      status: "Processing",
      total: size,
      processed: OFX_LINES_PER_CHUNK,
    });
    const stagedSize = (await env.UPLOADS.head(job.staged))!.size;
    let before = await cursorOf(job.jobId);
    expect(before.size).toBe(stagedSize);
    expect(before.offset).toBeGreaterThan(0);

    // the next deliveries read only ranges of the staged lines, from the saved cursor on
    for (const processed of [OFX_LINES_PER_CHUNK * 2, size]) {
      reads.length = 0;
      await job.once();
      const row = await jobRow(job.jobId);
      expect(row!.processed).toBe(processed);
      expect(reads.every((read) => read.key === job.staged && read.offset !== undefined)).toBe(true);
      expect(reads[0]!.offset).toBe(before.offset);
      const after = await cursorOf(job.jobId);
      const bytesRead = reads.reduce((sum, read) => sum + read.bytes, 0);
      expect(bytesRead).toBeGreaterThanOrEqual(after.offset - before.offset);
      expect(bytesRead).toBeLessThanOrEqual(after.offset - before.offset + 2 * READ_WINDOW_BYTES);
      before = after;
    }
    expect(before.offset).toBe(stagedSize);
    expect(await jobRow(job.jobId)).toMatchObject({ status: "Done", total: size, processed: size });
    expect(JSON.parse((await jobRow(job.jobId))!.result!)).toEqual({
      imported: size,
      duplicate: 0,
      skipped: 0,
      autoReconciled: 0,
      pending: size,
    });
    // the staged lines end with the job
    expect(await env.UPLOADS.head(job.staged)).toBeNull();
    expect(await storedLines(job.account)).toEqual({ n: size, keys: size });
  }, 120_000);

  it("a delivery killed between chunks, or sent twice, resumes from the cursor without duplicates", async () => {
    const size = OFX_LINES_PER_CHUNK * 2 + 300;
    const reads: Read[] = [];
    const job = await largeOfxJob(size, reads);
    await job.once();
    expect((await jobRow(job.jobId))!.processed).toBe(OFX_LINES_PER_CHUNK);

    // the second chunk's batch is refused (the worker dies before it commits): nothing of it stays
    await env.DB_DEMO.exec(
      "CREATE TRIGGER test_kill BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 5000 BEGIN SELECT RAISE(ABORT, 'morto'); END",
    );
    try {
      await job.once();
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_kill");
    }
    expect(await jobRow(job.jobId)).toMatchObject({ status: "Processing", processed: OFX_LINES_PER_CHUNK });
    expect(await storedLines(job.account)).toEqual({ n: OFX_LINES_PER_CHUNK, keys: OFX_LINES_PER_CHUNK });

    // redelivered: the chunk once; the same message again (acknowledged late): the next chunk, nothing twice
    await job.once();
    expect(await storedLines(job.account)).toEqual({
      n: OFX_LINES_PER_CHUNK * 2,
      keys: OFX_LINES_PER_CHUNK * 2,
    });
    await job.once();
    await job.once();
    expect(await jobRow(job.jobId)).toMatchObject({ status: "Done", processed: size, failures: 0 });
    expect(JSON.parse((await jobRow(job.jobId))!.result!)).toMatchObject({ imported: size, duplicate: 0 });
    expect(await storedLines(job.account)).toEqual({ n: size, keys: size });
    expect(await env.UPLOADS.head(job.staged)).toBeNull();
  }, 120_000);

  it("a job that has progress but no cursor (started before lines were staged) parses the file again once and ends", async () => {
    const size = OFX_LINES_PER_CHUNK + 700;
    const reads: Read[] = [];
    const job = await largeOfxJob(size, reads);
    await job.once();
    await env.DB_DEMO.prepare("UPDATE jobs SET cursor = NULL WHERE id = ?1").bind(job.jobId).run();
    await env.UPLOADS.delete(job.staged);
    reads.length = 0;
    await job.once();
    expect(reads.filter((read) => read.key === job.fileKey)).toHaveLength(1);
    expect(await jobRow(job.jobId)).toMatchObject({ status: "Done", processed: size });
    expect(JSON.parse((await jobRow(job.jobId))!.result!)).toMatchObject({ imported: size, duplicate: 0 });
    expect(await storedLines(job.account)).toEqual({ n: size, keys: size });
    expect(await env.UPLOADS.head(job.staged)).toBeNull();
  }, 120_000);
});
