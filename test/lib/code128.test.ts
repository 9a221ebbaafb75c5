import { describe, expect, it } from "vitest";
import {
  Code128Error,
  code128cValues,
  code128cWidths,
  code128KeyBars,
  code128KeyValues,
  code128Widths,
} from "../../src/lib/code128";

/** Widths as the bar/space string (`1` a dark module, `0` a light one). */
const modules = (widths: number[]) => widths.map((w, i) => (i % 2 === 0 ? "1" : "0").repeat(w)).join("");

describe("CODE-128 subset C", () => {
  it("writes Start C, the pairs, the check symbol and Stop (ISO/IEC 15417 check: start + sum of value x position, mod 103)", () => {
    // (105 + 1x12 + 2x34 + 3x56) = 353; 353 mod 103 = 44
    expect(code128cValues("123456")).toEqual([105, 12, 34, 56, 44, 106]);
    // (105 + 0) mod 103 = 2
    expect(code128cValues("00")).toEqual([105, 0, 2, 106]);
  });

  it("matches a published encoding: jbarcode's Barcode128Test (the iText-derived encoder), 32 digits in subset C", () => {
    // github.com/borisklug/jbarcode, src/test/java/de/klg/lib/jbarcode/lib/Barcode128Test.java:
    // "01040123453333361503123110123456" -> the module widths below (Start C ... check, Stop)
    const expected = [
      2, 1, 1, 2, 3, 2, 2, 2, 2, 1, 2, 2, 1, 2, 1, 3, 2, 2, 2, 2, 2, 1, 2, 2, 3, 1, 2, 1, 3, 1, 1, 1, 3, 1, 2,
      3, 1, 1, 1, 3, 2, 3, 1, 1, 1, 3, 2, 3, 1, 1, 2, 3, 1, 3, 1, 1, 3, 2, 2, 2, 1, 2, 1, 2, 2, 3, 1, 1, 2, 2,
      3, 2, 2, 1, 2, 3, 2, 1, 2, 2, 1, 3, 1, 2, 1, 1, 2, 2, 3, 2, 1, 3, 1, 1, 2, 3, 3, 3, 1, 1, 2, 1, 2, 2, 3,
      1, 1, 2, 2, 3, 3, 1, 1, 1, 2,
    ];
    expect(code128cWidths("01040123453333361503123110123456")).toEqual(expected);
  });

  it('matches a published encoding of "00": Start C, 00, check 2, Stop with its final bar', () => {
    // the Julia package Barcode.jl, test/runtests.jl: get_code128c("00")
    expect(modules(code128cWidths("00"))).toBe(
      ["11010011100", "11011001100", "11001100110", "11000111010", "11"].join(""),
    );
  });

  it("every symbol is 11 modules (Stop 13) and starts with a bar and ends with a space", () => {
    for (let value = 0; value <= 105; value++) {
      const widths = code128Widths([value]);
      expect(widths).toHaveLength(6);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
      // bars (even positions) add up to an even number of modules: the symbology's parity
      expect((widths[0]! + widths[2]! + widths[4]!) % 2).toBe(0);
    }
    expect(code128Widths([106]).reduce((a, b) => a + b, 0)).toBe(13);
  });

  it("refuses an odd count of digits or anything but digits", () => {
    for (const bad of ["", "1", "123", "12a4", " 12"])
      expect(() => code128cValues(bad)).toThrow(Code128Error);
  });
});

describe("the access key's symbol", () => {
  const key = "35261111222333000181550010000043211100043219";

  it("is subset C alone for a numeric key: 22 pairs, 277 modules", () => {
    expect(code128KeyValues(key)).toEqual(code128cValues(key));
    const { bars, modules: total } = code128KeyBars(key);
    expect(total).toBe(24 * 11 + 13);
    expect(bars).toHaveLength(24 * 3 + 4);
    expect(bars[0]).toEqual([0, 2]);
  });

  it("switches to subset A for the letters of an alphanumeric CNPJ and back to C for the digits", () => {
    // cUF 35, AAMM 2611, CNPJ 12ABC34501DE35 (NT Conjunta 2025.001 example shape), then 26 digits
    const alpha = "352611" + "12ABC34501DE35" + "55001000000123100000123" + "4";
    const values = code128KeyValues(alpha);
    expect(values.slice(0, 5)).toEqual([105, 35, 26, 11, 12]);
    // Code A (101), then A B C as subset A values 33 34 35
    expect(values.slice(5, 9)).toEqual([101, 33, 34, 35]);
    // "34501" is a run of 5 digits: its first in subset A ("3" = 19), then Code C (99) and 45 01
    expect(values.slice(9, 13)).toEqual([19, 99, 45, 1]);
    // the check symbol is the weighted sum of every value before it
    const data = values.slice(0, -2);
    expect(values.at(-2)).toBe(data.reduce((sum, v, i) => (i === 0 ? v : sum + v * i), 0) % 103);
    expect(values.at(-1)).toBe(106);
    expect(() => code128KeyValues("35 26")).toThrow(Code128Error);
  });
});
