import { badRequest } from "../../lib/errors";
import { type Cents, hasAtMostTwoDecimals, MAX_AMOUNT, toCents } from "../../lib/money";
import { type LineKind, RECONCILIATION_MESSAGES as M, MAX_RECONCILIATION_ITEMS } from "./messages";

const INT32_MAX = 2_147_483_647;

/** Body of POST /accounts/bank-statement as received (ids loose, lists unchecked). */
export type ReconciliationBody = {
  IDBankStatementConciliation?: number | null;
  IDAccountsPayableReceivableConciliation?: number | null;
  IDBankAccount?: number | null;
  Accounts?: unknown;
  Transfers?: unknown;
};

export type RequestedTitle = { titleId: number; value: Cents | null };

export type ReconciliationRequest = {
  target: { kind: LineKind; id: number };
  bankAccountId: number;
  items: { kind: "accounts"; titles: RequestedTitle[] } | { kind: "transfers"; entryIds: number[] };
};

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= INT32_MAX;

/** An id field counts as sent when it is a positive number (0, null or absent = not selected). */
const sentId = (value: number | null | undefined): number | null =>
  typeof value === "number" && value > 0 ? value : null;

const isSent = (value: unknown) => value !== undefined && value !== null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseTitles(list: unknown): RequestedTitle[] {
  if (!Array.isArray(list) || list.length === 0) throw badRequest(M.accountsRequired);
  if (list.length > MAX_RECONCILIATION_ITEMS) throw badRequest(M.tooManyItems("Accounts"));
  const seen = new Set<number>();
  return list.map((item, index) => {
    const titleId = isRecord(item) ? item.IDAccountPayableReceivable : undefined;
    if (!isId(titleId) || seen.has(titleId)) throw badRequest(M.accountItemInvalid(index));
    seen.add(titleId);
    const value = (item as Record<string, unknown>).Value;
    if (value === undefined || value === null) return { titleId, value: null };
    if (typeof value !== "number" || !hasAtMostTwoDecimals(value) || value <= 0 || value > MAX_AMOUNT) {
      throw badRequest(M.accountItemValueInvalid(index));
    }
    return { titleId, value: toCents(value) };
  });
}

function parseTransfers(list: unknown): number[] {
  if (!Array.isArray(list) || list.length === 0) throw badRequest(M.transfersRequired);
  if (list.length > MAX_RECONCILIATION_ITEMS) throw badRequest(M.tooManyItems("Transfers"));
  const seen = new Set<number>();
  return list.map((item, index) => {
    const entryId = isRecord(item) ? item.IDBankStatement : undefined;
    if (!isId(entryId) || seen.has(entryId)) throw badRequest(M.transferItemInvalid(index));
    seen.add(entryId);
    return entryId;
  });
}

/**
 * The body rules of the spec, in its order: exactly one conciliation id, IDBankAccount, exactly one
 * list. Without any list, Accounts[] is the one asked for; both lists at once are refused.
 */
export function parseReconciliationRequest(body: ReconciliationBody): ReconciliationRequest {
  const bankLineId = sentId(body.IDBankStatementConciliation);
  const acquirerLineId = sentId(body.IDAccountsPayableReceivableConciliation);
  if (bankLineId === null && acquirerLineId === null) throw badRequest(M.lineNotSelected);
  if (bankLineId !== null && acquirerLineId !== null) throw badRequest(M.onlyOneLine);
  const bankAccountId = sentId(body.IDBankAccount);
  if (bankAccountId === null) throw badRequest(M.bankAccountNotSelected);
  if (isSent(body.Accounts) && isSent(body.Transfers)) throw badRequest(M.onlyOneList);
  const target =
    bankLineId !== null
      ? { kind: "bank" as const, id: bankLineId }
      : { kind: "acquirer" as const, id: acquirerLineId! };
  const items = isSent(body.Transfers)
    ? { kind: "transfers" as const, entryIds: parseTransfers(body.Transfers) }
    : { kind: "accounts" as const, titles: parseTitles(body.Accounts) };
  return { target, bankAccountId, items };
}
