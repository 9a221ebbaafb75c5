/**
 * Brazilian CPF (11 digits) and CNPJ (14 digits, or the alphanumeric CNPJ of the Receita Federal:
 * 12 digits or upper-case letters, then 2 check digits) with their check digits.
 */

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/**
 * Module 11 over the weights, each character valued by its code minus 48: digits keep their value
 * and `A` is 17 … `Z` is 42 (the Receita Federal's rule for the alphanumeric CNPJ).
 */
function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * (digits.charCodeAt(i) - 48), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const allSame = (digits: string) => /^(\d)\1*$/.test(digits);

export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || allSame(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** A numeric or alphanumeric CNPJ (upper case, no punctuation) whose two check digits are right. */
export function isValidAnyCnpj(text: string): boolean {
  if (/^\d{14}$/.test(text)) return isValidCnpj(text);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(text)) return false;
  const first = checkDigit(text, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(text, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(text[12]) && second === Number(text[13]);
}

export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || allSame(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** A CPF or a CNPJ, by length. */
export function isValidCpfOrCnpj(digits: string): boolean {
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}
