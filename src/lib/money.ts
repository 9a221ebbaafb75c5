/** Money is integer cents everywhere inside the service; JSON carries numbers with at most 2 decimals. */
export type Cents = number;

/** Largest amount accepted in input: R$ 999,999,999,999.99, well inside the safe-integer range in cents. */
export const MAX_AMOUNT = 999_999_999_999.99;

/** `-12.5`, `1e+21`, `5e-7`: sign, integer digits, fraction digits and exponent of `String(number)`. */
const SHORTEST_FORM = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * The decimal places of `value` as written in its shortest decimal representation (`String(value)`,
 * the text JSON writes and reads back), never by a float tolerance: 2 for `134218180.73`, 3 for
 * `0.125`, 7 for `1e-7`, 0 for `1e+21`. Every decimal of up to 15 significant digits (all amounts up
 * to MAX_AMOUNT with two decimals) is its own shortest form, so this counts what the client wrote.
 */
function shortestForm(value: number) {
  const form = SHORTEST_FORM.exec(String(value));
  if (!form) return null;
  const [, sign = "", whole = "", fraction = "", exponent] = form;
  return {
    negative: sign === "-",
    digits: `${whole}${fraction}`,
    decimals: fraction.length - Number(exponent ?? 0),
  };
}

/** True when `value` is a finite number with at most two decimal places (see `shortestForm`). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const form = shortestForm(value);
  return form !== null && form.decimals <= 2;
}

/**
 * The exact cents of `value` when it has at most two decimal places and fits a safe integer in
 * cents, else null: `134218180.73` is 13421818073, read from its digits, not from `value * 100`.
 */
function exactCents(value: number): Cents | null {
  if (!Number.isFinite(value)) return null;
  const form = shortestForm(value);
  if (!form || form.decimals > 2) return null;
  const cents = Number(`${form.digits}${"0".repeat(2 - form.decimals)}`);
  if (!Number.isSafeInteger(cents)) return null;
  return form.negative && cents !== 0 ? -cents : cents;
}

/** Cents of an amount already checked by `hasAtMostTwoDecimals` (exact); others round to the cent. */
export function toCents(value: number): Cents {
  return exactCents(value) ?? Math.round(value * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

/**
 * Percentages (tax rates, fees) are integer basis points inside the service, hundredths of a percent:
 * 18 % is 1800. They are not cents: `fromBasisPoints` answers the percent.
 */
export type BasisPoints = number;

/** Basis points of a percent already checked to have at most 2 decimals (`hasAtMostTwoDecimals`). */
export function toBasisPoints(percent: number): BasisPoints {
  return Math.round(percent * 100);
}

/** The percent of `basisPoints`: 1800 is 18. */
export function fromBasisPoints(basisPoints: BasisPoints): number {
  return basisPoints / 100;
}

/** `1500.00`: the form of `<x>`/`<y>` placeholders in messages. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Parses a decimal written with `.` or `,` (OFX, CSV) into cents; null when it is not a number. */
export function parseDecimalToCents(text: string): Cents | null {
  const trimmed = text.trim().replace(/\s/g, "");
  if (!trimmed) return null;
  // "1.234,56" (thousands dot, decimal comma) or "1,234.56" or "1234,56" or "1234.56"
  let normalised = trimmed;
  const lastComma = trimmed.lastIndexOf(",");
  const lastDot = trimmed.lastIndexOf(".");
  if (lastComma > lastDot) normalised = trimmed.replace(/\./g, "").replace(",", ".");
  else if (lastDot > lastComma && lastComma !== -1) normalised = trimmed.replace(/,/g, "");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return null;
  const negative = normalised.startsWith("-");
  const unsigned = normalised.replace(/^[+-]/, "");
  const [whole = "0", fraction = ""] = unsigned.split(".");
  const padded = `${fraction}000`.slice(0, 3);
  // round half away from zero on the third decimal
  let cents = Number(whole || "0") * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}
