import { describe, expect, it } from "vitest";
import { isCityCode, UF_CODES } from "../../../src/domain/company/fiscal-profile";

describe("isCityCode: the IBGE municipality code and its check digit (NT 2008.004)", () => {
  it.each([
    ["3550308", "São Paulo, SP"],
    ["3304557", "Rio de Janeiro, RJ"],
    ["5300108", "Brasília, DF"],
    ["1100015", "Alta Floresta D'Oeste, RO"],
    ["4106902", "Curitiba, PR"],
    ["1504752", "Mojuí dos Campos, PA (created in 2013)"],
    ["4220000", "Balneário Rincão, SC (created in 2013)"],
  ])("accepts %s (%s)", (code) => {
    expect(isCityCode(code)).toBe(true);
  });

  it.each([
    "2201919",
    "2201988",
    "2202251",
    "2611533",
    "3117836",
    "3152131",
    "4305871",
    "5203939",
    "5203962",
  ])("accepts %s, one of the nine codes SEFAZ takes outside the rule", (code) => {
    expect(isCityCode(code)).toBe(true);
  });

  it.each([
    ["3550309", "a wrong check digit"],
    ["3304550", "a wrong check digit"],
    ["2201910", "an exception's neighbour with a wrong digit"],
    ["9950308", "no UF has code 99"],
    ["0000000", "no UF has code 00"],
    ["355030", "6 digits"],
    ["35503080", "8 digits"],
    ["355O308", "a letter"],
  ])("refuses %s (%s)", (code) => {
    expect(isCityCode(code)).toBe(false);
  });

  it("knows the 27 UFs of the NF-e issuer, each with a distinct 2-digit code", () => {
    expect(Object.keys(UF_CODES)).toHaveLength(27);
    expect(new Set(Object.values(UF_CODES)).size).toBe(27);
  });
});
