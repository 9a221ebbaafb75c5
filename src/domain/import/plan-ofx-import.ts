import {
  accountIdentity,
  type BankLineCandidate,
  type OfxIssue,
  type OfxParseResult,
  type OfxStatement,
  sameAccount,
  toBankLines,
} from "../ofx";
import {
  fileAccountLabel,
  hasAccountNumber,
  type RegisteredAccount,
  registeredAccountLabel,
} from "./account-labels";
import { accountMismatch, importNotes, severalAccounts } from "./messages";

/** A remark on one line of the file, for the job's `Errors[]` (line 0 when it has none). */
export type ImportNote = { line: number; message: string };

export type OfxImportPlan = {
  /** Bank lines to store, in file order, one per dedupe key. */
  lines: BankLineCandidate[];
  /** Balance lines the bank lists as transactions (not movements). */
  skipped: number;
  /** Transactions repeated inside the file (same dedupe key as an earlier one): stored once. */
  repeated: number;
  /** Parser warnings, statements of other accounts, balance lines and repeats, by line. */
  notes: ImportNote[];
};

export type OfxImportOutcome = { ok: true; plan: OfxImportPlan } | { ok: false; reason: string };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const noteOf = (issue: OfxIssue): ImportNote => ({
  line: issue.line ?? 0,
  message: capitalise(issue.reason),
});

/** Key of a statement's account in the form banks and registry are compared; "" when it has none. */
function identityKey(statement: OfxStatement): string {
  const identity = statement.account ? accountIdentity(statement.account) : null;
  return identity ? `${identity.bankNumber ?? ""}/${identity.account}` : "";
}

function distinctLabels(statements: OfxStatement[]): string[] {
  return [...new Set(statements.map((s) => fileAccountLabel(s.account)))];
}

/**
 * Which statements of the file belong to the chosen bank account.
 *
 * - The account has a number: the statements whose BANKID/ACCTID are that account (`sameAccount`)
 *   are imported, the others ignored with a note; none matching fails the import, naming both.
 * - It has none: nothing to compare with, so a file of one account (every statement of the same
 *   BANKID/ACCTID, or none stating one) is imported whole; a file of several accounts fails, since
 *   picking one would be a guess.
 */
function chooseStatements(
  parsed: OfxParseResult,
  account: RegisteredAccount,
): { ok: true; chosen: OfxStatement[]; ignored: OfxStatement[] } | { ok: false; reason: string } {
  const { statements } = parsed;
  const chosenLabel = registeredAccountLabel(account);
  if (!hasAccountNumber(account)) {
    if (new Set(statements.map(identityKey)).size > 1) {
      return { ok: false, reason: severalAccounts(distinctLabels(statements), chosenLabel) };
    }
    return { ok: true, chosen: statements, ignored: [] };
  }
  const matches = (s: OfxStatement) =>
    sameAccount(s.account, account.bankNumber, account.agency, account.accountNumber);
  const chosen = statements.filter(matches);
  if (chosen.length === 0) {
    return { ok: false, reason: accountMismatch(distinctLabels(statements), chosenLabel) };
  }
  return { ok: true, chosen, ignored: statements.filter((s) => !matches(s)) };
}

/**
 * What an OFX file brings to one bank account: the bank lines of its statements of that account,
 * each dedupe key once (two statements of one account may overlap), and the notes the job reports.
 * Pure: the caller stores the lines and the notes.
 */
export function planOfxImport(parsed: OfxParseResult, account: RegisteredAccount): OfxImportOutcome {
  const choice = chooseStatements(parsed, account);
  if (!choice.ok) return choice;

  const notes: ImportNote[] = parsed.warnings.map(noteOf);
  for (const statement of choice.ignored) {
    notes.push({
      line: statement.line,
      message: capitalise(importNotes.otherAccount(fileAccountLabel(statement.account))),
    });
  }
  const lines: BankLineCandidate[] = [];
  const firstLineOfKey = new Map<string, number>();
  let skipped = 0;
  let repeated = 0;
  for (const statement of choice.chosen) {
    const bankLines = toBankLines(statement);
    skipped += bankLines.skipped.length;
    notes.push(...bankLines.skipped.map(noteOf));
    for (const line of bankLines.lines) {
      const first = firstLineOfKey.get(line.dedupeKey);
      if (first !== undefined) {
        repeated++;
        notes.push({ line: line.line, message: capitalise(importNotes.repeatedInFile(first)) });
        continue;
      }
      firstLineOfKey.set(line.dedupeKey, line.line);
      lines.push(line);
    }
  }
  notes.sort((a, b) => a.line - b.line);
  return { ok: true, plan: { lines, skipped, repeated, notes } };
}
