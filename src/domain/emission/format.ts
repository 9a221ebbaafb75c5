import { EmissionDraftError } from "./errors";

/**
 * The layout's decimal types from the integers the draft carries: cents (`TDec_1302`: 2 decimals),
 * rates in hundredths of a percent (`TDec_0302a04`: 2 decimals written), quantities in thousandths
 * (`TDec_1104v`: 4 decimals written), grams (`TDec_1203`: kilograms with 3 decimals). Never through
 * a float: the integer is split into its digits.
 */

function fixed(value: number, scale: number, decimals: number, field: string): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new EmissionDraftError(`${field}: valor inválido (${value}); esperado inteiro não negativo`);
  const digits = String(value).padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits
    .slice(digits.length - scale)
    .padEnd(decimals, "0")
    .slice(0, decimals);
  return decimals === 0 ? whole : `${whole}.${fraction}`;
}

/** Cents as `TDec_1302` (`1234` → `12.34`), at most 13 integer digits. */
export function money(cents: number, field: string): string {
  const text = fixed(cents, 2, 2, field);
  if (text.length > 16) throw new EmissionDraftError(`${field}: valor acima do que a NF-e aceita (${text})`);
  return text;
}

/** A rate in hundredths of a percent as `TDec_0302a04` (`1800` → `18.00`), at most 999.99. */
export function rate(hundredths: number, field: string): string {
  if (hundredths > 99_999) throw new EmissionDraftError(`${field}: alíquota acima de 999,99%`);
  return fixed(hundredths, 2, 2, field);
}

/** A quantity in thousandths as `TDec_1104v` with 4 decimals (`1500` → `1.5000`). */
export function quantity(milli: number, field: string): string {
  if (milli <= 0) throw new EmissionDraftError(`${field}: quantidade deve ser maior que zero`);
  const text = fixed(milli, 3, 4, field);
  if (text.indexOf(".") > 11) throw new EmissionDraftError(`${field}: quantidade acima do que a NF-e aceita`);
  return text;
}

/** Grams as kilograms with 3 decimals (`TDec_1203`). */
export function kilograms(grams: number, field: string): string {
  return fixed(grams, 3, 3, field);
}

/**
 * `vUnCom` (`TDec_1110v`) such that `qCom` x `vUnCom`, rounded half up to cents, is `vProd`: the
 * unit price in cents when it gives `vProd`, else `vProd / qCom` with 10 decimals (rounded half up).
 * Null when no value of 10 decimals gives `vProd`.
 */
export function unitValue(quantityMilli: number, unitPriceCents: number, grossCents: number): string | null {
  const q = BigInt(quantityMilli);
  // q (thousandths) x price (cents) = value in 1e-5; rounded half up to cents
  const fromPrice = (q * BigInt(unitPriceCents) + 500n) / 1000n;
  if (unitPriceCents >= 0 && fromPrice === BigInt(grossCents)) return fixed(unitPriceCents, 2, 2, "vUnCom");
  // unit in 1e-10: gross (1e-2) / (q / 1e3) → gross * 1e11 / q
  const scaled = BigInt(grossCents) * 100_000_000_000n;
  const unit = (scaled * 2n + q) / (2n * q);
  // check: q (1e-3) x unit (1e-10) is in 1e-13 reais, 1e-11 cents; rounded half up to cents
  const back = (q * unit + 50_000_000_000n) / 100_000_000_000n;
  if (back !== BigInt(grossCents)) return null;
  const digits = unit.toString().padStart(11, "0");
  const whole = digits.slice(0, -10);
  const fraction = digits.slice(-10).replace(/0+$/, "");
  if (whole.length > 11) return null;
  return fraction ? `${whole}.${fraction.length === 1 ? `${fraction}0` : fraction}` : `${whole}.00`;
}

/** Round half up of `numerator / denominator` (both non-negative integers). */
export const divideRounded = (numerator: number, denominator: number) =>
  Math.floor((numerator * 2 + denominator) / (2 * denominator));
