import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Row id: int32 autoincrement, as every IDxxx of the API. */
export const id = () => integer().primaryKey({ autoIncrement: true });

/** Owning company: every company-scoped row carries it and every query filters by it. */
export const companyId = () => integer().notNull();

/** 0 = inactive / soft-deleted, 1 = active. */
export const status = () => integer().notNull().default(1);

/** Wall-clock timestamp `YYYY-MM-DD HH:MM:SS` (UTC) set by the database. */
export const createdAt = () => text().notNull().default(sql`(strftime('%Y-%m-%d %H:%M:%S', 'now'))`);

export const updatedAt = createdAt;

/** Money in integer cents. */
export const cents = () => integer().notNull().default(0);
