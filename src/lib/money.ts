/** Money is integer cents everywhere inside the service; JSON carries numbers with at most 2 decimals. */
export type Cents = number;

/** Largest amount accepted in input: R$ 999,999,999,999.99, well inside the safe-integer range in cents. */
export const MAX_AMOUNT = 999_999_999_999.99;

/** True when `value` is a finite number with at most two decimal places. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export function toCents(value: number): Cents {
  return Math.round(value * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
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
