import type { Cents } from "../../lib/money";
import type { Direction, LineConditions, TitleFilters } from "./rule-check";

/** A pending imported bank line. */
export type LineToMatch = {
  id: number;
  bankAccountId: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed: credit > 0, debit < 0. */
  value: Cents;
  description: string;
  /** The Pix `txid` the line was paid with (received Pix); null when none or unknown. */
  txId: string | null;
  /** The payer's CPF/CNPJ (received Pix); null when unknown. */
  payerDocument: string | null;
};

/** An active rule of one of the lines' accounts (the columns of the stored rule). */
export type RuleToMatch = TitleFilters &
  LineConditions & {
    id: number;
    bankAccountId: number;
    typeRule: number;
    typeAccount: number;
    description: string | null;
    bankAccountToId: number | null;
  };

/** An open title the rules of type 1 may settle. */
export type OpenTitle = TitleFilters & {
  id: number;
  /** 0 receivable, 1 payable. */
  typeAccount: number;
  openValue: Cents;
  /** `YYYY-MM-DD` */
  dueDate: string;
};

/** An unreconciled transfer leg (internal entry) a rule of type 2 may link. */
export type TransferLeg = {
  entryId: number;
  bankAccountId: number;
  /** 0 inflow on `bankAccountId`, 1 outflow. */
  typeAccount: number;
  /** Positive cents. */
  value: Cents;
  /** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`; compared by calendar day. */
  date: string;
  /** The account of the other leg. */
  otherBankAccountId: number;
};

/**
 * What to do with one line. Every decision but `no-rule` records `ruleId` on the line.
 * - `no-rule`: no rule of the line's account and direction matches its description and conditions.
 * - `pending`: a type 1 rule matched but zero or several titles qualify; the line stays pending.
 * - `settle-title`: post an entry on the line's account settling `titleId` by `value`, dated the
 *   line's date, and link it (status 2).
 * - `link-transfer-leg`: link the existing leg `entryId` (status 2).
 * - `post-transfer`: post a transfer `fromBankAccountId` -> `toBankAccountId` of `value` dated the
 *   line's date, and link its leg on the line's account (status 2).
 * - `link-posted-transfer`: link the other leg of the transfer that the decision for line
 *   `postedForLineId`, earlier in the same list, posts (lines of both accounts in one run).
 */
export type LineDecision =
  | { kind: "no-rule"; lineId: number }
  | { kind: "pending"; lineId: number; ruleId: number; reason: "no-title" | "several-titles" }
  | {
      kind: "settle-title";
      lineId: number;
      ruleId: number;
      titleId: number;
      bankAccountId: number;
      typeAccount: Direction;
      value: Cents;
      date: string;
    }
  | { kind: "link-transfer-leg"; lineId: number; ruleId: number; entryId: number }
  | {
      kind: "post-transfer";
      lineId: number;
      ruleId: number;
      fromBankAccountId: number;
      toBankAccountId: number;
      value: Cents;
      date: string;
    }
  | { kind: "link-posted-transfer"; lineId: number; ruleId: number; postedForLineId: number };

export type MatchInput = {
  lines: readonly LineToMatch[];
  rules: readonly RuleToMatch[];
  titles: readonly OpenTitle[];
  transferLegs: readonly TransferLeg[];
};
