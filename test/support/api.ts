import { exports } from "cloudflare:workers";
import { answerChecker, type OpenApiDocument } from "./declared-answers";
import type { AccountName } from "./seed";

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** Checks 200 answers against the Worker's own /openapi.json, fetched once per test file. */
export const expectDeclaredAnswer = answerChecker(async () => {
  const response = await exports.default.fetch(new Request("http://demo.localhost/openapi.json"));
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
});

/**
 * The Worker's `fetch`, as every HTTP test reaches it: a 200 JSON answer must match the response
 * schema its route declares in /openapi.json (see `declared-answers.ts`), or the test fails.
 */
export async function fetchWorker(request: Request): Promise<Response> {
  const method = request.method;
  const url = request.url;
  const response = await exports.default.fetch(request);
  const contentType = response.headers.get("Content-Type") ?? "";
  if (response.status === 200 && /^application\/json/i.test(contentType)) {
    const text = await response.clone().text();
    await expectDeclaredAnswer(method, url, contentType, text ? JSON.parse(text) : null);
  }
  return response;
}

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
  const response = await fetchWorker(new Request(url, { method, headers, body }));
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
export async function signIn(account: AccountName, email: string, password = "demo123"): Promise<string> {
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
