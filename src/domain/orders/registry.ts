import { orderStatusRows, transitionRows } from "../../db/orders/registry";
import type { Db } from "../../env";
import type { StatusRegistry } from "./transitions";

/**
 * The status registry and transition table (seeded by migrations, the same in every account),
 * read once per database binding of the isolate.
 */
const cache = new WeakMap<Db, Promise<StatusRegistry>>();

export function statusRegistry(db: Db): Promise<StatusRegistry> {
  let pending = cache.get(db);
  if (!pending) {
    pending = (async () => ({
      statuses: new Map((await orderStatusRows(db)).map((s) => [s.id, s])),
      transitions: await transitionRows(db),
    }))();
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
