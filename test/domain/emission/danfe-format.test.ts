import { describe, expect, it } from "vitest";
import {
  formatAccessKey,
  formatDate,
  formatDecimal,
  formatDocument,
  formatMoney,
  formatNoteNumber,
  formatSeries,
  formatTime,
  formatZip,
  freightByLabel,
} from "../../../src/domain/emission/danfe/format";

describe("the DANFE's print forms", () => {
  it.each([
    [0, "0,00"],
    [5, "0,05"],
    [123456, "1.234,56"],
    [100000000, "1.000.000,00"],
    [-1990, "-19,90"],
  ])("money %i -> %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it.each([
    ["10.0000", 2, 4, "10,00"],
    ["1.2500", 2, 4, "1,25"],
    ["0.3330", 2, 4, "0,333"],
    ["19.9000000000", 2, 4, "19,90"],
    ["19.9999500000", 2, 4, "20,00"],
    ["1234.56789", 2, 4, "1.234,5679"],
    ["18.00", 2, 2, "18,00"],
    ["3", 0, 0, "3"],
    ["13.250", 3, 3, "13,250"],
    ["abc", 2, 4, "abc"],
  ])("decimal %s (%i..%i) -> %s", (text, min, max, shown) => {
    expect(formatDecimal(text, min, max)).toBe(shown);
  });

  it("writes the key in 11 groups of 4, documents, CEP, number, series, dates as written", () => {
    expect(formatAccessKey("35261111222333000181550010000043211100043219")).toBe(
      "3526 1111 2223 3300 0181 5500 1000 0043 2111 0004 3219",
    );
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatDocument("12345678909")).toBe("123.456.789-09");
    expect(formatDocument("EX123")).toBe("EX123");
    expect(formatDocument(null)).toBe("");
    expect(formatZip("01310100")).toBe("01310-100");
    expect(formatNoteNumber(4321)).toBe("000.004.321");
    expect(formatNoteNumber(999999999)).toBe("999.999.999");
    expect(formatSeries(1)).toBe("001");
    // the issuer's local date and time, whatever the offset
    expect(formatDate("2026-11-20T23:15:00-03:00")).toBe("20/11/2026");
    expect(formatTime("2026-11-20T23:15:00-03:00")).toBe("23:15:00");
    expect(formatDate("2026-12-20")).toBe("20/12/2026");
    expect(formatDate(null)).toBe("");
    expect(freightByLabel("9")).toBe("9-Sem transporte");
  });
});
