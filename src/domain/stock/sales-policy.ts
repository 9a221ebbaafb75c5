import { daysBetween } from "../../lib/dates";

export type PickOrder = "FEFO" | "FIFO";

export type PolicyBatch = { id: number; expirationDate: string | null; qty: number };

/**
 * A batch is eligible for sale under a policy when it has stock and, if it expires, at least
 * `minShelfLifeDays` days remain from today (a batch without expiry is always eligible).
 */
function isEligible(batch: PolicyBatch, minShelfLifeDays: number, today: string): boolean {
  if (batch.qty <= 0) return false;
  if (batch.expirationDate === null) return true;
  return daysBetween(today, batch.expirationDate) >= minShelfLifeDays;
}

/** FEFO: earliest expiry first (no expiry last), then oldest batch; FIFO: oldest batch first. */
function pickOrder<T extends PolicyBatch>(batches: T[], order: PickOrder): T[] {
  return [...batches].sort((a, b) => {
    if (order === "FEFO") {
      const ea = a.expirationDate ?? "9999-12-31";
      const eb = b.expirationDate ?? "9999-12-31";
      if (ea !== eb) return ea < eb ? -1 : 1;
    }
    return a.id - b.id;
  });
}

/** Eligible batches in the policy's order. */
export function applyPolicy<T extends PolicyBatch>(
  batches: T[],
  policy: { minShelfLifeDays: number; pickOrder: PickOrder },
  today: string,
): T[] {
  return pickOrder(
    batches.filter((b) => isEligible(b, policy.minShelfLifeDays, today)),
    policy.pickOrder,
  );
}
