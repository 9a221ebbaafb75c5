import { companiesOfUser, findUserInCompany, type UserRow } from "../../db/identity";
import type { Caller, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { USER_NOT_FOUND } from "./messages";

/** A user with access to `companyId`; users outside the company's access list do not exist. */
export async function getUserInCompany(db: Db, companyId: number, userId: number): Promise<UserRow> {
  const user = await findUserInCompany(db, companyId, userId);
  if (!user) throw badRequest(USER_NOT_FOUND);
  return user;
}

/** The signed-in user and the companies it may act on. */
export async function getCallerProfile(
  db: Db,
  caller: Caller,
): Promise<{ user: UserRow; companies: { id: number; name: string }[] }> {
  const user = await getUserInCompany(db, caller.companyId, caller.userId);
  return { user, companies: await companiesOfUser(db, user.id) };
}
