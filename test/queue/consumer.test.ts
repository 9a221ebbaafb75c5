import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobErrors, jobs, products, skuCostRecords } from "../../drizzle/schema";
import { CHUNK_SIZE } from "../../src/domain/jobs/chunked-job";
import { JOB_TYPES } from "../../src/domain/jobs/job-message";
import { JOB_HANDLERS } from "../../src/jobs";
import { CHUNKS_PER_INVOCATION, MAX_ATTEMPTS, retryDelaySeconds } from "../../src/queue/consumer";
import { seedAccounts } from "../support/seed";
import { dbOf, deliver, jobMessage, jobRow, storedJob, utf8 } from "../support/upload-factories";

beforeAll(seedAccounts);

/** A template of `lines` products, each with a cost; every 10th line has an invalid price. */
function template(prefix: string, lines: number): Uint8Array {
  const rows = ["code;name;cost;price"];
  for (let i = 1; i <= lines; i++)
    rows.push(`${prefix}-${i};Produto ${i};${i},00;${i % 10 === 0 ? "x" : "1"}`);
  return utf8(`${rows.join("\n")}\n`);
}

async function applied(jobId: number, prefix: string) {
  const db = dbOf();
  const [records] = await db
    .select({ n: count() })
    .from(skuCostRecords)
    .where(eq(skuCostRecords.jobId, jobId));
  const [errors] = await db.select({ n: count() }).from(jobErrors).where(eq(jobErrors.jobId, jobId));
  const rows = await db.select({ code: products.code }).from(products);
  return {
    records: records!.n,
    errors: errors!.n,
    products: rows.filter((row) => row.code?.startsWith(`${prefix}-`)).length,
  };
}

async function fileless(params: string) {
  const [row] = await dbOf()
    .insert(jobs)
    .values({
      companyId: 1,
      route: "sku-cost-recalculate",
      type: "SkuCostRecalculate",
      params,
      fileKey: "",
      fileName: "",
      contentType: "",
      sizeBytes: 0,
      fileHash: crypto.randomUUID(),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** A real database failure on one line: the chunk holding it cannot commit. */
async function failOnLine(line: number) {
  await env.DB_DEMO.exec(
    `CREATE TRIGGER fail_line BEFORE INSERT ON sku_cost_records WHEN NEW.line = ${line} BEGIN SELECT RAISE(ABORT, 'falha simulada'); END`,
  );
  return () => env.DB_DEMO.exec("DROP TRIGGER fail_line");
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("queue consumer", () => {
  it("a message delivered twice applies the rows once; the second delivery is acked without work", async () => {
    const jobId = await storedJob(template("TWICE", 30));
    const first = await deliver([{ body: jobMessage(jobId) }]);
    expect(first.explicitAcks).toHaveLength(1);
    const done = await jobRow(jobId);
    expect(done).toMatchObject({ status: "Done", total: 30, processed: 30, attempts: 1 });
    expect(JSON.parse(done!.result!)).toEqual({ created: 27, updated: 0, errors: 3 });

    const second = await deliver([{ body: jobMessage(jobId) }]);
    expect(second.explicitAcks).toHaveLength(1);
    expect(second.retryMessages).toEqual([]);
    expect(await jobRow(jobId)).toEqual(done);
    expect(await applied(jobId, "TWICE")).toEqual({ records: 27, errors: 3, products: 27 });
  });

  it("concurrent deliveries of the same job apply each chunk once", async () => {
    const lines = CHUNK_SIZE * 2 + 100;
    const jobId = await storedJob(template("RACE", lines));
    const results = await Promise.all([
      deliver([{ body: jobMessage(jobId) }]),
      deliver([{ body: jobMessage(jobId) }]),
      deliver([{ body: jobMessage(jobId) }]),
    ]);
    for (const result of results) expect(result.explicitAcks).toHaveLength(1);
    await waitUntil(async () => (await jobRow(jobId))!.status === "Done");
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ processed: lines, total: lines });
    const invalid = Math.floor(lines / 10);
    expect(JSON.parse(job!.result!)).toEqual({ created: lines - invalid, updated: 0, errors: invalid });
    expect(await applied(jobId, "RACE")).toEqual({
      records: lines - invalid,
      errors: invalid,
      products: lines - invalid,
    });
  });

  it("a consumer failing half-way resumes after the last committed chunk on retry", async () => {
    const lines = CHUNK_SIZE * 2 + 200;
    const jobId = await storedJob(template("HALF", lines));
    const restore = await failOnLine(CHUNK_SIZE + 200);
    let failed: Awaited<ReturnType<typeof deliver>>;
    try {
      failed = await deliver([{ body: jobMessage(jobId), attempts: 1 }]);
    } finally {
      await restore();
    }
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toHaveLength(1);
    expect(failed.retryDelays).toEqual([retryDelaySeconds(1)]);
    expect(await jobRow(jobId)).toMatchObject({ status: "Processing", processed: CHUNK_SIZE, total: lines });
    expect((await applied(jobId, "HALF")).records).toBe(CHUNK_SIZE - CHUNK_SIZE / 10);

    const retried = await deliver([{ body: jobMessage(jobId), attempts: 2 }]);
    expect(retried.explicitAcks).toHaveLength(1);
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "Done", processed: lines, attempts: 2 });
    const invalid = lines / 10;
    expect(JSON.parse(job!.result!)).toEqual({ created: lines - invalid, updated: 0, errors: invalid });
    expect(await applied(jobId, "HALF")).toEqual({
      records: lines - invalid,
      errors: invalid,
      products: lines - invalid,
    });
  });

  it("retries with growing delays and gives the job up as Failed on the last attempt", async () => {
    const jobId = await storedJob(template("GIVEUP", 5));
    const restore = await failOnLine(3);
    try {
      const delays = [];
      for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
        const result = await deliver([{ body: jobMessage(jobId), attempts }]);
        expect(result.retryMessages).toHaveLength(1);
        delays.push(...result.retryDelays);
      }
      expect(delays).toEqual([10, 20, 40, 80]);
      const last = await deliver([{ body: jobMessage(jobId), attempts: MAX_ATTEMPTS }]);
      expect(last.explicitAcks).toHaveLength(1);
      const job = await jobRow(jobId);
      expect(job!.status).toBe("Failed");
      expect(job!.failureReason).toMatch(/^Falha no processamento após 5 tentativas: /);
      expect(job!.failureReason).toContain("falha simulada");
      expect(job!.finishedAt).not.toBeNull();
      expect(await applied(jobId, "GIVEUP")).toEqual({ records: 0, errors: 0, products: 0 });
    } finally {
      await restore();
    }
  });

  it("a message from the dead-letter queue marks its job Failed", async () => {
    const pending = await storedJob(template("DLQ", 2));
    const result = await deliver([{ body: jobMessage(pending) }], "finance-jobs-dlq");
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobRow(pending)).toMatchObject({
      status: "Failed",
      failureReason:
        "Processamento abandonado: a mensagem esgotou as tentativas da fila e foi para a fila de mensagens mortas",
      processed: 0,
    });

    const finished = await storedJob(template("DLQ-DONE", 2));
    await deliver([{ body: jobMessage(finished) }]);
    await deliver([{ body: jobMessage(finished) }], "finance-jobs-dlq");
    expect((await jobRow(finished))!.status).toBe("Done");
  });

  it("continues a large file in a new invocation when this one used its share", async () => {
    const lines = CHUNK_SIZE * CHUNKS_PER_INVOCATION + 50;
    const jobId = await storedJob(template("BIG", lines));
    const result = await deliver([{ body: jobMessage(jobId) }]);
    expect(result.explicitAcks).toHaveLength(1);
    const partial = await jobRow(jobId);
    expect(partial!.processed).toBeGreaterThanOrEqual(CHUNK_SIZE * CHUNKS_PER_INVOCATION);
    // the continuation message goes through the real queue
    await waitUntil(async () => (await jobRow(jobId))!.status === "Done", 30_000);
    const invalid = Math.floor(lines / 10);
    expect(await applied(jobId, "BIG")).toEqual({
      records: lines - invalid,
      errors: invalid,
      products: lines - invalid,
    });
  });

  it("fails a job whose file is missing or was replaced after confirmation", async () => {
    const missing = await storedJob(template("MISS", 1));
    await env.UPLOADS.delete((await jobRow(missing))!.fileKey);
    await deliver([{ body: jobMessage(missing) }]);
    expect(await jobRow(missing)).toMatchObject({
      status: "Failed",
      failureReason: "Arquivo do job não encontrado no armazenamento",
    });

    const replaced = await storedJob(template("SWAP", 1));
    await env.UPLOADS.put((await jobRow(replaced))!.fileKey, template("SWAP", 2));
    await deliver([{ body: jobMessage(replaced) }]);
    expect(await jobRow(replaced)).toMatchObject({
      status: "Failed",
      failureReason: "Arquivo do job foi alterado depois da confirmação (SHA-256 diferente)",
    });
    expect((await applied(replaced, "SWAP")).products).toBe(0);
  });

  it("every job type has its processing, so no job can end Done without it", () => {
    expect(JOB_TYPES.filter((type) => JOB_HANDLERS[type] === undefined)).toEqual([]);
  });

  it("fails a cost recalculation whose SKU is gone or whose parameters are unreadable", async () => {
    const [product] = await dbOf()
      .insert(products)
      .values({ companyId: 1, code: "GONE-REC", name: "Some", status: 0 })
      .returning({ id: products.id });
    const gone = await fileless(JSON.stringify({ IDSku: product!.id }));
    const unreadable = await fileless("{nope");
    await deliver([
      { body: jobMessage(gone, "SkuCostRecalculate") },
      { body: jobMessage(unreadable, "SkuCostRecalculate") },
    ]);
    expect(await jobRow(gone)).toMatchObject({ status: "Failed", failureReason: "Produto não existe" });
    expect(await jobRow(unreadable)).toMatchObject({
      status: "Failed",
      failureReason: "Parâmetros do job inválidos",
    });
  });

  it("acks and drops messages that are invalid or point at nothing", async () => {
    const jobId = await storedJob(template("ODD", 1));
    const result = await deliver([
      { body: { type: "Nada", account: "demo", jobId } },
      { body: { type: "SkuTemplate", account: "demo" } },
      { body: { type: "SkuTemplate", account: "inexistente", jobId } },
      { body: { type: "SkuTemplate", account: "demo", jobId: 999_999 } },
      { body: { type: "OrdersTemplate", account: "demo", jobId } },
      { body: { type: "SkuTemplate", account: "acme", jobId } },
    ]);
    expect(result.explicitAcks).toHaveLength(6);
    expect(result.retryMessages).toEqual([]);
    expect((await jobRow(jobId))!.status).toBe("Pending");
    const [acmeJobs] = await dbOf("acme").select({ n: count() }).from(jobs);
    expect(acmeJobs!.n).toBe(0);
  });
});

describe("retryDelaySeconds", () => {
  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [6, 320],
    [7, 600],
    [50, 600],
  ])("attempt %i waits %i s", (attempts, delay) => {
    expect(retryDelaySeconds(attempts)).toBe(delay);
  });
});
