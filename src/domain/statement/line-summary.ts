import type { Cents } from "../../lib/money";

/** Signed value of an internal entry: inflow (0) positive, outflow (1) negative. */
export function signedEntryValue(entry: { typeAccount: number; value: Cents }): Cents {
  return entry.typeAccount === 0 ? entry.value : -entry.value;
}

export type LineSummary = { totalInflow: Cents; totalOutflow: Cents; difference: Cents };

/**
 * Totals per type of the internal entries linked to a line, and the difference between the line's
 * signed value and the signed sum of those entries (0 when the entries explain the line exactly).
 */
export function summarizeLine(
  lineValue: Cents,
  linked: { typeAccount: number; value: Cents }[],
): LineSummary {
  let totalInflow = 0;
  let totalOutflow = 0;
  for (const entry of linked) {
    if (entry.typeAccount === 0) totalInflow += entry.value;
    else totalOutflow += entry.value;
  }
  return { totalInflow, totalOutflow, difference: lineValue - (totalInflow - totalOutflow) };
}

/** Groups linked entries by the id of their line, keeping their order. */
export function groupByLine<T>(rows: T[], lineIdOf: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const lineId = lineIdOf(row);
    if (lineId === null) continue;
    const group = groups.get(lineId);
    if (group) group.push(row);
    else groups.set(lineId, [row]);
  }
  return groups;
}
