import { describe, expect, it } from "vitest";
import {
  conciliationRows,
  fractionOf,
  orderKey,
  receivablesByOrder,
  type SettlementFacts,
} from "../../../src/domain/marketplace/conciliation";
import { readSettlementLine, settlementHeader } from "../../../src/domain/marketplace/settlement-csv";

let nextId = 0;
const line = (
  channelOrderId: string,
  gross: number,
  commission: number,
  fees: number,
  integration = 1,
): SettlementFacts => ({
  id: ++nextId,
  reference: `job:1:${nextId + 1}`,
  companyIntegrationId: integration,
  channelOrderId,
  settlementDate: "2026-04-10",
  gross,
  commission,
  fees,
  net: gross - commission - fees,
});

describe("marketplace conciliation rows", () => {
  it("groups the lines of one channel order and sets them against its receivables", () => {
    const rows = conciliationRows(
      [
        line("A", 10_000, 1_200, 500),
        line("A", 5_000, 600, 0),
        line("B", 2_000, 0, 0),
        line("C", 3_000, 300, 0, 2),
      ],
      new Map([
        [orderKey(1, "A"), { orderId: 7, titleIds: [70, 71], value: 15_000, received: 0 }],
        [orderKey(1, "B"), { orderId: 8, titleIds: [80], value: 2_500, received: 2_500 }],
      ]),
    );
    expect(
      rows.map((r) => [r.channelOrderId, r.gross, r.commission, r.fees, r.net, r.difference, r.status]),
    ).toEqual([
      ["A", 15_000, 1_800, 500, 12_700, 0, "conciliated"],
      ["B", 2_000, 0, 0, 2_000, 500, "divergent"],
      ["C", 3_000, 300, 0, 2_700, null, "order_not_found"],
    ]);
    expect(rows[0]).toMatchObject({ commissionPct: 0.12, feesPct: 0.0333, netPct: 0.8467 });
    expect(rows[0]?.settlements).toHaveLength(2);
  });

  it("keeps the same channel order of two integrations apart", () => {
    const rows = conciliationRows([line("A", 100, 0, 0, 1), line("A", 100, 0, 0, 2)], new Map());
    expect(rows.map((r) => r.companyIntegrationId)).toEqual([1, 2]);
  });

  it("sums each order's receivable titles and what was received on them", () => {
    const title = (
      channelOrderId: string,
      titleId: number | null,
      value: number | null,
      openValue: number | null,
    ) => ({
      companyIntegrationId: 1,
      channelOrderId,
      orderId: channelOrderId === "A" ? 7 : 8,
      titleId,
      value,
      openValue,
    });
    const byOrder = receivablesByOrder([
      title("A", 70, 10_000, 10_000),
      title("A", 71, 5_000, 1_000),
      title("B", null, null, null),
    ]);
    expect(byOrder.get(orderKey(1, "A"))).toEqual({
      orderId: 7,
      titleIds: [70, 71],
      value: 15_000,
      received: 4_000,
    });
    // an order without payments: found, with nothing receivable
    expect(byOrder.get(orderKey(1, "B"))).toEqual({ orderId: 8, titleIds: [], value: 0, received: 0 });
  });

  it("answers fractions from 0 to 1", () => {
    expect(fractionOf(1, 3)).toBe(0.3333);
    expect(fractionOf(0, 0)).toBe(0);
    expect(fractionOf(500, 100)).toBe(1);
  });
});

describe("settlement report lines", () => {
  const header = settlementHeader(["Pedido", "Data", "Bruto", "Comissão", "Tarifas", "Líquido"]);
  if ("error" in header) throw new Error(header.error);
  const read = (...fields: string[]) => readSettlementLine({ line: 2, fields }, header.columns);

  it("reads Brazilian and plain amounts and both date notations", () => {
    expect(read("MLB1", "10/04/2026", "R$ 1.000,50", "120,06", "0", "880.44")).toEqual({
      ok: true,
      line: 2,
      channelOrderId: "MLB1",
      settlementDate: "2026-04-10",
      gross: 100_050,
      commission: 12_006,
      fees: 0,
      net: 88_044,
    });
  });

  it("refuses a net that is not gross - commission - fees", () => {
    expect(read("MLB1", "2026-04-10", "100", "10", "1", "90")).toMatchObject({
      ok: false,
      message: "Líquido 90.00 diferente de bruto 100.00 - comissão 10.00 - tarifas 1.00",
    });
  });

  it("needs every column in the header", () => {
    expect(settlementHeader(["Pedido", "Data", "Bruto"])).toEqual({
      error:
        "Cabeçalho do arquivo de repasses deve ter as colunas Pedido, Data, Bruto, Comissao, Tarifas e Liquido",
    });
  });
});
