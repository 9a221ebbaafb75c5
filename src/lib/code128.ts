/**
 * CODE-128 subset C (ISO/IEC 15417:2007), the symbology of the DANFE's access key (MOC, Anexo II:
 * "código de barras unidimensional padrão CODE-128C" of the 44-digit key): a string of an even
 * number of digits written as pairs `00`..`99` (symbol values 0 to 99) after Start C (105), then the
 * check symbol (the start value plus each value times its position, modulo 103), then Stop.
 *
 * The answer is the run-length pattern of modules, bars and spaces alternating from a bar, so the
 * caller draws each bar as a rectangle of `width x module`; a quiet zone of 10 modules is the
 * caller's (left and right of the symbol).
 */

/**
 * The 107 symbol patterns of ISO/IEC 15417 (table 1): the widths, in modules, of bar, space, bar,
 * space, bar, space (values 0 to 105; 11 modules each) and the Stop pattern with its final bar
 * (106; 13 modules).
 */
// biome-ignore format: the standard's table, ten values a row
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const START_C = 105;
export const STOP = 106;
/** In subset C, "Code A" switches to subset A; in subset A, "Code C" (99) switches back. */
const CODE_A = 101;
const CODE_C = 99;

export class Code128Error extends Error {}

/** The check symbol: the start value plus each following value times its position, modulo 103. */
const withCheck = (values: number[]) => {
  const check = values.reduce((sum, value, i) => (i === 0 ? value : sum + value * i), 0) % 103;
  return [...values, check, STOP];
};

/** The symbol values of `digits` in subset C: Start C, one value per pair, the check symbol, Stop. */
export function code128cValues(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits))
    throw new Code128Error("CODE-128C codifica apenas um número par de dígitos (ao menos dois)");
  const values = [START_C];
  for (let i = 0; i < digits.length; i += 2) values.push(Number(digits.slice(i, i + 2)));
  return withCheck(values);
}

/**
 * The symbol values of an access key: subset C alone for a numeric key (MOC, "DANFE e código de
 * barras"); a key holding an alphanumeric CNPJ (NT Conjunta 2025.001, from July 2026) cannot be
 * written in subset C alone, so its letters go in subset A (digits `0`-`9` and `A`-`Z`, values 16-25
 * and 33-58) and the symbol returns to subset C for each run of four digits or more (an odd run
 * leaves its first digit in A).
 */
export function code128KeyValues(key: string): number[] {
  if (/^(\d\d)+$/.test(key)) return code128cValues(key);
  if (!/^[0-9A-Z]+$/.test(key))
    throw new Code128Error("A chave de acesso tem apenas dígitos e letras maiúsculas");
  const values = [START_C];
  let subsetC = true;
  let i = 0;
  const digitRun = (from: number) => {
    let end = from;
    while (end < key.length && /\d/.test(key[end]!)) end++;
    return end - from;
  };
  while (i < key.length) {
    if (subsetC) {
      if (/^\d\d$/.test(key.slice(i, i + 2))) {
        values.push(Number(key.slice(i, i + 2)));
        i += 2;
      } else {
        values.push(CODE_A);
        subsetC = false;
      }
      continue;
    }
    const run = digitRun(i);
    if (run >= 4) {
      if (run % 2 === 1) values.push(key.charCodeAt(i++) - 32);
      values.push(CODE_C);
      subsetC = true;
      continue;
    }
    values.push(key.charCodeAt(i++) - 32);
  }
  return withCheck(values);
}

/** The module widths of a symbol's values, bars and spaces alternating from the first bar. */
export const code128Widths = (values: number[]): number[] =>
  values.flatMap((value) => [...PATTERNS[value]!].map(Number));

/** The module widths of `digits` in subset C. */
export const code128cWidths = (digits: string) => code128Widths(code128cValues(digits));

/** The bars of a symbol as `[start, width]` in modules from its left edge (spaces omitted). */
function barsOf(widths: number[]): { bars: Array<[number, number]>; modules: number } {
  const bars: Array<[number, number]> = [];
  let at = 0;
  widths.forEach((width, i) => {
    if (i % 2 === 0) bars.push([at, width]);
    at += width;
  });
  return { bars, modules: at };
}

/** The bars of an access key's symbol (`code128KeyValues`), to draw as rectangles. */
export const code128KeyBars = (key: string) => barsOf(code128Widths(code128KeyValues(key)));
