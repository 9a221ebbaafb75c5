import { OfxParseError } from "./errors";
import { lineAt } from "./lines";
import { ofxMessages } from "./messages";

/** What comes before the `<OFX>` body: the SGML `KEY:VALUE` header of OFX 1.x or the XML prolog of 2.x. */
export type OfxHeader = {
  syntax: "sgml" | "xml";
  version: string | null;
  declaredCharset: string | null;
  /** Offset in the text where markup starts. */
  bodyStart: number;
};

const SGML_KEYS = [
  "OFXHEADER",
  "DATA",
  "VERSION",
  "SECURITY",
  "ENCODING",
  "CHARSET",
  "COMPRESSION",
  "OLDFILEUID",
  "NEWFILEUID",
];

/**
 * One `KEY:VALUE` field. A value ends at a line break or where the next known key starts, because
 * some exporters write the whole header on one line (`OFXHEADER:100DATA:OFXSGMLVERSION:102...`).
 * Spaces around the colon and inside values are tolerated (`ENCODING: UTF - 8`).
 */
const SGML_FIELD = new RegExp(
  `(${SGML_KEYS.join("|")})[ \\t]*:[ \\t]*(.*?)[ \\t]*(?=(?:${SGML_KEYS.join("|")})[ \\t]*:|[\\r\\n]|$)`,
  "gi",
);

/** Reads the header; throws `OfxParseError` when the text is not an OFX file at all. */
export function readHeader(text: string): OfxHeader {
  const start = firstSignificant(text);
  if (start === text.length) throw new OfxParseError(null, ofxMessages.empty);
  const head = text.slice(start, start + 9).toUpperCase();
  if (head.startsWith("<?") || head.startsWith("<!--")) return xmlHeader(text, start);
  if (head.startsWith("OFXHEADER")) return sgmlHeader(text, start);
  if (head.startsWith("<")) return { syntax: "sgml", version: null, declaredCharset: null, bodyStart: start };
  throw new OfxParseError(lineAt(text, start), ofxMessages.notOfx);
}

/** Skips a BOM, whitespace and the NUL bytes some exporters pad with. */
function firstSignificant(text: string): number {
  let i = 0;
  while (i < text.length && /[\s\uFEFF\0]/.test(text[i]!)) i++;
  return i;
}

function sgmlHeader(text: string, start: number): OfxHeader {
  const bodyStart = text.indexOf("<", start);
  if (bodyStart === -1) throw new OfxParseError(null, ofxMessages.noBody);
  const fields = new Map<string, string>();
  for (const match of text.slice(start, bodyStart).matchAll(SGML_FIELD)) {
    fields.set(match[1]!.toUpperCase(), match[2]!);
  }
  const declared = [fields.get("ENCODING"), fields.get("CHARSET")].filter(
    (v) => v && v.toUpperCase() !== "NONE",
  );
  return {
    syntax: "sgml",
    version: fields.get("VERSION") || null,
    declaredCharset: declared.length ? declared.join("/") : null,
    bodyStart,
  };
}

function xmlHeader(text: string, start: number): OfxHeader {
  const prolog = text.slice(start, start + 2048);
  const version = /<\?OFX\b[^>]*?\bVERSION\s*=\s*["']?([\w.]+)/i.exec(prolog);
  const encoding = /<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/i.exec(prolog);
  return {
    syntax: "xml",
    version: version?.[1] ?? null,
    declaredCharset: encoding?.[1] ?? null,
    bodyStart: start,
  };
}
