import { pendingLines } from "../../db/auto-reconciliation";
import { rulesOfAccounts } from "../../db/conciliation-rules";
import type { Db } from "../../env";
import { type RuleInput, validNewRule } from "../rules/conciliation-rules";
import { matchLines } from "../rules/match-lines";
import type { LineDecision, RuleToMatch } from "../rules/matching-types";
import type { PendingLine } from "./decision-writes";
import { loadMatchingData } from "./matching-input";

/**
 * Id the draft takes in the matcher: above every int32 id, so on a tie (descriptions of the same
 * length matching the same line) the stored rule wins, as it would over a rule created now.
 */
export const DRAFT_RULE_ID = 2 ** 31;
export const PREVIEW_DEFAULT_LIMIT = 100;
export const PREVIEW_MAX_LIMIT = 5000;

/**
 * - `title`: the line would settle that title and be reconciled;
 * - `transfer`: it would be linked to that posted, unreconciled transfer leg;
 * - `new-transfer`: the transfer to/from `IDBankAccountTo` would be posted and linked;
 * - `ambiguous`: several titles qualify, the line would stay pending with the rule;
 * - `no-candidate`: no title qualifies, the line would stay pending with the rule.
 */
export type PreviewOutcome = "title" | "transfer" | "new-transfer" | "ambiguous" | "no-candidate";

export type PreviewItem = {
  line: PendingLine;
  outcome: PreviewOutcome;
  titleId: number | null;
  entryId: number | null;
  bankAccountToId: number | null;
};

function previewItem(decision: LineDecision, line: PendingLine, draft: RuleToMatch): PreviewItem {
  const item = { line, titleId: null, entryId: null, bankAccountToId: null };
  switch (decision.kind) {
    case "settle-title":
      return { ...item, outcome: "title", titleId: decision.titleId };
    case "link-transfer-leg":
      return {
        ...item,
        outcome: "transfer",
        entryId: decision.entryId,
        bankAccountToId: draft.bankAccountToId,
      };
    case "pending":
      return { ...item, outcome: decision.reason === "several-titles" ? "ambiguous" : "no-candidate" };
    default:
      return { ...item, outcome: "new-transfer", bankAccountToId: draft.bankAccountToId };
  }
}

/**
 * What a draft rule would do to the account's pending lines, writing nothing. The draft is
 * validated as a rule being created (same messages) and evaluated as if it had been added: the
 * account's rules compete with it line by line (most specific description wins, the stored rule on
 * a tie), and titles and legs go to the first line in date order that qualifies, as in a real run.
 * Answers the lines the draft would take, in that order, at most `limit`.
 */
export async function previewRule(
  db: Db,
  companyId: number,
  input: RuleInput,
  limit: number,
): Promise<PreviewItem[]> {
  const rule = await validNewRule(db, companyId, input);
  const draft: RuleToMatch = { ...rule, id: DRAFT_RULE_ID };
  const lines = await pendingLines(db, { companyId, bankAccountId: rule.bankAccountId });
  const stored = await rulesOfAccounts(db, companyId, [rule.bankAccountId]);
  const data = await loadMatchingData(db, companyId, rule.bankAccountId, lines, [...stored, draft]);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const items: PreviewItem[] = [];
  for (const decision of matchLines(data.input)) {
    if (decision.kind === "no-rule" || decision.ruleId !== DRAFT_RULE_ID) continue;
    items.push(previewItem(decision, byId.get(decision.lineId)!, draft));
    if (items.length === limit) break;
  }
  return items;
}
