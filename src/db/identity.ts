import { and, eq, inArray } from "drizzle-orm";
import { companies, userCompanies, users } from "../../drizzle/schema";
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
