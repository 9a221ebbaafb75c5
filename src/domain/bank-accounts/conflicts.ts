import { badRequest, isConstraintError } from "../../lib/errors";
import { CHANGED_CONCURRENTLY } from "./messages";

/**
 * Runs a read-check-write operation again when its batch was refused by a constraint (a concurrent
 * request changed what the checks read): the second run reads the new state and answers its spec
 * message, or writes. A third refusal in a row is answered with a plain "try again".
 */
export async function retryOnConflict<T>(operation: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      if (attempt >= attempts) throw badRequest(CHANGED_CONCURRENTLY);
    }
  }
}
