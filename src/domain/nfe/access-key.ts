import {
  accessKeyCheckDigit,
  accessKeyIssueMonth,
  accessKeyIssuer,
  accessKeyLength,
  accessKeyModel,
  accessKeyMonth,
  accessKeyState,
} from "./messages";

/**
 * The NF-e access key (chNFe), 44 characters: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1)
 * cNF(8) cDV(1). The issuer's CNPJ may be the alphanumeric one, so positions 7 to 18 may be upper-case
 * letters (NT Conjunta DF-e 2025.001 §5: `[0-9]{6}[A-Z0-9]{12}[0-9]{26}`). The check digit is the
 * layout manual's modulus 11 over the first 43 characters, each valued by its ASCII code minus 48 (the
 * same NT: digits keep their value, so a numeric key keeps its check digit).
 */
export type AccessKey = {
  key: string;
  state: string;
  yymm: string;
  issuerDocument: string;
  model: string;
  series: number;
  number: number;
  emissionType: string;
  randomCode: string;
  checkDigit: number;
};

/** chNFe's shape: 6 digits, the issuer's CNPJ (12 digits or upper-case letters, 2 digits), 26 digits. */
export const ACCESS_KEY_PATTERN = "^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$";
const ACCESS_KEY = new RegExp(ACCESS_KEY_PATTERN);

/** A text of the access key's shape, whatever its check digit. */
export const isAccessKeyText = (text: string) => ACCESS_KEY.test(text);

/** IBGE codes of the 27 federative units. */
const STATE_CODES = new Set([
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
  "17",
  "21",
  "22",
  "23",
  "24",
  "25",
  "26",
  "27",
  "28",
  "29",
  "31",
  "32",
  "33",
  "35",
  "41",
  "42",
  "43",
  "50",
  "51",
  "52",
  "53",
]);

/**
 * Modulus 11: characters (ASCII code minus 48: `0`-`9` as themselves, `A` 17 … `Z` 42) weighted 2, 3,
 * ..., 9, 2, 3... from the right, summed; the digit is 11 minus the remainder, and 0 when the
 * remainder is 0 or 1.
 */
export function accessKeyCheckDigitOf(digits43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits43.length - 1; i >= 0; i--) {
    sum += (digits43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export type KeyReading = { ok: true; key: AccessKey } | { ok: false; message: string };

/** The parts of a key, or the first problem of its own (length, check digit, UF, month, model). */
export function readAccessKey(key: string): KeyReading {
  if (!ACCESS_KEY.test(key)) return { ok: false, message: accessKeyLength(key) };
  const expected = accessKeyCheckDigitOf(key.slice(0, 43));
  if (expected !== Number(key[43])) return { ok: false, message: accessKeyCheckDigit(key, expected) };
  const state = key.slice(0, 2);
  if (!STATE_CODES.has(state)) return { ok: false, message: accessKeyState(state) };
  const yymm = key.slice(2, 6);
  const month = Number(yymm.slice(2));
  if (month < 1 || month > 12 || Number(yymm.slice(0, 2)) < 6)
    return { ok: false, message: accessKeyMonth(yymm) };
  const model = key.slice(20, 22);
  if (model !== "55") return { ok: false, message: accessKeyModel(model) };
  return {
    ok: true,
    key: {
      key,
      state,
      yymm,
      issuerDocument: key.slice(6, 20),
      model,
      series: Number(key.slice(22, 25)),
      number: Number(key.slice(25, 34)),
      emissionType: key.slice(34, 35),
      randomCode: key.slice(35, 43),
      checkDigit: Number(key[43]),
    },
  };
}

/**
 * The key checked against the document it names: the issuer's CNPJ (a CPF issuer is written with
 * three leading zeros) and the year/month of `dhEmi`. Answers the first problem, or null.
 */
export function accessKeyProblem(
  key: string,
  document: { issuerDocument: string; issuedAt: string },
): string | null {
  const reading = readAccessKey(key);
  if (!reading.ok) return reading.message;
  const issuer = document.issuerDocument.padStart(14, "0");
  if (reading.key.issuerDocument !== issuer)
    return accessKeyIssuer(reading.key.issuerDocument, document.issuerDocument);
  const issuedYymm = document.issuedAt.slice(2, 4) + document.issuedAt.slice(5, 7);
  if (reading.key.yymm !== issuedYymm)
    return accessKeyIssueMonth(reading.key.yymm, document.issuedAt.slice(0, 7));
  return null;
}
