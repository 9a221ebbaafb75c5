/**
 * The monthly reading budget of a feed (pure). Open Finance Brasil caps, per calendar month, per
 * endpoint, per consented resource and per customer (CPF/CNPJ) at one institution, how often an
 * account's data may be read: recent transactions (1 to 6 days ago, `/transactions-current`) 240
 * times, older ones (7 to 365 days ago, `/transactions`) 4 times, the balance 420 times
 * (docs/OPEN-FINANCE.md, "Limits", with the sources).
 *
 * Reading Pluggy's API (`GET /v2/transactions`) reads the aggregator's copy and spends none of it: the
 * budget is spent when the item updates at the institution. Pluggy's own auto-sync spends a recent read
 * on every update (up to 4 a day) and an older one at the item's creation and every 7 days; a refresh
 * the feed asks for (`PATCH /items/{id}`) spends one recent read. So the feed keeps what it asked
 * this month (São Paulo calendar month), leaves `reserved` reads to the aggregator (by default every
 * older read and 124 recent ones), and asks before each refresh: a refresh refused here is not sent,
 * a failed one is not retried in a loop (the next scheduled sync asks again), and a wide window is
 * read from the aggregator's copy instead.
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
 * Reads left to the aggregator's own auto-sync by default: Pluggy updates an item up to 4 times a day
 * (124 recent reads in a 31-day month) and reads the older window at the item's creation and every
 * 7 days (all 4 of the month). A feed whose item has no auto-sync may reserve less.
 */
export const DEFAULT_RESERVED: Readonly<Record<WindowKind, number>> = { wide: 4, narrow: 124 };

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
 * `reserved` reads stay with the aggregator's auto-sync (`DEFAULT_RESERVED` for what is not given).
 */
export function budgetState(
  spent: BudgetSpent | null,
  now: Date,
  reserved: Partial<Record<WindowKind, number>> = {},
): BudgetState {
  const keep = { ...DEFAULT_RESERVED, ...reserved };
  const month = todayIn(DEFAULT_TIME_ZONE, now).slice(0, 7);
  const current = spent && spent.month === month ? spent : { month, wide: 0, narrow: 0 };
  const line = (limit: number, used: number): BudgetLine => ({
    limit,
    spent: used,
    left: Math.max(0, limit - used),
  });
  return {
    month,
    wide: line(Math.max(0, TRANSACTION_READ_LIMITS.wide - keep.wide), current.wide),
    narrow: line(Math.max(0, TRANSACTION_READ_LIMITS.narrow - keep.narrow), current.narrow),
    renewsOn: nextMonth(month),
  };
}

/**
 * Whether a refresh at the institution of the window starting at `from` fits this month's budget;
 * refused, `fallback` says whether the recent window can still be refreshed (the older days are then
 * read from the aggregator's copy, which costs nothing here).
 */
export function decideRead(
  spent: BudgetSpent | null,
  from: string,
  now: Date,
  reserved: Partial<Record<WindowKind, number>> = {},
): BudgetDecision {
  const state = budgetState(spent, now, reserved);
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
