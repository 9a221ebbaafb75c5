/**
 * The issuer's fiscal profile of an invoicing company (the NF-e's `emit`): the rules of its fields
 * that the NF-e 4.00 layout (leiauteNFe_v4.00.xsd, tiposBasico_v4.00.xsd) and the IBGE code fix.
 */

/** The IBGE code of each UF (`TUfEmi`: the 26 states and the Federal District), the first 2 digits of its municipalities' codes. */
export const UF_CODES = {
  RO: "11",
  AC: "12",
  AM: "13",
  RR: "14",
  PA: "15",
  AP: "16",
  TO: "17",
  MA: "21",
  PI: "22",
  CE: "23",
  RN: "24",
  PB: "25",
  PE: "26",
  AL: "27",
  SE: "28",
  BA: "29",
  MG: "31",
  ES: "32",
  RJ: "33",
  SP: "35",
  PR: "41",
  SC: "42",
  RS: "43",
  MS: "50",
  MT: "51",
  GO: "52",
  DF: "53",
} as const;

export type Uf = keyof typeof UF_CODES;

export const UFS = Object.keys(UF_CODES) as Uf[];

export const isUf = (text: string): text is Uf => Object.hasOwn(UF_CODES, text);

/** CRT (`emit/CRT`): 1 Simples Nacional, 2 Simples Nacional over the gross revenue sublimit, 3 normal regime, 4 MEI. */
export const TAX_REGIMES = [1, 2, 3, 4] as const;

/** `TSerie`: 0 to 999; a new invoicing company starts at series 1. */
export const NFE_SERIES_MAX = 999;
/** `TNF`: 1 to 999999999. */
export const NFE_NUMBER_MAX = 999_999_999;

/** `TIe`: 2 to 14 digits, or the word ISENTO. */
export const STATE_REGISTRATION_EXEMPT = "ISENTO";

/**
 * IBGE codes whose last digit does not follow the check-digit rule; SEFAZ accepts them as they are
 * (Nota Técnica 2008.004).
 */
const CITY_CODES_OFF_RULE = new Set([
  "2201919", // Bom Princípio do Piauí, PI
  "2201988", // Brejo do Piauí, PI
  "2202251", // Canavieira, PI
  "2611533", // Quixaba, PE
  "3117836", // Cônego Marinho, MG
  "3152131", // Ponto Chique, MG
  "4305871", // Coronel Barros, RS
  "5203939", // Buriti de Goiás, GO
  "5203962", // Buritinópolis, GO
]);

/**
 * The check digit of an IBGE municipality code (NT 2008.004): the first six digits weighted 1, 2, 1,
 * 2, 1, 2; a product of two digits counts as the sum of its digits; the digit completes the sum to
 * the next multiple of 10.
 */
function cityCheckDigit(first6: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const product = Number(first6[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** 7 digits, a UF's prefix and the right check digit (or one of the codes the rule does not fit). */
export function isCityCode(code: string): boolean {
  if (!/^\d{7}$/.test(code)) return false;
  if (!Object.values(UF_CODES).includes(code.slice(0, 2) as (typeof UF_CODES)[Uf])) return false;
  return CITY_CODES_OFF_RULE.has(code) || cityCheckDigit(code.slice(0, 6)) === Number(code[6]);
}
