import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, status, updatedAt } from "./columns";

export const companies = sqliteTable("companies", {
  id: id(),
  name: text().notNull(),
  document: text(),
  timeZone: text().notNull().default("America/Sao_Paulo"),
  sefazAmbienteNf: integer().notNull().default(2),
  sefazAmbienteNfc: integer().notNull().default(2),
  sefazAmbienteServiceInvoice: integer().notNull().default(2),
  /** 1 lets outbound movements take stock below zero (AllowNegativeStock). */
  allowNegativeStock: integer().notNull().default(sql`0`),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    /** PBKDF2-SHA256 derived key, base64. */
    passwordHash: text().notNull(),
    passwordSalt: text().notNull(),
    passwordIterations: integer().notNull(),
    /** Default company of the user (the token's `company` claim). */
    companyId: companyId(),
    /** JSON array of tour keys the user has seen, or null. */
    toursSeen: text(),
    origin: text(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const userCompanies = sqliteTable(
  "user_companies",
  {
    userId: integer().notNull(),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index("user_companies_company").on(t.companyId)],
);

/**
 * Sign-in throttling (src/domain/identity/throttle.ts, docs/API.md): one row per e-mail (`scope`
 * "email", the normalized address, known or not) and per client (`scope` "client", its address
 * from CF-Connecting-IP) with the failed attempts of its current window. Times are epoch seconds.
 * `last_at` is the last attempt counted, `prev_at` the one before (restored when that attempt
 * signs in). Rows whose window has ended are deleted by the next attempt.
 */
export const signInThrottle = sqliteTable(
  "sign_in_throttle",
  {
    scope: text().notNull(),
    key: text().notNull(),
    failures: integer().notNull().default(0),
    windowStart: integer().notNull(),
    lastAt: integer().notNull().default(0),
    prevAt: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("sign_in_throttle_window").on(t.windowStart)],
);
