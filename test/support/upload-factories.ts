import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { bankAccounts, brands, jobs, products } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import type { JobMessage } from "../../src/domain/jobs/job-message";
import worker from "../../src/index";
import { type ApiResponse, call } from "./api";
import { type AccountName, databaseOf } from "./seed";

export const dbOf = (account: AccountName = "demo") => drizzleFor(databaseOf(account));

export async function seedBrand(name: string, companyId = 1, account: AccountName = "demo"): Promise<number> {
  const [row] = await dbOf(account).insert(brands).values({ companyId, name }).returning({ id: brands.id });
  return row!.id;
}

export async function seedBankAccount(
  companyId = 1,
  status = 1,
  account: AccountName = "demo",
): Promise<number> {
  const [row] = await dbOf(account)
    .insert(bankAccounts)
    .values({ companyId, bank: "Banco Teste", bankNumber: "341", status })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

export async function seedProduct(
  values: { code: string; name?: string; cost?: number; price?: number; status?: number },
  companyId = 1,
  account: AccountName = "demo",
): Promise<number> {
  const [row] = await dbOf(account)
    .insert(products)
    .values({ companyId, name: values.name ?? values.code, ...values })
    .returning({ id: products.id });
  return row!.id;
}

const WINDOWS_1252_HIGH = new Map(
  [...new TextDecoder("windows-1252").decode(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i))].map(
    (char, i) => [char, 0x80 + i] as const,
  ),
);

/** Windows-1252 (Latin-1 plus the typographic characters of 0x80-0x9F) bytes of a text. */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code <= 0xff && (code < 0x80 || code > 0x9f)) return code;
    const high = WINDOWS_1252_HIGH.get(char);
    if (high === undefined) throw new Error(`not Windows-1252: ${char}`);
    return high;
  });
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

type UploadUrlAnswer = {
  UploadUrl: string;
  Key: string;
  Method: string;
  Headers: Record<string, string>;
  SizeBytes: number;
  ExpiresIn: number;
};

/** `Action=RequestUploadUrl` on an upload route. */
export function requestUploadUrl(
  token: string,
  path: string,
  body: Record<string, unknown>,
  account: AccountName = "demo",
): Promise<ApiResponse<UploadUrlAnswer & { errorMessage?: string }>> {
  return call<UploadUrlAnswer & { errorMessage?: string }>(account, "POST", `/1.0${path}`, {
    token,
    body: { Action: "RequestUploadUrl", ...body },
  });
}

/** PUT of the file to the UploadUrl with the mandatory headers (overridable). */
export function putFile(
  answer: UploadUrlAnswer,
  bytes: BodyInit,
  headers: Record<string, string> = answer.Headers,
  url = answer.UploadUrl,
): Promise<ApiResponse> {
  return call("demo", "PUT", url, { rawBody: bytes, headers });
}

export function confirmUpload(token: string, path: string, key: string, account: AccountName = "demo") {
  return call<{ IDJob: number; Message: string; errorMessage?: string }>(account, "POST", `/1.0${path}`, {
    token,
    body: { Action: "ConfirmUpload", Key: key },
  });
}

/** The whole two-step flow; answers the confirmation. */
export async function uploadTwoSteps(
  token: string,
  path: string,
  bytes: Uint8Array,
  options: { fileName?: string; contentType?: string; fields?: Record<string, unknown> } = {},
) {
  const contentType = options.contentType ?? "text/csv";
  const url = await requestUploadUrl(token, path, {
    FileName: options.fileName ?? "arquivo.csv",
    ContentType: contentType,
    SizeBytes: bytes.byteLength,
    ...options.fields,
  });
  if (url.status !== 200) throw new Error(`RequestUploadUrl: ${url.status} ${JSON.stringify(url.body)}`);
  const put = await putFile(url.body, bytes);
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${JSON.stringify(put.body)}`);
  return confirmUpload(token, path, url.body.Key);
}

/** Direct multipart upload. */
export function uploadMultipart(
  token: string,
  path: string,
  bytes: Uint8Array,
  options: { fileName?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append(
    "file",
    new File([bytes], options.fileName ?? "arquivo.csv", { type: options.contentType ?? "text/csv" }),
  );
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  return call<{ IDJob: number; Message: string; errorMessage?: string }>("demo", "POST", `/1.0${path}`, {
    token,
    rawBody: form,
  });
}

export type JobBody = {
  IDJob: number;
  Type: string;
  Status: string;
  Total: number;
  Processed: number;
  Result: Record<string, number>;
  Errors: { Line: number; Message: string }[];
  Params: Record<string, number>;
  FileName: string | null;
  CreatedAt: string;
  FinishedAt: string | null;
  FailureReason: string | null;
};

/** Polls `GET /job/{id}` until the real queue consumer has finished the job. */
export async function waitForJob(token: string, jobId: number, timeoutMs = 20_000): Promise<JobBody> {
  const started = Date.now();
  for (;;) {
    const response = await call<JobBody>("demo", "GET", `/1.0/job/${jobId}`, { token });
    if (response.status !== 200) throw new Error(`GET /job/${jobId}: ${response.status}`);
    if (response.body.Status === "Done" || response.body.Status === "Failed") return response.body;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${jobId} still ${response.body.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A job whose file is already in R2, created straight in the database: no queue message is sent,
 * so the test alone decides when (and how often) the consumer sees it.
 */
export async function storedJob(
  bytes: Uint8Array,
  values: {
    type?: JobMessage["type"];
    route?: string;
    companyId?: number;
    params?: string;
    account?: AccountName;
  } = {},
): Promise<number> {
  const key = `${values.account ?? "demo"}/${values.companyId ?? 1}/test/${crypto.randomUUID()}`;
  await env.UPLOADS.put(key, bytes);
  const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  const [row] = await dbOf(values.account)
    .insert(jobs)
    .values({
      companyId: values.companyId ?? 1,
      route: values.route ?? "sku-template",
      type: values.type ?? "SkuTemplate",
      params: values.params ?? "{}",
      fileKey: key,
      fileName: "direto.csv",
      contentType: "text/csv",
      sizeBytes: bytes.byteLength,
      fileHash: hash,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Delivers job messages to the Worker's queue handler, as the queue would; answers acks and retries. */
export async function deliver(
  messages: { body: unknown; attempts?: number }[],
  queue = "finance-jobs",
  bindings: typeof env = env,
) {
  const batch = createMessageBatch(
    queue,
    messages.map((message, index) => ({
      id: `message-${index}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: message.attempts ?? 1,
      body: message.body,
    })),
  );
  // The test helper's result does not keep the retry delay: record it on the way through.
  const retryDelays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      retryDelays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<JobMessage>, bindings, ctx);
  return { ...(await getQueueResult(batch, ctx)), retryDelays };
}

export const jobMessage = (
  jobId: number,
  type: JobMessage["type"] = "SkuTemplate",
  account: AccountName = "demo",
) => ({
  type,
  account,
  jobId,
});

export async function jobRow(jobId: number, account: AccountName = "demo") {
  const { eq } = await import("drizzle-orm");
  return dbOf(account).select().from(jobs).where(eq(jobs.id, jobId)).get();
}
