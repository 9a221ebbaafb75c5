import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, orders } from "../../drizzle/schema";
import { call, signIn } from "../support/api";
import { countedEnv, D1_QUERIES_PER_INVOCATION, type D1Calls, noCalls } from "../support/d1-counter";
import { invariantViolations } from "../support/invariants";
import { itemRows, reservationRows, stockedSku } from "../support/order-factories";
import { companyOneApi, demoDb } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku } from "../support/stock-factories";
import { deliver, jobMessage, jobRow, storedJob, utf8 } from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

const ordersOfJob = (jobId: number) =>
  demoDb()
    .select()
    .from(orders)
    .where(sql`${orders.importKey} LIKE ${`job:${jobId}:%`}`)
    .orderBy(orders.id);

/**
 * Delivers the job's message to the consumer until it ends, each delivery one invocation with the
 * demo database counted; answers the calls of each invocation.
 */
async function runCounted(jobId: number): Promise<D1Calls[]> {
  const invocations: D1Calls[] = [];
  for (let i = 0; i < 50; i++) {
    const calls = noCalls();
    await deliver([{ body: jobMessage(jobId, "OrdersTemplate") }], "finance-jobs", countedEnv(env, calls));
    invocations.push(calls);
    const job = await jobRow(jobId);
    if (job?.status === "Done" || job?.status === "Failed") return invocations;
  }
  throw new Error(`job ${jobId} did not end in 50 deliveries`);
}

async function jobErrors(jobId: number) {
  const response = await call<{ Errors: { Line: number; Message: string }[]; Result: unknown }>(
    "demo",
    "GET",
    `/1.0/job/${jobId}`,
    { token },
  );
  return response.body;
}

describe("OrdersTemplate creates each chunk's orders as one set", () => {
  it("600 orders: every invocation stays within D1's 1,000 calls, each order created once", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 10_000, price: 20 });
    const code = (await api.get(`/sku/${skuId}`)).body[0]!.Code;
    const rows = ["pedido;deposito;sku;quantidade;preco;status"];
    for (let i = 1; i <= 600; i++) {
      rows.push(`P${i};${warehouseId};${code};2;10,00;${i % 2 === 0 ? 23 : 1}`);
      rows.push(`P${i};${warehouseId};${code};1;;`);
    }
    const jobId = await storedJob(utf8(`${rows.join("\n")}\n`), {
      type: "OrdersTemplate",
      route: "orders-template",
    });
    const invocations = await runCounted(jobId);
    const highest = Math.max(...invocations.map((c) => c.total));
    console.log(`OrdersTemplate, 600 orders: D1 calls per invocation ${JSON.stringify(invocations)}`);
    expect(highest).toBeGreaterThan(0);
    expect(highest).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
    // the set path: a chunk costs tens of calls, not tens per order
    expect(highest).toBeLessThan(300);
    expect(await jobRow(jobId)).toMatchObject({ status: "Done" });
    expect((await jobErrors(jobId)).Result).toEqual({ orders: 600, lines: 1200, errors: 0 });
    const created = await ordersOfJob(jobId);
    expect(created).toHaveLength(600);
    expect(new Set(created.map((o) => o.importKey)).size).toBe(600);
    // 2 x R$ 10,00 + 1 x R$ 20,00 (the SKU's price), taxes from the profile on top
    expect(created.every((o) => o.itemsValue === 4000 && o.total >= 4000)).toBe(true);
    expect(await itemRows(created[1]!.id)).toHaveLength(2);
    expect(await reservationRows(created[1]!.id)).toEqual([expect.objectContaining({ quantity: 3000 })]);
    expect(await reservationRows(created[0]!.id)).toEqual([]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("one order in a hundred invalid in each way: exactly those reported by line, the others created once; a redelivered chunk creates nothing twice", async () => {
    const plenty = await stockedSku(api, { stock: 1000 });
    const warehouseId = plenty.warehouseId;
    const plentyCode = (await api.get(`/sku/${plenty.skuId}`)).body[0]!.Code;
    // 3 units of a second SKU in the same warehouse: the orders of the chunk compete for them
    const scarce = await newSku(api, { TaxProfile: plenty.profile, Price: 30 });
    const stockIn = await adjust(api, {
      IDSku: scarce.IDSku,
      IDWarehouse: warehouseId,
      IDTypeMovement: 0,
      Quantity: 3,
      UnitCost: 10,
    });
    expect(stockIn.status).toBe(200);
    const rows = ["pedido;deposito;sku;quantidade;data;status"];
    const lineOf = new Map<number, number>();
    for (let i = 1; i <= 300; i++) {
      lineOf.set(i, rows.length + 1);
      let sku = plentyCode;
      let date = "2026-05-10";
      if (i === 60 || i === 160 || i === 260) sku = "NAO-EXISTE";
      if (i === 80 || i === 180 || i === 280) date = "2026-02-30";
      // orders 10, 20 and 30 reserve the 3 scarce units; 40, 140 and 240 find none left
      if (i === 10 || i === 20 || i === 30 || i === 40 || i === 140 || i === 240) sku = scarce.Code;
      rows.push(`N${i};${warehouseId};${sku};1;${date};23`);
    }
    const jobId = await storedJob(utf8(`${rows.join("\n")}\n`), {
      type: "OrdersTemplate",
      route: "orders-template",
    });
    const invocations = await runCounted(jobId);
    expect(Math.max(...invocations.map((c) => c.total))).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
    const body = await jobErrors(jobId);
    expect(body.Result).toEqual({ orders: 291, lines: 300, errors: 9 });
    const refusal = (_order: number) =>
      `Estoque insuficiente para reservar o SKU ${scarce.IDSku} no depósito ${warehouseId}: disponível 0, solicitado 1`;
    expect(body.Errors).toEqual([
      { Line: lineOf.get(40)!, Message: refusal(40) },
      { Line: lineOf.get(60)!, Message: "SKU não existe: NAO-EXISTE" },
      { Line: lineOf.get(80)!, Message: "Data inválida: 2026-02-30 (use AAAA-MM-DD)" },
      { Line: lineOf.get(140)!, Message: refusal(140) },
      { Line: lineOf.get(160)!, Message: "SKU não existe: NAO-EXISTE" },
      { Line: lineOf.get(180)!, Message: "Data inválida: 2026-02-30 (use AAAA-MM-DD)" },
      { Line: lineOf.get(240)!, Message: refusal(240) },
      { Line: lineOf.get(260)!, Message: "SKU não existe: NAO-EXISTE" },
      { Line: lineOf.get(280)!, Message: "Data inválida: 2026-02-30 (use AAAA-MM-DD)" },
    ]);
    const created = await ordersOfJob(jobId);
    expect(created).toHaveLength(291);
    const scarceReserved = await demoDb().all<{ n: number }>(
      sql`SELECT coalesce(sum(quantity), 0) AS n FROM stock_reservations WHERE sku_id = ${scarce.IDSku}`,
    );
    expect(scarceReserved[0]!.n).toBe(3000);

    // The progress of every chunk lost (a redelivery from the start): nothing is created twice.
    await demoDb()
      .update(jobs)
      .set({ status: "Pending", processed: 0, cursor: null, result: null })
      .where(eq(jobs.id, jobId));
    await runCounted(jobId);
    expect(await ordersOfJob(jobId)).toHaveLength(291);
    expect((await jobErrors(jobId)).Result).toEqual({ orders: 291, lines: 300, errors: 9 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
