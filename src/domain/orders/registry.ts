import { orderStatusRows, transitionRows } from "../../db/orders/registry";
import type { Db } from "../../env";
import type { StatusRegistry } from "./transitions";

/**
 * The status registry and transition table: seeded by migrations, the same rows in every account
 * and never written by the API, so read once per isolate (a request builds a new `Db` each time,
 * which made a per-binding cache miss on every request).
 */
let cached: Promise<StatusRegistry> | undefined;

export function statusRegistry(db: Db): Promise<StatusRegistry> {
  if (!cached) {
    const pending = (async () => {
      const [statuses, transitions] = await Promise.all([orderStatusRows(db), transitionRows(db)]);
      return { statuses: new Map(statuses.map((s) => [s.id, s])), transitions };
    })();
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
    cached = pending;
  }
  return cached;
}
