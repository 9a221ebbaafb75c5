import { describe, expect, it } from "vitest";
import {
  groupLines,
  type OrderLine,
  ordersHeader,
  readOrderLine,
} from "../../../src/domain/orders/template-csv";

const header = ordersHeader(["Pedido", "Depósito", "Código", "Quantidade", "Preço", "Cliente", "Data"]);
const columns = "columns" in header ? header.columns : (undefined as never);
const read = (line: number, ...fields: string[]) => readOrderLine({ line, fields }, columns);

describe("orders template CSV", () => {
  it("maps Portuguese and English headers; refuses a header without the required columns", () => {
    expect(columns).toMatchObject({
      order: 0,
      warehouse: 1,
      sku: 2,
      quantity: 3,
      price: 4,
      consumer: 5,
      date: 6,
    });
    expect(ordersHeader(["order", "warehouse", "code", "quantity"])).toEqual({
      columns: { order: 0, warehouse: 1, sku: 2, quantity: 3 },
    });
    expect(ordersHeader(["pedido", "sku", "quantidade"])).toEqual({
      error:
        "Cabeçalho sem as colunas obrigatórias: pedido (ou order), deposito (ou warehouse), sku (ou codigo) e quantidade (ou quantity)",
    });
  });

  it.each([
    [
      ["A", "1", "SKU-1", "2,5", "1.234,56", "7", "2026-01-31"],
      { ok: true, quantity: 2.5, unitPrice: 123456, consumerId: 7, date: "2026-01-31" },
    ],
    [
      ["", "1", "SKU-1", "1", "", "", ""],
      { ok: false, message: "Código do pedido (coluna pedido) obrigatório" },
    ],
    [["A", "x", "SKU-1", "1", "", "", ""], { ok: false, message: "Depósito inválido: x" }],
    [["A", "1", "", "1", "", "", ""], { ok: false, message: "Código do SKU obrigatório" }],
    [["A", "1", "SKU-1", "abc", "", "", ""], { ok: false, message: "Quantidade inválida: abc" }],
    [["A", "1", "SKU-1", "1", "dez", "", ""], { ok: false, message: "Preço inválido: dez" }],
    [
      ["A", "1", "SKU-1", "1", "", "", "31/01/2026"],
      { ok: false, message: "Data inválida: 31/01/2026 (use AAAA-MM-DD)" },
    ],
  ])("reads %j", (fields, expected) => expect(read(2, ...fields)).toMatchObject(expected));

  it("groups consecutive lines with the same key into one order", () => {
    const lines = [
      read(2, "A", "1", "S", "1"),
      read(3, "A", "1", "S", "2"),
      read(4, "B", "1", "S", "1"),
      read(5, "A", "1", "S", "1"),
    ];
    expect([...groupLines(lines)].map((g: OrderLine[]) => g.map((l) => l.line))).toEqual([[2, 3], [4], [5]]);
  });
});
