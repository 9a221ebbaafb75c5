import { describe, expect, it } from "vitest";
import {
  type BrandIndex,
  headerKey,
  mapHeader,
  readSkuLine,
  type SkuColumns,
} from "../../../src/domain/sku/template";

describe("mapHeader", () => {
  it.each<[string[], SkuColumns]>([
    [
      ["code", "name", "brand", "cost", "price", "active"],
      { code: 0, name: 1, brand: 2, cost: 3, price: 4, active: 5 },
    ],
    [
      ["Código", "NOME", "Marca", "Custo", "Preço", "Ativo"],
      { code: 0, name: 1, brand: 2, cost: 3, price: 4, active: 5 },
    ],
    [[" SKU ", "Descrição", "Preço de venda"], { code: 0, name: 1 }],
    [["preco venda", "codigo", "extra", "codigo"], { price: 0, code: 1 }],
  ])("%j", (fields, columns) => {
    expect(mapHeader(fields)).toEqual({ columns });
  });

  it("needs a code column", () => {
    expect(mapHeader(["nome", "preco"])).toEqual({
      error:
        "Cabeçalho sem a coluna de código: use code, codigo ou sku (colunas aceitas: code, name, brand, cost, price, active)",
    });
  });

  it("headerKey drops case, accents and punctuation", () => {
    expect(headerKey("Preço-de Venda")).toBe("precodevenda");
  });
});

describe("readSkuLine", () => {
  const columns: SkuColumns = { code: 0, name: 1, brand: 2, cost: 3, price: 4, active: 5 };
  const brands: BrandIndex = { ids: new Set([7]), byName: new Map([["marca acao", 7]]) };
  const read = (fields: string[], extra: { unterminatedQuote?: true } = {}) =>
    readSkuLine({ line: 4, fields, ...extra }, columns, brands);

  it.each([
    [
      "all filled",
      ["A1", "Nome", "7", "1,50", "3", "sim"],
      { code: "A1", name: "Nome", brandId: 7, cost: 150, price: 300, active: 1 },
    ],
    ["brand by name, any case and accent", ["A1", "", "MARCA  AÇÃO", "", "", ""], { code: "A1", brandId: 7 }],
    ["blank cells are left out", [" A1 ", " ", "", "", "", ""], { code: "A1" }],
    ["short record", ["A1"], { code: "A1" }],
    ["active words", ["A1", "", "", "", "", "Não"], { code: "A1", active: 0 }],
    ["zero cost is a cost", ["A1", "", "", "0", "", "0"], { code: "A1", cost: 0, active: 0 }],
  ])("%s", (_name, fields, value) => {
    expect(read(fields)).toEqual({ ok: true, value: { line: 4, ...value } });
  });

  it.each([
    ["missing code", ["", "Nome"], ["Código obrigatório"]],
    ["code too long", ["x".repeat(61)], ["Código excede 60 caracteres"]],
    ["name too long", ["A1", "n".repeat(256)], ["Nome excede 255 caracteres"]],
    ["unknown brand", ["A1", "", "Outra"], ["Marca não existe: Outra"]],
    ["unknown brand id", ["A1", "", "8"], ["Marca não existe: 8"]],
    [
      "every bad cell, in column order",
      ["", "", "", "x", "-1", "talvez"],
      [
        "Código obrigatório",
        "Custo inválido: x",
        "Preço inválido: -1",
        "Ativo inválido: talvez (use 1 ou 0, sim ou não)",
      ],
    ],
  ])("%s", (_name, fields, errors) => {
    expect(read(fields)).toEqual({ ok: false, line: 4, errors });
  });

  it("reports an unterminated quote", () => {
    expect(read(["A1"], { unterminatedQuote: true })).toEqual({
      ok: false,
      line: 4,
      errors: ["Aspas não fechadas: o campo entre aspas vai até o fim do arquivo"],
    });
  });
});
