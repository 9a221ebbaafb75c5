import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  orderItems,
  orderStatusHistory,
  orders,
  stockMovements,
  stockReservations,
} from "../../drizzle/schema";
import type { client } from "./api";
import { demoDb, unique } from "./registry-factories";
import { adjust, newSku, newWarehouse } from "./stock-factories";

/** Helpers of the orders tests: tax profiles, stocked SKUs and orders created over HTTP; rows read directly. */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

function ok<T>(response: { status: number; body: T }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A tax profile's body but its code: resold goods, ICMS 18%, IPI 0, PIS 1.65%, COFINS 7.6%, IBS 0.1%, CBS 0.9%. */
export const RESALE_TAX_RATES = {
  Description: "Revenda",
  CstIcms: "00",
  IcmsRate: 18,
  CstIpi: "53",
  IpiRate: 0,
  CstPis: "01",
  PisRate: 1.65,
  CstCofins: "01",
  CofinsRate: 7.6,
  IDNfCstIbsCbs: 1,
  IbsRate: 0.1,
  CbsRate: 0.9,
};

/** A tax profile of `RESALE_TAX_RATES` with a fresh code, changed by `rates`. */
export async function newTaxProfile(
  api: Api,
  rates: Record<string, unknown> = {},
): Promise<{ Code: string; IDTaxProfile: number }> {
  const body = ok(
    await api.post("/tax/profile", {
      Code: unique("TP").replace(/\s/g, "-"),
      ...RESALE_TAX_RATES,
      ...rates,
    }),
    "POST /tax/profile",
  );
  return body[0]!;
}

/** A SKU with a tax profile and `stock` units in a new warehouse at `cost`. */
export async function stockedSku(
  api: Api,
  {
    stock = 100,
    cost = 10,
    price = 50,
    profile,
  }: { stock?: number; cost?: number; price?: number; profile?: string } = {},
): Promise<{ skuId: number; warehouseId: number; profile: string }> {
  const code = profile ?? (await newTaxProfile(api)).Code;
  const sku = await newSku(api, { TaxProfile: code, Price: price, Cost: cost });
  const warehouseId = await newWarehouse(api);
  if (stock > 0)
    ok(
      await adjust(api, {
        IDSku: sku.IDSku,
        IDWarehouse: warehouseId,
        IDTypeMovement: 0,
        Quantity: stock,
        UnitCost: cost,
      }),
      "stock in",
    );
  return { skuId: sku.IDSku, warehouseId, profile: code };
}

export async function newOrder(api: Api, body: Record<string, unknown>) {
  return ok(await api.post("/orders", body), "POST /orders");
}

export const orderRow = (id: number) => demoDb().select().from(orders).where(eq(orders.id, id)).get();
export const itemRows = (orderId: number) =>
  demoDb().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
export const historyRows = (orderId: number) =>
  demoDb()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.seq);
export const reservationRows = (orderId: number) =>
  demoDb()
    .select()
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId))
    .orderBy(stockReservations.skuId);
export async function orderMovements(itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return demoDb()
    .select()
    .from(stockMovements)
    .where(
      sql`${stockMovements.origin} = 'order' AND ${stockMovements.originId} IN (SELECT value FROM json_each(${JSON.stringify(itemIds)}))`,
    )
    .orderBy(stockMovements.id);
}
export async function orderCount(): Promise<number> {
  const row = await demoDb().select({ n: sql<number>`count(*)` }).from(orders).get();
  return Number(row?.n ?? 0);
}

/** A payment type with a rate for `installments`: first due in 30 days, then every 30. */
export async function paymentTypeWithRate(
  api: Api,
  installments = 3,
  rate: Record<string, unknown> = {},
): Promise<number> {
  const id = ok(await api.post("/type/order/payment", { Description: unique("Cartão") }), "payment type")[0]!
    .IDTypePayment as number;
  ok(
    await api.put(`/type/order/payment/${id}/rate`, [
      { Installments: installments, FirstDueDays: 30, IntervalDays: 30, NfTPag: "03", ...rate },
    ]),
    "payment rate",
  );
  return id;
}

/** An order of 12.83 paid in two installments (6.42 + 6.41): its id and its two receivable titles. */
export async function paidOrder(api: Api): Promise<{ orderId: number; titles: number[] }> {
  const { skuId, warehouseId } = await stockedSku(api, { price: 12.83 });
  const card = await paymentTypeWithRate(api, 2);
  const created = await api.post("/orders", {
    IDWarehouse: warehouseId,
    Date: "2026-03-02",
    Items: [{ IDSku: skuId, Quantity: 1, ReverseTaxCalculation: 1 }],
    Payments: [{ IDTypePayment: card, Installments: 2, Value: 12.83 }],
  });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ Total: 12.83, PaidValue: 12.83 });
  return {
    orderId: created.body.IDOrder,
    titles: created.body.Payments.map((p) => p.IDAccountPayableReceivable),
  };
}
