/**
 * A CNAB layout as data: each record is a table of fields named by what they mean here, with the
 * 1-based inclusive positions the banks' manuals print (`start`–`end`) and how the text is read.
 * A new bank is a new table, not new code (docs/CNAB.md lists the sources of every table).
 */

/**
 * - `numeric`: digits only (zeros on the left), kept as text;
 * - `alpha`: any text, trimmed of the blanks that pad it;
 * - `date`: `DDMMAAAA` (8 positions) or `DDMMAA` (6 positions); all zeros or blanks mean no date;
 * - `cents`: digits with two implied decimals (`000000000012345` is 123.45), read as integer cents.
 */
export type FieldType = "numeric" | "alpha" | "date" | "cents";

export type FieldSpec = { readonly start: number; readonly end: number; readonly type: FieldType };

/** One record of a layout: field name → positions and type. */
export type RecordLayout<Name extends string> = { readonly [K in Name]: FieldSpec };

export function field(start: number, end: number, type: FieldType): FieldSpec {
  return { start, end, type };
}

/** The fields every detail record of a return yields, whatever the layout (see `ReturnRecord`). */
export type DetailFieldName =
  | "occurrenceCode"
  | "nossoNumero"
  | "documentNumber"
  | "companyReference"
  | "dueDate"
  | "titleValue"
  | "paid"
  | "interest"
  | "discount"
  | "abatement"
  | "otherCredits"
  | "tariff"
  | "occurrenceDate"
  | "creditDate"
  | "reasons";

/**
 * How the bank writes the nosso número in its field: `checkDigitLast` when the manual puts the
 * bank's check digit (DV/DAC) as the field's last digit, `none` when the field has no check digit,
 * `varies` when it depends on the contract (Banco do Brasil: 17 digits without DV for 7-digit
 * agreements, 11 digits + DV for the older ones). Either way the reader offers both candidates.
 */
export type CheckDigitRule = "checkDigitLast" | "none" | "varies";

/** The split of the reasons field (`motivos`) into codes of `width` characters. */
export type ReasonsRule = { readonly width: number };
