import { cnpjRoot, isCnpjShape } from "../../lib/document-number";
import { importSigningKey } from "../../lib/xmldsig";
import { OutboundFailure, outboundFetch } from "../../platform/outbound";
import { SEFAZ_PARTY } from "./distribution";
import { SefazEventError } from "./event-failures";
import {
  EVENT_SERVICE_PATH,
  EVENT_SOAP_ACTION,
  eventEnvelope,
  infEvento,
  NATIONAL_EVENT_HOSTS,
  readEventAnswer,
} from "./event-xml";
import type {
  ManifestAnswer,
  ManifestRequest,
  SefazEventConnection,
  SefazEventFailure,
  SefazFetcher,
  SefazGateway,
} from "./types";

const DEFAULT_TIMEOUT_MS = 30_000;
/** `retEnvEvento` of one event is a few KB: an answer past 1 MiB is not the service's. */
const MAX_EVENT_ANSWER_BYTES = 1024 * 1024;

/** The outcome of one event sent: SEFAZ's answer (registered or refused), or why there was none. */
export type ManifestOutcome =
  | { ok: true; answer: ManifestAnswer }
  | { ok: false; failure: SefazEventFailure; reason: string };

/**
 * The recipient's manifest through SEFAZ's event service (`NFeRecepcaoEvento4`, Ambiente Nacional):
 * the event signed with the company's key, posted as SOAP 1.2 through the company's mTLS fetcher.
 * `manifest` answers SEFAZ's cStat (135/136 registered, 573, 655, 297...) and throws
 * `SefazEventError` when there is none (SOAP Fault, 5xx, unreadable body, timeout, network).
 */
export class SefazEventGateway implements SefazGateway {
  readonly #url: string;
  readonly #fetcher: SefazFetcher;
  readonly #timeoutMs: number;
  readonly #connection: SefazEventConnection;
  readonly #now: () => number;
  #key: Promise<CryptoKey> | null = null;

  constructor(connection: SefazEventConnection, now: () => number = Date.now) {
    const base = (connection.baseUrl || NATIONAL_EVENT_HOSTS[connection.tpAmb]).replace(/\/+$/, "");
    const protocol = new URL(base).protocol;
    if (protocol !== "https:" && protocol !== "http:") throw new TypeError("SEFAZ baseUrl must be http(s)");
    if (!isCnpjShape(connection.cnpj)) throw new TypeError("the integration's CNPJ must have 14 characters");
    this.#url = `${base}${EVENT_SERVICE_PATH}`;
    this.#fetcher = connection.fetcher ?? { fetch: (input, init) => fetch(input, init) };
    this.#timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#connection = connection;
    this.#now = now;
  }

  async manifest(request: ManifestRequest): Promise<ManifestAnswer> {
    const outcome = await this.send(request);
    if (!outcome.ok) throw new SefazEventError(outcome.failure);
    return outcome.answer;
  }

  /** One event sent and its outcome; never throws for what SEFAZ or the network does. */
  async send(request: ManifestRequest): Promise<ManifestOutcome> {
    // the certificate (e-CNPJ) signs for its company: the author must share the CNPJ root
    if (cnpjRoot(request.authorDocument) !== cnpjRoot(this.#connection.cnpj))
      return failed({ kind: "author_mismatch" });
    // a request outside the layout (key, CNPJ, dhEvento) is the caller's defect: it throws here
    infEvento(request, this.#connection.tpAmb);
    const key = await this.#signingKey().catch(() => null);
    // the reason never carries the runtime's text about the key
    if (key === null) return failed({ kind: "signing" });
    let body: string;
    try {
      body = await eventEnvelope({
        request,
        tpAmb: this.#connection.tpAmb,
        batchId: String(this.#now()).slice(-15),
        key,
        certificatePem: this.#connection.certificatePem,
      });
    } catch {
      // the certificate is not PEM, or the key cannot sign (not RSA)
      return failed({ kind: "signing" });
    }
    let status: number;
    let text: string;
    try {
      const answer = await outboundFetch(
        this.#url,
        {
          method: "POST",
          headers: { "Content-Type": `application/soap+xml; charset=utf-8; action="${EVENT_SOAP_ACTION}"` },
          body,
        },
        {
          party: SEFAZ_PARTY,
          production: this.#connection.production ?? true,
          timeoutMs: this.#timeoutMs,
          maxBytes: MAX_EVENT_ANSWER_BYTES,
          fetcher: this.#fetcher,
        },
      );
      status = answer.status;
      text = answer.text;
    } catch (error) {
      if (!(error instanceof OutboundFailure))
        return failed({ kind: "network", detail: error instanceof Error ? error.message : String(error) });
      if (error.kind === "timeout") return failed({ kind: "timeout", timeoutMs: this.#timeoutMs });
      if (error.kind === "network") return failed({ kind: "network", detail: error.message });
      // the address refused, a redirect (never followed), an answer past its bound
      return failed({ kind: "refused_call", detail: error.message });
    }
    const read = readEventAnswer(text, request);
    // a SOAP 1.2 Fault comes with HTTP 500 (or 400): its Reason says more than the status
    if (read.kind === "fault") return failed({ kind: "fault", code: read.code, reason: read.reason });
    if (status !== 200) return failed({ kind: "unavailable", status });
    if (read.kind === "invalid") return failed({ kind: "invalid_answer", detail: read.detail });
    return { ok: true, answer: read.answer };
  }

  #signingKey(): Promise<CryptoKey> {
    const key = this.#connection.privateKey;
    this.#key ??= key instanceof CryptoKey ? Promise.resolve(key) : importSigningKey(key);
    // a key that failed to import is tried again on the next event (the integration may be fixed)
    return this.#key.catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
  }
}

function failed(failure: SefazEventFailure): ManifestOutcome {
  return { ok: false, failure, reason: new SefazEventError(failure).message };
}

/** The real event service of a company's SEFAZ integration, behind the gateway the routes use. */
export function manifestGatewayFor(connection: SefazEventConnection): SefazEventGateway {
  return new SefazEventGateway(connection);
}
