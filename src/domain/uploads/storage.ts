import { ApiError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { storageFailure } from "./messages";

/** Runs an R2 operation; a storage fault becomes a 500 with the error body (never a bare 502). */
export async function withStorage<T>(action: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log("error", "storage operation failed", { action, ...errorFields(error) });
    throw new ApiError(500, storageFailure(action));
  }
}

/** Best-effort removal of an object the request must not leave behind. */
export async function discardObject(bucket: R2Bucket, key: string): Promise<void> {
  try {
    await bucket.delete(key);
  } catch (error) {
    log("warn", "could not delete uploaded object", { key, ...errorFields(error) });
  }
}

/** Storage key of an upload: never derived from the user's file name. */
export function newUploadKey(account: string, companyId: number, route: string): string {
  return `${account}/${companyId}/${route}/${crypto.randomUUID()}`;
}
