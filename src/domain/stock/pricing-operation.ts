import { skuTotals } from "../../db/stock/ledger";
import { setSkuPrice } from "../../db/stock/registry";
import type { Db } from "../../env";
import type { Cents } from "../../lib/money";
import { priceFrom, pricingDecision } from "./pricing";
import { findSku } from "./registry";

export type PricingRequest = {
  markupPct: number;
  taxPct: number;
  feePct: number;
  fixedFee: Cents;
  cost?: Cents;
  updateIfPossible: boolean;
};

export type PricingResult = {
  cost: Cents;
  calculated: Cents;
  previous: Cents;
  price: Cents;
  updated: boolean;
  message: string;
};

/** Prices a SKU and, when asked and valid, writes the new price. */
export async function priceSku(
  db: Db,
  companyId: number,
  skuId: number,
  request: PricingRequest,
): Promise<PricingResult> {
  const sku = await findSku(db, companyId, skuId);
  const average = (await skuTotals(db, companyId, [skuId])).get(skuId)?.averageCost ?? 0;
  const cost = request.cost ?? (average > 0 ? average : sku.cost);
  const calculated = priceFrom({
    cost,
    markupPct: request.markupPct,
    taxPct: request.taxPct,
    feePct: request.feePct,
    fixedFee: request.fixedFee,
  });
  const decision = pricingDecision(calculated, cost, {
    requested: request.updateIfPossible,
    allowBelowCost: sku.allowPriceBelowCost === 1,
  });
  if (decision.update) {
    await setSkuPrice(db, companyId, skuId, calculated);
  }
  return {
    cost,
    calculated,
    previous: sku.price,
    price: decision.update ? calculated : sku.price,
    updated: decision.update,
    message: decision.message,
  };
}
