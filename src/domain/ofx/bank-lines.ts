import type { Cents } from "../../lib/money";
import { accountIdentity } from "./account";
import { issueAt, type OfxIssue } from "./errors";
import { fnv1a64 } from "./fingerprint";
import { ofxMessages } from "./messages";
import type { OfxStatement, OfxTransaction } from "./types";

/** An imported bank line before it is stored (`bank_statement_conciliations`). */
export type BankLineCandidate = {
  /** Line of the STMTTRN in the file, for error reports. */
  line: number;
  /** `YYYY-MM-DD`, the posting date in the company's zone. */
  date: string;
  /** Signed cents: credit > 0, debit < 0. */
  value: Cents;
  description: string;
  document: string | null;
  fitId: string | null;
  /** `fit:<FITID>` or `fp:<16 hex digits>`: one line per key and bank account. */
  dedupeKey: string;
};

export type BankLines = { lines: BankLineCandidate[]; skipped: OfxIssue[] };

/**
 * Maps a statement's transactions to bank lines. Keys make a re-import of the same file, or of an
 * overlapping period, recognise the lines already stored:
 *
 * - `fit:<FITID>` for the first transaction carrying a FITID;
 * - `fp:<fingerprint>` for a later transaction repeating a FITID already used in the file (Banco do
 *   Brasil gives two equal payments on one day the same FITID; Santander repeats document numbers),
 *   and for one without a usable FITID (none, or only zeros, as Santander's `00000000` and Caixa's
 *   `0` are placeholders shared by unrelated transactions). The fingerprint hashes account, date,
 *   amount, FITID, memo, name and the occurrence index among identical transactions, so two equal
 *   fees on one day stay two lines and the same file always yields the same keys.
 *
 * Balance lines some banks list as transactions (Itaú's SALDO ANTERIOR / SALDO TOTAL DISPONÍVEL DIA,
 * Banco do Brasil's S A L D O) are not movements: they are skipped with a reason.
 */
export function toBankLines(statement: OfxStatement): BankLines {
  const identity = statement.account ? accountIdentity(statement.account) : null;
  const account = identity ? `${identity.bankNumber ?? ""}/${identity.account}` : "";
  const usedFitIds = new Set<string>();
  const occurrences = new Map<string, number>();
  const lines: BankLineCandidate[] = [];
  const skipped: OfxIssue[] = [];
  // Identical content means the same FITID: a transaction whose FITID no other one carries can have
  // no identical twin, so only the others are counted (a file at the upload limit then keeps no
  // content key for its ~150,000 distinct FITIDs).
  const fitIdCounts = new Map<string | null, number>();
  for (const { fitId } of statement.transactions) fitIdCounts.set(fitId, (fitIdCounts.get(fitId) ?? 0) + 1);

  for (const transaction of statement.transactions) {
    const memo = collapse(transaction.memo);
    const name = collapse(transaction.name ?? transaction.payeeName);
    if (isBalanceLine(memo || name)) {
      skipped.push(issueAt(transaction.line, ofxMessages.balanceLine(memo || name)));
      continue;
    }
    const { fitId } = transaction;
    const content = [account, transaction.posted.date, transaction.amount, fitId ?? "", memo, name];
    let occurrence = 0;
    if (fitId === null || fitIdCounts.get(fitId)! > 1) {
      const contentKey = JSON.stringify(content);
      occurrence = occurrences.get(contentKey) ?? 0;
      occurrences.set(contentKey, occurrence + 1);
    }

    let dedupeKey: string;
    if (fitId !== null && !isPlaceholder(fitId) && !usedFitIds.has(fitId)) {
      usedFitIds.add(fitId);
      dedupeKey = `fit:${fitId}`;
    } else {
      dedupeKey = `fp:${fnv1a64(JSON.stringify([...content, occurrence]))}`;
    }
    lines.push({
      line: transaction.line,
      date: transaction.posted.date,
      value: transaction.amount,
      description: combineMemoAndName(memo, name),
      document: documentOf(transaction),
      fitId,
      dedupeKey,
    });
  }
  return { lines, skipped };
}

/**
 * MEMO and NAME together, MEMO first (Brazilian banks put the description there; NAME, when
 * present, names the other party). One is dropped when the other already contains it (Inter's
 * MEMO quotes its NAME, HSBC repeats the same text in both).
 */
export function combineMemoAndName(memo: string, name: string): string {
  if (!memo || !name) return memo || name;
  const [m, n] = [fold(memo), fold(name)];
  if (m.includes(n)) return memo;
  if (n.includes(m)) return name;
  return `${memo} - ${name}`;
}

/** CHECKNUM, else REFNUM; zeros only (`0`, `0000000`) mean none. */
function documentOf(transaction: OfxTransaction): string | null {
  const candidates = [transaction.checkNumber, transaction.refNumber];
  return candidates.find((value) => value !== null && !isPlaceholder(value)) ?? null;
}

function isPlaceholder(value: string): boolean {
  return /^0*$/.test(value.trim());
}

const BALANCE_LINE = /^(SALDO (ANTERIOR|FINAL|DO DIA|TOTAL( .+)? DIA)|S A L D O)$/;

function isBalanceLine(description: string): boolean {
  return /^s/i.test(description) && BALANCE_LINE.test(fold(description));
}

function collapse(text: string | null): string {
  return text ? text.replace(/\s+/g, " ").trim() : "";
}

/** Upper-case without accents, for comparisons only. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
}
