/**
 * The one way the service calls out to another party (Mercado Livre, the PSP's API Pix, SEFAZ, the
 * webhook receivers): every adapter's request goes through `outboundFetch`, which
 * - applies the address rule (src/lib/address-rule.ts) to the URL before anything leaves: in
 *   production https on a public host only, elsewhere http and loopback too (the test doubles);
 * - never follows a redirect (`redirect: "manual"`): a 3xx is a failure naming the party, so a
 *   credential sent to one address is never sent again to the address a redirect names;
 * - bounds the exchange in time (the body read included) and the answer's size after content
 *   decoding (the runtime inflates a gzip `Content-Encoding`; what is counted is what is read);
 * - turns every fault into an `OutboundFailure` of a few kinds, with a readable reason that names the
 *   party and carries no URL query, header or body (where credentials travel).
 * What an answer means (a status, a body that is not JSON, a malformed one) is the adapter's to say,
 * as its party's failure state: `jsonOf` reads JSON without throwing.
 */
import { type AddressRefusal, addressRefusal } from "../lib/address-rule";

export type OutboundFailureKind = "address" | "redirect" | "timeout" | "network" | "too_large" | "unreadable";

const ADDRESS_REASONS: Record<AddressRefusal, string> = {
  invalid: "endereço inválido",
  notHttps: "o endereço deve usar https",
  private: "o endereço aponta para um endereço privado ou local",
};

/** A call that did not produce an answer the adapter can read; `message` is the readable reason. */
export class OutboundFailure extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    readonly party: string,
    message: string,
    /** The HTTP status of a refused redirect. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "OutboundFailure";
  }
}

export type OutboundFetcher = { fetch(input: string, init?: RequestInit): Promise<Response> };

export type OutboundOptions = {
  /** Named in the reasons: "Mercado Livre", "PSP", "SEFAZ", "webhook"... */
  party: string;
  /** The address rule's mode: production allows https on a public host only. */
  production: boolean;
  /** The whole exchange, the body read included. */
  timeoutMs: number;
  /** Bound on the answer's body as read (after content decoding); DEFAULT_MAX_ANSWER_BYTES if absent. */
  maxBytes?: number;
  /** How the request leaves (an `mtls_certificates` binding presenting a certificate); global fetch if absent. */
  fetcher?: OutboundFetcher;
  /** The caller's own cancellation, beside the time limit. */
  signal?: AbortSignal;
};

export type OutboundAnswer = { status: number; headers: Headers; bytes: Uint8Array; text: string };

export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

const globalFetcher: OutboundFetcher = { fetch: (input, init) => fetch(input, init) };

/** The reason's limit for a runtime's error text (it never carries the request itself). */
const DETAIL_LIMIT = 200;

/**
 * One request and its whole answer, or an `OutboundFailure`: the address refused, a redirect, the
 * time limit, a network fault or an answer over the size bound. Any status that is not a redirect is
 * an answer (4xx and 5xx included: the adapter maps them).
 */
export async function outboundFetch(
  url: string,
  init: RequestInit,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const { party } = options;
  const refusal = addressRefusal(url, options.production);
  if (refusal) throw new OutboundFailure("address", party, `${party}: ${ADDRESS_REASONS[refusal]}`);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const timedOut = () =>
    new OutboundFailure("timeout", party, `${party} não respondeu em ${options.timeoutMs} ms`);
  try {
    const response = await (options.fetcher ?? globalFetcher).fetch(url, {
      ...init,
      signal,
      redirect: "manual",
    });
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundFailure(
        "redirect",
        party,
        `${party} respondeu com um redirecionamento (HTTP ${response.status}${originOf(response.headers.get("Location"), url)}), que não é seguido`,
        response.status,
      );
    }
    const declared = Number(response.headers.get("Content-Length"));
    if (Number.isFinite(declared) && declared > maxBytes && !response.headers.get("Content-Encoding")) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(party, maxBytes);
    }
    const bytes = await readBounded(response.body, maxBytes, () => tooLarge(party, maxBytes));
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      text: new TextDecoder().decode(bytes),
    };
  } catch (error) {
    if (error instanceof OutboundFailure) throw error;
    if (timeout.aborted) throw timedOut();
    if (options.signal?.aborted) throw new OutboundFailure("timeout", party, `${party}: chamada cancelada`);
    const detail = error instanceof Error ? error.message : String(error);
    throw new OutboundFailure("network", party, `${party} inacessível: ${detail.slice(0, DETAIL_LIMIT)}`);
  }
}

/** The answer's body as JSON, or undefined when it is not JSON (an adapter maps that to its failure). */
export function jsonOf(answer: Pick<OutboundAnswer, "text">): unknown | undefined {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Inflates `bytes` and refuses an output over `maxBytes` ("too_large": a small payload that inflates
 * to gigabytes is refused when the bound is reached, not after) or input that is not of the format
 * ("unreadable").
 */
export async function inflateBounded(
  bytes: Uint8Array,
  format: "gzip" | "deflate" | "deflate-raw",
  maxBytes: number,
  party: string,
): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format));
  try {
    return await readBounded(
      stream,
      maxBytes,
      () =>
        new OutboundFailure(
          "too_large",
          party,
          `${party}: conteúdo compactado excede ${maxBytes} bytes ao descompactar`,
        ),
    );
  } catch (error) {
    if (error instanceof OutboundFailure) throw error;
    throw new OutboundFailure("unreadable", party, `${party}: conteúdo compactado ilegível (${format})`);
  }
}

const tooLarge = (party: string, maxBytes: number) =>
  new OutboundFailure("too_large", party, `${party}: resposta maior que ${maxBytes} bytes`);

/** Reads a stream whole, cancelling it as soon as it passes `maxBytes`. */
async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  overflow: () => OutboundFailure,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw overflow();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** ` para <origin>` of a redirect's Location (resolved against the request), never its path or query. */
function originOf(location: string | null, base: string): string {
  if (!location) return "";
  try {
    return ` para ${new URL(location, base).origin}`;
  } catch {
    return "";
  }
}
