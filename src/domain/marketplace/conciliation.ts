import type { Cents } from "../../lib/money";

/** What a channel settled for one of its orders: the gross, what it kept and what it paid out. */
export type SettledAmounts = {
  channelOrderId: string;
  settlementDate: string;
  gross: Cents;
  commission: Cents;
  fees: Cents;
  net: Cents;
};

/** A settlement line as the conciliation reads it. */
export type SettlementFacts = SettledAmounts & {
  id: number;
  /** `channel:<id>` when pulled from the channel, `job:<IDJob>:<line>` when uploaded. */
  reference: string;
  companyIntegrationId: number;
};

/** What the company expects to receive for a channel order: its order's receivable titles. */
export type OrderReceivables = {
  orderId: number;
  titleIds: number[];
  /** Sum of the titles' values. */
  value: Cents;
  /** Sum of what was already received on them. */
  received: Cents;
};

/** `conciliated`: the channel settled exactly the order's receivables; `divergent`: it did not; `order_not_found`: no order for the channel order. */
export type ConciliationStatus = "conciliated" | "divergent" | "order_not_found";

export type ConciliationRow = {
  companyIntegrationId: number;
  channelOrderId: string;
  receivables: OrderReceivables | null;
  gross: Cents;
  commission: Cents;
  fees: Cents;
  net: Cents;
  /** Fractions of the gross, 0 to 1, 4 decimals. */
  commissionPct: number;
  feesPct: number;
  netPct: number;
  /** Order receivables - settled gross; null without an order. */
  difference: Cents | null;
  status: ConciliationStatus;
  settlements: SettlementFacts[];
};

export const orderKey = (integrationId: number, channelOrderId: string) =>
  `${integrationId}\u0000${channelOrderId}`;

/** `part / whole` as a fraction rounded to 4 decimals, clamped to [0, 1]; 0 for a zero whole. */
export function fractionOf(part: Cents, whole: Cents): number {
  if (whole <= 0) return 0;
  return Math.min(1, Math.max(0, Math.round((part / whole) * 10_000) / 10_000));
}

/**
 * Groups a page of settlement lines (already cut: a channel order's lines may continue on the next
 * page) by integration and channel order, in the page's order, and sets each group against the
 * receivables of its order.
 */
export function conciliationRows(
  lines: readonly SettlementFacts[],
  receivablesOf: ReadonlyMap<string, OrderReceivables>,
): ConciliationRow[] {
  const groups = new Map<string, SettlementFacts[]>();
  for (const line of lines) {
    const key = orderKey(line.companyIntegrationId, line.channelOrderId);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.entries()].map(([key, settlements]) => {
    const first = settlements[0]!;
    const sum = (pick: (s: SettlementFacts) => Cents) => settlements.reduce((total, s) => total + pick(s), 0);
    const gross = sum((s) => s.gross);
    const commission = sum((s) => s.commission);
    const fees = sum((s) => s.fees);
    const net = sum((s) => s.net);
    const receivables = receivablesOf.get(key) ?? null;
    const difference = receivables ? receivables.value - gross : null;
    return {
      companyIntegrationId: first.companyIntegrationId,
      channelOrderId: first.channelOrderId,
      receivables,
      gross,
      commission,
      fees,
      net,
      commissionPct: fractionOf(commission, gross),
      feesPct: fractionOf(fees, gross),
      netPct: fractionOf(net, gross),
      difference,
      status: receivables === null ? "order_not_found" : difference === 0 ? "conciliated" : "divergent",
      settlements,
    };
  });
}

/** A receivable title of the order of a channel order, as the data layer reads it (no title: nulls). */
export type ChannelOrderTitle = {
  companyIntegrationId: number;
  channelOrderId: string;
  orderId: number;
  titleId: number | null;
  value: Cents | null;
  openValue: Cents | null;
};

/** The receivables of each channel order's order, by `orderKey`. */
export function receivablesByOrder(rows: readonly ChannelOrderTitle[]): Map<string, OrderReceivables> {
  const byOrder = new Map<string, OrderReceivables>();
  for (const row of rows) {
    const key = orderKey(row.companyIntegrationId, row.channelOrderId);
    let receivables = byOrder.get(key);
    if (!receivables) {
      receivables = { orderId: row.orderId, titleIds: [], value: 0, received: 0 };
      byOrder.set(key, receivables);
    }
    if (row.titleId === null || row.value === null || row.openValue === null) continue;
    receivables.titleIds.push(row.titleId);
    receivables.value += row.value;
    receivables.received += row.value - row.openValue;
  }
  return byOrder;
}
