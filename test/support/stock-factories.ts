import { eq, sql } from "drizzle-orm";
import { companies, stockMovements, stockReservations } from "../../drizzle/schema";
import type { client } from "./api";
import { demoDb, unique } from "./registry-factories";

/** Helpers of the stock tests: SKUs and warehouses created over HTTP, fixtures written directly. */

type Api = Pick<ReturnType<typeof client>, "get" | "post" | "put">;

export async function newSku(
  api: Api,
  body: Record<string, unknown> = {},
): Promise<{ IDSku: number; Code: string }> {
  const response = await api.post("/sku", {
    Code: unique("SKU").replace(/\s/g, "-"),
    Name: unique("Produto"),
    ...body,
  });
  if (response.status !== 200)
    throw new Error(`POST /sku: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body[0] as { IDSku: number; Code: string };
}

export async function newWarehouse(api: Api, name = unique("Depósito")): Promise<number> {
  const response = await api.post("/warehouse", { Name: name });
  if (response.status !== 200) throw new Error(`POST /warehouse: ${response.status}`);
  return response.body[0]!.IDWarehouse;
}

export async function adjust(
  api: Api,
  body: {
    IDSku: number;
    IDWarehouse: number;
    IDTypeMovement: 0 | 1;
    Quantity: number;
    UnitCost?: number;
    IDBatch?: number;
  },
) {
  return api.post("/sku/movement/adjustment", { Reason: "Ajuste de teste", ...body });
}

export async function movementCount(skuId: number): Promise<number> {
  const row = await demoDb()
    .select({ n: sql<number>`count(*)` })
    .from(stockMovements)
    .where(eq(stockMovements.skuId, skuId))
    .get();
  return Number(row?.n ?? 0);
}

export async function setNegativeStock(companyId: number, allow: 0 | 1) {
  await demoDb().update(companies).set({ allowNegativeStock: allow }).where(eq(companies.id, companyId));
}

export async function reserve(
  companyId: number,
  values: { orderId: number; skuId: number; warehouseId: number; quantity: number; statusOrderId: number },
) {
  await demoDb()
    .insert(stockReservations)
    .values({ companyId, ...values });
}
