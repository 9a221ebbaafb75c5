import { type Cents, MAX_AMOUNT, parseDecimalToCents } from "../../lib/money";

const MAX_CENTS = Math.round(MAX_AMOUNT * 100);

/**
 * TRNAMT/BALAMT to integer cents, by string arithmetic (never through a float): `-10.00`, `-530,86`,
 * `1.234,56`, `1,234.56`, `+5`, `-500.5`, `            -11,76`. More than two decimals round half
 * away from zero on the third (`-3.77000` is exact; `-995.4190` becomes -99542). Null when the text
 * is not a plain number (`$120`, `abc`, empty) or is beyond the amounts the service accepts.
 */
export function parseOfxAmount(text: string): Cents | null {
  const cents = plainAmountCents(text) ?? parseDecimalToCents(text.replace(/\u2212/g, "-"));
  if (cents === null || Math.abs(cents) > MAX_CENTS) return null;
  return cents === 0 ? 0 : cents;
}

/**
 * The common spelling, read digit by digit: an optional sign, 1 to 13 digits, and optionally a dot
 * with one or two decimals (`-1234.56`, `10`, `+5.5`). Anything else (commas, spaces, more
 * decimals) is left to the general reader: null here.
 */
function plainAmountCents(text: string): Cents | null {
  let i = 0;
  const first = text.charCodeAt(0);
  const negative = first === 45; // "-"
  if (negative || first === 43) i = 1; // "+"
  let whole = 0;
  const wholeStart = i;
  for (; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  const wholeDigits = i - wholeStart;
  if (wholeDigits === 0 || wholeDigits > 13) return null;
  let fraction = 0;
  if (i < text.length) {
    if (text.charCodeAt(i) !== 46) return null; // "."
    const decimals = text.length - i - 1;
    if (decimals < 1 || decimals > 2) return null;
    for (let k = i + 1; k < text.length; k++) {
      const digit = text.charCodeAt(k) - 48;
      if (digit < 0 || digit > 9) return null;
      fraction = fraction * 10 + digit;
    }
    if (decimals === 1) fraction *= 10;
  }
  const cents = whole * 100 + fraction;
  return negative ? -cents : cents;
}
