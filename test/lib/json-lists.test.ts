import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLists, utf8Length } from "../../src/lib/json-lists";

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Row by row: a row joins the list when the list with it stays within `max`, else it starts the next. */
function rowByRow(rows: readonly unknown[], max: number): string[] {
  const lists: string[][] = [];
  let current: string[] = [];
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (current.length > 0 && bytes(`[${[...current, text].join(",")}]`) > max) {
      lists.push(current);
      current = [];
    }
    current.push(text);
  }
  if (current.length > 0) lists.push(current);
  return lists.map((list) => `[${list.join(",")}]`);
}

const cell = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const rowsOf = fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 700 });

describe("utf8Length", () => {
  it("counts the UTF-8 bytes of ASCII, accents, CJK, emoji and lone surrogates", () => {
    for (const text of ["", "Boleto 123", "Liquidação", "請求書", "💸 pago", "\ud800x", "a\u0000b"])
      expect(utf8Length(text), text).toBe(bytes(text));
  });
});

describe("jsonLists", () => {
  it("answers the lists row-by-row filling makes, each within the limit, every row once in order", () => {
    fc.assert(
      fc.property(rowsOf, fc.integer({ min: 2, max: 3000 }), (rows, max) => {
        const lists = jsonLists(rows, max);
        expect(lists).toEqual(rowByRow(rows, max));
        expect(lists.flatMap((list) => JSON.parse(list) as unknown[])).toEqual(
          JSON.parse(JSON.stringify(rows)),
        );
        for (const list of lists)
          if ((JSON.parse(list) as unknown[]).length > 1) expect(bytes(list)).toBeLessThanOrEqual(max);
      }),
      { numRuns: 200 },
    );
  });

  it("fills a list up to exactly the limit, and not a byte over it", () => {
    // "[[1],[2]]" is 9 bytes; "[["é"]]" is 8 characters of 9 bytes
    expect(jsonLists([[1], [2]], 9)).toEqual(["[[1],[2]]"]);
    expect(jsonLists([[1], [2]], 8)).toEqual(["[[1]]", "[[2]]"]);
    expect(jsonLists([["é"], [1]], 9)).toEqual(['[["é"]]', "[[1]]"]);
    const rows = Array.from({ length: 300 }, (_, i) => [i % 10]);
    // each row "[d]" is 3 bytes and a comma between: 10 rows make 2 + 10 * 3 + 9 = 41 bytes
    expect(jsonLists(rows, 41).map((list) => JSON.parse(list).length)).toEqual(Array(30).fill(10));
    expect(jsonLists(rows, 40).map((list) => JSON.parse(list).length)).toEqual([...Array(33).fill(9), 3]);
  });

  it("puts a row larger than the limit in a list of its own", () => {
    const big = ["x".repeat(50)];
    expect(jsonLists([[1], big, [2]], 20)).toEqual(["[[1]]", `[${JSON.stringify(big)}]`, "[[2]]"]);
  });

  it("answers no list for no rows", () => {
    expect(jsonLists([])).toEqual([]);
  });
});
