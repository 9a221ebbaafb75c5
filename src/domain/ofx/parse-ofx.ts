import { assertTimeZone } from "./dates";
import { decodeOfxBytes } from "./decode";
import { issueAt, type OfxIssue, OfxParseError } from "./errors";
import { readHeader } from "./header";
import { lineAt } from "./lines";
import { ofxMessages } from "./messages";
import { readStatements } from "./statements";
import { tokenize } from "./tokenizer";
import { readTransaction } from "./transactions";
import { buildTree, type OfxElement } from "./tree";
import type { OfxParseResult, OfxTransaction } from "./types";

export type ParseOfxOptions = {
  /** IANA zone of the company the account belongs to (`America/Sao_Paulo`): dates are given in it. */
  timeZone: string;
};

/**
 * Parses an OFX file (1.x SGML or 2.x XML) into its bank and credit-card statements.
 *
 * Fatal to the file (throws `OfxParseError` with the line): empty input; anything that is not OFX
 * (plain text, binary garbage, the older OFC format); a header without an `<OFX>` body; malformed
 * markup; text where a field is expected; a file that ends before `</OFX>` (truncated download);
 * no statement at all (then the bank's error status, when it sent one, is the reason); and
 * statements whose transactions are *all* unreadable, since importing nothing from a file that
 * has transactions would look like a success.
 *
 * Only a warning (in `warnings`, the rest is imported): one transaction without a readable TRNAMT
 * or DTPOSTED (left out), an unreadable balance (null), a statement response with an error status
 * or an empty statement next to good ones. An aggregate left open or a stray end tag loses no data
 * and passes silently (see `tree.ts`).
 */
export function parseOfx(bytes: Uint8Array, options: ParseOfxOptions): OfxParseResult {
  assertTimeZone(options.timeZone);
  const { text, encoding } = decodeOfxBytes(bytes);
  const header = readHeader(text);
  // Each transaction is read as soon as its STMTTRN closes and its elements are dropped: a file at
  // the upload limit (about 150,000 transactions) never holds the whole tree of its transactions.
  const transactions = new Map<OfxElement, OfxTransaction | OfxIssue>();
  const root = buildTree(tokenize(text, header.bodyStart, lineAt(text, header.bodyStart)), (element) => {
    if (element.name !== "STMTTRN") return;
    transactions.set(element, readTransaction(element, options.timeZone));
    element.children = [];
  });
  const read = readStatements(root, options.timeZone, transactions);

  if (read.statements.length === 0) {
    throw OfxParseError.from(read.missing[0] ?? issueAt(root.line, ofxMessages.noStatements));
  }
  if (read.transactionsSeen > 0 && read.skipped.length === read.transactionsSeen) {
    throw OfxParseError.from(read.skipped[0]!);
  }

  const warnings: OfxIssue[] = [
    ...read.missing.map((m) => issueAt(m.line, ofxMessages.ignoredStatement(m.reason))),
    ...read.warnings,
    ...read.skipped.map((s) => issueAt(s.line, ofxMessages.skippedTransaction(s.reason))),
  ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    syntax: header.syntax,
    version: header.version,
    encoding,
    declaredCharset: header.declaredCharset,
    statements: read.statements,
    warnings,
  };
}
