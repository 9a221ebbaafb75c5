import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Row id: int32 autoincrement, as every IDxxx of the API. */
export const id = () => integer().primaryKey({ autoIncrement: true });

/** Owning company: every company-scoped row carries it and every query filters by it. */
export const companyId = () => integer().notNull();

/** 0 = inactive / soft-deleted, 1 = active. */
export const status = () => integer().notNull().default(1);

const utcNow = sql`(strftime('%Y-%m-%d %H:%M:%S', 'now'))`;

/** Wall-clock timestamp `YYYY-MM-DD HH:MM:SS` (UTC) set by the database when the row is inserted. */
export const createdAt = () => text().notNull().default(utcNow);

/** Wall-clock timestamp of the last change; the database sets it on insert. */
export const updatedAt = () => text().notNull().default(utcNow);

/** Money in integer cents. */
export const cents = () => integer().notNull().default(0);
