import { decodeEntities } from "./entities";
import { OfxParseError } from "./errors";
import { countLineBreaks } from "./lines";
import { ofxMessages } from "./messages";

/**
 * The markup of an OFX body, SGML (1.x) or XML (2.x) alike: start tags, end tags and text. Tag
 * names are upper-cased (tags may come in any case). Comments, processing instructions and
 * declarations are skipped; CDATA becomes text as is; other text has its entities decoded and
 * is only emitted when it holds something besides whitespace.
 */
export type OfxToken =
  | { kind: "open"; name: string; line: number; selfClosing: boolean }
  | { kind: "close"; name: string; line: number }
  | { kind: "text"; text: string; line: number };

const ATTRIBUTE = /\s*[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*')/y;

/** Tokens one at a time, `null` at the end of the text: reading stops wherever the caller stops asking. */
export type Tokenizer = () => OfxToken | null;

export function tokenize(text: string, start: number, firstLine: number): Tokenizer {
  let pos = start;
  let line = firstLine;
  const advance = (to: number) => {
    line += countLineBreaks(text, pos, to);
    pos = to;
  };
  const fail = (reason: string): never => {
    throw new OfxParseError(line, reason);
  };
  const textToken = (value: string, raw: boolean): OfxToken | null => {
    const first = value.search(/\S/);
    if (first === -1) return null;
    return {
      kind: "text",
      text: raw ? value : decodeEntities(value),
      line: line + countLineBreaks(value, 0, first),
    };
  };

  return function next(): OfxToken | null {
    while (pos < text.length) {
      const lt = text.indexOf("<", pos);
      if (lt !== pos) {
        const end = lt === -1 ? text.length : lt;
        const token = textToken(text.slice(pos, end), false);
        advance(end);
        if (token) return token;
        continue;
      }

      if (text.startsWith("<!--", pos)) {
        advance(skipPast(text, pos + 4, "-->") ?? fail(ofxMessages.unclosedMarkup("comentário <!--")));
        continue;
      }
      if (text.startsWith("<![CDATA[", pos)) {
        const end = text.indexOf("]]>", pos + 9);
        if (end === -1) fail(ofxMessages.unclosedMarkup("bloco <![CDATA["));
        const token = textToken(text.slice(pos + 9, end), true);
        advance(end + 3);
        if (token) return token;
        continue;
      }
      if (text.startsWith("<?", pos)) {
        advance(skipPast(text, pos + 2, "?>") ?? fail(ofxMessages.unclosedMarkup("instrução <?")));
        continue;
      }
      if (text.startsWith("<!", pos)) {
        advance(skipPast(text, pos + 2, ">") ?? fail(ofxMessages.unclosedMarkup("declaração <!")));
        continue;
      }

      const closing = text.charCodeAt(pos + 1) === 47; // "/"
      const nameStart = pos + (closing ? 2 : 1);
      const nameEnd = scanName(text, nameStart);
      if (nameEnd === nameStart) {
        if (closing) fail(ofxMessages.badMarkup(text.slice(pos, pos + 20)));
        // A "<" that starts no tag ("< 5", "<<") is plain text.
        const token: OfxToken = { kind: "text", text: "<", line };
        advance(pos + 1);
        return token;
      }
      const name = text.slice(nameStart, nameEnd).toUpperCase();
      let i = nameEnd;
      if (!closing) {
        ATTRIBUTE.lastIndex = i;
        while (ATTRIBUTE.test(text)) i = ATTRIBUTE.lastIndex;
      }
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      const selfClosing = !closing && text.startsWith("/>", i);
      if (!selfClosing && text[i] !== ">")
        fail(ofxMessages.badMarkup(text.slice(pos, Math.max(i + 1, pos + 20))));
      const token: OfxToken = closing
        ? { kind: "close", name, line }
        : { kind: "open", name, line, selfClosing };
      advance(i + (selfClosing ? 2 : 1));
      return token;
    }
    return null;
  };
}

function skipPast(text: string, from: number, terminator: string): number | null {
  const end = text.indexOf(terminator, from);
  return end === -1 ? null : end + terminator.length;
}

/** Tag names: a letter or `_`, then letters, digits, `.`, `_`, `-` (`INTU.BID`, `AMEX.BASICACCT`). */
function scanName(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    const other = (c >= 48 && c <= 57) || c === 46 || c === 45;
    if (!(letter || (i > from && other))) break;
    i++;
  }
  return i;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}
