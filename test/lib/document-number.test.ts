import { describe, expect, it } from "vitest";
import { SEED_PLAN } from "../../src/dev/seed-plan";
import {
  CNPJ_PATTERN,
  cnpjCheckDigits,
  cnpjRoot,
  isValidCnpj,
  isValidCpf,
  isValidCpfOrCnpj,
  normaliseDocument,
} from "../../src/lib/document-number";

describe("normaliseDocument", () => {
  it.each([
    ["12.ABC.345/01DE-35", "12ABC34501DE35"],
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    [" 12 ABC 345 01DE 35 ", "12ABC34501DE35"],
    ["11.222.333/0001-81", "11222333000181"],
    ["111.444.777-35", "11144477735"],
    ["", ""],
  ])("%j -> %j", (text, stored) => expect(normaliseDocument(text)).toBe(stored));

  it("keeps any other character, so the text stays invalid instead of becoming another CNPJ", () => {
    expect(normaliseDocument("12_ABC_345_01DE_35")).toBe("12_ABC_345_01DE_35");
    expect(isValidCnpj(normaliseDocument("12_ABC_345_01DE_35"))).toBe(false);
  });
});

describe("cnpjCheckDigits", () => {
  it.each([
    // Receita Federal's worked example (NT Conjunta 2025.001 §2, SERPRO's calculation): the first
    // sum is 459 (rest 8, DV 3), the second 424 (rest 6, DV 5): 12.ABC.345/01DE-35.
    ["12ABC34501DE", "35"],
    // numeric CNPJs keep the check digits they always had
    ["112223330001", "81"],
    ["114447770001", "61"],
    ["445556660001", "81"],
    // letters only: A=17 ... L=28
    ["ABCDEFGHIJKL", "80"],
    ["A1B2C3D4E5F6", "68"],
    ["ZZZZZZZZ0001", "91"],
  ])("%s -> %s", (base, digits) => expect(cnpjCheckDigits(base)).toBe(digits));
});

describe("isValidCnpj", () => {
  it.each([
    ["11222333000181", true],
    ["11444777000161", true],
    ["44555666000181", true],
    ["12ABC34501DE35", true],
    ["ABCDEFGHIJKL80", true],
    ["A1B2C3D4E5F668", true],
    ["ZZZZZZZZ000191", true],
    ["11222333000182", false],
    ["11222333000191", false],
    ["44555666000199", false],
    ["12ABC34501DE36", false],
    ["12ABC34501DE45", false],
    ["12ABC34501DE3A", false],
    ["12abc34501de35", false],
    ["12.ABC.345/01DE-35", false],
    ["00000000000000", false],
    ["1122233300018", false],
    ["112223330001811", false],
    ["11222333000a81", false],
    ["12ABC34501DÉ35", false],
  ])("%s -> %s", (text, valid) => expect(isValidCnpj(text)).toBe(valid));

  it("the pattern the schemas publish is the stored form's", () => {
    const pattern = new RegExp(CNPJ_PATTERN);
    expect(["11222333000181", "12ABC34501DE35"].every((text) => pattern.test(text))).toBe(true);
    expect(["12abc34501de35", "12ABC34501DEA5", "1122233300018"].some((text) => pattern.test(text))).toBe(
      false,
    );
  });
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
    ["12ABC34501DE35", true],
    ["12ABC34501DE36", false],
    ["1234567890A", false],
    ["111444777350", false],
    ["", false],
  ])("%j -> %s", (document, valid) => expect(isValidCpfOrCnpj(document)).toBe(valid));
});

describe("cnpjRoot", () => {
  it.each([
    ["12ABC34501DE35", "12ABC345"],
    ["12.abc.345/01de-35", "12ABC345"],
    ["11222333000181", "11222333"],
  ])("%j -> %j", (cnpj, root) => expect(cnpjRoot(cnpj)).toBe(root));
});

describe("the demo seed", () => {
  const documents = Object.entries(SEED_PLAN).flatMap(([account, plan]) =>
    plan.companies.flatMap((company) => [
      [`${account}: ${company.name}`, company.document],
      [`${account}: ${company.invoice.name}`, company.invoice.document],
    ]),
  );
  it.each(documents)("%s has a CNPJ with valid check digits (%s)", (_, document) => {
    expect(document === null || isValidCnpj(document)).toBe(true);
  });
});
