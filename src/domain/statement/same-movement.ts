import { addDays, daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { isBusinessDay } from "../payment-terms/business-days";

/**
 * The same bank movement brought by two sources is one line (docs/OPEN-FINANCE.md, "One movement,
 * one line"). Pure: the callers read the candidates of the account and write what this decides.
 *
 * | pair | key |
 * | ---- | --- |
 * | feed × OFX upload | the institution's id of the movement: the feed's `providerId`, the OFX `FITID` (same amount) |
 * | feed × Pix API | the Pix `endToEndId` (same amount) |
 * | feed × CNAB return credit | amount + date window (`CNAB_CREDIT_WINDOW_BUSINESS_DAYS`) + document |
 *
 * Two lines of the same source are never paired here (each source keeps its own key: `fit:`,
 * `e2e:`, the feed's transaction id); a manual line is never paired. Ambiguous is no match.
 */

/** Where a movement came from. `cnab` is a CNAB return's liquidation (a credit, not a bank line). */
export type MovementSource = "feed" | "ofx" | "pix" | "cnab" | "manual";

export type Movement = {
  /** The line's id, or the CNAB liquidation's (its collection history row). */
  ref: number;
  source: MovementSource;
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed cents: credit > 0, debit < 0. */
  value: Cents;
  description: string;
  /** OFX `FITID`; for a feed line, the institution's id of the movement (Pluggy's `providerId`). */
  fitId: string | null;
  endToEndId: string | null;
  /**
   * References that name the movement's counterpart: a line's document and payer CPF/CNPJ; a CNAB
   * credit's nosso número, its title's document and its customer's CPF/CNPJ.
   */
  documents: readonly string[];
  /**
   * Whether a window (not a key) may still pair it: a pending line, an unlinked CNAB credit. A
   * reconciled or withdrawn line is only found again by its keys.
   */
  open: boolean;
};

export type MatchKey = "fitId" | "endToEndId" | "cnabCredit";

export type NoMatchReason =
  /** No candidate of a source this one pairs with carries the key / fits the window. */
  | "none"
  /** The key is on a candidate with another amount: not the same movement, and not a new one either. */
  | "keyValueDiffers"
  /** Several candidates fit: nothing is paired, a person decides. */
  | "ambiguous"
  /** The window fits but no document agrees (none on one side, or different ones). */
  | "noDocument";

export type SameMovement =
  | { same: true; ref: number; key: MatchKey }
  | { same: false; reason: NoMatchReason; refs: number[] };

/** Days after a CNAB credit date within which the bank's line of it may be dated, in business days. */
export const CNAB_CREDIT_WINDOW_BUSINESS_DAYS = 2;

/** The pairs of sources that can be the same movement, and by which key. */
function keyOf(a: MovementSource, b: MovementSource): MatchKey | null {
  const pair = [a, b].sort().join("×");
  if (pair === "feed×ofx") return "fitId";
  if (pair === "feed×pix") return "endToEndId";
  if (pair === "cnab×feed") return "cnabCredit";
  return null;
}

/** A FITID as a key: trimmed, none when it says nothing (blank or zeros: Santander's `00000000`, Caixa's `0`). */
export const usableId = (id: string | null): string | null => {
  const trimmed = id?.trim() ?? "";
  return trimmed === "" || /^0+$/.test(trimmed) ? null : trimmed;
};

/** A document as compared: letters upper-cased, punctuation and spaces dropped, leading zeros dropped. */
export function documentKey(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .replace(/^0+/, "");
}

const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^0-9A-Z]+/g, " ");

/** The shortest document a description may be searched for (shorter numbers appear by chance). */
const MIN_DOCUMENT_IN_TEXT = 6;

/** Whether a feed line and a CNAB credit name the same counterpart. */
function documentsAgree(line: Movement, credit: Movement): boolean {
  const ofLine = new Set(line.documents.map(documentKey).filter((d) => d !== ""));
  const ofCredit = credit.documents.map(documentKey).filter((d) => d !== "");
  if (ofCredit.some((d) => ofLine.has(d))) return true;
  const words = ` ${foldText(line.description)} `
    .split(" ")
    .map((w) => w.replace(/^0+/, ""))
    .filter(Boolean);
  return ofCredit.some((d) => d.length >= MIN_DOCUMENT_IN_TEXT && words.includes(d));
}

/** Business days from `from` to `to` (days in `(from, to]` that are business days); negative when `to` is earlier. */
export function businessDaysBetween(from: string, to: string): number {
  if (to < from) return -businessDaysBetween(to, from);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return count;
}

/**
 * Whether a bank line dated `lineDate` can be the credit of a CNAB liquidation dated `creditDate`:
 * on the credit date or up to `CNAB_CREDIT_WINDOW_BUSINESS_DAYS` business days around it (a bank
 * may book the credit a day late, or date it on the payment's day), never more than a week apart.
 */
export function withinCreditWindow(creditDate: string, lineDate: string): boolean {
  if (Math.abs(daysBetween(creditDate, lineDate)) > 7) return false;
  return Math.abs(businessDaysBetween(creditDate, lineDate)) <= CNAB_CREDIT_WINDOW_BUSINESS_DAYS;
}

/**
 * Which of `candidates` (lines of the account, or CNAB credits of it) is the same movement as
 * `incoming`. Keys first: a FITID / endToEndId equal on the other source's line is the same
 * movement when the amount agrees (`keyValueDiffers` otherwise). Then, only between a feed line and a
 * CNAB credit, both `open`: the same amount (a credit), dates within the window, and a document that
 * agrees; exactly one candidate must fit (`ambiguous` otherwise, `noDocument` when only the document
 * is missing).
 */
export function sameMovement(incoming: Movement, candidates: readonly Movement[]): SameMovement {
  const paired = candidates.filter((c) => c.ref !== incoming.ref || c.source !== incoming.source);
  const byKey = (key: "fitId" | "endToEndId") => {
    const value = usableId(incoming[key])?.toUpperCase();
    if (!value) return [];
    return paired.filter(
      (c) => keyOf(incoming.source, c.source) === key && usableId(c[key])?.toUpperCase() === value,
    );
  };
  for (const key of ["fitId", "endToEndId"] as const) {
    const found = byKey(key);
    if (found.length === 0) continue;
    const sameValue = found.filter((c) => c.value === incoming.value);
    if (sameValue.length === 1) return { same: true, ref: sameValue[0]!.ref, key };
    if (sameValue.length > 1) return { same: false, reason: "ambiguous", refs: sameValue.map((c) => c.ref) };
    return { same: false, reason: "keyValueDiffers", refs: found.map((c) => c.ref) };
  }
  if (!incoming.open || incoming.value <= 0) return { same: false, reason: "none", refs: [] };
  const inWindow = paired.filter((c) => {
    if (keyOf(incoming.source, c.source) !== "cnabCredit" || !c.open || c.value !== incoming.value)
      return false;
    const [credit, line] = incoming.source === "cnab" ? [incoming, c] : [c, incoming];
    return withinCreditWindow(credit.date, line.date);
  });
  const fits = inWindow.filter((c) =>
    incoming.source === "cnab" ? documentsAgree(c, incoming) : documentsAgree(incoming, c),
  );
  if (fits.length === 1) return { same: true, ref: fits[0]!.ref, key: "cnabCredit" };
  if (fits.length > 1) return { same: false, reason: "ambiguous", refs: fits.map((c) => c.ref) };
  if (inWindow.length > 0) return { same: false, reason: "noDocument", refs: inWindow.map((c) => c.ref) };
  return { same: false, reason: "none", refs: [] };
}

/**
 * Pairs many incoming movements with the candidates at once, one to one: an incoming movement is
 * paired only when `sameMovement` names one candidate and no other incoming movement names the same
 * one (two CNAB credits fitting one feed line are both left unpaired: `ambiguous`).
 */
export function pairMovements(
  incoming: readonly Movement[],
  candidates: readonly Movement[],
): {
  pairs: { incoming: Movement; ref: number; key: MatchKey }[];
  unpaired: { incoming: Movement; reason: NoMatchReason; refs: number[] }[];
} {
  const decided = incoming.map((movement) => ({ movement, result: sameMovement(movement, candidates) }));
  const claims = new Map<number, number>();
  for (const { result } of decided)
    if (result.same) claims.set(result.ref, (claims.get(result.ref) ?? 0) + 1);
  const pairs: { incoming: Movement; ref: number; key: MatchKey }[] = [];
  const unpaired: { incoming: Movement; reason: NoMatchReason; refs: number[] }[] = [];
  for (const { movement, result } of decided) {
    if (!result.same) unpaired.push({ incoming: movement, reason: result.reason, refs: result.refs });
    else if (claims.get(result.ref)! > 1)
      unpaired.push({ incoming: movement, reason: "ambiguous", refs: [result.ref] });
    else pairs.push({ incoming: movement, ref: result.ref, key: result.key });
  }
  return { pairs, unpaired };
}
