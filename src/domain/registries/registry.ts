import type { ListOptions, ScopedRows, ScopedTable, WritableValues } from "../../db/registries/scoped-rows";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";

/**
 * The rules every company-scoped registry shares: creating needs an existing company; changing or
 * deleting a row that is not visible to the company answers `notFound`; GET by id answers an array.
 */
export function registry<T extends ScopedTable>(rows: ScopedRows<T>, notFound: string) {
  type Row = T["$inferSelect"];

  /** The visible row, or the registry's `<Entidade> não existe`. */
  const get = async (db: Db, companyId: number, id: number): Promise<Row> => {
    const row = await rows.find(db, companyId, id);
    if (!row) throw badRequest(notFound);
    return row;
  };

  return {
    get,
    list: (db: Db, companyId: number, options?: ListOptions): Promise<Row[]> =>
      rows.list(db, companyId, options),

    /** `[row]`, or `[]` when the id is not a visible row of the company. */
    findAsList: async (db: Db, companyId: number, id: number): Promise<Row[]> => {
      const row = await rows.find(db, companyId, id);
      return row ? [row] : [];
    },

    create: async (db: Db, companyId: number, values: WritableValues<T>): Promise<Row> => {
      await getCompany(db, companyId);
      return rows.insert(db, companyId, values);
    },

    change: async (db: Db, companyId: number, id: number, changes: Partial<WritableValues<T>>) => {
      const row = await rows.update(db, companyId, id, changes);
      if (!row) throw badRequest(notFound);
      return row;
    },

    remove: async (db: Db, companyId: number, id: number): Promise<void> => {
      if (!(await rows.softDelete(db, companyId, id))) throw badRequest(notFound);
    },
  };
}
