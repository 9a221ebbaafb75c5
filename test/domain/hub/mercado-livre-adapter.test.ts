import { describe, expect, it } from "vitest";
import { formatCursor, parseCursor } from "../../../src/adapters/channels/mercado-livre/adapter";
import { retryAfterMs } from "../../../src/adapters/channels/mercado-livre/http";
import { channelStatusOf, MlOrder, skuCodeOf } from "../../../src/adapters/channels/mercado-livre/orders";

const order = (status: string) =>
  MlOrder.parse({
    id: 1,
    status,
    date_created: "2026-01-01T10:00:00.000-03:00",
    order_items: [{ item: { id: "MLB1", title: "x" }, quantity: 1, unit_price: 10 }],
    total_amount: 10,
    buyer: { id: 2 },
    seller: { id: 3 },
  });

describe("Mercado Livre adapter, pure parts", () => {
  it("reads back the cursor it writes, and starts from the first order on anything else", () => {
    const cursor = {
      from: "2026-01-01T00:00:01.000Z",
      offset: 50,
      lastDate: "2026-01-02T00:00:00.000Z",
      lastId: "2000000001",
    };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    expect(parseCursor("")).toEqual({
      from: "2000-01-01T00:00:00.000Z",
      offset: 0,
      lastDate: "2000-01-01T00:00:00.000Z",
      lastId: "0",
    });
    expect(parseCursor("24").offset).toBe(0);
  });

  it("reads Retry-After in seconds or as an HTTP date", () => {
    expect(retryAfterMs("2", 0)).toBe(2000);
    expect(retryAfterMs(new Date(5000).toUTCString(), 1000)).toBe(4000);
    expect(retryAfterMs("soon", 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it("maps order and shipment statuses", () => {
    expect(channelStatusOf(order("paid"), null)).toBe("paid");
    expect(channelStatusOf(order("paid"), { id: "1", status: "delivered" })).toBe("delivered");
    expect(channelStatusOf(order("cancelled"), null)).toBe("cancelled");
    expect(channelStatusOf(order("invalid"), null)).toBe("cancelled");
    expect(channelStatusOf(order("payment_required"), null)).toBe("pending_payment");
  });

  it("maps items by seller_sku, then seller_custom_field, else the listing", () => {
    expect(skuCodeOf({ id: "MLB1", title: "x", seller_sku: "A", seller_custom_field: "B" })).toBe("A");
    expect(skuCodeOf({ id: "MLB1", title: "x", seller_sku: " ", seller_custom_field: "B" })).toBe("B");
    expect(skuCodeOf({ id: "MLB1", title: "x", variation_id: "77" })).toBe("MLB1/77");
  });
});
