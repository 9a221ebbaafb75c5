import { cstIbsCbsRows, type TaxProfileRow, taxProfilesByCodes } from "../../db/orders/registry";
import { type SkuRow, skusByIds } from "../../db/stock/registry";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { quantityProblem, toMilli } from "../stock/quantities";
import {
  CST_IBS_CBS_NOT_FOUND,
  itemError,
  MANUAL_TAX_FIELDS,
  ORDER_ITEM_DISCOUNT_ABOVE_VALUE,
  SKU_NOT_FOUND,
  skuTaxProfileMissing,
  skuWithoutTaxProfile,
} from "./messages";
import { computeTaxes, itemAmount, type TaxRates } from "./taxes";
import type { ItemValues } from "./types";

/** Taxes set by hand (ManualTax 1): CSTs required, rates in hundredths of a percent (default 0). */
export type ManualTax = Partial<TaxRates>;

/** An item as a request gives it: quantity as a decimal number, money in cents. */
export type ItemRequest = {
  skuId: number;
  quantity: number;
  /** Cents; undefined = the SKU's price. */
  unitPrice?: Cents;
  discount?: Cents;
  manualTax?: 0 | 1;
  reverseTaxCalculation?: 0 | 1;
  tax?: ManualTax;
};

function manualRates(tax: ManualTax | undefined): TaxRates | null {
  if (!tax?.icmsCst || !tax.ipiCst || !tax.pisCst || !tax.cofinsCst || tax.cstIbsCbsId === undefined)
    return null;
  return {
    icmsCst: tax.icmsCst,
    icmsRate: tax.icmsRate ?? 0,
    ipiCst: tax.ipiCst,
    ipiRate: tax.ipiRate ?? 0,
    pisCst: tax.pisCst,
    pisRate: tax.pisRate ?? 0,
    cofinsCst: tax.cofinsCst,
    cofinsRate: tax.cofinsRate ?? 0,
    cstIbsCbsId: tax.cstIbsCbsId,
    ibsRate: tax.ibsRate ?? 0,
    cbsRate: tax.cbsRate ?? 0,
  };
}

/** What items are judged against: the SKUs, the tax profiles they name and the IBS/CBS CSTs. */
export type ItemRegistry = {
  skus: Map<number, SkuRow>;
  profiles: Map<string, TaxProfileRow>;
  csts: Set<number>;
};

/** The registry rows the given SKUs need, read once (for one order or a whole set of orders). */
export async function itemRegistry(db: Db, companyId: number, skuIds: number[]): Promise<ItemRegistry> {
  const [skus, cstRows] = await Promise.all([skusByIds(db, companyId, skuIds), cstIbsCbsRows(db)]);
  const profiles = await taxProfilesByCodes(
    db,
    companyId,
    [...skus.values()].flatMap((s) => (s.taxProfile ? [s.taxProfile] : [])),
  );
  return { skus, profiles, csts: new Set(cstRows.map((row) => row.id)) };
}

/**
 * Validates items against the SKU registry (SKU of the company and active, quantity positive and
 * whole for whole units) and computes their taxes: from the SKU's tax profile, or from the rates
 * given by hand with ManualTax 1. `index0` numbers the items in messages (`Items[<i>]. ...`).
 */
export async function prepareItems(
  db: Db,
  companyId: number,
  requests: ItemRequest[],
  index0 = 0,
  label: (index: number, message: string) => string = itemError,
): Promise<ItemValues[]> {
  const registry = await itemRegistry(
    db,
    companyId,
    requests.map((r) => r.skuId),
  );
  return prepareItemsWith(registry, requests, index0, label);
}

/** `prepareItems` against a registry already read; throws the first item's problem. */
export function prepareItemsWith(
  { skus, profiles, csts }: ItemRegistry,
  requests: ItemRequest[],
  index0 = 0,
  label: (index: number, message: string) => string = itemError,
): ItemValues[] {
  return requests.map((r, k) => {
    const fail = (message: string) => badRequest(label(index0 + k, message));
    const sku = skus.get(r.skuId);
    if (!sku) throw fail(SKU_NOT_FOUND);
    const problem = quantityProblem(r.quantity, sku);
    if (problem) throw fail(problem);
    const quantity = toMilli(r.quantity);
    const unitPrice = r.unitPrice ?? sku.price;
    const discount = r.discount ?? 0;
    const amount = itemAmount(quantity, unitPrice, discount);
    if (amount < 0) throw fail(ORDER_ITEM_DISCOUNT_ABOVE_VALUE);
    let rates: TaxRates;
    let taxProfileId: number | null = null;
    if (r.manualTax === 1) {
      const manual = manualRates(r.tax);
      if (!manual) throw fail(MANUAL_TAX_FIELDS);
      rates = manual;
    } else {
      if (!sku.taxProfile) throw fail(skuWithoutTaxProfile(sku.id));
      const profile = profiles.get(sku.taxProfile);
      if (!profile) throw fail(skuTaxProfileMissing(sku.id, sku.taxProfile));
      taxProfileId = profile.id;
      rates = {
        icmsCst: profile.icmsCst,
        icmsRate: profile.icmsRate,
        ipiCst: profile.ipiCst,
        ipiRate: profile.ipiRate,
        pisCst: profile.pisCst,
        pisRate: profile.pisRate,
        cofinsCst: profile.cofinsCst,
        cofinsRate: profile.cofinsRate,
        cstIbsCbsId: profile.cstIbsCbsId,
        ibsRate: profile.ibsRate,
        cbsRate: profile.cbsRate,
      };
    }
    if (!csts.has(rates.cstIbsCbsId)) throw fail(CST_IBS_CBS_NOT_FOUND);
    const reverse = r.reverseTaxCalculation === 1;
    return {
      skuId: sku.id,
      quantity,
      unitPrice,
      discount,
      manualTax: r.manualTax === 1 ? 1 : 0,
      reverseTaxCalculation: reverse ? 1 : 0,
      taxProfileId,
      rates,
      taxes: computeTaxes(amount, rates, reverse),
    };
  });
}
