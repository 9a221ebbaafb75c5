import type { Cents } from "../../lib/money";
import type { OfxIssue } from "./errors";

/** An OFX date-time seen in the company's zone: `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS`. */
export type OfxMoment = { readonly date: string; readonly dateTime: string };

/** The account a statement belongs to, as the bank wrote it (trimmed). */
export type OfxAccount = {
  /** BANKID: the Febraban code in Brazil (`0341`, `001`), a routing number elsewhere; null for cards. */
  bankId: string | null;
  /** BRANCHID (agência), when the bank sends it. */
  branchId: string | null;
  /** ACCTID: account number, often with check digit (`12345-6`) or with the branch in front (Itaú). */
  accountId: string;
  /** ACCTTYPE (`CHECKING`, `SAVINGS`...); null for cards and when absent. */
  accountType: string | null;
};

export type OfxBalance = { amount: Cents; asOf: OfxMoment | null };

/** One STMTTRN. Text fields are trimmed; empty ones are null. */
export type OfxTransaction = {
  /** Line of `<STMTTRN>` in the file. */
  line: number;
  /** TRNTYPE upper-cased (`DEBIT`, `CREDIT`, `PAYMENT`...; some banks send digits). */
  type: string | null;
  posted: OfxMoment;
  user: OfxMoment | null;
  /** Signed: credit > 0, debit < 0. */
  amount: Cents;
  fitId: string | null;
  checkNumber: string | null;
  refNumber: string | null;
  name: string | null;
  memo: string | null;
  /** NAME inside a PAYEE aggregate. */
  payeeName: string | null;
};

export type OfxStatement = {
  kind: "bank" | "creditCard";
  /** Line of `<STMTRS>`/`<CCSTMTRS>`. */
  line: number;
  /** CURDEF as written, upper-cased (`BRL`; some banks write `BRC`); null when absent. */
  currency: string | null;
  account: OfxAccount | null;
  /** DTSTART/DTEND of BANKTRANLIST, read leniently (a malformed time keeps its valid date). */
  start: OfxMoment | null;
  end: OfxMoment | null;
  ledgerBalance: OfxBalance | null;
  availableBalance: OfxBalance | null;
  transactions: OfxTransaction[];
};

export type OfxParseResult = {
  syntax: "sgml" | "xml";
  /** VERSION of the header (`102`, `211`); null when the file has no header. */
  version: string | null;
  /**
   * How the bytes were read: `ascii`, `utf-8`, `windows-1252`, `utf-8+windows-1252` (mixed),
   * `utf-8 (double-encoded)` (repaired), `utf-16le`, `utf-16be`.
   */
  encoding: string;
  /** CHARSET/ENCODING/encoding= as the header states it, for diagnostics only. */
  declaredCharset: string | null;
  statements: OfxStatement[];
  /** Problems that did not stop the import, e.g. a skipped transaction. */
  warnings: OfxIssue[];
};
