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
  // The open elements, innermost last, with the text gathered so far and whether each is an aggregate
  // (three parallel stacks: no object per open element).
  const stack: OfxElement[] = [];
  const texts: string[] = [];
  const aggregates: boolean[] = [];
  let root: OfxElement | null = null;

  const open = (element: OfxElement, aggregate: boolean) => {
    stack.push(element);
    texts.push("");
    aggregates.push(aggregate);
  };

  /** Pops the innermost element; `closedBy` is the end tag that closes it, null for a start tag. */
  const closeTop = (closedBy: string | null) => {
    const element = stack.pop()!;
    const text = texts.pop()!;
    const aggregate = aggregates.pop()!;
    if (element.children.length === 0) {
      element.text = aggregate ? null : text.trim();
    } else if (closedBy !== element.name && !aggregate && stack.length > 0) {
      const parent = stack[stack.length - 1]!;
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
        open(root, true);
        continue;
      }
      while (stack.length > 1 && texts[texts.length - 1] !== "") closeTop(null);
      if (stack.length >= MAX_DEPTH) throw new OfxParseError(token.line, ofxMessages.tooDeep);
      const element: OfxElement = { name: token.name, line: token.line, text: null, children: [] };
      stack[stack.length - 1]!.children.push(element);
      open(element, isAggregate(token.name));
      if (token.selfClosing) closeTop(token.name);
    } else if (token.kind === "close") {
      const depth = findOpen(stack, token.name);
      if (depth === -1) continue;
      while (stack.length > depth + 1) closeTop(token.name);
      closeTop(token.name);
      if (stack.length === 0) return root!;
    } else {
      const top = stack.length - 1;
      if (top < 0) throw new OfxParseError(token.line, ofxMessages.notOfx);
      if (stack[top]!.children.length > 0 || aggregates[top]) {
        throw new OfxParseError(token.line, ofxMessages.textOutsideField(token.text));
      }
      texts[top] += token.text;
    }
  }
  if (!root) throw new OfxParseError(null, ofxMessages.noBody);
  const innermost = stack[stack.length - 1]!;
  throw new OfxParseError(innermost.line, ofxMessages.truncated(innermost.name));
}

function findOpen(stack: OfxElement[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.name === name) return i;
  return -1;
}

function rootError(token: { name: string; line: number }): OfxParseError {
  if (token.name === "OFC") return new OfxParseError(token.line, ofxMessages.ofc);
  return new OfxParseError(token.line, ofxMessages.expectedRoot(token.name));
}
