import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, onlyDigits } from "../../src/lib/document-number";

describe("onlyDigits", () => {
  it.each([
    ["11.222.333/0001-81", "11222333000181"],
    ["111.444.777-35", "11144477735"],
    [" abc ", ""],
  ])("%j -> %j", (text, digits) => expect(onlyDigits(text)).toBe(digits));
});

describe("isValidCnpj", () => {
  it.each([
    ["11222333000181", true],
    ["11444777000161", true],
    ["11222333000182", false],
    ["11222333000191", false],
    ["00000000000000", false],
    ["1122233300018", false],
    ["112223330001811", false],
    ["11222333000a81", false],
  ])("%s -> %s", (digits, valid) => expect(isValidCnpj(digits)).toBe(valid));
});

describe("isValidCpf", () => {
  it.each([
    ["11144477735", true],
    ["52998224725", true],
    ["11144477736", false],
    ["11144477745", false],
    ["11111111111", false],
    ["1114447773", false],
  ])("%s -> %s", (digits, valid) => expect(isValidCpf(digits)).toBe(valid));
});

describe("isValidCpfOrCnpj", () => {
  it.each([
    ["11144477735", true],
    ["11222333000181", true],
    ["111444777350", false],
    ["", false],
  ])("%j -> %s", (digits, valid) => expect(isValidCpfOrCnpj(digits)).toBe(valid));
});
