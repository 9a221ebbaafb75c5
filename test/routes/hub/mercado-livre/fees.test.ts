import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { marketplaceSettlements } from "../../../../drizzle/schema";
import { CHANNEL_INVALID_ANSWER } from "../../../../src/domain/hub/messages";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, type MlSeller, mlOrder } from "../../../support/ml-double";
import { newTaxProfile, paymentTypeWithRate } from "../../../support/order-factories";
import { companyOneApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { newSku, newWarehouse } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Row = Record<string, any>;
let api: Api;
let orderSeq = 3_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

const BILLING = "/billing/integration/group/ML/order/details";
const cents = (value: number) => Math.round(value * 100);

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A control of the double's ops part (test/support/ml-double-ops.mjs). */
const opsControl = (seller: MlSeller, path: string, body: unknown) => seller.control(path, "POST", body);

const connectedSeller = (fields: Record<string, unknown> = {}) =>
  connectMlSeller(api, { prefix: "fees", fields });

/**
 * The billing detail of an order as the API writes it: its payment and release, the sale fee
 * (`sale_fee.net`), the charges (`CV` sale, `CXD` shipping) and what was paid.
 */
function detail(
  orderId: number,
  fields: { paid: number; fee: number; shipping?: number; status?: string; releasedAt?: string },
) {
  const sale = [{ order_id: orderId, operation_id: orderId + 1, transaction_amount: fields.paid }];
  return {
    payment_info: [
      {
        payment_id: orderId + 1,
        date_approved: "2026-03-01T10:00:00",
        money_release_date: fields.releasedAt ?? "2026-03-20T08:15:00",
        money_release_days: 19,
        money_release_status: fields.status ?? "released",
        status: "approved",
      },
    ],
    sale_fee: { gross: fields.fee, net: fields.fee, rebate: 0, discount: 0, discount_reason: null },
    details: [
      {
        charge_info: { detail_amount: fields.fee, detail_type: "CHARGE", detail_sub_type: "CV" },
        sales_info: sale,
      },
      ...(fields.shipping
        ? [
            {
              charge_info: { detail_amount: fields.shipping, detail_type: "CHARGE", detail_sub_type: "CXD" },
              sales_info: sale,
            },
          ]
        : []),
    ],
  };
}

const settlementsOf = (integrationId: number) =>
  demoDb()
    .select()
    .from(marketplaceSettlements)
    .where(eq(marketplaceSettlements.companyIntegrationId, integrationId));

const billingCalls = async (seller: MlSeller) =>
  (await seller.double.requests()).filter((r) => r.path === BILLING);

describe("Mercado Livre fees per order in the marketplace conciliation", () => {
  let seller: MlSeller;
  const [even, dearer, refunded, waiting] = [++orderSeq, ++orderSeq, ++orderSeq, ++orderSeq];

  beforeAll(async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    const sku = await newSku(api, { Code: `MLF-${tag}`, Price: 100, TaxProfile: profile });
    seller = await connectedSeller({
      IDWarehouseHub: await newWarehouse(api),
      IDTypePayment: await paymentTypeWithRate(api, 1),
    });
    await seller.double.orders(
      [even, dearer, refunded, waiting].map((id) =>
        mlOrder(seller.sellerId, { id, items: [{ sku: sku.Code, price: 100 }] }),
      ),
    );
    // expected rate 12%: `even` is charged that; `dearer` 16% and shipping; `refunded` paid less
    await opsControl(seller, "/ops/order-details", {
      [even]: detail(even, { paid: 100, fee: 12 }),
      [dearer]: detail(dearer, { paid: 100, fee: 16, shipping: 18.5 }),
      [refunded]: detail(refunded, { paid: 90, fee: 10.8, releasedAt: "2026-03-22T23:59:59" }),
      [waiting]: detail(waiting, { paid: 100, fee: 12, status: "pending" }),
    });
  });

  it("released orders are settled: fee, shipping cost and net per order; Difference and Status show the divergence", async () => {
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { pulled: 4, created: 4, settlements: 3 },
    });
    const calls = await billingCalls(seller);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.order_ids!.split(",")).toEqual([even, dearer, refunded, waiting].map(String));
    const response = await api.get(
      `/accounts/receivable/marketplace-conciliation?IDCompanyIntegration=${seller.integrationId}`,
    );
    expect(response.status).toBe(200);
    const rows = response.body as Row[];
    const byOrder = new Map(rows.map((row) => [row.Order as string, row]));
    expect([...byOrder.keys()].sort()).toEqual([even, dearer, refunded].map(String).sort());
    expect(byOrder.get(String(even))).toMatchObject({
      GrossValue: 100,
      CommissionValue: 12,
      FeesValue: 0,
      NetValue: 88,
      CommissionPct: 0.12,
      ReceivableValue: 100,
      Difference: 0,
      Status: "conciliated",
    });
    // the channel charged 16% (not the 12% expected) and the shipping: the net shows it
    expect(byOrder.get(String(dearer))).toMatchObject({
      GrossValue: 100,
      CommissionValue: 16,
      FeesValue: 18.5,
      NetValue: 65.5,
      CommissionPct: 0.16,
      FeesPct: 0.185,
    });
    // paid 90 of an order of 100: a real divergence
    expect(byOrder.get(String(refunded))).toMatchObject({
      GrossValue: 90,
      CommissionValue: 10.8,
      NetValue: 79.2,
      ReceivableValue: 100,
      Difference: 10,
      Status: "divergent",
    });
    const stored = await settlementsOf(seller.integrationId);
    expect(stored.find((s) => s.channelOrderId === String(refunded))).toMatchObject({
      settlementDate: "2026-03-22",
      gross: cents(90),
      commission: cents(10.8),
      fees: 0,
      net: cents(79.2),
      reference: `channel:ml-order-${refunded}`,
    });
  });

  it("an order whose money is not released yet is settled by a later pull, once", async () => {
    expect((await settlementsOf(seller.integrationId)).map((s) => s.channelOrderId)).not.toContain(
      String(waiting),
    );
    await opsControl(seller, "/ops/order-details", {
      [waiting]: detail(waiting, { paid: 100, fee: 12, releasedAt: "2026-04-02T10:00:00" }),
    });
    const before = (await billingCalls(seller)).length;
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 1 },
    });
    // only the unsettled order is asked
    expect((await billingCalls(seller)).slice(before).map((c) => c.query.order_ids)).toEqual([
      String(waiting),
    ]);
    const stored = await settlementsOf(seller.integrationId);
    expect(stored).toHaveLength(4);
    expect(stored.find((s) => s.channelOrderId === String(waiting))).toMatchObject({
      settlementDate: "2026-04-02",
      net: cents(88),
    });
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 0 },
    });
    expect(await settlementsOf(seller.integrationId)).toHaveLength(4);
  });
});

describe("many orders: billing asked 50 ids a call; the cursor never skips an order", () => {
  it("released ones settle; one left behind the cursor and those after it come in later pulls", async () => {
    const seller = await connectedSeller();
    const ids = Array.from({ length: 60 }, () => ++orderSeq);
    await seller.double.orders(ids.map((id) => mlOrder(seller.sellerId, { id })));
    const behind = ids[2]!;
    const later = ids.slice(50);
    const details = (status: (id: number) => string) =>
      Object.fromEntries(ids.map((id) => [id, detail(id, { paid: 100, fee: 12, status: status(id) })]));
    await opsControl(
      seller,
      "/ops/order-details",
      details((id) => (id === behind || later.includes(id) ? "pending" : "released")),
    );
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { pulled: 60, settlements: 49 },
    });
    const calls = await billingCalls(seller);
    // the first 50, the last 10 (none released: the end), then round to the one left behind
    expect(calls.map((c) => c.query.order_ids!.split(","))).toEqual([
      ids.slice(0, 50).map(String),
      later.map(String),
      [String(behind)],
    ]);

    // the order behind the cursor is released: the next pull goes round to it
    await opsControl(seller, "/ops/order-details", {
      [behind]: detail(behind, { paid: 100, fee: 12 }),
    });
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 1 },
    });
    await opsControl(
      seller,
      "/ops/order-details",
      details(() => "released"),
    );
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 10 },
    });
    const stored = await settlementsOf(seller.integrationId);
    expect(stored.map((s) => s.channelOrderId).sort()).toEqual(ids.map(String).sort());
  });
});

describe("faults of the billing call", () => {
  let seller: MlSeller;
  const order = () => ++orderSeq;

  beforeAll(async () => {
    seller = await connectedSeller();
  });

  const releasedOrder = async () => {
    const id = order();
    await seller.double.orders([mlOrder(seller.sellerId, { id })]);
    await opsControl(seller, "/ops/order-details", { [id]: detail(id, { paid: 100, fee: 12 }) });
    return String(id);
  };
  const settled = async () => (await settlementsOf(seller.integrationId)).map((s) => s.channelOrderId);

  it("401: the token is refreshed once and the fees come", async () => {
    const id = await releasedOrder();
    const refreshes = (await seller.double.state()).refreshes;
    await opsControl(seller, "/ops/billing-faults", [{ mode: "401" }]);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({ Status: "Done" });
    expect((await seller.double.state()).refreshes).toBe(refreshes + 1);
    expect(await settled()).toContain(id);
  });

  it("429 with Retry-After, then 500: retried and settled", async () => {
    const id = await releasedOrder();
    const before = (await billingCalls(seller)).length;
    await opsControl(seller, "/ops/billing-faults", [{ mode: "429", retryAfter: "0" }, { mode: "500" }]);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 1 },
    });
    expect((await billingCalls(seller)).length - before).toBe(3);
    expect(await settled()).toContain(id);
  });

  it("garbage: the pull fails with the invalid-answer reason, nothing half-written; the next pull settles", async () => {
    const id = await releasedOrder();
    await opsControl(seller, "/ops/billing-faults", [{ mode: "garbage" }]);
    const failed = await pullNow(api, seller.integrationId);
    expect(failed).toMatchObject({ Status: "Failed" });
    expect(JSON.stringify(failed)).toContain(CHANNEL_INVALID_ANSWER);
    expect(await settled()).not.toContain(id);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 1 },
    });
    expect(await settled()).toContain(id);
  });

  it("a 500 that lasts fails the pull; the order is settled when the channel answers again", async () => {
    const id = await releasedOrder();
    await opsControl(
      seller,
      "/ops/billing-faults",
      Array.from({ length: 8 }, () => ({ mode: "500" })),
    );
    expect(await pullNow(api, seller.integrationId)).toMatchObject({ Status: "Failed" });
    expect(await settled()).not.toContain(id);
    await opsControl(seller, "/ops/billing-faults", []);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { settlements: 1 },
    });
  });
});
