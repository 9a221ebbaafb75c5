import type { Db } from "../../env";
import type { OrderStatus } from "./order-statuses";
import { statusRegistry } from "./registry";

export type StatusView = OrderStatus & { nextStatuses: number[] };

/** The registry with, for each status, the statuses it may move to (the transition table). */
export async function listOrderStatuses(db: Db, id?: number): Promise<StatusView[]> {
  const { statuses, transitions } = await statusRegistry(db);
  return [...statuses.values()]
    .filter((s) => id === undefined || s.id === id)
    .map((s) => ({
      ...s,
      nextStatuses: transitions.filter((t) => t.fromStatusId === s.id).map((t) => t.toStatusId),
    }));
}
