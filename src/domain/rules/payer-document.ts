import { isValidCpfOrCnpj, normaliseDocument } from "../../lib/document-number";

/**
 * The payer's document a conciliation rule may require: a CPF (11 digits) or a CNPJ (14 characters:
 * 12 digits or upper-case letters, then 2 check digits — the alphanumeric CNPJ of the Receita
 * Federal, the form the API Pix carries since its version 2.9).
 *
 * Typed with its usual punctuation or without it: `.`, `/`, `-` and spaces are dropped, letters are
 * upper-cased, so `123.456.789-09`, `12.abc.345/01de-35` and `12ABC34501DE35` are stored and compared
 * as `12345678909` and `12ABC34501DE35`. Any other character makes the text invalid (never dropped).
 */

/** The comparable form of a typed document: punctuation dropped, upper case; null when blank. */
export function normalisePayerDocument(text: string): string | null {
  const compact = normaliseDocument(text);
  return compact === "" ? null : compact;
}

/** A normalised document that is a valid CPF (by its check digits) or a valid CNPJ. */
export function isValidPayerDocument(document: string): boolean {
  return isValidCpfOrCnpj(document);
}
