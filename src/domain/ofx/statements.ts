import { parseOfxAmount } from "./amounts";
import { parseOfxDateLenient } from "./dates";
import { child, leaf } from "./elements";
import { issueAt, type OfxIssue } from "./errors";
import { ofxMessages } from "./messages";
import { isIssue, readTransaction } from "./transactions";
import type { OfxElement } from "./tree";
import type { OfxAccount, OfxBalance, OfxStatement, OfxTransaction } from "./types";

export type StatementsRead = {
  statements: OfxStatement[];
  /** Why a response brought no statement: a bank error status, an empty statement. */
  missing: OfxIssue[];
  /** Transactions left out, in file order. */
  skipped: OfxIssue[];
  /** STMTTRN elements seen, imported or not. */
  transactionsSeen: number;
  /** Unreadable balances. */
  warnings: OfxIssue[];
};

/**
 * Every bank (STMTRS) and credit-card (CCSTMTRS) statement, wherever it sits: some exporters drop
 * the STMTTRNRS wrapper or the whole message set, others put two statements in one response.
 */
export function readStatements(
  root: OfxElement,
  timeZone: string,
  /** Transactions already read (see `parseOfx`), by their STMTTRN element. */
  readAlready: ReadonlyMap<OfxElement, OfxTransaction | OfxIssue> = new Map(),
): StatementsRead {
  const read: StatementsRead = {
    statements: [],
    missing: [],
    skipped: [],
    transactionsSeen: 0,
    warnings: [],
  };
  const visit = (element: OfxElement) => {
    if (element.name === "STMTRS" || element.name === "CCSTMTRS") {
      readStatement(element, timeZone, read, readAlready);
      return;
    }
    const answersWithStatement = element.children.some((c) => c.name === "STMTRS" || c.name === "CCSTMTRS");
    if (element.name === "SONRS" || (/TRNRS$/.test(element.name) && !answersWithStatement)) {
      const status = errorStatus(element);
      if (status) read.missing.push(status);
    }
    for (const c of element.children) visit(c);
  };
  visit(root);
  return read;
}

function readStatement(
  element: OfxElement,
  timeZone: string,
  read: StatementsRead,
  readAlready: ReadonlyMap<OfxElement, OfxTransaction | OfxIssue>,
) {
  const account = readAccount(child(element, "BANKACCTFROM") ?? child(element, "CCACCTFROM"));
  const lists = element.children.filter((c) => c.name === "BANKTRANLIST");
  // Nubank's card export puts STMTTRN straight under CCSTMTRS, without BANKTRANLIST.
  const entries = [element, ...lists].flatMap((parent) =>
    parent.children.filter((c) => c.name === "STMTTRN"),
  );
  const ledger = child(element, "LEDGERBAL");
  const available = child(element, "AVAILBAL");
  if (!account && lists.length === 0 && entries.length === 0 && !ledger && !available) {
    read.missing.push(issueAt(element.line, ofxMessages.emptyStatement));
    return;
  }
  const transactions: OfxTransaction[] = [];
  for (const entry of entries) {
    const transaction = readAlready.get(entry) ?? readTransaction(entry, timeZone);
    if (isIssue(transaction)) read.skipped.push(transaction);
    else transactions.push(transaction);
  }
  read.transactionsSeen += entries.length;
  const list = lists[0];
  const listDate = (name: string) => {
    const text = list ? leaf(list, name) : null;
    return text === null ? null : parseOfxDateLenient(text, timeZone);
  };
  read.statements.push({
    kind: element.name === "STMTRS" ? "bank" : "creditCard",
    line: element.line,
    currency: leaf(element, "CURDEF")?.toUpperCase() ?? null,
    account,
    start: listDate("DTSTART"),
    end: listDate("DTEND"),
    ledgerBalance: readBalance(ledger, timeZone, read.warnings),
    availableBalance: readBalance(available, timeZone, read.warnings),
    transactions,
  });
}

function readAccount(element: OfxElement | undefined): OfxAccount | null {
  const accountId = element ? leaf(element, "ACCTID") : null;
  if (!element || accountId === null) return null;
  return {
    bankId: leaf(element, "BANKID"),
    branchId: leaf(element, "BRANCHID"),
    accountId,
    accountType: leaf(element, "ACCTTYPE")?.toUpperCase() ?? null,
  };
}

/** An empty BALAMT (Itaú sends `<BALAMT>` alone) means no balance; an unreadable one is reported. */
function readBalance(
  element: OfxElement | undefined,
  timeZone: string,
  warnings: OfxIssue[],
): OfxBalance | null {
  const text = element ? leaf(element, "BALAMT") : null;
  if (!element || text === null) return null;
  const amount = parseOfxAmount(text);
  if (amount === null) {
    const line = child(element, "BALAMT")!.line;
    warnings.push(issueAt(line, ofxMessages.ignoredBalance(ofxMessages.invalidField("BALAMT", text))));
    return null;
  }
  const asOf = leaf(element, "DTASOF");
  return { amount, asOf: asOf === null ? null : parseOfxDateLenient(asOf, timeZone) };
}

/** A STATUS whose CODE is not 0 (success) and whose SEVERITY is ERROR, as the bank's reason. */
function errorStatus(element: OfxElement): OfxIssue | null {
  const status = child(element, "STATUS");
  const code = status ? leaf(status, "CODE") : null;
  if (!status || code === null || /^0+$/.test(code)) return null;
  if ((leaf(status, "SEVERITY") ?? "ERROR").toUpperCase() !== "ERROR") return null;
  return issueAt(status.line, ofxMessages.bankError(code, leaf(status, "MESSAGE")));
}
