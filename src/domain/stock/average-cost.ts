import type { Cents } from "../../lib/money";
import type { Milli } from "./quantities";

/** 0 inbound, 1 outbound. */
export type Direction = 0 | 1;

export type CostState = { qty: Milli; averageCost: Cents };

/**
 * The moving weighted average (per SKU and company), the rule the SQL of the ledger applies:
 * - inbound onto a positive balance that stays positive: (qty x avg + q x cost) / (qty + q),
 *   rounded half up to the cent;
 * - inbound onto an empty or negative balance: the movement's cost;
 * - outbound: unchanged (the movement carries the current average as its unit cost).
 * Integer arithmetic (BigInt) so the replay in JS equals SQLite's integer division exactly.
 */
export function nextAverageCost(
  state: CostState,
  direction: Direction,
  quantity: Milli,
  unitCost: Cents,
): Cents {
  if (direction === 1) return state.averageCost;
  const newQty = state.qty + quantity;
  if (state.qty <= 0 || newQty <= 0) return unitCost;
  const numerator = BigInt(state.qty) * BigInt(state.averageCost) + BigInt(quantity) * BigInt(unitCost);
  const denominator = BigInt(newQty);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** Replays movements in order and answers the final quantity and average cost. */
export function replayCost(
  movements: { typeMovement: number; quantity: Milli; unitCost: Cents }[],
): CostState {
  let state: CostState = { qty: 0, averageCost: 0 };
  for (const m of movements) {
    const direction = m.typeMovement === 1 ? 1 : 0;
    state = {
      averageCost: nextAverageCost(state, direction, m.quantity, m.unitCost),
      qty: state.qty + (direction === 0 ? m.quantity : -m.quantity),
    };
  }
  return state;
}
