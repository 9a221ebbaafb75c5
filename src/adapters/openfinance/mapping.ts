/**
 * Pure readings of the aggregator's JSON into the feed's terms (no I/O): amounts to exact cents,
 * `date` to a São Paulo calendar date, each transaction to a `FeedTransaction` or a typed refusal,
 * items, accounts and consents, and the item's health with what the user must do.
 * The shapes are Pluggy's (`Transaction`, `Item`, `Account`, `Consent`; docs/OPEN-FINANCE.md).
 */

import { isEndToEndId } from "../../domain/pix/identifiers";
import { DEFAULT_TIME_ZONE, isCalendarDate, zonedFormatter } from "../../lib/dates";
import { type Cents, MAX_AMOUNT } from "../../lib/money";
import type {
  FeedAccount,
  FeedConsent,
  FeedItem,
  FeedParty,
  FeedPaymentData,
  FeedTransaction,
  TransactionRefusal,
} from "./types";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 ? value : null;
const MAX_CENTS = Math.round(MAX_AMOUNT * 100);

export type AmountReading = { ok: true; cents: Cents } | { ok: false; reason: string };

/**
 * An amount as the API writes it (a JSON number of reais) in exact cents, or why not: more than two
 * decimals is refused, never rounded (`12.345`), and so are a non-number, a non-finite value and an
 * amount over the service's bound. A JSON number prints back as written (the shortest text that
 * reads back to the same double), so `String(n)` gives the decimals the aggregator sent.
 */
export function amountToCents(value: unknown): AmountReading {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { ok: false, reason: "valor ausente ou não numérico" };
  }
  const written = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(written);
  if (!m) return { ok: false, reason: `valor ${written} fora do formato decimal` };
  const [, sign, whole, fraction = ""] = m;
  if (fraction.length > 2) {
    return { ok: false, reason: `valor ${written} com mais de duas casas decimais` };
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) {
    return { ok: false, reason: `valor ${written} acima do limite` };
  }
  return { ok: true, cents: sign === "-" && cents !== 0 ? -cents : cents };
}

/**
 * `date` of a transaction as a São Paulo calendar date: an instant (`2026-11-02T03:00:00.000Z`, the
 * API's form) is read in São Paulo; a bare `YYYY-MM-DD` is taken as written. Null when neither.
 */
export function saoPauloDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isCalendarDate(value) ? value : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = zonedFormatter(DEFAULT_TIME_ZONE).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  return isCalendarDate(date) ? date : null;
}

function party(value: unknown): FeedParty | null {
  if (!isObject(value)) return null;
  const document = isObject(value.documentNumber) ? value.documentNumber : {};
  const type = document.type === "CPF" || document.type === "CNPJ" ? document.type : null;
  return {
    document: text(document.value),
    documentType: type,
    name: text(value.name),
    bankCode: text(value.routingNumber),
    ispb: text(value.routingNumberISPB),
    branch: text(value.branchNumber),
    account: text(value.accountNumber),
  };
}

function paymentData(value: unknown): FeedPaymentData | null {
  if (!isObject(value)) return null;
  const method = text(value.paymentMethod);
  const reference = text(value.referenceNumber);
  return {
    method,
    reference,
    endToEndId: method?.toUpperCase() === "PIX" && reference && isEndToEndId(reference) ? reference : null,
    receiverReference: text(value.receiverReferenceId),
    reason: text(value.reason),
    payer: party(value.payer),
    receiver: party(value.receiver),
  };
}

export type TransactionReading =
  | { ok: true; transaction: FeedTransaction }
  | { ok: false; refusal: TransactionRefusal };

/**
 * One `Transaction` of the API as a `FeedTransaction`, or the refusal that keeps it out with its
 * reason: the currency must be BRL, the amount exact to the cent, the date a date, the type CREDIT or
 * DEBIT. The sign comes from `type` (the amount's own sign is the institution's convention and
 * differs between bank and card accounts). `accountId`, when given, is the account asked for: a row of
 * another account is refused.
 */
export function readTransaction(value: unknown, accountId?: string): TransactionReading {
  const refuse = (
    id: string | null,
    kind: TransactionRefusal["kind"],
    reason: string,
  ): TransactionReading => ({
    ok: false,
    refusal: { id, kind, reason: `transação ${id ?? "sem id"}: ${reason}` },
  });
  if (!isObject(value)) return refuse(null, "shape", "não é um objeto");
  const id = text(value.id);
  if (!id) return refuse(null, "shape", "sem id");
  const account = text(value.accountId);
  if (!account) return refuse(id, "shape", "sem accountId");
  if (accountId !== undefined && account !== accountId) {
    return refuse(id, "shape", `de outra conta (${account})`);
  }
  const currency = text(value.currencyCode);
  if (currency !== "BRL") {
    return refuse(id, "currency", `moeda ${currency ?? "ausente"} não aceita: só BRL`);
  }
  const type = value.type;
  if (type !== "CREDIT" && type !== "DEBIT") return refuse(id, "shape", "tipo diferente de CREDIT/DEBIT");
  const amount = amountToCents(value.amount);
  if (!amount.ok) return refuse(id, "amount", amount.reason);
  const date = saoPauloDate(value.date);
  if (!date) return refuse(id, "date", "data ausente ou inválida");
  const status = value.status === undefined || value.status === null ? "POSTED" : value.status;
  if (status !== "PENDING" && status !== "POSTED") return refuse(id, "shape", `status ${String(status)}`);
  const magnitude = Math.abs(amount.cents);
  const createdAt = text(value.createdAt) ?? "";
  return {
    ok: true,
    transaction: {
      id,
      accountId: account,
      date,
      amountCents: type === "DEBIT" ? -magnitude : magnitude,
      currency: "BRL",
      description: text(value.description) ?? "",
      descriptionRaw: text(value.descriptionRaw),
      status,
      providerCode: text(value.providerCode),
      providerId: text(value.providerId),
      operationType: text(value.operationType),
      paymentData: paymentData(value.paymentData),
      createdAt,
      updatedAt: text(value.updatedAt) ?? createdAt,
    },
  };
}

/** An `Item` in the feed's terms; null when the answer lacks its id or status. */
export function readItem(value: unknown): FeedItem | null {
  if (!isObject(value)) return null;
  const id = text(value.id);
  const status = text(value.status);
  if (!id || !status) return null;
  const error = isObject(value.error)
    ? { code: text(value.error.code) ?? "", message: text(value.error.message) ?? "" }
    : null;
  const detail = isObject(value.statusDetail) ? value.statusDetail.transactions : undefined;
  return {
    id,
    status,
    executionStatus: text(value.executionStatus) ?? "",
    error,
    transactionsUpdated: isObject(detail) && typeof detail.isUpdated === "boolean" ? detail.isUpdated : null,
    institution: isObject(value.connector) ? text(value.connector.name) : null,
    lastUpdatedAt: text(value.lastUpdatedAt),
    nextAutoSyncAt: text(value.nextAutoSyncAt),
    consentExpiresAt: text(value.consentExpiresAt),
    userInstructions: isObject(value.userAction) ? text(value.userAction.instructions) : null,
  };
}

/** An `Account`; null when it lacks its id or item. */
export function readAccount(value: unknown): FeedAccount | null {
  if (!isObject(value)) return null;
  const id = text(value.id);
  const itemId = text(value.itemId);
  if (!id || !itemId) return null;
  const balance = amountToCents(value.balance);
  return {
    id,
    itemId,
    type: text(value.type) ?? "",
    subtype: text(value.subtype) ?? "",
    number: text(value.number) ?? "",
    name: text(value.name) ?? "",
    currency: text(value.currencyCode) ?? "",
    balanceCents: balance.ok ? balance.cents : null,
    transferNumber: isObject(value.bankData) ? text(value.bankData.transferNumber) : null,
    ownerDocument: text(value.taxNumber),
  };
}

/** A `Consent`; null when it lacks its id or item. */
export function readConsent(value: unknown): FeedConsent | null {
  if (!isObject(value)) return null;
  const id = text(value.id);
  const itemId = text(value.itemId);
  if (!id || !itemId) return null;
  return {
    id,
    itemId,
    createdAt: text(value.createdAt) ?? "",
    expiresAt: text(value.expiresAt),
    revokedAt: text(value.revokedAt),
  };
}

/** The feed's health, worst first. */
export type FeedHealthState =
  | "consent_revoked"
  | "consent_expired"
  | "login_error"
  | "waiting_user"
  | "outdated"
  | "updating"
  | "partial"
  | "consent_expiring"
  | "ok";

export type FeedHealth = {
  state: FeedHealthState;
  /** Whether the scheduled sync may read transactions now (their data can still be read). */
  readable: boolean;
  /** What the user must do, in Portuguese; null when nothing. */
  action: string | null;
  /** When the consent ends, when known. */
  consentExpiresAt: string | null;
};

/** The statuses Pluggy reports while an execution runs. */
const RUNNING = new Set(["UPDATING", "MERGING"]);
const DAY_MS = 86_400_000;

/**
 * What an item's state means for the feed and what the user must do (docs/OPEN-FINANCE.md, "Item
 * states"): a revoked or expired consent and a login error need the user to connect again through the
 * aggregator's widget; waiting for input needs the user in the widget or the bank's app; an outdated
 * item is retried by the aggregator; a consent ending within `expiringDays` is shown ahead.
 * `consents` are the item's (`GET /consents?itemId=`): the latest one decides revocation.
 */
export function feedHealth(
  item: FeedItem,
  consents: FeedConsent[],
  now: number,
  expiringDays = 7,
): FeedHealth {
  const latest = [...consents].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const expiresAt = item.consentExpiresAt ?? latest?.expiresAt ?? null;
  const health = (state: FeedHealthState, readable: boolean, action: string | null): FeedHealth => ({
    state,
    readable,
    action,
    consentExpiresAt: expiresAt,
  });
  if (latest?.revokedAt && Date.parse(latest.revokedAt) <= now) {
    return health(
      "consent_revoked",
      false,
      "O consentimento foi revogado: conecte a conta novamente pelo widget do agregador para dar um novo consentimento.",
    );
  }
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isFinite(expiry) && expiry <= now) {
    return health(
      "consent_expired",
      false,
      "O consentimento expirou: renove-o pelo widget do agregador (atualização do item).",
    );
  }
  if (item.status === "LOGIN_ERROR") {
    return health(
      "login_error",
      false,
      "A instituição recusou o acesso: reconecte a conta pelo widget do agregador (as atualizações automáticas param até lá).",
    );
  }
  if (item.status === "WAITING_USER_INPUT" || item.status === "WAITING_USER_ACTION") {
    return health(
      "waiting_user",
      false,
      item.userInstructions ??
        "A conexão aguarda uma ação do usuário: conclua-a no widget do agregador ou no aplicativo do banco.",
    );
  }
  if (item.status === "OUTDATED") {
    return health(
      "outdated",
      true,
      "A última atualização falhou na instituição; o agregador tenta de novo. Se persistir, peça uma atualização pelo widget.",
    );
  }
  if (RUNNING.has(item.status)) return health("updating", true, null);
  if (item.executionStatus === "PARTIAL_SUCCESS" && item.transactionsUpdated === false) {
    return health(
      "partial",
      true,
      "A última atualização não trouxe as transações; os dados anteriores continuam valendo.",
    );
  }
  if (Number.isFinite(expiry) && expiry - now <= expiringDays * DAY_MS) {
    return health(
      "consent_expiring",
      true,
      `O consentimento expira em ${expiresAt!.slice(0, 10)}: renove-o pelo widget do agregador antes disso.`,
    );
  }
  return health("ok", true, null);
}
