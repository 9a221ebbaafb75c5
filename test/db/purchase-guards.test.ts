import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseReceipts, skuProductionFinishes } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { finishStatement } from "../../src/db/production/production";
import { findPurchase } from "../../src/db/purchases/purchases";
import { receiptStatement } from "../../src/db/purchases/receipts";
import { newPurchase, purchaseWorld } from "../support/purchase-factories";
import { companyOneApi } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";

/**
 * The constraints that refuse what a read cannot: two checks of one purchase, a check of a purchase
 * changed since it was read, two finishes of one production order, a finish whose costs moved.
 * Each is driven here without the reads that usually catch it first.
 */

const db = drizzleFor(env.DB_DEMO);
const at = { receivedBy: 1, receivedAt: "2026-11-23 10:00:00" };

beforeAll(seedAccounts);

describe("purchase receipt guards", () => {
  it("refuses a receipt at a stale version and a second receipt", async () => {
    const api = await companyOneApi();
    const purchase = await newPurchase(api, await purchaseWorld(api, { skuCount: 1 }));
    const row = (await findPurchase(db, 1, purchase.IDPurchase))!;
    const stale = { id: row.id, version: row.version - 1 };
    await expect(db.batch([receiptStatement(db, 1, stale, { surplusUid: null, ...at })])).rejects.toThrow(
      /constraint/i,
    );
    await db.batch([receiptStatement(db, 1, row, { surplusUid: null, ...at })]);
    await expect(db.batch([receiptStatement(db, 1, row, { surplusUid: null, ...at })])).rejects.toThrow(
      /constraint/i,
    );
    const receipts = await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.purchaseId, row.id));
    expect(receipts).toHaveLength(1);
  });
});

describe("production finish guards", () => {
  it("refuses a finish whose average costs moved and a second finish", async () => {
    const averages = [{ skuId: 987654, averageCost: 0 }];
    await expect(
      db.batch([
        finishStatement(db, 1, 4242, [{ skuId: 987654, averageCost: 1 }], {
          finishedBy: 1,
          finishedAt: at.receivedAt,
        }),
      ]),
    ).rejects.toThrow(/constraint/i);
    await db.batch([finishStatement(db, 1, 4242, averages, { finishedBy: 1, finishedAt: at.receivedAt })]);
    await expect(
      db.batch([finishStatement(db, 1, 4242, averages, { finishedBy: 1, finishedAt: at.receivedAt })]),
    ).rejects.toThrow(/constraint/i);
    expect(
      await db.select().from(skuProductionFinishes).where(eq(skuProductionFinishes.productionId, 4242)),
    ).toHaveLength(1);
  });
});
