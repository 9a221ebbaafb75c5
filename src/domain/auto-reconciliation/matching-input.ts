import { type CandidateTitle, openTitlesFor, unreconciledLegsFor } from "../../db/auto-reconciliation";
import { bankAccountsOfCompany } from "../../db/transfers";
import type { Db } from "../../env";
import { addDays } from "../../lib/dates";
import { DUE_DATE_WINDOW_DAYS } from "../rules/match-lines";
import type { MatchInput, RuleToMatch } from "../rules/matching-types";
import { DIRECTION, RULE_TYPE } from "../rules/rule-check";
import type { AccountLabel, PendingLine, TitleTexts } from "./decision-writes";

export type MatchingData = {
  input: MatchInput;
  titles: Map<number, TitleTexts>;
  accounts: Map<number, AccountLabel>;
};

const directionOf = (value: number) => (value > 0 ? DIRECTION.credit : DIRECTION.debit);

/**
 * Everything the matcher needs for lines of ONE bank account, in at most three queries: the open
 * titles and the unreconciled transfer legs that could fit some line (due date or day within the
 * lines' date range widened by the due-date window, value equal to a line's), and the labels of
 * the accounts a transfer rule points to. Only what a rule of the account could use is read: no
 * title without a type 1 rule of its direction, no leg without a type 2 rule.
 */
export async function loadMatchingData(
  db: Db,
  companyId: number,
  bankAccountId: number,
  lines: PendingLine[],
  rules: RuleToMatch[],
): Promise<MatchingData> {
  const empty: MatchingData = {
    input: { lines, rules, titles: [], transferLegs: [] },
    titles: new Map(),
    accounts: new Map(),
  };
  if (lines.length === 0 || rules.length === 0) return empty;

  const titleDirections = new Set(
    rules.filter((r) => r.typeRule === RULE_TYPE.titles).map((r) => r.typeAccount),
  );
  const transferDirections = new Set(
    rules.filter((r) => r.typeRule === RULE_TYPE.transfer).map((r) => r.typeAccount),
  );
  const valuesFor = (directions: Set<number>) => [
    ...new Set(
      lines
        .filter((l) => l.value !== 0 && directions.has(directionOf(l.value)))
        .map((l) => Math.abs(l.value)),
    ),
  ];
  let first = lines[0]!.date;
  let last = first;
  for (const line of lines) {
    if (line.date < first) first = line.date;
    if (line.date > last) last = line.date;
  }
  const range = { from: addDays(first, -DUE_DATE_WINDOW_DAYS), to: addDays(last, DUE_DATE_WINDOW_DAYS) };
  const destinations = rules.flatMap((r) =>
    r.typeRule === RULE_TYPE.transfer && r.bankAccountToId ? [r.bankAccountToId] : [],
  );

  const [titles, transferLegs, accounts] = await Promise.all([
    openTitlesFor(db, companyId, [...titleDirections], { ...range, values: valuesFor(titleDirections) }),
    transferDirections.size === 0
      ? []
      : unreconciledLegsFor(db, companyId, bankAccountId, {
          from: first,
          to: last,
          values: valuesFor(transferDirections),
        }),
    destinations.length === 0 ? [] : bankAccountsOfCompany(db, companyId, [bankAccountId, ...destinations]),
  ]);
  return {
    input: { lines, rules, titles, transferLegs },
    titles: new Map(
      titles.map((t: CandidateTitle) => [t.id, { description: t.description, document: t.document }]),
    ),
    accounts: new Map(accounts.map((a) => [a.id, { bank: a.bank, accountNumber: a.accountNumber }])),
  };
}
