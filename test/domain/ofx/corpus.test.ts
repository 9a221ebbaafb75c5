import { describe, expect, it } from "vitest";
import { OfxParseError, parseOfx } from "../../../src/domain/ofx";
import { EXPECTED } from "./corpus-expected";
import { fixture, fixturePaths, isGpl, sha256Prefix } from "./fixtures";

const options = { timeZone: "America/Sao_Paulo" };

function parseError(bytes: Uint8Array): OfxParseError | null {
  try {
    parseOfx(bytes, options);
    return null;
  } catch (error) {
    if (error instanceof OfxParseError) return error;
    throw error;
  }
}

describe("OFX collection: every file", () => {
  it("has a row for each available file, and the 64 MIT files are always available", () => {
    const available = fixturePaths();
    expect(Object.keys(EXPECTED)).toHaveLength(77);
    expect(available.filter((path) => !isGpl(path))).toEqual(
      Object.keys(EXPECTED).filter((path) => !isGpl(path)),
    );
    for (const path of available) expect(Object.keys(EXPECTED)).toContain(path);
  });

  for (const [path, expected] of Object.entries(EXPECTED)) {
    const bytes = fixture(path);
    it.skipIf(!bytes)(path, async () => {
      if ("error" in expected) {
        expect(parseError(bytes!)?.message).toBe(expected.error);
        return;
      }
      const result = parseOfx(bytes!, options);
      const transactions = result.statements.flatMap((s) => s.transactions);
      const days = transactions.map((t) => t.posted.date).sort();
      expect({
        statements: result.statements.length,
        transactions: transactions.length,
        sum: transactions.reduce((total, t) => total + t.amount, 0),
        fitIds: await sha256Prefix(transactions.map((t) => t.fitId ?? "").join("\n")),
        first: days[0] ?? null,
        last: days.at(-1) ?? null,
      }).toEqual(expected);
      expect(result.warnings).toEqual([]);
      for (const t of transactions) {
        expect(`${t.memo ?? ""}${t.name ?? ""}`).not.toMatch(/\uFFFD|Ã[\u0080-\u00bf]/);
      }
    });
  }
});
