import type { Cents } from "../../lib/money";
import type { ItemTaxes, TaxRates } from "./taxes";

/** An item as it is written: quantity in thousandths, money in cents, its taxes computed. */
export type ItemValues = {
  skuId: number;
  quantity: number;
  unitPrice: Cents;
  discount: Cents;
  manualTax: 0 | 1;
  reverseTaxCalculation: 0 | 1;
  taxProfileId: number | null;
  rates: TaxRates;
  taxes: ItemTaxes;
};

/** Header fields an order is created with or changed to (undefined = keep on a change). */
export type OrderHeader = {
  date: string;
  consumerId: number | null;
  orderTypeId: number | null;
  salesChannelId: number | null;
  warehouseId: number;
  notes: string | null;
  carrierId: number | null;
  shippingMethod: string | null;
  trackingCode: string | null;
  volumes: number;
  grossWeight: number;
  netWeight: number;
  freight: Cents;
  discount: Cents;
};
