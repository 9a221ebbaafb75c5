import { describe, expect, it } from "vitest";
import { sanitizeFileName } from "../../../src/domain/uploads/file-name";

describe("sanitizeFileName", () => {
  it.each([
    ["produtos.csv", "produtos.csv"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ana\\extrato.ofx", "extrato.ofx"],
    ["<script>alert(1)</script>.csv", "script.csv"],
    ["<b>negrito</b>", "b"],
    ['a<b>c:d|e?f*g"h.csv', "abcdefgh.csv"],
    ["a\u0000b\u202Ec.csv", "abc.csv"],
    ["  muitos    espaços .csv ", "muitos espaços .csv"],
    ["...hidden", "hidden"],
    ["Relatório de preços.csv", "Relatório de preços.csv"],
    ["", "arquivo"],
    ["///", "arquivo"],
  ])("%j -> %j", (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });

  it("keeps at most 255 characters", () => {
    expect(sanitizeFileName(`${"a".repeat(300)}.csv`)).toHaveLength(255);
  });
});
