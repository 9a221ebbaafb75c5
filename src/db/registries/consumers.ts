import { consumers } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { stillAddress } from "./fiscal-address";
import { scopedRows, type WritableValues } from "./scoped-rows";

/** Consumers: the recipients of orders and of their NF-e (`dest`), with a fiscal address. */
export const consumerRows = scopedRows(consumers);

export type ConsumerRow = typeof consumers.$inferSelect;
export type ConsumerValues = WritableValues<typeof consumers>;

/**
 * Sets the given columns only while the stored address still has `expected` municipality and UF (the
 * pair the change was checked against). Undefined when the row is not visible or the pair changed.
 */
export const updateConsumer = (
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<ConsumerValues>,
  expected: { cityCode: string | null; uf: string | null },
) => consumerRows.update(db, companyId, id, changes, stillAddress(consumers, expected));
