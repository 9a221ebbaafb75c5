import { describe, expect, it } from "vitest";
import { channelAdapter } from "../../src/adapters/channels";
import { ChannelError, type SandboxSettings } from "../../src/adapters/channels/types";

const connection = (sandbox: Partial<SandboxSettings> = {}, credentials = true) => ({
  kind: "sandbox-marketplace",
  credentials: credentials ? { ClientId: "loja-1", ClientSecret: "segredo-123" } : null,
  expiresAt: null,
  sandbox: { Mode: "normal" as const, Orders: 30, SkuCodes: ["A", "B"], ...sandbox },
  now: new Date("2026-11-24T12:00:00Z"),
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => (error instanceof ChannelError ? error.failure : error),
  );

describe("the sandbox channel's settlements", () => {
  it("settles the shipped and delivered orders, page by page after the cursor, the same every time", async () => {
    const channel = channelAdapter(connection());
    const first = await channel.fetchSettlementsSince("", 3);
    expect(first.settlements.map((s) => s.orderId)).toEqual(["SBX-3", "SBX-4", "SBX-10"]);
    expect(first).toMatchObject({ nextCursor: "10", hasMore: true });
    const rest = await channel.fetchSettlementsSince(first.nextCursor, 100);
    expect(rest.settlements.map((s) => s.id)).toEqual(["ST-11", "ST-17", "ST-18", "ST-24", "ST-25"]);
    expect(rest).toMatchObject({ nextCursor: "30", hasMore: false });
    expect(await channel.fetchSettlementsSince("", 3)).toEqual(first);
    for (const s of [...first.settlements, ...rest.settlements]) {
      expect(s.netCents).toBe(s.grossCents - s.commissionCents - s.feesCents);
      expect(s.feesCents).toBe(500);
      expect(s.releasedOn).toMatch(/^2026-11-\d{2}$/);
    }
  });

  it("settles what the buyer paid, R$ 10,00 less on every 11th order (a refund at the channel)", async () => {
    const channel = channelAdapter(connection());
    const orders = (await channel.fetchOrdersSince("", 30)).orders;
    const { settlements } = await channel.fetchSettlementsSince("", 100);
    for (const s of settlements) {
      const order = orders.find((o) => o.id === s.orderId)!;
      const paid =
        order.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity - item.discountCents, 0) +
        order.shippingCents -
        (order.coupon?.discountCents ?? 0);
      expect(s.grossCents).toBe(s.orderId === "SBX-11" ? paid - 1000 : paid);
    }
  });

  it("fails as the channel is told to, and without authentication", async () => {
    expect(
      await failureOf(channelAdapter(connection({ Mode: "garbage" })).fetchSettlementsSince("", 5)),
    ).toBe("invalid_answer");
    expect(
      await failureOf(channelAdapter(connection({ Mode: "timeout" })).fetchSettlementsSince("", 5)),
    ).toBe("timeout");
    expect(await failureOf(channelAdapter(connection({}, false)).fetchSettlementsSince("", 5))).toBe(
      "not_authenticated",
    );
  });
});
