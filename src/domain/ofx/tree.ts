import { OfxParseError } from "./errors";
import { ofxMessages } from "./messages";
import type { Tokenizer } from "./tokenizer";

/** An element of the OFX tree: an aggregate (children) or a leaf (text, `""` when empty). */
export type OfxElement = {
  name: string;
  line: number;
  text: string | null;
  children: OfxElement[];
};

/**
 * Aggregates of the OFX specification that this parser reads. In SGML only leaf elements may omit
 * their end tag, so an element of this list never holds text, and one left open is closed by its
 * parent's end tag (Nubank's card export never closes BANKTRANLIST). Neither that nor a stray end
 * tag loses data, so both pass silently.
 */
const AGGREGATES = new Set([
  "OFX",
  "SONRS",
  "STATUS",
  "FI",
  "STMTRS",
  "CCSTMTRS",
  "BANKACCTFROM",
  "BANKACCTTO",
  "CCACCTFROM",
  "CCACCTTO",
  "BANKTRANLIST",
  "STMTTRN",
  "PAYEE",
  "LEDGERBAL",
  "AVAILBAL",
  "BALLIST",
  "BAL",
  "CURRENCY",
  "ORIGCURRENCY",
  "ACCTINFORS",
  "ACCTINFO",
  "BANKACCTINFO",
  "CCACCTINFO",
]);

const aggregateNames = new Map<string, boolean>();

export function isAggregate(name: string): boolean {
  let aggregate = aggregateNames.get(name);
  if (aggregate === undefined) {
    aggregate = AGGREGATES.has(name) || /MSGSRSV\d$|TRNRS$/.test(name);
    if (aggregateNames.size < 1_000) aggregateNames.set(name, aggregate);
  }
  return aggregate;
}

/** Real files nest about 8 deep; far more means garbage, refused before it can exhaust the stack. */
const MAX_DEPTH = 64;

type Frame = { element: OfxElement; text: string; aggregate: boolean };

/**
 * Builds the tree from the tokens, the SGML way: a leaf's end tag is optional, so a start tag
 * after a leaf's text, or the end tag of an ancestor, closes the open leaf. An element that was
 * never closed and gathered children (an empty leaf like `<BALAMT>` followed by `<DTASOF>`) was a
 * leaf after all: its children are handed back to its parent. Reading stops at `</OFX>`.
 *
 * `onClosed` sees each element once it is final (closed, its children and text settled), so a
 * reader can take what it needs from it and drop its children while the rest is still being read.
 */
export function buildTree(nextToken: Tokenizer, onClosed?: (element: OfxElement) => void): OfxElement {
  const stack: Frame[] = [];
  let root: OfxElement | null = null;

  /** Pops the innermost element; `closedBy` is the end tag that closes it, null for a start tag. */
  const closeTop = (closedBy: string | null) => {
    const frame = stack.pop()!;
    const { element } = frame;
    if (element.children.length === 0) {
      element.text = frame.aggregate ? null : frame.text.trim();
    } else if (closedBy !== element.name && !frame.aggregate && stack.length > 0) {
      const parent = stack[stack.length - 1]!.element;
      for (const c of element.children) parent.children.push(c);
      element.children = [];
      element.text = "";
    }
    onClosed?.(element);
  };

  for (let token = nextToken(); token; token = nextToken()) {
    if (token.kind === "open") {
      if (!root) {
        if (token.name !== "OFX") throw rootError(token);
        root = { name: "OFX", line: token.line, text: null, children: [] };
        stack.push({ element: root, text: "", aggregate: true });
        continue;
      }
      while (stack.length > 1 && stack[stack.length - 1]!.text !== "") closeTop(null);
      if (stack.length >= MAX_DEPTH) throw new OfxParseError(token.line, ofxMessages.tooDeep);
      const element: OfxElement = { name: token.name, line: token.line, text: null, children: [] };
      stack[stack.length - 1]!.element.children.push(element);
      stack.push({ element, text: "", aggregate: isAggregate(token.name) });
      if (token.selfClosing) closeTop(token.name);
    } else if (token.kind === "close") {
      const depth = findOpen(stack, token.name);
      if (depth === -1) continue;
      while (stack.length > depth + 1) closeTop(token.name);
      closeTop(token.name);
      if (stack.length === 0) return root!;
    } else {
      const frame = stack[stack.length - 1];
      if (!frame) throw new OfxParseError(token.line, ofxMessages.notOfx);
      if (frame.element.children.length > 0 || frame.aggregate) {
        throw new OfxParseError(token.line, ofxMessages.textOutsideField(token.text));
      }
      frame.text += token.text;
    }
  }
  if (!root) throw new OfxParseError(null, ofxMessages.noBody);
  const innermost = stack[stack.length - 1]!.element;
  throw new OfxParseError(innermost.line, ofxMessages.truncated(innermost.name));
}

function findOpen(stack: Frame[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.element.name === name) return i;
  return -1;
}

function rootError(token: { name: string; line: number }): OfxParseError {
  if (token.name === "OFC") return new OfxParseError(token.line, ofxMessages.ofc);
  return new OfxParseError(token.line, ofxMessages.expectedRoot(token.name));
}
