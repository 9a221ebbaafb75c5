/**
 * The monthly reading budget of a feed (pure). Open Finance Brasil caps, per calendar month, per
 * endpoint, per consented resource and per customer (CPF/CNPJ), how often a receiving institution
 * may read an account's data: its transactions 4 times over a wide window (up to 12 months,
 * `/accounts/{id}/transactions`) and 240 times over the current window (the last 7 days,
 * `/accounts/{id}/transactions-current`); balances 420 times (docs/OPEN-FINANCE.md, "Limits", with
 * the sources). The aggregator reads the institution when the item updates (its own auto-sync, or an
 * update the feed asks for): those reads spend the budget, shared by every item of the same company
 * at the same institution.
 *
 * The feed keeps what it spent this month (São Paulo calendar month), keeps `reserved` reads for the
 * aggregator's own auto-sync, and asks before each refresh: a refresh refused here is not sent, and
 * a failed one is not retried in a loop (the next scheduled sync asks again).
 */
import { DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";

export type WindowKind = "wide" | "narrow";

/** The regulatory monthly limits of account transactions. */
export const TRANSACTION_READ_LIMITS: Readonly<Record<WindowKind, number>> = { wide: 4, narrow: 240 };
/**
 * The current window of `/transactions-current`: the last 7 calendar days, today included (so a
 * window whose first day is at most 6 days before today is narrow).
 */
export const NARROW_WINDOW_DAYS = 7;
/**
 * Reads of the current window left to the aggregator's own auto-sync by default: Pluggy updates an
 * item up to 4 times a day (docs: "Operational Rate Limits"), 124 in a 31-day month.
 */
export const DEFAULT_RESERVED_NARROW = 124;

/** What a feed spent in a month: `month` `YYYY-MM` (São Paulo). */
export type BudgetSpent = { month: string; wide: number; narrow: number };

export type BudgetLine = { limit: number; spent: number; left: number };

export type BudgetState = {
  month: string;
  wide: BudgetLine;
  narrow: BudgetLine;
  /** The first day of the next month, when the counters start again (`YYYY-MM-DD`). */
  renewsOn: string;
};

export type BudgetDecision =
  | { allowed: true; kind: WindowKind; state: BudgetState }
  | {
      allowed: false;
      kind: WindowKind;
      state: BudgetState;
      reason: string;
      /** When this kind of read is possible again (`YYYY-MM-DD`). */
      retryOn: string;
      /** A wide read refused while narrow reads remain: the last 7 days can still be read. */
      fallback: "narrow" | null;
    };

const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `narrow` when the window starts within the last 7 days (today included), else `wide`. */
export function windowKind(from: string, today: string): WindowKind {
  return from >= addDays(today, -(NARROW_WINDOW_DAYS - 1)) ? "narrow" : "wide";
}

/** The window a narrow read covers: the last 7 days, today included. */
export function narrowWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -(NARROW_WINDOW_DAYS - 1)), to: today };
}

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * The budget as of `now`: what was spent counts only in its own month (a new month starts at zero);
 * `reservedNarrow` reads stay with the aggregator's auto-sync.
 */
export function budgetState(
  spent: BudgetSpent | null,
  now: Date,
  reservedNarrow = DEFAULT_RESERVED_NARROW,
): BudgetState {
  const month = todayIn(DEFAULT_TIME_ZONE, now).slice(0, 7);
  const current = spent && spent.month === month ? spent : { month, wide: 0, narrow: 0 };
  const line = (limit: number, used: number): BudgetLine => ({
    limit,
    spent: used,
    left: Math.max(0, limit - used),
  });
  return {
    month,
    wide: line(TRANSACTION_READ_LIMITS.wide, current.wide),
    narrow: line(Math.max(0, TRANSACTION_READ_LIMITS.narrow - reservedNarrow), current.narrow),
    renewsOn: nextMonth(month),
  };
}

/** Whether a refresh of the window starting at `from` fits this month's budget. */
export function decideRead(
  spent: BudgetSpent | null,
  from: string,
  now: Date,
  reservedNarrow = DEFAULT_RESERVED_NARROW,
): BudgetDecision {
  const state = budgetState(spent, now, reservedNarrow);
  const kind = windowKind(from, todayIn(DEFAULT_TIME_ZONE, now));
  if (state[kind].left > 0) return { allowed: true, kind, state };
  const label = kind === "wide" ? "janela ampla" : "últimos 7 dias";
  return {
    allowed: false,
    kind,
    state,
    reason: `limite mensal do Open Finance esgotado (${label}: ${state[kind].spent} de ${state[kind].limit}); renova em ${state.renewsOn}`,
    retryOn: state.renewsOn,
    fallback: kind === "wide" && state.narrow.left > 0 ? "narrow" : null,
  };
}

/** The counters after one read of `kind` at `now` (a new month starts from zero). */
export function spend(spent: BudgetSpent | null, kind: WindowKind, now: Date): BudgetSpent {
  const month = todayIn(DEFAULT_TIME_ZONE, now).slice(0, 7);
  const current = spent && spent.month === month ? spent : { month, wide: 0, narrow: 0 };
  return { ...current, [kind]: current[kind] + 1 };
}
