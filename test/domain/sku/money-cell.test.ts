import { describe, expect, it } from "vitest";
import { parseMoneyCell } from "../../../src/domain/sku/money-cell";

describe("parseMoneyCell", () => {
  it.each<[string, number | null]>([
    ["10", 1000],
    ["10,5", 1050],
    ["10.5", 1050],
    ["12,34", 1234],
    ["0,01", 1],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["1.234.567", 123456700],
    ["1.234.567,8", 123456780],
    ["R$ 19,90", 1990],
    ["r$19,90", 1990],
    [" 7 ", 700],
    ["10.500", 1050],
    ["10,50000", 1050],
    ["12,", 1200],
    ["1.234", null],
    ["1,234", null],
    ["1,2,3", null],
    ["-5", null],
    ["abc", null],
    ["", null],
    [".5", null],
    ["1e3", null],
    ["1.2.3", null],
    ["9999999999999,99", null],
  ])("%j -> %s", (text, cents) => {
    expect(parseMoneyCell(text)).toBe(cents);
  });
});
