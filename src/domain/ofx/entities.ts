const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
/** `&amp;lt;`: an entity escaped twice, as some QFX exporters do (`TPAY &amp;lt;DEFTPYMT&amp;gt;`). */
const DOUBLE_ESCAPED = /&amp;(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi;

/**
 * Decodes character references in element text. A bare `&` that starts no known entity is kept
 * as written (`Amazon & Cloud`): SGML OFX files rarely escape it.
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(DOUBLE_ESCAPED, "&$1;").replace(ENTITY, (whole, dec, hex, name) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = dec ? Number(dec) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}
