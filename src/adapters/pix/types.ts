/**
 * The receiving company's PSP as the service needs it, through BACEN's API Pix v2 (the published
 * OpenAPI, `bacen/pix-api`): immediate charges (`cob`) created with our own `txid`, and the Pix
 * received. Every amount is integer cents (the API's decimal strings are read exactly); every call
 * answers a result, never throws, so a scheduled job can back off and record why.
 */
import type { Cents } from "../../lib/money";

/** CPF (11 digits) or CNPJ (14 characters `[0-9A-Z]`) with the person's name. */
export type PixParty = { document: string; name: string };

/** What the company asks the PSP to charge (`PUT /v2/cob/{txid}` body, in our terms). */
export type PixChargeRequest = {
  /** `calendario.expiracao`: seconds the charge can be paid for, counted from its creation. */
  expiresInSeconds: number;
  /** `devedor`: who the charge is addressed to (optional in the API). */
  debtor: PixParty | null;
  /** `valor.original`, greater than zero. */
  amountCents: Cents;
  /** `chave`: the company's Pix key registered at DICT (at most 77 characters). */
  key: string;
  /** `solicitacaoPagador`: text shown to the payer (at most 140 characters). */
  payerRequest: string | null;
};

/** `CobrancaStatus` of the OpenAPI; the API may add values later, so other texts come through too. */
export type PixChargeStatus =
  | "ATIVA"
  | "CONCLUIDA"
  | "REMOVIDA_PELO_USUARIO_RECEBEDOR"
  | "REMOVIDA_PELO_PSP"
  | (string & {});

/** A returned payment (`devolucoes[]`). */
export type PixRefund = {
  id: string;
  rtrId: string;
  amountCents: Cents;
  /** `EM_PROCESSAMENTO`, `DEVOLVIDO` or `NAO_REALIZADO`. */
  status: string;
};

/** A Pix received (`Pix` of the OpenAPI). */
export type ReceivedPix = {
  endToEndId: string;
  /** The charge it paid; null for a Pix without txid (a key typed by hand, a static QR code). */
  txid: string | null;
  amountCents: Cents;
  /** `horario`: when the PSP processed it, RFC 3339 as received. */
  at: string;
  /** `pagador`: left out of the OpenAPI since 2.1 but still sent by PSPs; null when absent. */
  payer: PixParty | null;
  /** `infoPagador`: the payer's free text. */
  payerInfo: string | null;
  refunds: PixRefund[];
};

/** A charge as the PSP answers it (`CobGerada` / `CobCompleta`). */
export type PixCharge = {
  txid: string;
  revision: number;
  status: PixChargeStatus;
  /** `calendario.criacao`, RFC 3339. */
  createdAt: string;
  expiresInSeconds: number;
  amountCents: Cents;
  key: string;
  debtor: PixParty | null;
  payerRequest: string | null;
  /** `location`: where the payer's app reads the payload (no scheme). */
  location: string | null;
  /** `pixCopiaECola`: the BR Code text the PSP built, returned as received. */
  pixCopiaECola: string | null;
  /** The Pix that paid it (`GET /v2/cob/{txid}` only). */
  received: ReceivedPix[];
};

/** One page of `GET /v2/pix`, with the paging the PSP answered (`parametros.paginacao`). */
export type ReceivedPixPage = {
  pix: ReceivedPix[];
  page: number;
  pages: number;
  itemsPerPage: number;
  totalItems: number;
};

/** The window of received Pix to read: `inicio` and `fim` of `GET /v2/pix` (inclusive). */
export type ReceivedPixQuery = { start: Date; end: Date };

/** A problem+json answer (RFC 7807, the OpenAPI's `Problema`). */
export type PixProblem = {
  type: string;
  title: string;
  status: number;
  detail: string | null;
  violations: { reason: string | null; property: string | null }[];
};

/** Why a call did not succeed. */
export type PixFailure =
  /** The request was not sent: something in it breaks the API's schema (txid, amount, document...). */
  | { kind: "invalid_request"; field: string }
  /** The token endpoint refused the client id/secret, or a fresh token was refused too. */
  | { kind: "credentials_refused"; status: number }
  /** 429: come back after `retryAfterSeconds` (null when the PSP did not say). */
  | { kind: "rate_limited"; retryAfterSeconds: number | null }
  /** 5xx: the PSP failed (503 `ServicoIndisponivel`, 500, 504...). */
  | { kind: "unavailable"; status: number; problem: PixProblem | null }
  /** Another 4xx: the PSP refused the request (400 with its violations, 403, 404...). */
  | { kind: "refused"; status: number; problem: PixProblem | null }
  /** The answer is not what the API publishes (not JSON, wrong shape, inconsistent paging). */
  | { kind: "invalid_answer"; detail: string }
  /** No answer within the adapter's timeout. */
  | { kind: "timeout"; timeoutMs: number }
  /** The connection failed (DNS, TLS, reset). */
  | { kind: "network"; detail: string }
  /** Not sent: the address breaks the outbound rule (not https in production, a private host). */
  | { kind: "address"; detail: string };

/** `reason` is a readable Portuguese sentence for the integration's state; it never holds credentials. */
export type PixResult<T> = { ok: true; value: T } | { ok: false; failure: PixFailure; reason: string };

export interface PixPsp {
  /** `PUT /v2/cob/{txid}`: creates the charge (or revises it while still `ATIVA`: safe to retry). */
  createCharge(txid: string, charge: PixChargeRequest): Promise<PixResult<PixCharge>>;
  /** `GET /v2/cob/{txid}`: the charge and the Pix that paid it. */
  getCharge(txid: string): Promise<PixResult<PixCharge>>;
  /** `GET /v2/pix`: one page (`paginacao.paginaAtual`, from 0) of the Pix received in the window. */
  listReceived(query: ReceivedPixQuery & { page: number }): Promise<PixResult<ReceivedPixPage>>;
  /** Every page of `GET /v2/pix` for the window, in the PSP's order. */
  listAllReceived(query: ReceivedPixQuery): Promise<PixResult<ReceivedPix[]>>;
}

/** An access token as stored for the integration: its value and when to renew it (epoch ms). */
export type PixStoredToken = { value: string; renewAt: number };

/**
 * Where the adapter keeps its access token beyond one instance: per integration, shared by every
 * request and job (the PSP's token endpoint is rate-limited). One caller at a time renews it: the
 * one that takes the lease; the others wait for its token.
 */
export interface PixTokenStore {
  /** The stored token, or null. */
  read(): Promise<PixStoredToken | null>;
  /**
   * Takes the renewal lease until `until` (epoch ms) when no other caller holds one and no token
   * valid at `now` is stored; true when taken.
   */
  lease(now: number, until: number): Promise<boolean>;
  /** Stores a fresh token and frees the lease. */
  save(token: PixStoredToken): Promise<void>;
  /** Frees the lease without a token (the renewal failed). */
  release(): Promise<void>;
  /** Forgets a token the PSP refused (401), unless another caller already replaced it. */
  drop(value: string): Promise<void>;
}
