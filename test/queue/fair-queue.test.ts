import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobErrors, skuCostRecords } from "../../drizzle/schema";
import { CHUNK_SIZE } from "../../src/domain/jobs/chunked-job";
import { READ_WINDOW_BYTES } from "../../src/domain/jobs/job-file";
import type { JobMessage } from "../../src/domain/jobs/job-message";
import { CHUNKS_PER_INVOCATION } from "../../src/queue/consumer";
import { type AccountName, seedAccounts } from "../support/seed";
import { dbOf, deliver, jobMessage, jobRow, latin1, storedJob, utf8 } from "../support/upload-factories";

beforeAll(seedAccounts);

/** Messages the consumer sends (its continuations), kept by the test instead of the real queue. */
type Sent = JobMessage[];

/**
 * The jobs queue played by the test, first in first out, in batches of wrangler.toml's
 * max_batch_size: deterministic, and no real queue runs the jobs behind the test's back.
 */
function playedQueue() {
  const waiting: Sent = [];
  const bindings = {
    ...env,
    JOBS: { send: async (body: JobMessage) => void waiting.push(body) },
  } as unknown as typeof env;
  return {
    waiting,
    /** Delivers the next batch (up to 5 messages); nothing may be handed back for a retry. */
    async nextBatch() {
      const batch = waiting.splice(0, 5);
      const result = await deliver(
        batch.map((body) => ({ body })),
        "finance-jobs",
        bindings,
      );
      expect(result.retryMessages).toEqual([]);
      expect(result.explicitAcks).toHaveLength(batch.length);
    },
  };
}

/** A SKU template of `lines` products of `prefix`; every 10th line has an invalid price. */
function template(prefix: string, lines: number): Uint8Array {
  const rows = ["code;name;cost;price"];
  for (let i = 1; i <= lines; i++)
    rows.push(`${prefix}-${i};Produto ${i};${i},00;${i % 10 === 0 ? "x" : "1"}`);
  return utf8(`${rows.join("\n")}\n`);
}

async function applied(jobId: number, account: AccountName = "demo") {
  const db = dbOf(account);
  const [records] = await db
    .select({ n: count() })
    .from(skuCostRecords)
    .where(eq(skuCostRecords.jobId, jobId));
  const [errors] = await db.select({ n: count() }).from(jobErrors).where(eq(jobErrors.jobId, jobId));
  return { records: records!.n, errors: errors!.n };
}

describe("a fair job queue", () => {
  it("a small job of another account or company, queued while a large import runs, is Done before it", async () => {
    // enough chunks for five invocations of its own
    const lines = CHUNK_SIZE * CHUNKS_PER_INVOCATION * 5;
    const queue = playedQueue();
    const large = await storedJob(template("GRANDE", lines));
    queue.waiting.push(jobMessage(large));
    await queue.nextBatch();
    expect(await jobRow(large)).toMatchObject({ status: "Processing", total: lines });

    // company 1 of the other account (DB_ACME) and company 2 of the same account confirm small files
    const otherAccount = await storedJob(template("ACME", 20), { account: "acme" });
    const otherCompany = await storedJob(template("FILIAL", 20), { companyId: 2 });
    queue.waiting.push(jobMessage(otherAccount, "SkuTemplate", "acme"), jobMessage(otherCompany));

    // the very next invocation serves them, whoever is first in the batch
    await queue.nextBatch();
    expect(await jobRow(otherAccount, "acme")).toMatchObject({ status: "Done", processed: 20 });
    expect(await jobRow(otherCompany)).toMatchObject({ status: "Done", processed: 20 });
    const running = await jobRow(large);
    expect(running!.status).toBe("Processing");
    expect(running!.processed).toBeLessThan(lines);
    expect(await applied(otherAccount, "acme")).toEqual({ records: 18, errors: 2 });

    // the large import goes on alone to its end, each line once
    for (let batch = 0; queue.waiting.length > 0; batch++) {
      expect(batch).toBeLessThan(20);
      await queue.nextBatch();
    }
    expect(await jobRow(large)).toMatchObject({ status: "Done", processed: lines });
    expect(await applied(large)).toEqual({ records: lines - lines / 10, errors: lines / 10 });
  }, 120_000);

  it("a continuing job waits behind the messages already queued, and shares an invocation with them", async () => {
    const lines = CHUNK_SIZE * CHUNKS_PER_INVOCATION * 2;
    const queue = playedQueue();
    const large = await storedJob(template("FILA", lines));
    const small = await Promise.all([1, 2, 3, 4].map((n) => storedJob(template(`PEQUENO${n}`, 3))));
    queue.waiting.push(jobMessage(large), ...small.map((id) => jobMessage(id)));
    await queue.nextBatch();
    // first in the batch, the large job took only its share (one chunk of six for five messages);
    // every small job had its own, and the large one is queued again behind them
    for (const id of small) expect((await jobRow(id))!.status).toBe("Done");
    const partial = await jobRow(large);
    expect(partial!.processed).toBe(CHUNK_SIZE);
    expect(queue.waiting).toEqual([jobMessage(large)]);
  }, 60_000);
});

type Read = { offset: number | undefined; length: number | undefined; bytes: number };

/** The uploads bucket, noting every read of an object's bytes (with its range, if any). */
function countingBucket(reads: Read[]): R2Bucket {
  const bucket = env.UPLOADS;
  return {
    get: async (key: string, options?: R2GetOptions) => {
      const object = await bucket.get(key, options);
      if (!object) return object;
      const range = options?.range as { offset?: number; length?: number } | undefined;
      return new Proxy(object, {
        get(target, property) {
          if (property === "arrayBuffer")
            return async () => {
              const buffer = await target.arrayBuffer();
              reads.push({ offset: range?.offset, length: range?.length, bytes: buffer.byteLength });
              return buffer;
            };
          const value = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  } as unknown as R2Bucket;
}

/**
 * A SKU template whose names take several bytes per character (accents) and some of whose
 * records span two lines (a quoted name with a line break); every 10th record and every record
 * spanning two lines has an invalid price.
 * Answers the file and, for each record, the byte offset and line where it starts.
 */
function longTemplate(records: number, encoding: "utf-8" | "windows-1252") {
  const breakLine = encoding === "utf-8" ? "\n" : "\r\n";
  const header = `code;name;cost;price${breakLine}`;
  const encode = (text: string) => (encoding === "utf-8" ? utf8(text) : latin1(text));
  const starts: { offset: number; line: number }[] = [];
  const errorLines: number[] = [];
  const run = crypto.randomUUID().slice(0, 8);
  let offset = encode(header).length;
  let line = 2;
  const rows = [header];
  for (let i = 1; i <= records; i++) {
    starts.push({ offset, line });
    const invalid = i % 10 === 0 || i % 97 === 0;
    if (invalid) errorLines.push(line);
    const name =
      i % 97 === 0
        ? `"Descrição com ""aspas""${breakLine}e quebra ${i}"`
        : `Açúcar e café ${"é".repeat(40)} nº ${i}`;
    const row = `${encoding}-${run}-${i};${name};${i},00;${invalid ? "x" : "1"}${breakLine}`;
    rows.push(row);
    offset += encode(row).length;
    line += i % 97 === 0 ? 2 : 1;
  }
  return { bytes: encode(rows.join("")), starts, errorLines, headerBytes: encode(header).length, run };
}

describe("a job resumes where it stopped", () => {
  it.each(["utf-8", "windows-1252"] as const)(
    "reads a %s CSV by ranges from its saved cursor, each line once, with its own line number",
    async (encoding) => {
      // four deliveries, the last one short
      const records = CHUNK_SIZE * CHUNKS_PER_INVOCATION * 4 - 100;
      const file = longTemplate(records, encoding);
      expect(file.bytes.length).toBeGreaterThan(4 * READ_WINDOW_BYTES);
      const jobId = await storedJob(file.bytes);
      const reads: Read[] = [];
      const bindings = {
        ...env,
        UPLOADS: countingBucket(reads),
        JOBS: { send: async () => undefined },
      } as unknown as typeof env;

      // the first delivery reads the file whole, once (its hash, encoding and total)
      await deliver([{ body: jobMessage(jobId) }], "finance-jobs", bindings);
      expect(reads).toEqual([{ offset: undefined, length: undefined, bytes: file.bytes.length }]);
      let job = await jobRow(jobId);
      const perDelivery = CHUNK_SIZE * CHUNKS_PER_INVOCATION;
      expect(job).toMatchObject({ status: "Processing", total: records, processed: perDelivery });

      for (let delivery = 2; delivery <= 4; delivery++) {
        const before = JSON.parse(job!.cursor!) as { offset: number; line: number };
        // the cursor is the start of the first record not yet processed
        expect(before).toMatchObject(file.starts[job!.processed]!);
        reads.length = 0;
        await deliver([{ body: jobMessage(jobId) }], "finance-jobs", bindings);
        job = await jobRow(jobId);
        expect(job!.processed).toBe(Math.min(delivery * perDelivery, records));
        // the header alone, then ranges from the cursor on, never the file from its start
        expect(reads[0]).toEqual({ offset: 0, length: file.headerBytes, bytes: file.headerBytes });
        expect(reads[1]!.offset).toBe(before.offset);
        const dataBytes = reads.slice(1).reduce((sum, read) => sum + read.bytes, 0);
        const consumed = (file.starts[job!.processed]?.offset ?? file.bytes.length) - before.offset;
        expect(dataBytes).toBeLessThanOrEqual(consumed + 2 * READ_WINDOW_BYTES);
      }
      expect(job).toMatchObject({ status: "Done", processed: records });

      const invalid = file.errorLines.length;
      expect(await applied(jobId)).toEqual({ records: records - invalid, errors: invalid });
      const errors = await dbOf()
        .select({ line: jobErrors.line })
        .from(jobErrors)
        .where(eq(jobErrors.jobId, jobId))
        .orderBy(jobErrors.line);
      expect(errors.map((error) => error.line)).toEqual(file.errorLines);
      const last = await env.DB_DEMO.prepare("SELECT name FROM products WHERE code = ?1")
        .bind(`${encoding}-${file.run}-${records - 1}`)
        .first<{ name: string }>();
      expect(last!.name).toBe(`Açúcar e café ${"é".repeat(40)} nº ${records - 1}`);
    },
    120_000,
  );

  it("a file replaced after the job started fails the job instead of being read on", async () => {
    const file = longTemplate(CHUNK_SIZE * CHUNKS_PER_INVOCATION * 2, "utf-8");
    const jobId = await storedJob(file.bytes);
    const bindings = { ...env, JOBS: { send: async () => undefined } } as unknown as typeof env;
    await deliver([{ body: jobMessage(jobId) }], "finance-jobs", bindings);
    expect((await jobRow(jobId))!.status).toBe("Processing");
    const other = longTemplate(CHUNK_SIZE * CHUNKS_PER_INVOCATION * 2, "windows-1252");
    await env.UPLOADS.put((await jobRow(jobId))!.fileKey, other.bytes);
    await deliver([{ body: jobMessage(jobId) }], "finance-jobs", bindings);
    expect(await jobRow(jobId)).toMatchObject({
      status: "Failed",
      failureReason: "Arquivo do job foi alterado depois da confirmação (SHA-256 diferente)",
    });
  }, 60_000);
});
