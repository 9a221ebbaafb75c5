import { describe, expect, it } from "vitest";
import { type PendingLine, planWrites } from "../../../src/domain/auto-reconciliation/decision-writes";
import type { LineDecision } from "../../../src/domain/rules/matching-types";

const A = 10;
const B = 20;
const line = (id: number, value: number, ruleId: number | null = null): PendingLine => ({
  id,
  bankAccountId: A,
  date: "2024-03-05",
  value,
  description: `linha ${id}`,
  txId: null,
  payerDocument: null,
  ruleId,
});

const lookups = (lines: PendingLine[]) => ({
  lines: new Map(lines.map((l) => [l.id, l])),
  titles: new Map([[7, { description: "Venda 7", document: "NF 7" }]]),
  accounts: new Map([
    [A, { bank: "Itaú", accountNumber: "123-4" }],
    [B, { bank: "Reserva", accountNumber: null }],
  ]),
});

describe("planWrites", () => {
  it.each<[string, PendingLine, LineDecision, unknown]>([
    [
      "records the rule of a line left pending",
      line(1, 500),
      { kind: "pending", lineId: 1, ruleId: 3, reason: "no-title" },
      [{ lineId: 1, ruleId: 3 }],
    ],
    [
      "skips a rule the line already carries",
      line(1, 500, 3),
      { kind: "pending", lineId: 1, ruleId: 3, reason: "several-titles" },
      [],
    ],
    [
      "replaces another rule",
      line(1, 500, 4),
      { kind: "pending", lineId: 1, ruleId: 3, reason: "no-title" },
      [{ lineId: 1, ruleId: 3 }],
    ],
    [
      "clears a rule that no longer matches",
      line(1, 500, 4),
      { kind: "no-rule", lineId: 1 },
      [{ lineId: 1, ruleId: null }],
    ],
    ["writes nothing for a line without rule", line(1, 500), { kind: "no-rule", lineId: 1 }, []],
  ])("%s", (_, pending, decision, records) => {
    expect(planWrites([decision], lookups([pending]))).toEqual({ reconciling: [], ruleRecords: records });
  });

  it("settles a title with the title's texts and the line's absolute value", () => {
    const decision: LineDecision = {
      kind: "settle-title",
      lineId: 1,
      ruleId: 3,
      titleId: 7,
      bankAccountId: A,
      typeAccount: 1,
      value: 500,
      date: "2024-03-05",
    };
    expect(planWrites([decision], lookups([line(1, -500)])).reconciling).toEqual([
      {
        kind: "settle-title",
        lineId: 1,
        ruleId: 3,
        bankAccountId: A,
        value: 500,
        titleId: 7,
        typeAccount: 1,
        date: "2024-03-05",
        texts: { description: "Venda 7", document: "NF 7" },
      },
    ]);
  });

  it("posts a transfer whose legs name the other side, and links legs", () => {
    const decisions: LineDecision[] = [
      {
        kind: "post-transfer",
        lineId: 1,
        ruleId: 3,
        fromBankAccountId: A,
        toBankAccountId: B,
        value: 900,
        date: "2024-03-05",
      },
      { kind: "link-transfer-leg", lineId: 2, ruleId: 3, entryId: 44 },
      { kind: "link-posted-transfer", lineId: 3, ruleId: 3, postedForLineId: 1 },
    ];
    const plan = planWrites(decisions, lookups([line(1, -900), line(2, -100), line(3, 900)]));
    expect(plan.reconciling).toEqual([
      {
        kind: "post-transfer",
        lineId: 1,
        ruleId: 3,
        bankAccountId: A,
        value: 900,
        date: "2024-03-05",
        from: { bankAccountId: A, description: "Transferência entre contas Reserva" },
        to: { bankAccountId: B, description: "Transferência entre contas Itaú 123-4" },
        description: "Transferência entre contas",
      },
      { kind: "link-leg", lineId: 2, ruleId: 3, bankAccountId: A, value: 100, entryId: 44 },
      { kind: "link-posted-leg", lineId: 3, ruleId: 3, bankAccountId: A, value: 900, postedForLineId: 1 },
    ]);
  });
});
