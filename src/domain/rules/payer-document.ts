import { isValidCnpj, isValidCpf } from "../../lib/document-number";

/**
 * The payer's document a conciliation rule may require: a CPF (11 digits) or a CNPJ (14 characters:
 * 12 digits or upper-case letters, then 2 check digits — the alphanumeric CNPJ of the Receita
 * Federal, the form the API Pix carries since its version 2.9).
 *
 * Typed with its usual punctuation or without it: `.`, `/`, `-` and spaces are dropped, letters are
 * upper-cased, so `123.456.789-09`, `12.abc.345/01de-35` and `12ABC34501DE35` are stored and compared
 * as `12345678909` and `12ABC34501DE35`. Any other character makes the text invalid (never dropped).
 */

const PUNCTUATION = /[./\s-]/g;
const CPF = /^\d{11}$/;
const CNPJ = /^[0-9A-Z]{12}\d{2}$/;

/** The comparable form of a typed document: punctuation dropped, upper case; null when blank. */
export function normalisePayerDocument(text: string): string | null {
  const compact = text.replace(PUNCTUATION, "").toUpperCase();
  return compact === "" ? null : compact;
}

/**
 * A check digit of the CNPJ (module 11 over the weights), each character valued by its ASCII code
 * minus 48, so digits keep their value and `A` is 17 … `Z` is 42 (Receita Federal's rule for the
 * alphanumeric CNPJ, which gives the numeric CNPJ its usual digits).
 */
function cnpjCheckDigit(body: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (body.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** An alphanumeric or numeric CNPJ (already normalised) whose two check digits are right. */
function isValidAnyCnpj(text: string): boolean {
  if (!CNPJ.test(text)) return false;
  // The numeric CNPJ keeps the house's check (which also refuses 14 equal digits).
  if (/^\d{14}$/.test(text)) return isValidCnpj(text);
  return (
    cnpjCheckDigit(text, FIRST_WEIGHTS) === Number(text[12]) &&
    cnpjCheckDigit(text, SECOND_WEIGHTS) === Number(text[13])
  );
}

/** A normalised document that is a valid CPF (by its check digits) or a valid CNPJ. */
export function isValidPayerDocument(document: string): boolean {
  return CPF.test(document) ? isValidCpf(document) : isValidAnyCnpj(document);
}
