import { EmissionDraftError } from "./errors";

/**
 * Free text on its way into the NF-e XML, cleaned to the layout's `TString`
 * (`[!-ÿ]{1}[ -ÿ]*[!-ÿ]{1}|[!-ÿ]{1}`: only U+0020 to U+00FF, no blank at either end):
 * 1. characters above U+00FF are folded (NFD, combining marks dropped: `ő` → `o`, `Ș` → `S`), or
 *    replaced by their usual Latin-1 equivalent (typographic quotes and dashes, `…`, `€`, `•`), or
 *    dropped (emoji, symbols, invisible marks);
 * 2. control characters (C0, DEL, C1: line breaks and tabs among them) become a space;
 * 3. runs of blanks (and the no-break space U+00A0) become one space; the ends are trimmed;
 * 4. the text is cut to the element's maximum length (and trimmed again);
 * 5. a text shorter than the element's minimum is refused, naming the field.
 * Latin-1 letters (`ç`, `ã`, `é`...) are kept as they are: the layout accepts them.
 */

const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u20AC": "EUR",
  "\u2022": "-",
  "\u2116": "No",
  "\u2122": "TM",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "<>",
  "\u0152": "OE",
  "\u0153": "oe",
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
  "\u2007": " ",
  "\u2009": " ",
  "\u202F": " ",
  "\u2028": " ",
  "\u2029": " ",
  "\u3000": " ",
};

const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

function foldCharacter(char: string): string {
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  const folded = char.normalize("NFD").replace(COMBINING, "");
  // kept only when every character left is within Latin-1 (a letter with its accent dropped)
  return [...folded].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? folded : "";
}

/** The text with only the characters `TString` accepts, blanks collapsed, not yet trimmed to length. */
export function foldNfeText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xa0) out += " ";
    else if (code <= 0xff) out += char;
    else out += foldCharacter(char);
  }
  return out.replace(/ {2,}/g, " ").trim();
}

export type TextField = {
  /** The element's path as the message names it (e.g. `dest/xNome`). */
  field: string;
  maxLength: number;
  minLength?: number;
};

/** The cleaned text (steps 1 to 5 above), or an `EmissionDraftError` naming the field. */
export function nfeText(value: string | null | undefined, spec: TextField): string {
  const min = spec.minLength ?? 1;
  const cleaned = foldNfeText(value ?? "")
    .slice(0, spec.maxLength)
    .trimEnd();
  if (cleaned.length === 0) throw new EmissionDraftError(`${spec.field} vazio: informe um texto para a NF-e`);
  if (cleaned.length < min)
    throw new EmissionDraftError(
      `${spec.field} deve ter ao menos ${min} caracteres aceitos pela NF-e (após a limpeza: "${cleaned}")`,
    );
  return cleaned;
}

/** Like `nfeText` but null for an absent or blank text (an optional element left out). */
export function optionalNfeText(value: string | null | undefined, spec: TextField): string | null {
  if (value == null || foldNfeText(value).length === 0) return null;
  return nfeText(value, spec);
}
