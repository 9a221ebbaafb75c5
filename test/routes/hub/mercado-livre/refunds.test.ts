import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { marketplaceSettlements } from "../../../../drizzle/schema";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, type MlSeller, mlOrder } from "../../../support/ml-double";
import { newTaxProfile, paymentTypeWithRate } from "../../../support/order-factories";
import { companyOneApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { newSku, newWarehouse } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Row = Record<string, any>;
let api: Api;
let orderSeq = 4_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** The billing detail of an order: paid 100, fee 12, its money released (or not yet). */
const detail = (orderId: number, status = "released") => ({
  payment_info: [
    {
      payment_id: orderId + 1,
      money_release_date: "2026-03-20T08:15:00",
      money_release_status: status,
      status: "approved",
    },
  ],
  sale_fee: { gross: 12, net: 12, rebate: 0, discount: 0 },
  details: [
    {
      charge_info: { detail_amount: 12, detail_type: "CHARGE", detail_sub_type: "CV" },
      sales_info: [{ order_id: orderId, transaction_amount: 100 }],
    },
  ],
});

describe("Mercado Livre refunds after release in the marketplace conciliation", () => {
  let seller: MlSeller;
  let integrationId: number;
  let skuCode: string;
  const [partial, full, early] = [++orderSeq, ++orderSeq, ++orderSeq];

  /** The order as the channel shows it, its payment having given back `refunded` on `on`. */
  const order = (id: number, refunded = 0, on = "2026-04-10T12:00:00.000-03:00", status = "paid") => ({
    ...mlOrder(seller.sellerId, { id, status, items: [{ sku: skuCode, price: 100 }] }),
    payments: [
      {
        id: id + 1,
        status: refunded >= 100 ? "refunded" : "approved",
        transaction_amount: 100,
        transaction_amount_refunded: refunded,
        date_last_modified: on,
        shipping_cost: 0,
      },
    ],
  });
  const conciliation = async () => {
    const response = await api.get(
      `/accounts/receivable/marketplace-conciliation?IDCompanyIntegration=${integrationId}`,
    );
    expect(response.status).toBe(200);
    return new Map((response.body as Row[]).map((row) => [row.Order as string, row]));
  };
  const stored = () =>
    demoDb()
      .select()
      .from(marketplaceSettlements)
      .where(eq(marketplaceSettlements.companyIntegrationId, integrationId));

  beforeAll(async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    skuCode = (await newSku(api, { Code: `MLR-${tag}`, Price: 100, TaxProfile: profile })).Code;
    seller = await connectMlSeller(api, {
      prefix: "refunds",
      fields: { IDWarehouseHub: await newWarehouse(api), IDTypePayment: await paymentTypeWithRate(api, 1) },
    });
    integrationId = seller.integrationId;
    // `early` is refunded while its money is still held
    await seller.double.orders([
      order(partial),
      order(full),
      order(early, 20, "2026-03-05T09:00:00.000-03:00"),
    ]);
    await seller.control("/ops/order-details", "POST", {
      [partial]: detail(partial),
      [full]: detail(full),
      [early]: detail(early, "pending"),
    });
  });

  it("released orders settle at 100; a refund at the channel after release is a reversal line: Difference and Status show it", async () => {
    expect(await pullNow(api, integrationId)).toMatchObject({
      Status: "Done",
      Result: { pulled: 3, created: 3, settlements: 2 },
    });
    expect((await conciliation()).get(String(partial))).toMatchObject({
      GrossValue: 100,
      Difference: 0,
      Status: "conciliated",
    });

    // 30 of `partial` and all of `full` are given back to the buyers after the release
    await seller.double.orders([
      order(partial, 30, "2026-04-10T12:00:00.000-03:00", "partially_refunded"),
      order(full, 100),
    ]);
    expect(await pullNow(api, integrationId)).toMatchObject({
      Status: "Done",
      Result: { pulled: 2, settlements: 2 },
    });
    const rows = await conciliation();
    expect(rows.get(String(partial))).toMatchObject({
      GrossValue: 70,
      CommissionValue: 12,
      NetValue: 58,
      ReceivableValue: 100,
      Difference: 30,
      Status: "divergent",
    });
    expect(rows.get(String(partial))!.Settlements).toEqual([
      expect.objectContaining({ Reference: `channel:ml-order-${partial}`, GrossValue: 100, NetValue: 88 }),
      {
        IDMarketplaceSettlement: expect.any(Number),
        Reference: `channel:ml-refund-${partial}-3000`,
        SettlementDate: "2026-04-10",
        GrossValue: -30,
        CommissionValue: 0,
        FeesValue: 0,
        NetValue: -30,
      },
    ]);
    expect(rows.get(String(full))).toMatchObject({
      GrossValue: 0,
      NetValue: -12,
      Difference: 100,
      Status: "divergent",
      CommissionPct: 0,
      NetPct: 0,
    });
  });

  it("a pull with nothing new stores nothing; a second partial refund adds only the difference", async () => {
    const before = (await stored()).length;
    expect(await pullNow(api, integrationId)).toMatchObject({ Status: "Done", Result: { settlements: 0 } });
    expect(await stored()).toHaveLength(before);

    await seller.double.orders([order(partial, 45, "2026-04-12T08:00:00.000-03:00", "partially_refunded")]);
    expect(await pullNow(api, integrationId)).toMatchObject({ Status: "Done", Result: { settlements: 1 } });
    const lines = (await stored()).filter((s) => s.channelOrderId === String(partial));
    expect(lines.map((s) => [s.reference, s.gross, s.net, s.settlementDate])).toEqual([
      [`channel:ml-order-${partial}`, 10000, 8800, "2026-03-20"],
      [`channel:ml-refund-${partial}-3000`, -3000, -3000, "2026-04-10"],
      [`channel:ml-refund-${partial}-4500`, -1500, -1500, "2026-04-12"],
    ]);
    expect((await conciliation()).get(String(partial))).toMatchObject({ GrossValue: 55, Difference: 45 });
  });

  it("an order refunded before its release gets its reversal once it is settled, after the release line", async () => {
    expect((await stored()).some((s) => s.channelOrderId === String(early))).toBe(false);
    await seller.control("/ops/order-details", "POST", { [early]: detail(early) });
    expect(await pullNow(api, integrationId)).toMatchObject({ Status: "Done", Result: { settlements: 1 } });
    expect(await pullNow(api, integrationId)).toMatchObject({ Status: "Done", Result: { settlements: 1 } });
    expect(await pullNow(api, integrationId)).toMatchObject({ Status: "Done", Result: { settlements: 0 } });
    const lines = (await stored()).filter((s) => s.channelOrderId === String(early));
    expect(lines.map((s) => [s.reference, s.gross, s.settlementDate])).toEqual([
      [`channel:ml-order-${early}`, 10000, "2026-03-20"],
      [`channel:ml-refund-${early}-2000`, -2000, "2026-03-05"],
    ]);
    expect((await conciliation()).get(String(early))).toMatchObject({ Difference: 20, Status: "divergent" });
  });

  it("reading the refunds costs no channel call: only the sweep and the billing of unsettled orders are asked", async () => {
    const before = (await seller.double.requests()).length;
    await pullNow(api, integrationId);
    const paths = (await seller.double.requests()).slice(before).map((r) => r.path);
    expect(paths.filter((p) => /^\/orders\/\d+$/.test(p))).toEqual([]);
  });
});
