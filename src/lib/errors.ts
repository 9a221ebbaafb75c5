import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ApiErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500;

/**
 * The one error type of the service: an HTTP status and the exact message the client sees, and the
 * headers the refusal carries (a 429's `Retry-After`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus & ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const UNAUTHORIZED = "Não autorizado";
export const unauthorized = () => new ApiError(401, UNAUTHORIZED);
/** A refused credential that is not a session token (a tampered or expired signed URL). */
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message = "Recurso não encontrado") => new ApiError(404, message);

/**
 * True when a D1/SQLite error comes from a constraint (UNIQUE, CHECK, NOT NULL): the
 * database refused a write that a concurrent request made invalid.
 */
export function isConstraintError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /constraint failed|SQLITE_CONSTRAINT/i.test(text);
}

/** Runs a write and turns a constraint violation into the given 400, rethrowing anything else. */
export async function refuseOnConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConstraintError(error)) throw badRequest(message);
    throw error;
  }
}
