/**
 * Mercado Livre's REST API over the outbound helper (`outboundFetch`, src/platform/outbound.ts: the
 * address rule on every URL, no redirect followed, the answer bounded in size and the exchange in
 * time): the bearer token of the seller (refreshed once per integration when it ends or a call is
 * answered 401), 429 and 5xx retried with a bounded backoff that honours `Retry-After`, every answer
 * parsed as JSON or refused as `invalid_answer`; a fault of the call itself (redirect, address,
 * network, too large) is the `outbound` failure with the helper's reason, which names Mercado Livre.
 * Error bodies are `{message, error, status, cause}` (developers.mercadolivre.com.br).
 */
import { jsonOf, type OutboundAnswer, OutboundFailure, outboundFetch } from "../../../platform/outbound";
import { ChannelError } from "../types";
import { ML_PARTY, mlCallFailure } from "./failures";
import { exchangeToken, OAuthRefused } from "./oauth";
import type { MlCallOutcome, MlSettings, MlTokenState } from "./types";

/** Largest JSON answer read (a search page of 50 orders is about 150 KB). */
const ML_MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** Largest file answer read (labels: a PDF or a ZIP of 50 shipments' labels). */
const ML_MAX_FILE_BYTES = 20 * 1024 * 1024;

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_ATTEMPTS = 4;
const DEFAULT_MAX_WAIT_MS = 5_000;
const DEFAULT_REFRESH_WAIT_MS = 10_000;
/** Requests in flight at once per adapter (Workers: 6 simultaneous open connections per invocation). */
const MAX_IN_FLIGHT = 6;
/** `ok` outcomes handed to the log together (see `report`). */
const CALLS_PER_LOG_LINE = 50;
/** A token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** How `MlHttp.request` sends a call and reads its final answer. */
type RequestPolicy<T> = {
  method: "GET" | "POST" | "PUT";
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Made again for each attempt (a FormData's stream is read once). */
  body?: () => FormData | string;
  /** 5xx retried too: reads and idempotent writes; an upload's 5xx is not (it may have been taken). */
  retryServerErrors: boolean;
  /** The final answer (after the refresh and the retries) as the caller's result; throws its ChannelError. */
  read: (answer: OutboundAnswer) => T;
  /** Bound on the answer's size (default ML_MAX_ANSWER_BYTES). */
  maxBytes?: number;
};

export class MlHttp {
  private refreshing: Promise<MlTokenState> | null = null;
  private current: MlTokenState | null = null;
  private inFlight = 0;
  /** Outcomes reported and not yet handed to `onCalls`. */
  private calls: MlCallOutcome[] = [];
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly settings: MlSettings) {}

  private now() {
    return this.settings.now?.() ?? Date.now();
  }

  /** GET of a path of the API (query as given), the answer's JSON. */
  async get(path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
    return this.request(path, { method: "GET", query, headers, retryServerErrors: true, read: readAnswer });
  }

  /**
   * GET of a file (labels): the answer's bytes and content type. A 400 is handed to `refusal`
   * with its JSON body (the channel's reason), which may turn it into its own error.
   */
  async getFile(
    path: string,
    query: Record<string, string>,
    refusal: (body: unknown) => ChannelError | null,
  ): Promise<{ contentType: string; bytes: Uint8Array }> {
    return this.request(path, {
      method: "GET",
      query,
      retryServerErrors: true,
      maxBytes: ML_MAX_FILE_BYTES,
      read: (answer) => {
        if (answer.status === 400)
          throw refusal(jsonOf(answer) ?? null) ?? new ChannelError("invalid_answer");
        if (!isOk(answer)) return readAnswer(answer) as never;
        return {
          contentType: answer.headers.get("Content-Type") ?? "application/octet-stream",
          bytes: answer.bytes,
        };
      },
    });
  }

  /**
   * POST of a body (a multipart file upload, or JSON): 401 refreshes once and sends again, 429 is retried
   * (the upload was not taken), a 5xx is not (it may have been). The final answer's status and
   * JSON body, for the caller to read the channel's refusal (`{message, error, status, cause}`).
   */
  async post(
    path: string,
    body: () => FormData | string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    return this.request(path, {
      method: "POST",
      headers,
      body,
      retryServerErrors: false,
      read: (answer) => ({
        status: answer.status,
        body: answer.status === 204 ? null : readJson(answer),
      }),
    });
  }

  /**
   * A write (`PUT`/`POST`) of a JSON body, with the same token, retries and time limit as `get`.
   * A 2xx answers `{status, body}`; a refusal (4xx other than 401/429) also answers `{status, body}`
   * (the error body `{message, error, status, cause}`, or null when it is not JSON), for the caller
   * to tell a deleted listing from a refused value. 429/5xx past the attempts: `timeout`.
   */
  async write(
    method: "PUT" | "POST",
    path: string,
    payload: unknown,
  ): Promise<{ status: number; body: unknown }> {
    return this.request(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: () => JSON.stringify(payload),
      retryServerErrors: true,
      read: (answer) => {
        if (answer.status === 429 || answer.status >= 500) throw new ChannelError("timeout");
        if (answer.status === 401) throw new ChannelError("expired");
        if (isOk(answer)) return { status: answer.status, body: readJson(answer) };
        return { status: answer.status, body: jsonOf(answer) ?? null };
      },
    });
  }

  /**
   * Every call of the API goes through here: a place among the requests in flight, the bearer token,
   * the time limit, a 401 answered by one refresh and the same request again, 429 (and 5xx when
   * `retryServerErrors`) retried with a backoff that honours `Retry-After` up to the attempts; the
   * final answer is the policy's `read` (which throws the call's ChannelError), and every attempt's
   * outcome is reported.
   */
  private async request<T>(path: string, policy: RequestPolicy<T>): Promise<T> {
    const { method } = policy;
    let token = await this.accessToken(false);
    let refreshed = false;
    const maxAttempts = this.settings.maxAttempts ?? DEFAULT_ATTEMPTS;
    const url = new URL(`${this.settings.baseUrl.replace(/\/$/, "")}${path}`);
    for (const [key, value] of Object.entries(policy.query ?? {})) url.searchParams.set(key, value);
    for (let attempt = 1; ; attempt++) {
      const release = await this.slot();
      const started = this.now();
      let answer: OutboundAnswer;
      try {
        answer = await outboundFetch(
          url.toString(),
          {
            method,
            headers: {
              Authorization: `Bearer ${token.accessToken}`,
              Accept: "application/json",
              ...policy.headers,
            },
            body: policy.body?.(),
          },
          {
            party: ML_PARTY,
            production: this.settings.production,
            timeoutMs: this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            maxBytes: policy.maxBytes ?? ML_MAX_ANSWER_BYTES,
          },
        );
      } catch (error) {
        release();
        const status = error instanceof OutboundFailure ? (error.status ?? null) : null;
        this.report(method, path, status, "failed", attempt, started);
        throw mlCallFailure(error);
      }
      const retried = answer.status === 429 || (policy.retryServerErrors && answer.status >= 500);
      if ((answer.status === 401 && !refreshed) || (retried && attempt < maxAttempts)) {
        release();
        if (answer.status === 401) {
          this.report(method, path, 401, "refreshed", attempt, started);
          token = await this.accessToken(true, token.version);
          refreshed = true;
        } else {
          this.report(method, path, answer.status, "retried", attempt, started);
          const stated = retryAfterMs(answer.headers.get("Retry-After"), this.now());
          const backoff = stated ?? 200 * 2 ** (attempt - 1);
          await sleep(Math.min(backoff, this.settings.maxRetryWaitMs ?? DEFAULT_MAX_WAIT_MS));
        }
        continue;
      }
      try {
        const result = policy.read(answer);
        this.report(method, path, answer.status, isOk(answer) ? "ok" : "failed", attempt, started);
        return result;
      } catch (error) {
        this.report(method, path, answer.status, "failed", attempt, started);
        throw error;
      } finally {
        release();
      }
    }
  }

  /**
   * A place among the requests in flight (at most MAX_IN_FLIGHT: a Worker keeps 6 connections open
   * at once and queues the others); answers its release.
   */
  private async slot(): Promise<() => void> {
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // the place passes to the next waiter as it is
      if (next) next();
      else this.inFlight--;
      if (this.inFlight === 0) this.flushCalls();
    };
  }

  /**
   * Each attempt's outcome, for the integration's log: a call that did not end `ok` is written at once
   * (with the ones before it), the `ok` ones in groups of CALLS_PER_LOG_LINE or when no call is left
   * in flight (a pull's thousands of calls would otherwise be as many log lines: a fifth of its CPU).
   */
  private report(
    method: string,
    path: string,
    status: number | null,
    outcome: "ok" | "retried" | "refreshed" | "failed",
    attempt: number,
    started: number,
  ) {
    this.calls.push({ method, path, status, outcome, attempt, ms: this.now() - started });
    if (outcome !== "ok" || this.calls.length >= CALLS_PER_LOG_LINE) this.flushCalls();
  }

  private flushCalls() {
    if (this.calls.length === 0) return;
    const calls = this.calls;
    this.calls = [];
    this.settings.onCalls(calls);
  }

  /**
   * A usable access token: the stored one while it lasts, else a refresh. `force` refreshes the
   * token of `staleVersion` (a call answered 401) unless another caller already replaced it.
   */
  async accessToken(force: boolean, staleVersion?: number): Promise<MlTokenState & { accessToken: string }> {
    // the token this instance last read or stored serves its calls while it lasts (a pull makes
    // thousands): the store is read again only when it ends or the channel answered 401
    const known = this.current;
    if (!force && known && this.usable(known)) return known as MlTokenState & { accessToken: string };
    const state = await this.settings.tokens.read();
    if (!state) throw new ChannelError("not_authenticated");
    if (this.usable(state) && !(force && state.version === staleVersion)) {
      this.current = state;
      return state as MlTokenState & { accessToken: string };
    }
    // one refresh per adapter instance at a time; across instances the store's lease decides
    this.refreshing ??= this.refresh(state).finally(() => {
      this.refreshing = null;
    });
    const next = await this.refreshing;
    if (!next.accessToken) throw new ChannelError("expired");
    this.current = next;
    return next as MlTokenState & { accessToken: string };
  }

  private usable(state: MlTokenState): boolean {
    return (
      state.accessToken !== null &&
      (state.accessExpiresAt === null || state.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.now())
    );
  }

  private async refresh(state: MlTokenState): Promise<MlTokenState> {
    const { tokens } = this.settings;
    if (!(await tokens.claimRefresh(state.version))) return this.awaitOtherRefresh(state.version);
    try {
      const grant = await exchangeToken(this.settings, {
        grant_type: "refresh_token",
        refresh_token: state.refreshToken,
      });
      if (!(await tokens.replace(state.version, grant))) return this.awaitOtherRefresh(state.version);
      return { version: state.version + 1, ...grant };
    } catch (error) {
      if (error instanceof OAuthRefused) {
        await tokens.refused(state.version, error.reason);
        throw new ChannelError("expired", { reason: error.reason });
      }
      throw error;
    }
  }

  /** Another caller holds the refresh: its result is read back once the version moves. */
  private async awaitOtherRefresh(version: number): Promise<MlTokenState> {
    const deadline = this.now() + (this.settings.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS);
    for (;;) {
      const state = await this.settings.tokens.read();
      if (!state) throw new ChannelError("expired");
      if (state.version !== version) return state;
      if (this.now() > deadline) throw new ChannelError("timeout");
      await sleep(100);
    }
  }
}

const isOk = (answer: OutboundAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * A read's final answer: its JSON when 2xx (a body that is not JSON: `invalid_answer`); 401 (after the
 * refresh) `expired`, 404 `order_not_found`, 429/5xx past the attempts `timeout`, any other `invalid_answer`.
 * An error's body (often an HTML page of a proxy) says nothing the status does not.
 */
function readAnswer(answer: OutboundAnswer): unknown {
  if (isOk(answer)) return readJson(answer);
  if (answer.status === 401) throw new ChannelError("expired");
  if (answer.status === 404) throw new ChannelError("order_not_found");
  throw new ChannelError(answer.status === 429 || answer.status >= 500 ? "timeout" : "invalid_answer");
}

/** The answer's JSON; anything else is `invalid_answer`. */
function readJson(answer: OutboundAnswer): unknown {
  const body = jsonOf(answer);
  if (body === undefined) throw new ChannelError("invalid_answer");
  return body;
}
