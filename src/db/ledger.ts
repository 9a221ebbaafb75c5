import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { bankAccountDays, entries, transfers } from "../../drizzle/schema";
import type { Db } from "../env";
import type { Cents } from "../lib/money";

/**
 * The internal statement (bank_statements) and its balances. Day totals in bank_account_days are
 * maintained by database triggers on every entry insert/update/delete (migration 0001), so a balance
 * is a range sum over days, never a scan of entries.
 */

export type EntryOrigin = "payment" | "transfer" | "adjustment" | "reconciliation" | "rule" | "pix";

export type NewEntry = {
  companyId: number;
  bankAccountId: number;
  /** 0 = inflow, 1 = outflow. */
  typeAccount: 0 | 1;
  value: Cents;
  /** `YYYY-MM-DD HH:MM:SS` in the company's zone. */
  date: string;
  description: string;
  document?: string | null;
  titleId?: number | null;
  /** A transfer id, or a subquery that finds the transfer inserted earlier in the same batch. */
  transferId?: number | SQL | null;
  origin: EntryOrigin;
  createdBy?: number | null;
};

export type EntryRow = typeof entries.$inferSelect;

/** A fresh client-side key for a row, so later statements of the same batch can reference it. */
export const newUid = () => crypto.randomUUID();

/** Subquery for the id of the entry inserted earlier in the same batch under `uid`. */
export const entryIdByUid = (uid: string) => sql`(SELECT id FROM bank_statements WHERE uid = ${uid})`;

/** Subquery for the id of the transfer inserted earlier in the same batch under `uid`. */
export const transferIdByUid = (uid: string) => sql`(SELECT id FROM ${transfers} WHERE uid = ${uid})`;

/** Insert statement of one entry, for a `db.batch([...])`. */
export function insertEntry(db: Db, entry: NewEntry, uid = newUid()): BatchItem<"sqlite"> {
  return db.insert(entries).values({ ...entry, uid, document: entry.document ?? null });
}

/** Delete statement of one entry (its day totals follow through the trigger). */
export function deleteEntry(db: Db, companyId: number, entryId: number): BatchItem<"sqlite"> {
  return db.delete(entries).where(and(eq(entries.id, entryId), eq(entries.companyId, companyId)));
}

/** Balance of an account from all its entries up to `day` inclusive (`YYYY-MM-DD`). */
export async function balanceUpTo(db: Db, bankAccountId: number, day: string): Promise<Cents> {
  const balances = await balancesUpTo(db, [bankAccountId], day);
  return balances.get(bankAccountId) ?? 0;
}

/** D1 binds at most 100 parameters per statement: id lists are queried in chunks below that. */
const ID_CHUNK = 90;

/** Balances of several accounts up to `day` inclusive, one query per 90 accounts. */
export async function balancesUpTo(
  db: Db,
  bankAccountIds: number[],
  day: string,
): Promise<Map<number, Cents>> {
  const balances = new Map<number, Cents>();
  for (let i = 0; i < bankAccountIds.length; i += ID_CHUNK) {
    const rows = await db
      .select({
        bankAccountId: bankAccountDays.bankAccountId,
        balance: sql<number>`coalesce(sum(${bankAccountDays.inflow} - ${bankAccountDays.outflow}), 0)`,
      })
      .from(bankAccountDays)
      .where(
        and(
          inArray(bankAccountDays.bankAccountId, bankAccountIds.slice(i, i + ID_CHUNK)),
          lte(bankAccountDays.day, day),
        ),
      )
      .groupBy(bankAccountDays.bankAccountId);
    for (const row of rows) balances.set(row.bankAccountId, Number(row.balance));
  }
  return balances;
}

/** SQL expression of one account's balance up to `day`, for use inside a larger query or a guarded write. */
export const balanceUpToSql = (bankAccountId: SQL | SQLiteColumn, day: string) =>
  sql<number>`(SELECT coalesce(sum(${bankAccountDays.inflow} - ${bankAccountDays.outflow}), 0)
    FROM ${bankAccountDays}
    WHERE ${bankAccountDays.bankAccountId} = ${bankAccountId} AND ${bankAccountDays.day} <= ${day})`;
