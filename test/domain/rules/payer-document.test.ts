import { describe, expect, it } from "vitest";
import { isValidPayerDocument, normalisePayerDocument } from "../../../src/domain/rules/payer-document";

describe("normalisePayerDocument", () => {
  it.each([
    ["123.456.789-09", "12345678909"],
    [" 11.222.333/0001-81 ", "11222333000181"],
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    ["12 ABC 345 01DE 35", "12ABC34501DE35"],
    ["", null],
    [" .-/ ", null],
  ])("%j -> %j", (text, expected) => {
    expect(normalisePayerDocument(text)).toBe(expected);
  });

  it("keeps any other character, so the text stays invalid instead of becoming another document", () => {
    expect(normalisePayerDocument("123_456_789_09")).toBe("123_456_789_09");
    expect(isValidPayerDocument(normalisePayerDocument("123_456_789_09")!)).toBe(false);
  });
});

describe("isValidPayerDocument", () => {
  it.each([
    ["CPF", "12345678909"],
    ["numeric CNPJ", "11222333000181"],
    // The example of the Receita Federal's note on the alphanumeric CNPJ: 12.ABC.345/01DE-35.
    ["alphanumeric CNPJ (Receita Federal's example)", "12ABC34501DE35"],
    ["alphanumeric CNPJ of letters only (A=17 ... L=28)", "ABCDEFGHIJKL80"],
  ])("accepts a %s", (_, document) => {
    expect(isValidPayerDocument(document)).toBe(true);
  });

  it.each([
    ["a CPF with a wrong check digit", "12345678900"],
    ["a CPF of equal digits", "11111111111"],
    ["a CNPJ with a wrong check digit", "11222333000182"],
    ["a CNPJ of equal digits", "00000000000000"],
    ["an alphanumeric CNPJ with a wrong first check digit", "12ABC34501DE45"],
    ["an alphanumeric CNPJ with a wrong second check digit", "12ABC34501DE36"],
    ["letters in the check digits", "12ABC34501DEA5"],
    ["lower case letters (normalisation upper-cases them first)", "12abc34501de35"],
    ["10 digits", "1234567890"],
    ["12 digits", "123456789012"],
    ["15 characters", "12ABC34501DE350"],
    ["letters in an 11-character text", "1234567890A"],
  ])("refuses %s", (_, document) => {
    expect(isValidPayerDocument(document)).toBe(false);
  });
});
