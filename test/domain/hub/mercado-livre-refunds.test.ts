import { describe, expect, it } from "vitest";
import { refundSettlementOf } from "../../../src/adapters/channels/mercado-livre/billing";
import { MlOrder, refundOf } from "../../../src/adapters/channels/mercado-livre/orders";
import { publicationOf } from "../../../src/domain/hub/mercado-livre/stock-publish";

const order = (payments: unknown[]) =>
  MlOrder.parse({
    id: 77,
    status: "paid",
    date_created: "2026-03-01T10:00:00.000-03:00",
    date_last_updated: "2026-04-20T10:00:00.000-03:00",
    order_items: [{ item: { id: "MLB1", title: "Camiseta" }, quantity: 1, unit_price: 100 }],
    total_amount: 100,
    buyer: { id: 9 },
    seller: { id: 1 },
    payments,
  });

describe("a Mercado Livre order's refunds", () => {
  it("nothing refunded: no refund field, so the channel data of an order never refunded is unchanged", () => {
    expect(refundOf(order([{ transaction_amount_refunded: 0 }, {}]))).toEqual({});
  });

  it("sums the payments' refunds, dated by the latest refunded payment's change (UTC day)", () => {
    expect(
      refundOf(
        order([
          { transaction_amount_refunded: 30.1, date_last_modified: "2026-04-10T23:30:00.000-03:00" },
          { transaction_amount_refunded: 0, date_last_modified: "2026-05-01T10:00:00.000-03:00" },
          { transaction_amount_refunded: 10, date_last_modified: "2026-04-05T10:00:00.000-03:00" },
        ]),
      ),
    ).toEqual({ refund: { cents: 4010, on: "2026-04-11" } });
  });

  it("a refunded payment without a date takes the order's last update", () => {
    expect(refundOf(order([{ transaction_amount_refunded: 5 }]))).toEqual({
      refund: { cents: 500, on: "2026-04-20" },
    });
  });
});

describe("a refund after release → a reversal settlement line", () => {
  it("the part not yet stored, negative, no fee given back; its id carries the refunded total", () => {
    expect(
      refundSettlementOf({ orderId: "77", refundedCents: 4500, on: "2026-04-12", recordedCents: 3000 }),
    ).toEqual({
      id: "ml-refund-77-4500",
      orderId: "77",
      releasedOn: "2026-04-12",
      grossCents: -1500,
      commissionCents: 0,
      feesCents: 0,
      netCents: -1500,
    });
  });

  it("nothing new (already stored, or less than stored): no line", () => {
    expect(
      refundSettlementOf({ orderId: "77", refundedCents: 3000, on: "2026-04-12", recordedCents: 3000 }),
    ).toBeNull();
    expect(
      refundSettlementOf({ orderId: "77", refundedCents: 1000, on: "2026-04-12", recordedCents: 3000 }),
    ).toBeNull();
  });
});

describe("a listing's publish state", () => {
  const row = (state: string, reason: string | null, published: string | null = null) => ({
    state,
    reason,
    published,
    publishedAt: published ? "2026-04-01 10:00:00" : null,
  });
  it("pending, failed, refused and published rows; quantities per variation code; garbage JSON reads as none", () => {
    expect(publicationOf(row("pending", null))).toMatchObject({ state: "Pending", reason: null });
    expect(publicationOf(row("pending", "timeout"))).toMatchObject({ state: "Pending", reason: "timeout" });
    expect(publicationOf(row("failed", "excluído"))).toMatchObject({ state: "Failed", reason: "excluído" });
    expect(publicationOf(row("done", "recusado"))).toMatchObject({ state: "Failed" });
    const published = publicationOf(
      row("done", null, '[{"variation":"11","quantity":5},{"variation":"12","quantity":0}]'),
    );
    expect(published.state).toBe("Published");
    expect([...published.quantities]).toEqual([
      ["11", 5],
      ["12", 0],
    ]);
    expect(publicationOf(row("done", null, "{garbage")).quantities.size).toBe(0);
  });
});
