import {
  companiesOfUser,
  findActiveUserByEmail,
  reserveSignInAttempt,
  signInSucceeded,
  type UserRow,
} from "../../db/identity";
import type { Db } from "../../env";
import { ApiError } from "../../lib/errors";
import { issueToken } from "../../platform/jwt";
import { INVALID_CREDENTIALS, TOO_MANY_SIGN_IN_ATTEMPTS } from "./messages";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password";
import { retryAfterSeconds, signInThrottleKeys } from "./throttle";

export type SignInResult = {
  token: string;
  expiresIn: number;
  user: UserRow;
  companies: { id: number; name: string }[];
};

export async function signIn(
  db: Db,
  input: {
    email: string;
    password: string;
    account: string;
    /** The client's address (CF-Connecting-IP), counted by the throttle. */
    client: string | undefined;
    secret: string;
    ttlSeconds: number;
  },
): Promise<SignInResult> {
  // Counted before the password is checked, so concurrent guesses cannot all pass as the first.
  const throttle = signInThrottleKeys(input.email, input.client);
  const keys = [throttle.email, throttle.client];
  const now = Math.floor(Date.now() / 1000);
  const attempt = await reserveSignInAttempt(db, keys, now);
  if (!attempt.reserved) {
    const retryAfter = retryAfterSeconds(keys, attempt.records, now);
    throw new ApiError(429, TOO_MANY_SIGN_IN_ATTEMPTS, { headers: { "Retry-After": String(retryAfter) } });
  }
  const user = await findActiveUserByEmail(db, input.email);
  // An unknown e-mail runs the same hash (against a hash nothing matches): no timing tells it apart.
  const valid = await verifyPassword(
    input.password,
    user
      ? { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations }
      : DUMMY_PASSWORD_HASH,
  );
  if (!user || !valid) throw new ApiError(401, INVALID_CREDENTIALS);
  await signInSucceeded(db, throttle.email, throttle.client);
  const companies = await companiesOfUser(db, user.id);
  const token = await issueToken(
    input.secret,
    { userId: user.id, companyId: user.companyId, account: input.account },
    input.ttlSeconds,
  );
  return { token, expiresIn: input.ttlSeconds, user, companies };
}

/** `ToursSeen` is stored as JSON text; null when never set or unreadable. */
export function toursSeenOf(user: UserRow): string[] | null {
  if (!user.toursSeen) return null;
  try {
    const parsed = JSON.parse(user.toursSeen);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}
