import { describe, expect, it } from "vitest";
import {
  checkLineCapacity,
  type LineFacts,
  overpaymentDetails,
  planAccounts,
  planTransfers,
  type TitleEntryFacts,
  type TitleFacts,
} from "../../../src/domain/reconciliation/plan";
import { ApiError } from "../../../src/lib/errors";

const line: LineFacts = { kind: "bank", id: 50, date: "2026-03-10", value: 100_000, reconciledValue: 0 };
const title = (over: Partial<TitleFacts> = {}): TitleFacts => ({
  id: 1,
  typeAccount: 0,
  value: 100_000,
  openValue: 100_000,
  description: "Venda",
  document: null,
  ...over,
});
const entry = (over: Partial<TitleEntryFacts> = {}): TitleEntryFacts => ({
  id: 900,
  titleId: 1,
  bankAccountId: 7,
  date: "2026-03-10 09:00:00",
  typeAccount: 0,
  value: 100_000,
  linkedBankLineId: null,
  linkedAcquirerLineId: null,
  ...over,
});

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return null;
};

describe("planAccounts", () => {
  const cases: {
    name: string;
    titles: TitleFacts[];
    entries: TitleEntryFacts[];
    value?: number;
    expected: { postings: [number, number][]; reuses: number[]; total: number } | { error: string };
  }[] = [
    {
      name: "posts the open value by default",
      titles: [title({ openValue: 40_000 })],
      entries: [],
      expected: { postings: [[1, 40_000]], reuses: [], total: 40_000 },
    },
    {
      name: "posts the given value",
      titles: [title()],
      entries: [],
      value: 25_000,
      expected: { postings: [[1, 25_000]], reuses: [], total: 25_000 },
    },
    {
      name: "posts an outflow for a payable",
      titles: [title({ typeAccount: 1 })],
      entries: [],
      expected: { postings: [[1, 100_000]], reuses: [], total: 100_000 },
    },
    {
      name: "reuses an unlinked entry of the line's date and account",
      titles: [title({ openValue: 0 })],
      entries: [entry()],
      expected: { postings: [], reuses: [900], total: 100_000 },
    },
    {
      name: "ignores an entry of the line's date on another account",
      titles: [title({ openValue: 60_000 })],
      entries: [entry({ bankAccountId: 8, value: 40_000 })],
      expected: { postings: [[1, 60_000]], reuses: [], total: 60_000 },
    },
    {
      name: "blocks an entry of the line's date linked to another line",
      titles: [title({ openValue: 0 })],
      entries: [entry({ linkedBankLineId: 51 })],
      expected: { error: "Título 1 já está conciliado na conciliação bancária código: 51" },
    },
    {
      name: "blocks an entry linked to an acquirer line with the same id",
      titles: [title({ openValue: 0 })],
      entries: [entry({ linkedAcquirerLineId: 50 })],
      expected: { error: "Título 1 já está conciliado na conciliação bancária código: 50" },
    },
    {
      name: "posts another part when this line already holds one part of the title",
      titles: [title({ openValue: 60_000 })],
      entries: [entry({ value: 40_000, linkedBankLineId: 50 })],
      expected: { postings: [[1, 60_000]], reuses: [], total: 60_000 },
    },
    {
      name: "blocks a title this line already holds entirely",
      titles: [title({ openValue: 0 })],
      entries: [entry({ linkedBankLineId: 50 })],
      expected: { error: "Título 1 já está conciliado na conciliação bancária código: 50" },
    },
    {
      name: "refuses a title paid on other dates",
      titles: [title({ openValue: 0 })],
      entries: [entry({ date: "2026-03-01 09:00:00" })],
      expected: { error: "Divergência na data dos pagamentos realizados e a data do lançamento bancário" },
    },
    {
      name: "refuses more than the open value",
      titles: [title({ openValue: 40_000 })],
      entries: [entry({ id: 12, date: "2026-03-01 09:00:00", value: 60_000 })],
      value: 50_000,
      expected: {
        error:
          "O valor total dos lançamentos (1100.00) é maior que o valor do título (1000.00). Código do título: 1. Lançamentos: 12: 600.00, nesta conciliação: 500.00",
      },
    },
    {
      name: "names the missing titles",
      titles: [],
      entries: [],
      expected: { error: "Contas não encontradas: 1" },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const run = () => planAccounts(line, 7, [{ titleId: 1, value: c.value ?? null }], c.titles, c.entries);
      if ("error" in c.expected) {
        expect(messageOf(run)).toBe(c.expected.error);
        return;
      }
      const plan = run();
      expect(plan.postings.map((p) => [p.titleId, p.value])).toEqual(c.expected.postings);
      expect(plan.reuses.map((r) => r.entryId)).toEqual(c.expected.reuses);
      expect(plan.total).toBe(c.expected.total);
    });
  }

  it("totals the signed sum of receivables and payables in absolute value", () => {
    const plan = planAccounts(
      line,
      7,
      [
        { titleId: 1, value: null },
        { titleId: 2, value: null },
      ],
      [
        title({ id: 1, value: 30_000, openValue: 30_000 }),
        title({ id: 2, typeAccount: 1, value: 50_000, openValue: 50_000 }),
      ],
      [],
    );
    expect(plan.total).toBe(20_000);
  });
});

describe("planTransfers", () => {
  it("answers reuses of the found legs and names the others", () => {
    const legs = [
      { id: 3, typeAccount: 1, value: 1_000 },
      { id: 4, typeAccount: 0, value: 300 },
    ];
    expect(planTransfers([3, 4], legs)).toMatchObject({ postings: [], total: 700 });
    expect(messageOf(() => planTransfers([3, 5, 6], legs))).toBe(
      "Transferência(s) não encontradas ou já conciliadas: 5, 6",
    );
  });
});

describe("checkLineCapacity", () => {
  const plan = (total: number) => ({ postings: [], reuses: [], total });
  const table: [LineFacts, number, string | null][] = [
    [line, 100_000, null],
    [
      line,
      100_001,
      "O valor total das contas (1000.01) é maior que o valor do lançamento bancário (1000.00). Não é possível conciliar.",
    ],
    [{ ...line, value: -100_000 }, 100_000, null],
    [
      { ...line, reconciledValue: 60_000 },
      50_000,
      "O valor total das contas (1100.00) é maior que o valor do lançamento bancário (1000.00). Não é possível conciliar.",
    ],
    [
      { ...line, kind: "acquirer", value: 500 },
      501,
      "O valor total das contas (5.01) é maior que o valor do lançamento de conciliação de adquirente (5.00). Não é possível conciliar.",
    ],
  ];
  for (const [facts, total, message] of table) {
    it(`${facts.kind} ${facts.value} carrying ${facts.reconciledValue} + ${total}`, () => {
      expect(messageOf(() => checkLineCapacity(facts, plan(total)))).toBe(message);
    });
  }
});

describe("overpaymentDetails", () => {
  it("lists the title's entries and the amount asked now", () => {
    expect(overpaymentDetails([], 150)).toBe("nesta conciliação: 1.50");
    expect(overpaymentDetails([entry({ id: 5, value: 1_000 }), entry({ id: 9, value: 25 })], 7)).toBe(
      "5: 10.00, 9: 0.25, nesta conciliação: 0.07",
    );
  });
});
