import { describe, expect, it } from "vitest";
import { normaliseText } from "../../../src/domain/rules/normalise-text";

describe("normaliseText", () => {
  it.each([
    ["PIX Recebido", "pix recebido"],
    ["  Transferência   entre\tcontas \n", "transferencia entre contas"],
    ["AÇÃO ÉÊÈ ÍÓÔÕÚÜ ñ", "acao eee iooouu n"],
    // composed and decomposed forms of the same letters are the same text
    ["Cr\u00e9dito", "credito"],
    ["Cre\u0301dito", "credito"],
    ["", ""],
    ["   ", ""],
    ["TED 123/456-7", "ted 123/456-7"],
  ])("%j -> %j", (text, expected) => {
    expect(normaliseText(text)).toBe(expected);
  });
});
