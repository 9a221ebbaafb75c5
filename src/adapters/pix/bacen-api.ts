/**
 * The real PSP: BACEN's API Pix v2 as published (`bacen/pix-api`, openapi.yaml 2.9.0), spoken over
 * `fetch` to the PSP's address. OAuth2 client credentials (`POST {tokenUrl}` with HTTP Basic
 * `client_id:client_secret` and `grant_type=client_credentials`) give a bearer token, kept in the
 * integration's token store (shared by every request and job) and by the instance until shortly
 * before it expires; an API call answered 401 gets a fresh token and is sent once more. Answers are checked with zod against the OpenAPI's schemas before anything is trusted.
 * In production the PSP demands mutual TLS: the Worker's `mtls_certificates` binding (a `Fetcher`)
 * is passed as `fetcher` and every request goes out presenting the company's certificate.
 * Every request goes through `outboundFetch` (src/platform/outbound.ts): the address rule on each
 * URL, no redirect followed, the time limit on the whole exchange and a bound on the answer's size;
 * each of its failures becomes a `PixFailure`, never an exception.
 */
import { z } from "zod";
import { pixAmountToCents } from "../../domain/pix/amounts";
import { isEndToEndId, isReceivedTxid, isTxid } from "../../domain/pix/identifiers";
import { OutboundFailure, outboundFetch } from "../../platform/outbound";
import { chargeBody } from "./charge-body";
import { reasonOf } from "./failures";
import type {
  PixCharge,
  PixChargeRequest,
  PixFailure,
  PixParty,
  PixProblem,
  PixPsp,
  PixResult,
  PixStoredToken,
  PixTokenStore,
  ReceivedPix,
  ReceivedPixPage,
  ReceivedPixQuery,
} from "./types";

/** `fetch` as the global one or an `mtls_certificates` binding (`Fetcher`) offers it. */
export type PixFetcher = { fetch(input: string, init?: RequestInit): Promise<Response> };

export type BacenPixOptions = {
  /** The PSP's API address, before `/v2` (`https://pix.psp.example/api`); no default. */
  baseUrl: string;
  /** The PSP's token endpoint; default `{baseUrl}/oauth/token`. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** `scope` of the token request (`cob.write cob.read pix.read`) for PSPs that ask for it. */
  scope?: string;
  /** The mTLS certificate binding in production; default the global `fetch`. */
  fetcher?: PixFetcher;
  /** Each request's limit, headers and body included (default 15 s). */
  timeoutMs?: number;
  /**
   * The address rule's mode for every URL called: production allows https on a public host only;
   * otherwise http and loopback too (the PSP double). Default false.
   */
  production?: boolean;
  /** Bound on each answer's body as read (default `PIX_MAX_ANSWER_BYTES`). */
  maxAnswerBytes?: number;
  /** `paginacao.itensPorPagina` of `GET /v2/pix` (1 to 1000, default 100). */
  itemsPerPage?: number;
  /** Pages `listAllReceived` follows at most before it calls the answer invalid (default 1000). */
  maxPages?: number;
  /** The integration's token store; without it the token lives as long as the instance. */
  tokenStore?: PixTokenStore;
  now?: () => number;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_TEXT = 300;
/**
 * The most `paginacao.itensPorPagina` the API allows (`components/parameters/itensPorPagina`:
 * minimum 1, maximum 1000, default 100).
 */
export const PIX_MAX_ITEMS_PER_PAGE = 1000;
/**
 * Bound on a PSP's answer: a page of 1,000 Pix is well under 1 MiB (a `Pix` with payer, refunds and
 * `infoPagador` of 140 characters is about 600 bytes); 4 MiB leaves room for a verbose PSP.
 */
export const PIX_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Named in the reasons of `outboundFetch`. */
const PARTY = "PSP";
/** How often a caller waiting for another one's token renewal looks at the store again. */
const TOKEN_WAIT_STEP_MS = 100;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- the OpenAPI's schemas, as the adapter accepts them ----

const amount = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/)
  .transform((text) => pixAmountToCents(text) ?? 0);
const seconds = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
const timestamp = z.iso.datetime({ offset: true });

/** `devedor` / `pagador`: CPF or CNPJ and name. Documents come as the PSP wrote them (some mask them). */
const Party = z
  .object({ cpf: z.string().nullish(), cnpj: z.string().nullish(), nome: z.string().nullish() })
  .transform((party): PixParty | null => {
    const document = party.cpf ?? party.cnpj ?? null;
    return document === null ? null : { document, name: party.nome ?? "" };
  });

const Refund = z.object({
  id: z.string(),
  rtrId: z.string(),
  valor: amount,
  status: z.string(),
});

const PixAnswer = z
  .object({
    endToEndId: z.string().refine(isEndToEndId, "endToEndId fora do padrão"),
    txid: z
      .string()
      .nullish()
      .refine((txid) => !txid || isReceivedTxid(txid), "txid fora do padrão"),
    valor: amount,
    horario: timestamp,
    pagador: Party.nullish(),
    infoPagador: z.string().nullish(),
    // an array in the schema; the webhook example of the OpenAPI shows one object: both are read
    devolucoes: z.union([z.array(Refund), Refund]).nullish(),
  })
  .transform(
    (pix): ReceivedPix => ({
      endToEndId: pix.endToEndId,
      txid: pix.txid || null,
      amountCents: pix.valor,
      at: pix.horario,
      payer: pix.pagador ?? null,
      payerInfo: pix.infoPagador ?? null,
      refunds: (pix.devolucoes == null
        ? []
        : Array.isArray(pix.devolucoes)
          ? pix.devolucoes
          : [pix.devolucoes]
      ).map((refund) => ({
        id: refund.id,
        rtrId: refund.rtrId,
        amountCents: refund.valor,
        status: refund.status,
      })),
    }),
  );

const ChargeAnswer = z
  .object({
    txid: z.string().refine(isTxid, "txid fora do padrão"),
    revisao: z.number().int().nonnegative(),
    status: z.string().min(1),
    calendario: z.object({ criacao: timestamp, expiracao: seconds }),
    valor: z.object({ original: amount }),
    chave: z.string(),
    devedor: Party.nullish(),
    solicitacaoPagador: z.string().nullish(),
    location: z.string().nullish(),
    loc: z.object({ location: z.string().nullish() }).nullish(),
    pixCopiaECola: z.string().nullish(),
    pix: z.array(PixAnswer).nullish(),
  })
  .transform(
    (cob): PixCharge => ({
      txid: cob.txid,
      revision: cob.revisao,
      status: cob.status,
      createdAt: cob.calendario.criacao,
      expiresInSeconds: cob.calendario.expiracao,
      amountCents: cob.valor.original,
      key: cob.chave,
      debtor: cob.devedor ?? null,
      payerRequest: cob.solicitacaoPagador ?? null,
      location: cob.location ?? cob.loc?.location ?? null,
      pixCopiaECola: cob.pixCopiaECola ?? null,
      received: cob.pix ?? [],
    }),
  );

const PageAnswer = z.object({
  parametros: z.object({
    paginacao: z.object({
      paginaAtual: z.number().int().nonnegative(),
      itensPorPagina: z.number().int().positive(),
      quantidadeDePaginas: z.number().int().nonnegative(),
      quantidadeTotalDeItens: z.number().int().nonnegative(),
    }),
  }),
  // `PixConsultados` lists `cobs` as required (a slip of the schema); the list of Pix is `pix`
  pix: z.array(PixAnswer).nullish(),
});

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === "bearer", "token_type não é Bearer"),
  expires_in: seconds,
  scope: z.string().nullish(),
});

const ProblemAnswer = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().nullish(),
  violacoes: z.array(z.object({ razao: z.string().nullish(), propriedade: z.string().nullish() })).nullish(),
});

/** The callback body of `POST {webhookUrl}/pix` (`WebhookPixBody`: `{ pix: [...] }`). */
const CallbackBody = z.object({ pix: z.array(PixAnswer) });

/** Where the first problem of a zod check lies, never the value itself (it may be anything). */
function issuePlace(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "corpo";
  const path = issue.path.map(String).join(".");
  return path ? `campo ${path} inválido` : "corpo inválido";
}

/** Reads the body of a PSP's `POST …/pix` callback; the webhook route answers 400 on `ok: false`. */
export function parsePixCallback(
  body: unknown,
): { ok: true; pix: ReceivedPix[] } | { ok: false; detail: string } {
  const parsed = CallbackBody.safeParse(body);
  return parsed.success
    ? { ok: true, pix: parsed.data.pix }
    : { ok: false, detail: issuePlace(parsed.error) };
}

/** `Retry-After` as delta-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

type Exchange = { status: number; headers: Headers; text: string };

export class BacenPixApi implements PixPsp {
  readonly #baseUrl: string;
  readonly #tokenUrl: string;
  readonly #fetcher: PixFetcher;
  readonly #timeoutMs: number;
  readonly #production: boolean;
  readonly #maxAnswerBytes: number;
  readonly #itemsPerPage: number;
  readonly #maxPages: number;
  readonly #now: () => number;
  readonly #basic: string;
  readonly #scope: string | undefined;
  readonly #store: PixTokenStore | undefined;
  /** Texts never to appear in a reason: the credentials, their Basic form, the tokens received. */
  readonly #secrets: string[];
  #token: PixStoredToken | null = null;
  /** The token request under way: concurrent calls wait for it instead of asking for their own. */
  #tokenRequest: Promise<PixResult<string>> | null = null;

  constructor(options: BacenPixOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== "https:" && base.protocol !== "http:") {
      throw new TypeError("the PSP's baseUrl must be an http(s) URL");
    }
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#tokenUrl = options.tokenUrl ?? `${this.#baseUrl}/oauth/token`;
    this.#fetcher = options.fetcher ?? { fetch: (input, init) => fetch(input, init) };
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#production = options.production ?? false;
    this.#maxAnswerBytes = options.maxAnswerBytes ?? PIX_MAX_ANSWER_BYTES;
    this.#itemsPerPage = Math.min(
      PIX_MAX_ITEMS_PER_PAGE,
      Math.max(1, Math.trunc(options.itemsPerPage ?? 100)),
    );
    this.#maxPages = options.maxPages ?? 1000;
    this.#now = options.now ?? Date.now;
    this.#scope = options.scope;
    this.#store = options.tokenStore;
    this.#basic = base64(`${options.clientId}:${options.clientSecret}`);
    this.#secrets = [options.clientId, options.clientSecret, this.#basic].filter((s) => s.length >= 4);
  }

  async createCharge(txid: string, charge: PixChargeRequest): Promise<PixResult<PixCharge>> {
    const body = chargeBody(txid, charge);
    if ("field" in body) return this.#fail({ kind: "invalid_request", field: body.field });
    const answer = await this.#api("PUT", `/v2/cob/${txid}`, body.json);
    return answer.ok ? this.#readCharge(answer.value, txid) : answer;
  }

  async getCharge(txid: string): Promise<PixResult<PixCharge>> {
    if (!isTxid(txid)) return this.#fail({ kind: "invalid_request", field: "txid" });
    const answer = await this.#api("GET", `/v2/cob/${txid}`);
    return answer.ok ? this.#readCharge(answer.value, txid) : answer;
  }

  async listReceived(query: ReceivedPixQuery & { page: number }): Promise<PixResult<ReceivedPixPage>> {
    if (!(query.start.getTime() <= query.end.getTime())) {
      return this.#fail({ kind: "invalid_request", field: "inicio/fim" });
    }
    if (!Number.isSafeInteger(query.page) || query.page < 0) {
      return this.#fail({ kind: "invalid_request", field: "paginacao.paginaAtual" });
    }
    const search = new URLSearchParams({
      inicio: query.start.toISOString(),
      fim: query.end.toISOString(),
      "paginacao.paginaAtual": String(query.page),
      "paginacao.itensPorPagina": String(this.#itemsPerPage),
    });
    const answer = await this.#api("GET", `/v2/pix?${search}`);
    if (!answer.ok) return answer;
    const parsed = PageAnswer.safeParse(answer.value);
    if (!parsed.success) return this.#fail({ kind: "invalid_answer", detail: issuePlace(parsed.error) });
    const paging = parsed.data.parametros.paginacao;
    if (paging.paginaAtual !== query.page) {
      return this.#fail({
        kind: "invalid_answer",
        detail: `página ${query.page} pedida, página ${paging.paginaAtual} respondida`,
      });
    }
    return {
      ok: true,
      value: {
        pix: parsed.data.pix ?? [],
        page: paging.paginaAtual,
        pages: paging.quantidadeDePaginas,
        itemsPerPage: paging.itensPorPagina,
        totalItems: paging.quantidadeTotalDeItens,
      },
    };
  }

  async listAllReceived(query: ReceivedPixQuery): Promise<PixResult<ReceivedPix[]>> {
    const all: ReceivedPix[] = [];
    for (let page = 0; ; page++) {
      if (page >= this.#maxPages) {
        return this.#fail({ kind: "invalid_answer", detail: `mais de ${this.#maxPages} páginas` });
      }
      const answer = await this.listReceived({ ...query, page });
      if (!answer.ok) return answer;
      all.push(...answer.value.pix);
      if (page + 1 >= answer.value.pages) return { ok: true, value: all };
    }
  }

  #readCharge(json: unknown, txid: string): PixResult<PixCharge> {
    const parsed = ChargeAnswer.safeParse(json);
    if (!parsed.success) return this.#fail({ kind: "invalid_answer", detail: issuePlace(parsed.error) });
    if (parsed.data.txid !== txid) {
      return this.#fail({ kind: "invalid_answer", detail: "txid da resposta difere do pedido" });
    }
    return { ok: true, value: parsed.data };
  }

  /** An API call with the bearer token; a 401 gets one fresh token and one more try. */
  async #api(method: "GET" | "PUT", path: string, body?: unknown): Promise<PixResult<unknown>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.#bearer();
      if (!token.ok) return token;
      const sent = await this.#send(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token.value}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!sent.ok) return sent;
      if (sent.value.status === 401) {
        this.#token = null;
        await this.#store?.drop(token.value);
        if (attempt === 0) continue;
        return this.#fail({ kind: "credentials_refused", status: 401 });
      }
      return this.#read(sent.value);
    }
  }

  /** The instance's token, the integration's stored one, or a new one from the token endpoint. */
  async #bearer(): Promise<PixResult<string>> {
    if (this.#token && this.#now() < this.#token.renewAt) return { ok: true, value: this.#token.value };
    this.#token = null;
    this.#tokenRequest ??= this.#storedOrRenewed().finally(() => {
      this.#tokenRequest = null;
    });
    return this.#tokenRequest;
  }

  /**
   * The stored token while it is not due for renewal; otherwise the caller that takes the store's
   * lease asks the PSP (once for every request and job of the integration) and the others wait for
   * its token. A lease left by a caller that died expires (the token request's timeout and a margin)
   * and is taken by the next one.
   */
  async #storedOrRenewed(): Promise<PixResult<string>> {
    const store = this.#store;
    if (!store) return this.#requestToken();
    const leaseMs = this.#timeoutMs + 5_000;
    const giveUpAt = this.#now() + 2 * leaseMs;
    for (;;) {
      const stored = await store.read();
      if (stored && this.#now() < stored.renewAt) {
        if (!this.#secrets.includes(stored.value)) this.#secrets.push(stored.value);
        this.#token = stored;
        return { ok: true, value: stored.value };
      }
      const now = this.#now();
      if (await store.lease(now, now + leaseMs)) {
        const fresh = await this.#requestToken();
        if (fresh.ok && this.#token) await store.save(this.#token);
        else await store.release();
        return fresh;
      }
      if (now >= giveUpAt) return this.#fail({ kind: "timeout", timeoutMs: this.#timeoutMs });
      await pause(TOKEN_WAIT_STEP_MS);
    }
  }

  async #requestToken(): Promise<PixResult<string>> {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (this.#scope) form.set("scope", this.#scope);
    const sent = await this.#send(this.#tokenUrl, {
      method: "POST",
      headers: {
        Authorization: `Basic ${this.#basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: form.toString(),
    });
    if (!sent.ok) return sent;
    const { status, text } = sent.value;
    if (status === 401 || (status === 400 && /"(invalid_client|unauthorized_client)"/.test(text))) {
      return this.#fail({ kind: "credentials_refused", status });
    }
    const answer = this.#read(sent.value);
    if (!answer.ok) return answer;
    const parsed = TokenAnswer.safeParse(answer.value);
    if (!parsed.success)
      return this.#fail({ kind: "invalid_answer", detail: `token: ${issuePlace(parsed.error)}` });
    const { access_token: value, expires_in: lifetime } = parsed.data;
    this.#secrets.push(value);
    // renewed a little before the PSP's expiry (a tenth of the lifetime, a minute at most)
    const margin = Math.min(60, lifetime / 10);
    this.#token = { value, renewAt: this.#now() + (lifetime - margin) * 1000 };
    return { ok: true, value };
  }

  /**
   * One request through `outboundFetch` (address rule, no redirect, the timeout on the whole
   * exchange, the answer's size bound); never throws: each outbound failure is a `PixFailure`.
   */
  async #send(url: string, init: RequestInit): Promise<PixResult<Exchange>> {
    try {
      const answer = await outboundFetch(url, init, {
        party: PARTY,
        production: this.#production,
        timeoutMs: this.#timeoutMs,
        maxBytes: this.#maxAnswerBytes,
        fetcher: this.#fetcher,
      });
      return { ok: true, value: { status: answer.status, headers: answer.headers, text: answer.text } };
    } catch (error) {
      if (!(error instanceof OutboundFailure)) {
        return this.#fail({
          kind: "network",
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      switch (error.kind) {
        case "address":
          return this.#fail({ kind: "address", detail: error.message.replace(/^PSP:\s*/, "") });
        case "timeout":
          return this.#fail({ kind: "timeout", timeoutMs: this.#timeoutMs });
        case "network":
          return this.#fail({ kind: "network", detail: error.message.replace(/^PSP inacessível:\s*/, "") });
        case "redirect":
          return this.#fail({
            kind: "invalid_answer",
            detail: `redirecionamento HTTP ${error.status ?? "3xx"} não seguido`,
          });
        case "too_large":
          return this.#fail({
            kind: "invalid_answer",
            detail: `resposta maior que ${this.#maxAnswerBytes} bytes`,
          });
        case "unreadable":
          return this.#fail({ kind: "invalid_answer", detail: "corpo ilegível" });
      }
    }
  }

  /** The JSON of a 2xx answer, or the failure its status means. */
  #read({ status, headers, text }: Exchange): PixResult<unknown> {
    if (status === 429) {
      return this.#fail({
        kind: "rate_limited",
        retryAfterSeconds: retryAfterSeconds(headers.get("Retry-After"), this.#now()),
      });
    }
    if (status >= 500) return this.#fail({ kind: "unavailable", status, problem: this.#problem(text) });
    if (status >= 400) return this.#fail({ kind: "refused", status, problem: this.#problem(text) });
    if (status < 200 || status >= 300)
      return this.#fail({ kind: "invalid_answer", detail: `HTTP ${status}` });
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return this.#fail({ kind: "invalid_answer", detail: "corpo não é JSON" });
    }
  }

  #problem(text: string): PixProblem | null {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = ProblemAnswer.safeParse(json);
    if (!parsed.success) return null;
    const { type, title, status, detail, violacoes } = parsed.data;
    return {
      type: this.#clean(type),
      title: this.#clean(title),
      status,
      detail: detail == null ? null : this.#clean(detail),
      violations: (violacoes ?? []).map((v) => ({
        reason: v.razao == null ? null : this.#clean(v.razao),
        property: v.propriedade == null ? null : this.#clean(v.propriedade),
      })),
    };
  }

  /** A PSP's or runtime's text made safe for a reason: no credential or token, bounded length. */
  #clean(text: string): string {
    let clean = text;
    for (const secret of this.#secrets) clean = clean.split(secret).join("***");
    return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean;
  }

  #fail(failure: PixFailure): { ok: false; failure: PixFailure; reason: string } {
    const safe: PixFailure =
      failure.kind === "network" || failure.kind === "invalid_answer" || failure.kind === "address"
        ? { ...failure, detail: this.#clean(failure.detail) }
        : failure;
    return { ok: false, failure: safe, reason: this.#clean(reasonOf(safe)) };
  }
}
