/**
 * A company's bank feed through an Open Finance aggregator (Pluggy), as the service needs it: the
 * aggregator's item (one consent at one institution), its accounts and their transactions, each read
 * into our terms (integer cents, São Paulo dates, a typed refusal for what cannot be read exactly).
 * Every call answers a result, never throws: a scheduled sync backs off and records why.
 * The API as published: docs/OPEN-FINANCE.md (sources cited there).
 */
import type { Cents } from "../../lib/money";

/** `Transaction.status` (default `POSTED` when the aggregator leaves it out). */
export type FeedTransactionStatus = "PENDING" | "POSTED";

/** The other party of a payment (`paymentData.payer` / `paymentData.receiver`). */
export type FeedParty = {
  /** CPF or CNPJ as the institution wrote it (some mask it); null when absent. */
  document: string | null;
  documentType: "CPF" | "CNPJ" | null;
  name: string | null;
  /** COMPE (`routingNumber`) and ISPB (`routingNumberISPB`) of the party's bank. */
  bankCode: string | null;
  ispb: string | null;
  branch: string | null;
  account: string | null;
};

/** `paymentData`: how the money moved. */
export type FeedPaymentData = {
  /** `paymentMethod`: "PIX", "TED", "TEF", "BOLETO"... as the institution says. */
  method: string | null;
  /** `referenceNumber`: the institution's identifier of the payment. */
  reference: string | null;
  /** The Pix `endToEndId` when the payment is a Pix whose reference has its shape; else null. */
  endToEndId: string | null;
  /** `receiverReferenceId`: the receiver's own reference (a Pix txid). */
  receiverReference: string | null;
  /** `reason`: the payer's text. */
  reason: string | null;
  payer: FeedParty | null;
  receiver: FeedParty | null;
};

/** One movement of a feed, in our terms. */
export type FeedTransaction = {
  /** The aggregator's id (`id`): changes when the aggregator deletes and re-creates the movement. */
  id: string;
  accountId: string;
  /** `date` as a São Paulo calendar date, `YYYY-MM-DD`. */
  date: string;
  /** Signed by `type`: CREDIT positive, DEBIT negative; never rounded. */
  amountCents: Cents;
  currency: "BRL";
  description: string;
  /** `descriptionRaw`: the institution's own text, when given. */
  descriptionRaw: string | null;
  status: FeedTransactionStatus;
  /** `providerCode`: the institution's code of the transaction's kind (not unique). */
  providerCode: string | null;
  /** `providerId`: the institution's id of the movement (Open Finance `transactionId`, FITID-like). */
  providerId: string | null;
  /** `operationType`: "PIX", "TED", "BOLETO", "TARIFA_SERVICOS_AVULSOS"... when given. */
  operationType: string | null;
  paymentData: FeedPaymentData | null;
  /** The aggregator's own timestamps (ISO 8601 as received). */
  createdAt: string;
  updatedAt: string;
};

/** Why one transaction of an answer was not taken: the rest of the page is. */
export type TransactionRefusalKind =
  /** `amount` with more than two decimals, not a finite number, or over the service's bound. */
  | "amount"
  /** `currencyCode` other than BRL. */
  | "currency"
  /** `date` missing or not a date. */
  | "date"
  /** `type` neither CREDIT nor DEBIT, a missing id, another account's row... */
  | "shape";

export type TransactionRefusal = {
  /** The aggregator's id when the row had one. */
  id: string | null;
  kind: TransactionRefusalKind;
  /** A readable Portuguese sentence to store beside the feed. */
  reason: string;
};

/** An account of an item (`GET /accounts?itemId=`). */
export type FeedAccount = {
  id: string;
  itemId: string;
  /** `BANK` or `CREDIT`. */
  type: string;
  /** `CHECKING_ACCOUNT`, `SAVINGS_ACCOUNT`, `CREDIT_CARD`. */
  subtype: string;
  number: string;
  name: string;
  currency: string;
  /** `balance` in cents; null when it cannot be read exactly. */
  balanceCents: Cents | null;
  /** `bankData.transferNumber`: "agency/account" to compare with the company's bank account. */
  transferNumber: string | null;
  /** `taxNumber`: the owner's CPF/CNPJ, to check the account is the company's. */
  ownerDocument: string | null;
};

/** `Item.status` (the API may add values later, so other texts come through too). */
export type ItemStatus =
  | "UPDATED"
  | "UPDATING"
  | "WAITING_USER_INPUT"
  | "WAITING_USER_ACTION"
  | "MERGING"
  | "LOGIN_ERROR"
  | "OUTDATED"
  | (string & {});

/** An item (`GET /items/{id}`), the fields the feed uses. */
export type FeedItem = {
  id: string;
  status: ItemStatus;
  /** `executionStatus`: SUCCESS, PARTIAL_SUCCESS, INVALID_CREDENTIALS, USER_AUTHORIZATION_NOT_GRANTED... */
  executionStatus: string;
  /** `error` of the last execution. */
  error: { code: string; message: string } | null;
  /**
   * `statusDetail.transactions`: whether transactions were collected in the last execution (null
   * when the aggregator gave no detail).
   */
  transactionsUpdated: boolean | null;
  /** The institution's name (`connector.name`). */
  institution: string | null;
  lastUpdatedAt: string | null;
  nextAutoSyncAt: string | null;
  /** `consentExpiresAt`: when the Open Finance consent ends (null: not said). */
  consentExpiresAt: string | null;
  /** `userAction.instructions` when the item waits for the user. */
  userInstructions: string | null;
};

/** A consent of an item (`GET /consents?itemId=`). */
export type FeedConsent = {
  id: string;
  itemId: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
};

/** One page of `GET /v2/transactions`: what was read, what was refused, and the cursor. */
export type TransactionPage = {
  transactions: FeedTransaction[];
  refused: TransactionRefusal[];
  /** The `after` cursor of the next page; null on the last one. */
  after: string | null;
};

/** Every page of a window or a list of ids. */
export type TransactionSweep = {
  transactions: FeedTransaction[];
  refused: TransactionRefusal[];
  /** Pages read (each one a request to the aggregator). */
  pages: number;
  /** Rows answered more than once in the sweep (same id): kept once, the latest `updatedAt`. */
  duplicates: number;
};

/**
 * What `GET /v2/transactions` reads: a window of São Paulo dates (`dateFrom`..`dateTo`, inclusive),
 * the transactions the aggregator created since an instant (`createdAtFrom`, the
 * `transactions/created` webhook's), or given ids (`transactions/updated`, at most 500).
 */
export type TransactionQuery =
  | { accountId: string; from: string; to: string }
  | { accountId: string; createdAtFrom: string }
  | { accountId: string; ids: string[] };

/** Why a call did not succeed. */
export type FeedFailure =
  /** `POST /auth` refused the client id/secret (401 `CLIENT_KEYS_UNAUTHORIZED`, `CLIENT_DISABLED`). */
  | { kind: "credentials_refused"; status: number; code: string | null }
  /** A fresh API key was refused too (the second 401 of one call). */
  | { kind: "api_key_refused"; status: number }
  /** 429: come back at `retryAt` (epoch ms), `retryAfterSeconds` from the answer. */
  | { kind: "rate_limited"; retryAfterSeconds: number; retryAt: number }
  /** 5xx: the aggregator failed. */
  | { kind: "unavailable"; status: number; code: string | null }
  /** 404: the item, account or consent does not exist (or is not this application's). */
  | { kind: "not_found"; status: number; code: string | null }
  /** Another 4xx. */
  | { kind: "refused"; status: number; code: string | null; message: string | null }
  /** The answer is not what the API publishes (not JSON, wrong shape, a cursor that repeats). */
  | { kind: "invalid_answer"; detail: string }
  /** More pages than the adapter's bound. */
  | { kind: "too_many_pages"; pages: number }
  /** No whole answer within the timeout (a stall included). */
  | { kind: "timeout"; timeoutMs: number }
  /** A 3xx: never followed (the API key would travel to the address it names). */
  | { kind: "redirect"; status: number }
  /** The answer is larger than the bound. */
  | { kind: "too_large"; maxBytes: number }
  /** The connection failed (DNS, TLS, reset). */
  | { kind: "network"; detail: string }
  /** Not sent: the address breaks the outbound rule. */
  | { kind: "address"; detail: string };

/** `reason` is a readable Portuguese sentence for the feed's state; it never holds credentials. */
export type FeedResult<T> = { ok: true; value: T } | { ok: false; failure: FeedFailure; reason: string };

/** An API key as kept for the integration: its value and when to renew it (epoch ms). */
export type StoredApiKey = { value: string; renewAt: number };

/** Where the adapter keeps its API key beyond one instance (per integration). */
export interface ApiKeyStore {
  read(): Promise<StoredApiKey | null>;
  write(key: StoredApiKey): Promise<void>;
}
