import { parseOfxAmount } from "./amounts";
import { parseOfxDate } from "./dates";
import { leaf } from "./elements";
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
  const fields = transactionFields(element);
  const amountText = textOf(fields.TRNAMT);
  if (amountText === null) return issueAt(element.line, ofxMessages.missingField("TRNAMT"));
  const amount = parseOfxAmount(amountText);
  if (amount === null) return issueAt(fields.TRNAMT!.line, ofxMessages.invalidField("TRNAMT", amountText));

  const postedText = textOf(fields.DTPOSTED);
  if (postedText === null) return issueAt(element.line, ofxMessages.missingField("DTPOSTED"));
  const posted = parseOfxDate(postedText, timeZone);
  if (!posted) return issueAt(fields.DTPOSTED!.line, ofxMessages.invalidField("DTPOSTED", postedText));

  const userText = textOf(fields.DTUSER);
  const payee = fields.PAYEE;
  return {
    line: element.line,
    type: textOf(fields.TRNTYPE)?.toUpperCase() ?? null,
    posted,
    user: userText === null ? null : parseOfxDate(userText, timeZone),
    amount,
    fitId: textOf(fields.FITID),
    checkNumber: textOf(fields.CHECKNUM),
    refNumber: textOf(fields.REFNUM),
    name: textOf(fields.NAME),
    memo: textOf(fields.MEMO),
    payeeName: payee ? leaf(payee, "NAME") : null,
  };
}

const FIELDS = [
  "TRNAMT",
  "DTPOSTED",
  "DTUSER",
  "PAYEE",
  "TRNTYPE",
  "FITID",
  "CHECKNUM",
  "REFNUM",
  "NAME",
  "MEMO",
] as const;
type Field = (typeof FIELDS)[number];
const FIELD_NAMES: ReadonlySet<string> = new Set(FIELDS);

/** The first child of each name the transaction reads, in one pass over its children. */
function transactionFields(element: OfxElement): Partial<Record<Field, OfxElement>> {
  const fields: Partial<Record<Field, OfxElement>> = {};
  for (const c of element.children) {
    if (FIELD_NAMES.has(c.name) && fields[c.name as Field] === undefined) fields[c.name as Field] = c;
  }
  return fields;
}

/** Trimmed text of a leaf; null when absent or empty (as `leaf`). */
function textOf(element: OfxElement | undefined): string | null {
  const text = element?.text?.trim();
  return text ? text : null;
}

export function isIssue(value: OfxTransaction | OfxIssue): value is OfxIssue {
  return "reason" in value;
}
