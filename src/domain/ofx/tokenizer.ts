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
export type OfxToken = {
  kind: "open" | "close" | "text";
  /** Tag name (open, close); "" for text. */
  name: string;
  /** Text (text tokens); "" for tags. */
  text: string;
  line: number;
  /** `<TAG/>` (open tokens). */
  selfClosing: boolean;
};

const ATTRIBUTE = /\s*[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*')/y;

/**
 * Tokens one at a time, `null` at the end of the text: reading stops wherever the caller stops asking.
 * The token answered is one object reused by every call (a file has hundreds of thousands of
 * tokens): read it before asking for the next.
 */
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
  const token: OfxToken = { kind: "text", name: "", text: "", line: 0, selfClosing: false };
  const emit = (kind: OfxToken["kind"], name: string, text: string, at: number, selfClosing: boolean) => {
    token.kind = kind;
    token.name = name;
    token.text = text;
    token.line = at;
    token.selfClosing = selfClosing;
    return token;
  };
  const textToken = (value: string, raw: boolean): OfxToken | null => {
    const first = firstNonSpace(value, 0, value.length);
    if (first === -1) return null;
    return emit(
      "text",
      "",
      raw ? value : decodeEntities(value),
      line + countLineBreaks(value, 0, first),
      false,
    );
  };

  return function next(): OfxToken | null {
    while (pos < text.length) {
      const lt = text.indexOf("<", pos);
      if (lt !== pos) {
        const end = lt === -1 ? text.length : lt;
        const first = firstNonSpace(text, pos, end);
        if (first === -1) {
          advance(end);
          continue;
        }
        // the text starts on the line of its first visible character; lines are counted once
        const at = line + countLineBreaks(text, pos, first);
        line = at + countLineBreaks(text, first, end);
        const value = text.slice(pos, end);
        pos = end;
        return emit("text", "", decodeEntities(value), at, false);
      }

      const second = text.charCodeAt(pos + 1);
      // "!" and "?" open comments, CDATA, declarations and processing instructions: never a tag.
      if ((second === 33 || second === 63) && text.startsWith("<!--", pos)) {
        advance(skipPast(text, pos + 4, "-->") ?? fail(ofxMessages.unclosedMarkup("comentário <!--")));
        continue;
      }
      if (second === 33 && text.startsWith("<![CDATA[", pos)) {
        const end = text.indexOf("]]>", pos + 9);
        if (end === -1) fail(ofxMessages.unclosedMarkup("bloco <![CDATA["));
        const token = textToken(text.slice(pos + 9, end), true);
        advance(end + 3);
        if (token) return token;
        continue;
      }
      if (second === 63) {
        advance(skipPast(text, pos + 2, "?>") ?? fail(ofxMessages.unclosedMarkup("instrução <?")));
        continue;
      }
      if (second === 33) {
        advance(skipPast(text, pos + 2, ">") ?? fail(ofxMessages.unclosedMarkup("declaração <!")));
        continue;
      }

      const closing = second === 47; // "/"
      const nameStart = pos + (closing ? 2 : 1);
      const nameEnd = scanName(text, nameStart);
      if (nameEnd === nameStart) {
        if (closing) fail(ofxMessages.badMarkup(text.slice(pos, pos + 20)));
        // A "<" that starts no tag ("< 5", "<<") is plain text.
        const at = line;
        advance(pos + 1);
        return emit("text", "", "<", at, false);
      }
      const name = text.slice(nameStart, nameEnd).toUpperCase();
      let i = nameEnd;
      if (!closing && text.charCodeAt(i) !== 62) {
        // attributes (XML declarations of some exporters): read past them; ">" right after the name has none
        ATTRIBUTE.lastIndex = i;
        while (ATTRIBUTE.test(text)) i = ATTRIBUTE.lastIndex;
      }
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      const selfClosing = !closing && text.startsWith("/>", i);
      if (!selfClosing && text[i] !== ">")
        fail(ofxMessages.badMarkup(text.slice(pos, Math.max(i + 1, pos + 20))));
      const at = line;
      advance(i + (selfClosing ? 2 : 1));
      return emit(closing ? "close" : "open", name, "", at, selfClosing);
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

/** Index of the first character in [from, to) that is not white space (as `\S` in a regular expression), -1 if none. */
function firstNonSpace(value: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c > 32 && c < 127) return i;
    if (
      !(
        c === 32 ||
        (c >= 9 && c <= 13) ||
        c === 160 ||
        c === 0xfeff ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000
      )
    )
      return i;
  }
  return -1;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}
