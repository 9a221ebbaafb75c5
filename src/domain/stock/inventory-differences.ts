import type { Milli } from "./quantities";

export type CountedItem = { skuId: number; batchId: number | null; countedQty: Milli; systemQty: Milli };

export type Difference = CountedItem & { difference: Milli; direction: 0 | 1; quantity: Milli };

/** One adjustment per item whose count differs from the system balance: inbound when more was counted. */
export function countDifferences(items: CountedItem[]): Difference[] {
  const out: Difference[] = [];
  for (const item of items) {
    const difference = item.countedQty - item.systemQty;
    if (difference === 0) continue;
    out.push({ ...item, difference, direction: difference > 0 ? 0 : 1, quantity: Math.abs(difference) });
  }
  return out;
}
