import { describe, expect, it } from "vitest";
import {
  LINE_CODE_REQUIRED,
  LINE_UNTERMINATED_QUOTE,
  lineCodeTooLong,
  lineInvalidActive,
  lineInvalidCost,
  lineInvalidPrice,
  lineNameTooLong,
  lineUnknownBrand,
  TEMPLATE_WITHOUT_CODE_COLUMN,
} from "../../../src/domain/sku/messages";
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
    expect(mapHeader(["nome", "preco"])).toEqual({ error: TEMPLATE_WITHOUT_CODE_COLUMN });
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
    ["missing code", ["", "Nome"], [LINE_CODE_REQUIRED]],
    ["code too long", ["x".repeat(61)], [lineCodeTooLong(60)]],
    ["name too long", ["A1", "n".repeat(256)], [lineNameTooLong(255)]],
    ["unknown brand", ["A1", "", "Outra"], [lineUnknownBrand("Outra")]],
    ["unknown brand id", ["A1", "", "8"], [lineUnknownBrand("8")]],
    [
      "every bad cell, in column order",
      ["", "", "", "x", "-1", "talvez"],
      [LINE_CODE_REQUIRED, lineInvalidCost("x"), lineInvalidPrice("-1"), lineInvalidActive("talvez")],
    ],
  ])("%s", (_name, fields, errors) => {
    expect(read(fields)).toEqual({ ok: false, line: 4, errors });
  });

  it("reports an unterminated quote", () => {
    expect(read(["A1"], { unterminatedQuote: true })).toEqual({
      ok: false,
      line: 4,
      errors: [LINE_UNTERMINATED_QUOTE],
    });
  });
});
