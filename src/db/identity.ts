import { and, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, signInThrottle, userCompanies, users } from "../../drizzle/schema";
import type { ThrottleKey, ThrottleRecord, ThrottleRule } from "../domain/identity/throttle";
import type { Db } from "../env";

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, 1)))
    .limit(1);
  return user;
}

/** Companies the user may act on (its access list), ordered by id. */
export async function companiesOfUser(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, userId), eq(companies.status, 1)))
    .orderBy(companies.id);
}

/** A user visible from `companyId`: one whose access list includes that company. */
export async function findUserInCompany(
  db: Db,
  companyId: number,
  userId: number,
): Promise<UserRow | undefined> {
  const rows = await db
    .select({ user: users })
    .from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(and(eq(users.id, userId), eq(userCompanies.companyId, companyId), eq(users.status, 1)))
    .limit(1);
  return rows[0]?.user;
}

export async function findCompany(db: Db, companyId: number): Promise<CompanyRow | undefined> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 1)))
    .limit(1);
  return company;
}

export async function updateCompany(db: Db, companyId: number, changes: Partial<CompanyRow>): Promise<void> {
  await db.update(companies).set(changes).where(eq(companies.id, companyId));
}

/** Access-list check for several companies at once; answers the ids the user may not use. */
export async function companiesOutsideAccess(
  db: Db,
  userId: number,
  companyIds: number[],
): Promise<number[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ companyId: userCompanies.companyId })
    .from(userCompanies)
    .where(and(eq(userCompanies.userId, userId), inArray(userCompanies.companyId, companyIds)));
  const allowed = new Set(rows.map((r) => r.companyId));
  return companyIds.filter((id) => !allowed.has(id));
}

/** The columns of the counters' table, or of an alias of it. */
type ThrottleColumns = Record<"scope" | "key" | "failures" | "windowStart" | "lastAt", SQLiteColumn>;

/** The condition "locked at `now`" of a counter, as `lockedUntil` (domain/identity/throttle.ts) computes it. */
function lockedSql(t: ThrottleColumns, rule: ThrottleRule, now: number): SQL {
  const doublings = sql`min(${t.failures} - ${rule.freeFailures}, 30)`;
  const delay = sql`min(${rule.maxDelaySeconds}, ${rule.baseDelaySeconds} << ${doublings})`;
  return sql`(${t.windowStart} > ${now - rule.windowSeconds} AND ${t.failures} >= ${rule.freeFailures} AND ${now} < ${t.lastAt} + ${delay})`;
}

const throttleRow = (table: ThrottleColumns, k: ThrottleKey) =>
  and(eq(table.scope, k.scope), eq(table.key, k.key));

/**
 * Counts a sign-in attempt as a failure of each counter before its password is checked, unless one
 * of them is locked: one batch (one transaction), so concurrent attempts each see the others' counts.
 * A counter whose window has ended starts over. Answers whether the attempt was counted, and the
 * counters as they stand (the ones that locked it give its `Retry-After`). Counters whose window
 * ended long ago (the longest window) are deleted on the way.
 */
export async function reserveSignInAttempt(
  db: Db,
  keys: ThrottleKey[],
  now: number,
): Promise<{ reserved: boolean; records: ThrottleRecord[] }> {
  const longest = Math.max(...keys.map((k) => k.rule.windowSeconds));
  const other = alias(signInThrottle, "other");
  const anyLocked = or(...keys.map((k) => and(throttleRow(other, k), lockedSql(other, k.rule, now))));
  const restart = (k: ThrottleKey) => sql`${signInThrottle.windowStart} <= ${now - k.rule.windowSeconds}`;
  const caseOf = (pick: (k: ThrottleKey) => SQL) =>
    sql`CASE ${sql.join(
      keys.map((k) => sql`WHEN ${signInThrottle.scope} = ${k.scope} THEN ${pick(k)}`),
      sql` `,
    )} END`;
  const [, , counted, records] = await db.batch([
    db.delete(signInThrottle).where(lte(signInThrottle.windowStart, now - longest)),
    db
      .insert(signInThrottle)
      .values(keys.map((k) => ({ scope: k.scope, key: k.key, failures: 0, windowStart: now })))
      .onConflictDoNothing(),
    db
      .update(signInThrottle)
      .set({
        failures: sql`CASE WHEN ${caseOf(restart)} THEN 1 ELSE ${signInThrottle.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${caseOf(restart)} THEN ${now} ELSE ${signInThrottle.windowStart} END`,
        prevAt: sql`${signInThrottle.lastAt}`,
        lastAt: now,
      })
      .where(
        and(
          or(...keys.map((k) => throttleRow(signInThrottle, k))),
          sql`NOT EXISTS (SELECT 1 FROM ${signInThrottle} AS ${sql.identifier("other")} WHERE ${anyLocked})`,
        ),
      )
      .returning({ scope: signInThrottle.scope }),
    db
      .select({
        scope: signInThrottle.scope,
        key: signInThrottle.key,
        failures: signInThrottle.failures,
        windowStart: signInThrottle.windowStart,
        lastAt: signInThrottle.lastAt,
      })
      .from(signInThrottle)
      .where(or(...keys.map((k) => throttleRow(signInThrottle, k)))),
  ]);
  return { reserved: counted.length > 0, records };
}

/**
 * The attempt counted by `reserveSignInAttempt` signed in: the e-mail's count is cleared, the
 * client's attempt taken back (its count and last attempt as before it).
 */
export async function signInSucceeded(db: Db, email: ThrottleKey, client: ThrottleKey): Promise<void> {
  await db.batch([
    db.delete(signInThrottle).where(throttleRow(signInThrottle, email)),
    db
      .update(signInThrottle)
      .set({ failures: sql`max(${signInThrottle.failures} - 1, 0)`, lastAt: sql`${signInThrottle.prevAt}` })
      .where(throttleRow(signInThrottle, client)),
  ]);
}
