/**
 * Amounts as the API Pix writes them: a decimal STRING with exactly two decimals and up to ten
 * integer digits (`\d{1,10}\.\d{2}`, the pattern of `valor.original`, `Pix.valor` and
 * `Devolucao.valor` in BACEN's OpenAPI). Read digit by digit into integer cents, never through a
 * float; anything else (a comma, a sign, one decimal, an exponent, spaces) is not an amount.
 */
import type { Cents } from "../../lib/money";

const PIX_AMOUNT = /^(\d{1,10})\.(\d{2})$/;

/** The largest amount the pattern allows: 9,999,999,999.99 (a safe integer in cents). */
export const PIX_MAX_CENTS: Cents = 999_999_999_999;

/** `"123.45"` → 12345; null when the text is not exactly `\d{1,10}\.\d{2}`. */
export function pixAmountToCents(text: string): Cents | null {
  const match = PIX_AMOUNT.exec(text);
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction);
}

/** 12345 → `"123.45"`; null when the cents are not an integer in 0..PIX_MAX_CENTS. */
export function centsToPixAmount(cents: Cents): string | null {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > PIX_MAX_CENTS) return null;
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
