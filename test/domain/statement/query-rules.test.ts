import { describe, expect, it } from "vitest";
import { summarizeLine } from "../../../src/domain/statement/line-summary";
import { checkStatementQuery, statementRange } from "../../../src/domain/statement/query-rules";

describe("statementRange", () => {
  const table: [1 | 2, string | undefined, string | undefined, { dateFrom?: string; dateTo?: string }][] = [
    [1, undefined, undefined, { dateFrom: undefined, dateTo: undefined }],
    [1, "2026-01-01", undefined, { dateFrom: "2026-01-01", dateTo: "2026-05-29" }],
    [1, undefined, "2026-02-01", { dateFrom: undefined, dateTo: "2026-02-01" }],
    [2, undefined, undefined, { dateFrom: "2025-01-01", dateTo: undefined }],
    [2, "2026-01-01", undefined, { dateFrom: "2026-01-01", dateTo: "2026-05-29" }],
  ];
  for (const [source, from, to, expected] of table) {
    it(`Source=${source} DateFrom=${from} DateTo=${to}`, () => {
      expect(statementRange(source, from, to, "2026-05-29")).toEqual(expected);
    });
  }
});

describe("checkStatementQuery", () => {
  it("answers the source or refuses parameters tied to the other one", () => {
    expect(checkStatementQuery({ Source: "2", Page: 0, IDTypeStatusConciliation: 3 })).toBe(2);
    expect(() => checkStatementQuery({ Source: "2", Page: 0, OnlyTransfer: 1 })).toThrow(
      "OnlyTransfer só pode ser usado com Source=1",
    );
    expect(() => checkStatementQuery({ Source: "01", Page: 0 })).toThrow("Source é obrigatório");
  });
});

describe("summarizeLine", () => {
  it("totals per type and the difference against the signed line value", () => {
    expect(
      summarizeLine(90_000, [
        { typeAccount: 0, value: 100_000 },
        { typeAccount: 1, value: 10_000 },
      ]),
    ).toEqual({
      totalInflow: 100_000,
      totalOutflow: 10_000,
      difference: 0,
    });
    expect(summarizeLine(-5_000, [])).toEqual({ totalInflow: 0, totalOutflow: 0, difference: -5_000 });
  });
});
