import { describe, expect, it } from "vitest";
import { parseOfxAmount } from "../../../src/domain/ofx/amounts";

describe("parseOfxAmount", () => {
  it.each([
    ["-10.00", -1000],
    ["10.00", 1000],
    ["+10.00", 1000],
    ["-530,86", -53086],
    ["            -11,76", -1176],
    ["0.07", 7],
    ["1.234,56", 123456],
    ["-1.234,56", -123456],
    ["1,234.56", 123456],
    ["1.234.567,89", 123456789],
    ["1 234,56", 123456],
    ["-500.5", -50050],
    ["-33.3", -3330],
    ["-140", -14000],
    ["12267549", 1226754900],
    ["-30.000", -3000],
    ["-3.77000", -377],
    // more than two decimals: half away from zero on the third
    ["-995.4190396554627", -99542],
    ["788.5385340523635", 78854],
    ["0.005", 1],
    ["-0.005", -1],
    ["0.004", 0],
    [".5", 50],
    ["\u221210,00", -1000],
    ["999999999999.99", 99999999999999],
  ])("%j is %i cents", (text, cents) => {
    expect(parseOfxAmount(text)).toBe(cents);
  });

  it("never gives negative zero", () => {
    expect(Object.is(parseOfxAmount("-0,00"), 0)).toBe(true);
  });

  it.each([
    "",
    " ",
    "$120",
    "R$ 10,00",
    "abc",
    "1.234.567",
    "10,00,00",
    "1e5",
    "--5",
    "5-",
    "1000000000000.00",
  ])("refuses %j", (text) => {
    expect(parseOfxAmount(text)).toBeNull();
  });
});
