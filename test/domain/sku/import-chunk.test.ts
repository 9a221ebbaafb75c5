import { describe, expect, it } from "vitest";
import type { ProductState } from "../../../src/db/sku-import";
import { averageCost } from "../../../src/domain/sku/cost-recalculation";
import { addCounts, planSkuChunk } from "../../../src/domain/sku/import-chunk";
import type { SkuLineResult } from "../../../src/domain/sku/template";

const existing = (code: string, values: Partial<ProductState> = {}): [string, ProductState] => [
  code,
  { id: 1, code, name: `Nome ${code}`, brandId: 3, cost: 100, price: 200, isActive: 1, status: 1, ...values },
];

const ok = (line: number, value: Record<string, unknown>): SkuLineResult => ({
  ok: true,
  value: { line, code: "X", ...value } as never,
});

describe("planSkuChunk", () => {
  it("creates, updates with blank cells kept, and reports bad lines", () => {
    const plan = planSkuChunk(
      [
        ok(2, { code: "NEW", name: "Novo", cost: 500 }),
        ok(3, { code: "OLD", price: 990 }),
        { ok: false, line: 4, errors: ["a", "b"] },
        ok(5, { code: "NONAME" }),
        ok(6, { code: "NEW", cost: 700, active: 0 }),
      ],
      new Map([existing("OLD")]),
    );
    expect(plan.counts).toEqual({ created: 1, updated: 2, errors: 2 });
    expect(plan.upserts).toEqual([
      { code: "NEW", name: "Novo", brandId: null, cost: 700, price: 0, isActive: 0 },
      { code: "OLD", name: "Nome OLD", brandId: 3, cost: 100, price: 990, isActive: 1 },
    ]);
    expect(plan.costRecords).toEqual([
      { code: "NEW", line: 2, cost: 500 },
      { code: "NEW", line: 6, cost: 700 },
    ]);
    expect(plan.errors).toEqual([
      { line: 4, message: "a" },
      { line: 4, message: "b" },
      { line: 5, message: "Nome obrigatório para produto novo" },
    ]);
  });

  it("restores a soft-deleted product, counted as created, with its old values", () => {
    const plan = planSkuChunk(
      [ok(2, { code: "DEL" })],
      new Map([existing("DEL", { status: 0, isActive: 0 })]),
    );
    expect(plan.counts).toEqual({ created: 1, updated: 0, errors: 0 });
    expect(plan.upserts).toEqual([
      { code: "DEL", name: "Nome DEL", brandId: 3, cost: 100, price: 200, isActive: 0 },
    ]);
  });

  it("addCounts sums", () => {
    expect(addCounts({ created: 1, updated: 2, errors: 3 }, { created: 4, updated: 5, errors: 6 })).toEqual({
      created: 5,
      updated: 7,
      errors: 9,
    });
  });
});

describe("averageCost", () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [1000, 1, 1000],
    [2005, 2, 1003],
    [2003, 2, 1002],
    [1000, 3, 333],
    [2000, 3, 667],
  ])("sum %i over %i -> %s", (sum, count, average) => {
    expect(averageCost(sum, count)).toBe(average);
  });
});
