import { and, eq } from "drizzle-orm";
import {
  purchaseItems,
  purchaseReceiptLines,
  purchaseReceipts,
  purchases,
  purchaseTitles,
  stockMovements,
} from "../../drizzle/schema";
import type { client } from "./api";
import { stockedSku } from "./order-factories";
import { demoDb } from "./registry-factories";
import { newSku, newWarehouse } from "./stock-factories";
import { makePaymentType, makeSupplier } from "./title-factories";

/** Helpers of the purchase tests: purchases created over HTTP on fresh registries. */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

export type PurchaseWorld = {
  supplierId: number;
  warehouseId: number;
  paymentTypeId: number;
  skus: number[];
};

/** A supplier, a warehouse, a payment type and `skuCount` SKUs of company 1 (or `companyId`). */
export async function purchaseWorld(
  api: Api,
  {
    skuCount = 2,
    companyId = 1,
    sku = {},
  }: { skuCount?: number; companyId?: number; sku?: Record<string, unknown> } = {},
): Promise<PurchaseWorld> {
  const skus: number[] = [];
  for (let i = 0; i < skuCount; i++) skus.push((await newSku(api, sku)).IDSku);
  return {
    supplierId: await makeSupplier(companyId, "Distribuidora Alfa"),
    warehouseId: await newWarehouse(api),
    paymentTypeId: await makePaymentType(companyId),
    skus,
  };
}

/** An order of company 1 (the sales order a purchase may supply). */
export async function salesOrder(api: Api): Promise<number> {
  const { skuId, warehouseId } = await stockedSku(api, { stock: 5 });
  const response = await api.post("/orders", {
    IDWarehouse: warehouseId,
    Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 10 }],
  });
  if (response.status !== 200)
    throw new Error(`POST /orders: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.IDOrder;
}

export async function newPurchase(api: Api, world: PurchaseWorld, body: Record<string, unknown> = {}) {
  const response = await api.post("/purchase", {
    IDSupplier: world.supplierId,
    IDWarehouse: world.warehouseId,
    IDStatusPurchase: 2,
    Items: world.skus.map((IDSku, i) => ({ IDSku, Quantity: 10 + i, UnitCost: 2.5 + i })),
    ...body,
  });
  if (response.status !== 200)
    throw new Error(`POST /purchase: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const purchaseRow = (id: number) =>
  demoDb().select().from(purchases).where(eq(purchases.id, id)).get();

export const purchaseItemRows = (id: number) =>
  demoDb().select().from(purchaseItems).where(eq(purchaseItems.purchaseId, id)).all();

export const purchaseMovements = (id: number) =>
  demoDb()
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.origin, "purchase"), eq(stockMovements.originId, id)))
    .all();

/** Rows a failed check must not leave behind. */
export async function receiptTraces(id: number) {
  const db = demoDb();
  return {
    receipts: await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.purchaseId, id)).all(),
    lines: await db.select().from(purchaseReceiptLines).where(eq(purchaseReceiptLines.purchaseId, id)).all(),
    titles: await db.select().from(purchaseTitles).where(eq(purchaseTitles.purchaseId, id)).all(),
    movements: await purchaseMovements(id),
    surplus: await db.select().from(purchases).where(eq(purchases.parentPurchaseId, id)).all(),
  };
}

/** Rates of a payment type: `Installments` installments, the first due after `FirstDueDays`, then every 30 days. */
export async function setRate(api: Api, paymentTypeId: number, installments: number, firstDueDays = 30) {
  const response = await api.put(`/type/order/payment/${paymentTypeId}/rate`, [
    {
      Installments: installments,
      FirstDueDays: firstDueDays,
      IntervalDays: 30,
      AdditionalBusinessDays: 0,
      NfTPag: "15",
    },
  ]);
  if (response.status !== 200)
    throw new Error(`PUT rate: ${response.status} ${JSON.stringify(response.body)}`);
}
