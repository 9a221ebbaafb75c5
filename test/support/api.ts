import { exports } from "cloudflare:workers";
import { DEMO_PASSWORD } from "../../src/dev/seed-plan";
import type { AccountName } from "./seed";

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** Calls the Worker over HTTP as a client would: host selects the account, `/1.0` the version. */
export async function call<T = any>(
  account: AccountName | string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `JWT ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(options.body);
  }
  const url = path.startsWith("http") ? path : `http://${account}.localhost${path}`;
  const response = await exports.default.fetch(new Request(url, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // non-JSON body stays text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Signs in and answers the token. */
export async function signIn(account: AccountName, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await call<{ Token: string }>(account, "POST", "/1.0/user/signin/local", {
    body: { Email: email, Password: password },
  });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.Token;
}

/** A client bound to one account and token. */
export function client(account: AccountName, token: string) {
  return {
    get: <T = any>(path: string) => call<T>(account, "GET", `/1.0${path}`, { token }),
    post: <T = any>(path: string, body?: unknown) => call<T>(account, "POST", `/1.0${path}`, { token, body }),
    put: <T = any>(path: string, body?: unknown) => call<T>(account, "PUT", `/1.0${path}`, { token, body }),
    delete: <T = any>(path: string, body?: unknown) =>
      call<T>(account, "DELETE", `/1.0${path}`, { token, body }),
  };
}

/** A token signed with the test secret for any claims (e.g. a company that does not exist). */
export async function tokenFor(
  claims: { userId: number; companyId: number; account: string },
  ttlSeconds = 3600,
) {
  const { env } = await import("cloudflare:test");
  const { issueToken } = await import("../../src/platform/jwt");
  return issueToken(env.JWT_SECRET!, claims, ttlSeconds);
}
