/**
 * The characters an NF-e text field may hold: the layout's `TString` (tiposBasico_v4.00.xsd) is
 * `[!-ÿ]{1}[ -ÿ]*[!-ÿ]{1}|[!-ÿ]{1}`, so only U+0020 to U+00FF, no space at either end, never empty.
 * Its range still lets the C1 controls (U+007F to U+009F) through; they are refused here as well,
 * with the C0 controls (line breaks and tabs among them), which the range already excludes.
 */

/** Why a text cannot reach the NF-e: a control character, or one beyond U+00FF (its code point). */
export type NfeTextIssue = { kind: "control" } | { kind: "character"; codePoint: number };

/** The first issue of an already trimmed text, or undefined when every character is accepted. */
export function nfeTextIssue(text: string): NfeTextIssue | undefined {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return { kind: "control" };
    if (code > 0xff) return { kind: "character", codePoint: code };
  }
  return undefined;
}

/** `U+2014`: how a refused character is named in a message (it may be invisible or unprintable). */
export const codePointName = (codePoint: number) =>
  `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
