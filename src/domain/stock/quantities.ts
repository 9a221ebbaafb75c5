import { reservesStock } from "../orders/order-statuses";
import {
  QUANTITY_NEGATIVE,
  QUANTITY_NOT_POSITIVE,
  QUANTITY_TOO_LARGE,
  QUANTITY_TOO_MANY_DECIMALS,
  quantityMustBeWhole,
} from "./messages";

/**
 * Quantities are integer thousandths inside (`1.5` -> 1500) and numbers with at most 3 decimals in
 * JSON. SKUs whose unit is whole (`DecimalQuantity` 0) accept only whole quantities.
 */
export type Milli = number;

const MAX_QUANTITY = 1_000_000;

export function toMilli(value: number): Milli {
  return Math.round(value * 1000);
}

export function fromMilli(milli: Milli): number {
  return milli / 1000;
}

/** `12.500` style text for messages. */
export function formatQuantity(milli: Milli): string {
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(milli);
  const decimals = abs % 1000;
  return decimals === 0
    ? `${sign}${Math.trunc(abs / 1000)}`
    : `${sign}${Math.trunc(abs / 1000)}.${String(decimals).padStart(3, "0").replace(/0+$/, "")}`;
}

/** The error message of a quantity, or null when valid (positive = strictly greater than zero). */
export function quantityProblem(
  value: number,
  sku: { unit: string; decimalQuantity: number },
  { positive = true }: { positive?: boolean } = {},
): string | null {
  if (!Number.isFinite(value)) return QUANTITY_NOT_POSITIVE;
  if (positive && value <= 0) return QUANTITY_NOT_POSITIVE;
  if (!positive && value < 0) return QUANTITY_NEGATIVE;
  if (value > MAX_QUANTITY) return QUANTITY_TOO_LARGE;
  const milli = value * 1000;
  if (Math.abs(milli - Math.round(milli)) > 1e-6) return QUANTITY_TOO_MANY_DECIMALS;
  if (sku.decimalQuantity !== 1 && !Number.isInteger(value)) return quantityMustBeWhole(sku.unit);
  return null;
}

/** QtyReserved from reservation quantities grouped by order status. */
export function reservedQuantity(byStatus: { statusOrderId: number; quantity: number }[]): number {
  return byStatus.reduce((sum, row) => (reservesStock(row.statusOrderId) ? sum + row.quantity : sum), 0);
}

/** QtyAvailable = on stock - reserved (reservations never change QtyOnStock). */
export function availableQuantity(onStock: number, reserved: number): number {
  return onStock - reserved;
}
