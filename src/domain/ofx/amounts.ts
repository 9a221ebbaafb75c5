import { type Cents, MAX_AMOUNT, parseDecimalToCents } from "../../lib/money";

const MAX_CENTS = Math.round(MAX_AMOUNT * 100);

/**
 * TRNAMT/BALAMT to integer cents, by string arithmetic (never through a float): `-10.00`, `-530,86`,
 * `1.234,56`, `1,234.56`, `+5`, `-500.5`, `            -11,76`. More than two decimals round half
 * away from zero on the third (`-3.77000` is exact; `-995.4190` becomes -99542). Null when the text
 * is not a plain number (`$120`, `abc`, empty) or is beyond the amounts the service accepts.
 */
export function parseOfxAmount(text: string): Cents | null {
  const cents = parseDecimalToCents(text.replace(/\u2212/g, "-"));
  if (cents === null || Math.abs(cents) > MAX_CENTS) return null;
  return cents === 0 ? 0 : cents;
}
