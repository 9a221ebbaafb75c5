import type { Cents } from "../../lib/money";
import type { LineDecision, LineToMatch } from "../rules/matching-types";
import type { Direction } from "../rules/rule-check";
import { legDescription, transferText } from "../transfers/description";

/** A pending line as loaded for a run: what the matcher needs and the rule it records now. */
export type PendingLine = LineToMatch & { ruleId: number | null };

/** The texts an entry posted for a title carries (those of a manual reconciliation). */
export type TitleTexts = { description: string; document: string | null };

export type AccountLabel = { bank: string; accountNumber: string | null };

/** A decision that reconciles its line (status 2), with everything its statements need. */
export type ReconcilingWrite = { lineId: number; ruleId: number; bankAccountId: number; value: Cents } & (
  | {
      kind: "settle-title";
      titleId: number;
      typeAccount: Direction;
      date: string;
      texts: TitleTexts;
    }
  | { kind: "link-leg"; entryId: number }
  | {
      kind: "post-transfer";
      date: string;
      from: { bankAccountId: number; description: string };
      to: { bankAccountId: number; description: string };
      description: string;
    }
  | { kind: "link-posted-leg"; postedForLineId: number }
);

/** The rule recorded on a line that stays pending (null clears a rule that no longer matches). */
export type RuleRecord = { lineId: number; ruleId: number | null };

export type WritePlan = { reconciling: ReconcilingWrite[]; ruleRecords: RuleRecord[] };

export type WriteLookups = {
  lines: Map<number, PendingLine>;
  titles: Map<number, TitleTexts>;
  accounts: Map<number, AccountLabel>;
};

const UNKNOWN_ACCOUNT: AccountLabel = { bank: "Conta", accountNumber: null };

/**
 * What the matcher's decisions change, in decision order. Reconciling decisions become writes;
 * `pending` records its rule and `no-rule` clears a stale one, each only when the line does not
 * already carry it, so running the rules again over the same lines writes nothing new.
 */
export function planWrites(decisions: LineDecision[], lookups: WriteLookups): WritePlan {
  const reconciling: ReconcilingWrite[] = [];
  const ruleRecords: RuleRecord[] = [];
  for (const decision of decisions) {
    const line = lookups.lines.get(decision.lineId)!;
    if (decision.kind === "no-rule") {
      if (line.ruleId !== null) ruleRecords.push({ lineId: line.id, ruleId: null });
      continue;
    }
    if (decision.kind === "pending") {
      if (line.ruleId !== decision.ruleId) ruleRecords.push({ lineId: line.id, ruleId: decision.ruleId });
      continue;
    }
    const base = {
      lineId: line.id,
      ruleId: decision.ruleId,
      bankAccountId: line.bankAccountId,
      value: Math.abs(line.value),
    };
    if (decision.kind === "settle-title") {
      reconciling.push({
        ...base,
        kind: "settle-title",
        titleId: decision.titleId,
        typeAccount: decision.typeAccount,
        date: decision.date,
        texts: lookups.titles.get(decision.titleId)!,
      });
    } else if (decision.kind === "link-transfer-leg") {
      reconciling.push({ ...base, kind: "link-leg", entryId: decision.entryId });
    } else if (decision.kind === "link-posted-transfer") {
      reconciling.push({ ...base, kind: "link-posted-leg", postedForLineId: decision.postedForLineId });
    } else {
      const text = transferText(null);
      const label = (id: number) => lookups.accounts.get(id) ?? UNKNOWN_ACCOUNT;
      reconciling.push({
        ...base,
        kind: "post-transfer",
        date: decision.date,
        from: {
          bankAccountId: decision.fromBankAccountId,
          description: legDescription(text, label(decision.toBankAccountId)),
        },
        to: {
          bankAccountId: decision.toBankAccountId,
          description: legDescription(text, label(decision.fromBankAccountId)),
        },
        description: text,
      });
    }
  }
  return { reconciling, ruleRecords };
}
