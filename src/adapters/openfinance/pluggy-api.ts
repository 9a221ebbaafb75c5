/**
 * Pluggy's API as published (docs.pluggy.ai; request and answer shapes checked against the public
 * `pluggyai/pluggy-node` SDK; docs/OPEN-FINANCE.md cites both), spoken through `outboundFetch`
 * (src/platform/outbound.ts): the address rule on every URL, no redirect followed, the time limit on
 * the whole exchange and a bound on each answer's size.
 * - `POST /auth` {clientId, clientSecret} gives an API key (a JWT, 2 hours), sent as `X-API-KEY`; it is
 *   kept (instance, and the integration's store when given) and renewed shortly before it expires, and
 *   once more when a call is answered 401 (the call is then sent again, once).
 * - `GET /items/{id}`, `PATCH /items/{id}` (an update now), `GET /consents?itemId=`, `GET /accounts?itemId=` (page numbers),
 *   `GET /v2/transactions` (cursor: `next` carries the `after` of the following page), `POST /webhooks`.
 * - 429 is a typed back-off with its time (`RateLimit-Reset`, else `Retry-After`), never a retry loop;
 *   5xx, garbage, a stall, a redirect are typed failures: every method answers a `FeedResult`.
 */
import { jsonOf, OutboundFailure, type OutboundFetcher, outboundFetch } from "../../platform/outbound";
import { reasonOf } from "./failures";
import { readAccount, readConsent, readItem, readTransaction } from "./mapping";
import type {
  ApiKeyStore,
  FeedAccount,
  FeedConsent,
  FeedFailure,
  FeedItem,
  FeedResult,
  FeedTransaction,
  StoredApiKey,
  TransactionPage,
  TransactionQuery,
  TransactionRefusal,
  TransactionSweep,
} from "./types";

export type PluggyOptions = {
  /** The API's address (`https://api.pluggy.ai`; the double in tests); no default. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The address rule's mode: production allows https on a public host only. Default false. */
  production?: boolean;
  /** Each request's limit, body read included (default 20 s). */
  timeoutMs?: number;
  /** Bound on each answer's body (default `PLUGGY_MAX_ANSWER_BYTES`). */
  maxAnswerBytes?: number;
  /** Pages a sweep follows at most before it gives up with `too_many_pages` (default 100). */
  maxPages?: number;
  /** The integration's API key store; without it the key lives as long as the instance. */
  apiKeyStore?: ApiKeyStore;
  fetcher?: OutboundFetcher;
  now?: () => number;
};

/** Named in the reasons of `outboundFetch`. */
const PARTY = "Pluggy";
const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * A page of `GET /v2/transactions` holds at most 500 transactions of about 1.5 KB each (payment data,
 * merchant, card metadata): under 1 MiB; 4 MiB leaves room.
 */
export const PLUGGY_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
export const PLUGGY_DEFAULT_MAX_PAGES = 100;
/** The API key lives 2 hours (docs: Authentication); renewed this long before. */
export const API_KEY_LIFETIME_MS = 2 * 3600_000;
export const API_KEY_RENEW_MARGIN_MS = 5 * 60_000;
/** `ids` of `GET /v2/transactions`: at most 500 per request. */
export const MAX_IDS_PER_REQUEST = 500;
/** When a 429 names no time: Pluggy's window is one minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

type Answer = { status: number; headers: Headers; body: unknown };
type Failed = { ok: false; failure: FeedFailure; reason: string };

const fail = (failure: FeedFailure): Failed => ({ ok: false, failure, reason: reasonOf(failure) });

/** When a JWT's `exp` says it ends (epoch ms), or null when the key is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" && Number.isFinite(json.exp) ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Seconds to wait after a 429: `RateLimit-Reset` (seconds), else `Retry-After` (seconds or a date). */
export function retryAfterSeconds(headers: Headers, now: number): number {
  const reset = headers.get("RateLimit-Reset");
  if (reset && /^\d{1,6}$/.test(reset.trim())) return Math.max(1, Number(reset.trim()));
  const retry = headers.get("Retry-After")?.trim();
  if (retry && /^\d{1,6}$/.test(retry)) return Math.max(1, Number(retry));
  if (retry) {
    const at = Date.parse(retry);
    if (Number.isFinite(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

function errorBody(body: unknown): { code: string | null; message: string | null } {
  if (typeof body !== "object" || body === null) return { code: null, message: null };
  const b = body as Record<string, unknown>;
  return {
    code: typeof b.codeDescription === "string" ? b.codeDescription.slice(0, 80) : null,
    message: typeof b.message === "string" ? b.message.slice(0, 200) : null,
  };
}

export class PluggyApi {
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private readonly now: () => number;
  private key: StoredApiKey | null = null;
  /** The key being read or asked for, shared by the calls made meanwhile. */
  private keyAsked: { fresh: boolean; result: Promise<FeedResult<string>> } | null = null;

  constructor(private readonly options: PluggyOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxPages = options.maxPages ?? PLUGGY_DEFAULT_MAX_PAGES;
    this.now = options.now ?? Date.now;
  }

  /** `GET /items/{id}`. */
  async getItem(itemId: string): Promise<FeedResult<FeedItem>> {
    const answer = await this.call("GET", `/items/${encodeURIComponent(itemId)}`);
    if (!answer.ok) return answer;
    const item = readItem(answer.value);
    if (!item) return fail({ kind: "invalid_answer", detail: "item sem id ou status" });
    return { ok: true, value: item };
  }

  /**
   * `PATCH /items/{id}` without parameters: asks the aggregator to update the item at the institution
   * now (it answers the item, usually UPDATING). Each one spends a read of the recent window of the
   * Open Finance monthly budget (budget.ts): ask `decideRead` first. Limited to 20 a minute per IP.
   */
  async requestUpdate(itemId: string): Promise<FeedResult<FeedItem>> {
    const answer = await this.call("PATCH", `/items/${encodeURIComponent(itemId)}`, undefined, {});
    if (!answer.ok) return answer;
    const item = readItem(answer.value);
    if (!item) return fail({ kind: "invalid_answer", detail: "item sem id ou status" });
    return { ok: true, value: item };
  }

  /** `GET /consents?itemId=`: the item's consents (every page). */
  async listConsents(itemId: string): Promise<FeedResult<FeedConsent[]>> {
    return this.allPages(`/consents`, { itemId }, readConsent, "consentimento");
  }

  /** `GET /accounts?itemId=`: the item's accounts (every page). */
  async listAccounts(itemId: string): Promise<FeedResult<FeedAccount[]>> {
    return this.allPages(`/accounts`, { itemId }, readAccount, "conta");
  }

  /** `POST /webhooks`: subscribes `url` to `event`, the `headers` sent with every notification. */
  async createWebhook(webhook: {
    event: string;
    url: string;
    headers?: Record<string, string>;
  }): Promise<FeedResult<{ id: string }>> {
    const answer = await this.call("POST", "/webhooks", undefined, webhook);
    if (!answer.ok) return answer;
    const id = (answer.value as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return fail({ kind: "invalid_answer", detail: "webhook sem id" });
    return { ok: true, value: { id } };
  }

  /** One page of `GET /v2/transactions` (`after`: the cursor of the page before; absent: the first). */
  async transactionPage(query: TransactionQuery, after?: string): Promise<FeedResult<TransactionPage>> {
    const params: Record<string, string> = { accountId: query.accountId };
    if ("from" in query) {
      params.dateFrom = query.from;
      params.dateTo = query.to;
    } else if ("createdAtFrom" in query) params.createdAtFrom = query.createdAtFrom;
    else {
      if (query.ids.length === 0 || query.ids.length > MAX_IDS_PER_REQUEST) {
        return fail({ kind: "invalid_answer", detail: `ids: de 1 a ${MAX_IDS_PER_REQUEST} por consulta` });
      }
      params.ids = query.ids.join(",");
    }
    if (after) params.after = after;
    const answer = await this.call("GET", "/v2/transactions", params);
    if (!answer.ok) return answer;
    const body = answer.value as { results?: unknown; next?: unknown } | null;
    if (!body || !Array.isArray(body.results) || !(body.next === null || typeof body.next === "string")) {
      return fail({ kind: "invalid_answer", detail: "página de transações fora do formato" });
    }
    let nextAfter: string | null = null;
    if (typeof body.next === "string" && body.next.length > 0) {
      try {
        nextAfter = new URL(body.next, this.options.baseUrl).searchParams.get("after");
      } catch {
        nextAfter = null;
      }
      if (!nextAfter) return fail({ kind: "invalid_answer", detail: "next sem cursor after" });
    }
    const transactions: FeedTransaction[] = [];
    const refused: TransactionRefusal[] = [];
    for (const row of body.results) {
      const reading = readTransaction(row, query.accountId);
      if (reading.ok) transactions.push(reading.transaction);
      else refused.push(reading.refusal);
    }
    return { ok: true, value: { transactions, refused, after: nextAfter } };
  }

  /**
   * Every page of a query, bounded by `maxPages`; the same id answered twice is kept once (the latest
   * `updatedAt`). A cursor that comes back is an invalid answer, not a loop. Ids beyond 500 are read
   * in groups of 500. `firstPage`: the query's first page, already asked (`transactionPage`, e.g.
   * at the same time as the item), which the sweep continues from.
   */
  async transactions(
    query: TransactionQuery,
    firstPage?: FeedResult<TransactionPage>,
  ): Promise<FeedResult<TransactionSweep>> {
    if ("ids" in query && query.ids.length > MAX_IDS_PER_REQUEST) {
      const sweeps: TransactionSweep[] = [];
      for (let i = 0; i < query.ids.length; i += MAX_IDS_PER_REQUEST) {
        const part = await this.transactions({
          accountId: query.accountId,
          ids: query.ids.slice(i, i + MAX_IDS_PER_REQUEST),
        });
        if (!part.ok) return part;
        sweeps.push(part.value);
      }
      return {
        ok: true,
        value: merge(
          sweeps.flatMap((s) => s.transactions),
          sweeps,
        ),
      };
    }
    const seenCursors = new Set<string>();
    const rows: FeedTransaction[] = [];
    const refused: TransactionRefusal[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      if (pages >= this.maxPages) return fail({ kind: "too_many_pages", pages });
      const page = pages === 0 && firstPage ? firstPage : await this.transactionPage(query, after);
      if (!page.ok) return page;
      pages++;
      rows.push(...page.value.transactions);
      refused.push(...page.value.refused);
      if (!page.value.after) break;
      if (seenCursors.has(page.value.after)) {
        return fail({ kind: "invalid_answer", detail: "cursor repetido na paginação" });
      }
      seenCursors.add(page.value.after);
      after = page.value.after;
    }
    return { ok: true, value: merge(rows, [{ transactions: [], refused, pages, duplicates: 0 }]) };
  }

  // ---- paging by number (`page`, `totalPages`) ----

  private async allPages<T>(
    path: string,
    query: Record<string, string>,
    read: (value: unknown) => T | null,
    what: string,
  ): Promise<FeedResult<T[]>> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      if (page > this.maxPages) return fail({ kind: "too_many_pages", pages: page - 1 });
      const answer = await this.call("GET", path, { ...query, page: String(page) });
      if (!answer.ok) return answer;
      const body = answer.value as { results?: unknown; totalPages?: unknown } | null;
      if (!body || !Array.isArray(body.results)) {
        return fail({ kind: "invalid_answer", detail: `lista de ${what} fora do formato` });
      }
      for (const row of body.results) {
        const value = read(row);
        if (value === null) return fail({ kind: "invalid_answer", detail: `${what} sem id` });
        out.push(value);
      }
      const total = typeof body.totalPages === "number" ? body.totalPages : 1;
      if (page >= total) return { ok: true, value: out };
    }
  }

  // ---- the exchange: API key, one renewal on 401, statuses to failures ----

  private async call(
    method: string,
    path: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<FeedResult<unknown>> {
    let refused: string | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const key = await this.apiKey(refused);
      if (!key.ok) return key;
      const answer = await this.send(method, path, query, body, { "X-API-KEY": key.value });
      if (!answer.ok) return answer;
      const { status, headers } = answer.value;
      if (status === 401) {
        if (attempt === 0) {
          refused = key.value; // the key expired or was revoked: a fresh one, once
          continue;
        }
        return fail({ kind: "api_key_refused", status });
      }
      return this.interpret(answer.value, headers);
    }
    return fail({ kind: "api_key_refused", status: 401 });
  }

  private interpret(answer: Answer, headers: Headers): FeedResult<unknown> {
    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      if (body === undefined) return fail({ kind: "invalid_answer", detail: "resposta não é JSON" });
      return { ok: true, value: body };
    }
    const { code, message } = errorBody(body);
    if (status === 429) {
      const seconds = retryAfterSeconds(headers, this.now());
      return fail({ kind: "rate_limited", retryAfterSeconds: seconds, retryAt: this.now() + seconds * 1000 });
    }
    if (status >= 500) return fail({ kind: "unavailable", status, code });
    if (status === 404) return fail({ kind: "not_found", status, code });
    return fail({ kind: "refused", status, code, message });
  }

  /**
   * The API key: kept until shortly before it expires; `refused` (the key a call was answered 401
   * with) asks `POST /auth` for a new one unless another call already got it. Calls made at once
   * share one read of the store and one `POST /auth` (a renewal is never asked twice for one key).
   */
  private async apiKey(refused?: string): Promise<FeedResult<string>> {
    for (;;) {
      const now = this.now();
      if (this.key && this.key.renewAt > now && this.key.value !== refused) {
        return { ok: true, value: this.key.value };
      }
      const fresh = refused !== undefined;
      const asked = this.keyAsked;
      if (asked && (asked.fresh || !fresh)) return asked.result;
      if (asked) {
        await asked.result; // a read of the store under way: it may answer the refused key again
        continue;
      }
      const result = this.askKey(fresh).finally(() => {
        this.keyAsked = null;
      });
      this.keyAsked = { fresh, result };
      return result;
    }
  }

  /** The stored key (unless `fresh`), else `POST /auth`; kept on the instance and in the store. */
  private async askKey(fresh: boolean): Promise<FeedResult<string>> {
    const now = this.now();
    if (!fresh) {
      const stored = await this.options.apiKeyStore?.read();
      if (stored && stored.renewAt > now) {
        this.key = stored;
        return { ok: true, value: stored.value };
      }
    }
    const answer = await this.send("POST", "/auth", undefined, {
      clientId: this.options.clientId,
      clientSecret: this.options.clientSecret,
    });
    if (!answer.ok) return answer;
    const { status, body, headers } = answer.value;
    if (status === 401 || status === 403) {
      return fail({ kind: "credentials_refused", status, code: errorBody(body).code });
    }
    const interpreted = this.interpret(answer.value, headers);
    if (!interpreted.ok) return interpreted;
    const apiKey = (interpreted.value as { apiKey?: unknown } | null)?.apiKey;
    if (typeof apiKey !== "string" || apiKey.length === 0 || apiKey.length > 4096) {
      return fail({ kind: "invalid_answer", detail: "POST /auth sem apiKey" });
    }
    const expiresAt = jwtExpiry(apiKey) ?? now + API_KEY_LIFETIME_MS;
    this.key = { value: apiKey, renewAt: Math.max(now, expiresAt - API_KEY_RENEW_MARGIN_MS) };
    await this.options.apiKeyStore?.write(this.key);
    return { ok: true, value: apiKey };
  }

  private async send(
    method: string,
    path: string,
    query: Record<string, string> | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<FeedResult<Answer>> {
    const base = this.options.baseUrl.replace(/\/+$/, "");
    const search = query ? `?${new URLSearchParams(query).toString()}` : "";
    try {
      const answer = await outboundFetch(
        `${base}${path}${search}`,
        {
          method,
          headers: {
            Accept: "application/json",
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        {
          party: PARTY,
          production: this.options.production ?? false,
          timeoutMs: this.timeoutMs,
          maxBytes: this.options.maxAnswerBytes ?? PLUGGY_MAX_ANSWER_BYTES,
          ...(this.options.fetcher ? { fetcher: this.options.fetcher } : {}),
        },
      );
      return {
        ok: true,
        value: { status: answer.status, headers: answer.headers, body: jsonOf(answer) },
      };
    } catch (error) {
      if (!(error instanceof OutboundFailure)) {
        return fail({ kind: "network", detail: error instanceof Error ? error.message.slice(0, 200) : "" });
      }
      switch (error.kind) {
        case "address":
          return fail({ kind: "address", detail: error.message });
        case "redirect":
          return fail({ kind: "redirect", status: error.status ?? 0 });
        case "timeout":
          return fail({ kind: "timeout", timeoutMs: this.timeoutMs });
        case "too_large":
          return fail({
            kind: "too_large",
            maxBytes: this.options.maxAnswerBytes ?? PLUGGY_MAX_ANSWER_BYTES,
          });
        default:
          return fail({ kind: "network", detail: error.message });
      }
    }
  }
}

/** The rows of a sweep, each id once (the latest `updatedAt`; equal ones: the last answered). */
function merge(rows: FeedTransaction[], sweeps: TransactionSweep[]): TransactionSweep {
  const byId = new Map<string, FeedTransaction>();
  let duplicates = 0;
  for (const row of rows) {
    const known = byId.get(row.id);
    if (known) {
      duplicates++;
      if (row.updatedAt < known.updatedAt) continue;
    }
    byId.set(row.id, row);
  }
  return {
    transactions: [...byId.values()],
    refused: sweeps.flatMap((s) => s.refused),
    pages: sweeps.reduce((sum, s) => sum + s.pages, 0),
    duplicates: duplicates + sweeps.reduce((sum, s) => sum + s.duplicates, 0),
  };
}
