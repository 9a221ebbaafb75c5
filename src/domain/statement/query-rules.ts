import { badRequest } from "../../lib/errors";
import { STATEMENT_MESSAGES as M } from "./messages";

/** With Source=2 and no DateFrom, the imported statement starts here (SPEC). */
export const BANK_STATEMENT_DEFAULT_DATE_FROM = "2025-01-01";

export type StatementSource = 1 | 2;

export type StatementQueryInput = {
  Source?: string;
  IDBankAccount?: number;
  IDCompany?: number;
  IDTypeAccount?: number;
  DateFrom?: string;
  DateTo?: string;
  Page: number;
  IDBankStatement?: number;
  IDBankStatementConciliation?: number;
  IDTypeStatusConciliation?: number;
  OnlyTransfer?: number;
  /** Read and ignored, as the spec says. */
  Ignore?: number;
};

/** `Source` is required and only 1 (internal statement) or 2 (imported bank statement). */
export function parseSource(source: string | undefined): StatementSource {
  if (source === "1") return 1;
  if (source === "2") return 2;
  throw badRequest(M.sourceRequired);
}

/** Rules that need no database: parameters tied to one source and the order of explicit dates. */
export function checkStatementQuery(input: StatementQueryInput): StatementSource {
  const source = parseSource(input.Source);
  if (input.IDTypeStatusConciliation !== undefined && source !== 2) throw badRequest(M.statusOnlyWithSource2);
  if (input.OnlyTransfer !== undefined && source !== 1) throw badRequest(M.onlyTransferOnlyWithSource1);
  if (input.DateFrom !== undefined && input.DateTo !== undefined && input.DateFrom > input.DateTo) {
    throw badRequest(M.dateRangeInverted);
  }
  return source;
}

/**
 * The date range of a listing: Source=2 starts at 2025-01-01 when DateFrom is omitted; DateTo
 * defaults to today (company zone) only when the client sent DateFrom.
 */
export function statementRange(
  source: StatementSource,
  dateFrom: string | undefined,
  dateTo: string | undefined,
  today: string,
): { dateFrom?: string; dateTo?: string } {
  const from = dateFrom ?? (source === 2 ? BANK_STATEMENT_DEFAULT_DATE_FROM : undefined);
  const to = dateTo ?? (dateFrom !== undefined ? today : undefined);
  return { dateFrom: from, dateTo: to };
}
