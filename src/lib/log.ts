import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Structured JSON log lines. Every line carries the id of the work it belongs to (the request id
 * in the request path, the job and queue message ids in the queue consumer) from the log context,
 * so nothing that logs has to pass it along. Never pass tokens, passwords or secrets in `fields`:
 * the scrubbing below is a safety net, not a licence.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";

export type LogContext = {
  requestId?: string;
  jobId?: number;
  messageId?: string;
  account?: string;
};

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these ids (added to the current ones) on every log line it writes. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...context }, work);
}

/** Field names whose values are never written. */
const SECRET_KEY = /authorization|password|passwd|secret|token|signature|cookie|api[-_]?key/i;
/** A JWT (three base64url parts, the first two JSON objects). */
const JWT = /eyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g;
/** `JWT <token>` / `Bearer <token>` as an Authorization header value. */
const AUTH_VALUE = /\b(JWT|Bearer)\s+[\w.~+/=-]+/gi;
/** The secret of a Pix webhook URL (`/pix/webhook/<secret>/pix`), in a logged path. */
const PIX_WEBHOOK_SECRET = /(\/pix\/webhook\/)[^/?#\s"]+/g;
/** Bound values of a failed query (drizzle puts them after `params:`): user data, hashes. */
const QUERY_PARAMS = /\bparams:[^\n]*/g;

/** A text with tokens, Authorization values, Pix webhook secrets and query parameters replaced. */
export function scrub(text: string): string {
  return text
    .replace(JWT, "[redacted-token]")
    .replace(AUTH_VALUE, "$1 [redacted]")
    .replace(PIX_WEBHOOK_SECRET, "$1[redacted]")
    .replace(QUERY_PARAMS, "params: [redacted]");
}

function scrubValue(key: string, value: unknown, depth = 0): unknown {
  if (SECRET_KEY.test(key)) return "[redacted]";
  if (typeof value === "string") return scrub(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue("", item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(k, v, depth + 1)]));
}

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const safe = scrubValue("", fields) as Record<string, unknown>;
  const line = JSON.stringify({
    level,
    message: scrub(message),
    time: new Date().toISOString(),
    ...logContext.getStore(),
    ...safe,
  });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { error: error.message, stack: error.stack, cause: String(error.cause ?? "") };
  return { error: String(error) };
}
