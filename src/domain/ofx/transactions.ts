import { parseOfxAmount } from "./amounts";
import { parseOfxDate } from "./dates";
import { child, leaf, lineOf } from "./elements";
import { issueAt, type OfxIssue } from "./errors";
import { ofxMessages } from "./messages";
import type { OfxElement } from "./tree";
import type { OfxTransaction } from "./types";

/**
 * One STMTTRN, or the reason it cannot be imported: a transaction without a readable amount or
 * posting date has nothing to reconcile, so it is left out (see `parse-ofx.ts` for when that
 * becomes fatal to the file). Every other field is optional; an unreadable DTUSER is dropped.
 */
export function readTransaction(element: OfxElement, timeZone: string): OfxTransaction | OfxIssue {
  const amountText = leaf(element, "TRNAMT");
  if (amountText === null) return issueAt(element.line, ofxMessages.missingField("TRNAMT"));
  const amount = parseOfxAmount(amountText);
  if (amount === null)
    return issueAt(lineOf(element, "TRNAMT"), ofxMessages.invalidField("TRNAMT", amountText));

  const postedText = leaf(element, "DTPOSTED");
  if (postedText === null) return issueAt(element.line, ofxMessages.missingField("DTPOSTED"));
  const posted = parseOfxDate(postedText, timeZone);
  if (!posted) return issueAt(lineOf(element, "DTPOSTED"), ofxMessages.invalidField("DTPOSTED", postedText));

  const userText = leaf(element, "DTUSER");
  const payee = child(element, "PAYEE");
  return {
    line: element.line,
    type: leaf(element, "TRNTYPE")?.toUpperCase() ?? null,
    posted,
    user: userText === null ? null : parseOfxDate(userText, timeZone),
    amount,
    fitId: leaf(element, "FITID"),
    checkNumber: leaf(element, "CHECKNUM"),
    refNumber: leaf(element, "REFNUM"),
    name: leaf(element, "NAME"),
    memo: leaf(element, "MEMO"),
    payeeName: payee ? leaf(payee, "NAME") : null,
  };
}

export function isIssue(value: OfxTransaction | OfxIssue): value is OfxIssue {
  return "reason" in value;
}
