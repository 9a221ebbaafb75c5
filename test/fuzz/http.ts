import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { ERROR_CODES } from "../../src/lib/errors";
import { expectDeclaredAnswer } from "../support/api";
import { objectCount, writeMark, writesSince } from "../support/invariants";

/** One generated request, as sent to the Worker. */
export type FuzzRequest = {
  method: string;
  /** Path and query string, e.g. `/1.0/brand/-1?Search=%00`. */
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  /** Short description of the body, for the failure report. */
  bodyLabel: string;
};

export type FuzzStats = { cases: number; statuses: Record<string, number> };

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

export const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${clip(r.url, 200)} [${r.headers["Content-Type"] ?? "no content type"}] ${clip(r.bodyLabel)}`;

/** Waits until the queue consumer has no job left in flight (a 200 upload may have created one). */
export async function settleJobs(timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const row = await env.DB_DEMO.prepare(
      "SELECT count(*) AS n FROM jobs WHERE status IN ('Pending', 'Processing')",
    ).first<{ n: number }>();
    if (!row?.n) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${row.n} jobs still in flight`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The writes a refusal may make: a Pix charge the PSP refused (401, 429, 5xx, garbage, timeout)
 * answers 400 and records the PSP's answer as the integration's state (`State`, `StateReason`,
 * `RetryAfter`), documented in docs/PIX.md: only an UPDATE of that row, never an insert or delete.
 * A refused sign-in (401) is counted by the sign-in throttle (docs/API.md, "Sign-in throttling"): its counters' rows.
 */
const REFUSAL_MAY_WRITE = /^(?:pix_integrations:UPDATE|sign_in_throttle:(?:INSERT|UPDATE|DELETE))x\d+$/;

/** The keys of an error body: the spec's text, the code of ERROR_CODES, and sometimes a detail. */
const ERROR_KEYS = ["errorMessage", "code", "detail"];

/** Texts of zod's and Hono's own English messages, which a refusal must never carry. */
const VALIDATOR_ENGLISH =
  /Invalid input|expected \w+, received|Unsupported Media Type|Malformed (JSON|FormData)|Too (big|small)|Unrecognized key/i;

/** Where the write counter and the bucket stood after the last accepted request of a fuzz run. */
export type FuzzState = { upload: boolean; mark: number; objects: number };

export async function fuzzState(upload: boolean): Promise<FuzzState> {
  return { upload, mark: await writeMark(env.DB_DEMO), objects: upload ? await objectCount(env.UPLOADS) : 0 };
}

/**
 * Sends the request and checks what every answer must satisfy: never a 5xx, a request id, on
 * a refusal a JSON `{errorMessage, code}` body (a code of ERROR_CODES, no English of the validator,
 * `WWW-Authenticate` on a 401, `Allow` on a 405) and no write to the tenant database or the upload bucket
 * since the last accepted request, and on a 200 the response schema the route declares. Throws with a reproducible description otherwise.
 */
export async function sendAndCheck(request: FuzzRequest, stats: FuzzStats, state: FuzzState) {
  const response = await exports.default.fetch(
    new Request(`http://demo.localhost${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    }),
  );
  const text = await response.text();
  stats.cases++;
  stats.statuses[response.status] = (stats.statuses[response.status] ?? 0) + 1;
  const fail = (why: string) => {
    throw new Error(
      `${why}\n  request: ${describeRequest(request)}\n  answer: ${response.status} ${clip(text, 500)}`,
    );
  };
  if (response.status >= 500) fail("5xx answer");
  if (!response.headers.get("X-Request-Id")) fail("answer without X-Request-Id");
  if (response.status >= 400) {
    if (!/^application\/json/.test(response.headers.get("Content-Type") ?? ""))
      fail("refusal that is not JSON");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      fail("refusal body is not JSON");
    }
    const keys = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
    const { errorMessage: message, code, detail } = (body ?? {}) as Record<string, unknown>;
    if (!keys.every((key) => ERROR_KEYS.includes(key)) || typeof message !== "string" || message.length === 0)
      fail("refusal body is not {errorMessage, code, detail?}");
    if (typeof code !== "string" || !Object.hasOwn(ERROR_CODES, code))
      fail("refusal without a documented code");
    if (detail !== undefined && typeof detail !== "string") fail("refusal detail is not a text");
    if (VALIDATOR_ENGLISH.test(String(message))) fail("refusal speaks the validator's English");
    if (response.status === 401 && !response.headers.get("WWW-Authenticate")?.startsWith("JWT"))
      fail("401 without WWW-Authenticate: JWT");
    if (response.status === 405 && !response.headers.get("Allow")) fail("405 without Allow");
    const writes = (await writesSince(env.DB_DEMO, state.mark)).filter(
      (write) => !REFUSAL_MAY_WRITE.test(write),
    );
    if (writes.length > 0) fail(`refusal wrote to the database: ${writes.join(", ")}`);
    if (state.upload && (await objectCount(env.UPLOADS)) !== state.objects) fail("refusal stored an object");
  } else {
    if (response.status === 200) {
      const contentType = response.headers.get("Content-Type") ?? "";
      try {
        const body = /^application\/json/i.test(contentType) ? JSON.parse(text) : text;
        await expectDeclaredAnswer(request.method, `http://demo.localhost${request.url}`, contentType, body);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }
    if (state.upload) await settleJobs();
    Object.assign(state, await fuzzState(state.upload));
  }
  return { status: response.status };
}

declare module "vitest" {
  interface TaskMeta {
    /** Cases tried by a fuzz test, read by the fuzz summary reporter. */
    fuzz?: { route: string } & FuzzStats;
  }
}
