import { type Cents, MAX_AMOUNT } from "../../lib/money";

const MAX_CENTS = Math.round(MAX_AMOUNT * 100);

/**
 * A money cell of a spreadsheet in cents: `12,50`, `12.5`, `1.234,56`, `1,234.56`, `R$ 10`.
 * With both separators the last one is the decimal mark. Digits beyond the cent must be zeros
 * (`10.500` is 10.50), so an ambiguous `1.234` is refused instead of guessed. Negative or
 * non-numeric text gives null.
 */
export function parseMoneyCell(text: string): Cents | null {
  const compact = text.replace(/^\s*R\$/i, "").replace(/\s/g, "");
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const lastComma = compact.lastIndexOf(",");
  const lastDot = compact.lastIndexOf(".");
  let whole: string;
  let fraction = "";
  if (lastComma !== -1 && lastDot !== -1) {
    const decimalAt = Math.max(lastComma, lastDot);
    whole = compact.slice(0, decimalAt).replace(/[.,]/g, "");
    fraction = compact.slice(decimalAt + 1);
    if (/[.,]/.test(fraction)) return null;
  } else {
    const mark = lastComma !== -1 ? "," : ".";
    const parts = compact.split(mark);
    if (parts.length === 2) {
      whole = parts[0]!;
      fraction = parts[1]!;
    } else if (parts.length > 2 && parts.slice(1).every((group) => group.length === 3)) {
      whole = parts.join(""); // 1.234.567: thousands only
    } else if (parts.length === 1) {
      whole = compact;
    } else {
      return null;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (/[^0]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}
