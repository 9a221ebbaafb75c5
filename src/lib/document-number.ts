/**
 * Brazilian CPF (11 digits) and CNPJ with their check digits. A CNPJ is 14 characters: the numeric
 * one (14 digits) or the alphanumeric one the Receita Federal issues since July 2026 (12 digits or
 * upper-case letters, then 2 check digits), both checked by the same rule (Nota Técnica COCAD/SUARA/RFB
 * nº 49/2024; NT Conjunta DF-e 2025.001 §2): module 11, each character valued by its ASCII code
 * minus 48, so a numeric CNPJ keeps the check digits it always had. Docs: docs/DOCUMENTS.md.
 */

/** A CNPJ as stored: 12 digits or upper-case letters, then 2 digits (the schemas' `pattern`). */
export const CNPJ_PATTERN = "^[0-9A-Z]{12}[0-9]{2}$";
const CNPJ = new RegExp(CNPJ_PATTERN);
const CPF = /^\d{11}$/;

/** The punctuation a typed CPF/CNPJ may carry: `.`, `/`, `-` and spaces. */
const PUNCTUATION = /[./\s-]/g;

/**
 * The stored form of a typed CPF or CNPJ: punctuation (`.`, `/`, `-`, spaces) dropped, letters
 * upper-cased (`12.abc.345/01de-35` is `12ABC34501DE35`). Any other character is kept, so such a
 * text stays invalid instead of becoming another document.
 */
export function normaliseDocument(text: string): string {
  return text.replace(PUNCTUATION, "").toUpperCase();
}

/**
 * Module 11 over the weights, each character valued by its code minus 48: digits keep their value
 * and `A` is 17 … `Z` is 42 (the Receita Federal's rule for the alphanumeric CNPJ).
 */
function checkDigit(text: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * (text.charCodeAt(i) - 48), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

const allSameDigit = (text: string) => /^(\d)\1*$/.test(text);

/** The two check digits of a CNPJ's first 12 characters (digits or upper-case letters). */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, FIRST_WEIGHTS);
  return `${first}${checkDigit(`${base}${first}`, SECOND_WEIGHTS)}`;
}

/**
 * A stored-form CNPJ (14 characters, upper case, no punctuation), numeric or alphanumeric, whose two
 * check digits are right. Lower case and punctuation are refused here: normalise the text first.
 */
export function isValidCnpj(text: string): boolean {
  if (!CNPJ.test(text) || allSameDigit(text)) return false;
  return cnpjCheckDigits(text.slice(0, 12)) === text.slice(12);
}

/** A text of a stored CNPJ's shape (12 of `[0-9A-Z]` then 2 digits), whatever its check digits. */
export const isCnpjShape = (text: string) => CNPJ.test(text);

export function isValidCpf(digits: string): boolean {
  if (!CPF.test(digits) || allSameDigit(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** A stored-form CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), by its length. */
export function isValidCpfOrCnpj(document: string): boolean {
  return document.length === 11 ? isValidCpf(document) : isValidCnpj(document);
}

/**
 * The root of a CNPJ (its first 8 characters: the company, whatever the establishment), of its
 * stored form, so `12.abc.345/01de-35` and `12ABC34501DE35` have the same root `12ABC345`.
 */
export function cnpjRoot(cnpj: string): string {
  return normaliseDocument(cnpj).slice(0, 8);
}
