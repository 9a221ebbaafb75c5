import { exports } from "cloudflare:workers";
import type { Answer } from "./answers";
import { answerChecker, errorChecker, type OpenApiDocument } from "./declared-answers";
import type { AccountName } from "./seed";

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** The body of a refusal (400, 401, 403, 404, 409...): what a test reads from an answer that is not a 200. */
export type ErrorBody = { errorMessage: string; code: string; detail?: string };

/** The body of an answer the test has seen is not a 200 (e.g. the losers of a race), read as a refusal. */
export const errorBody = (response: { body: unknown }): ErrorBody => response.body as ErrorBody;

let document: Promise<OpenApiDocument> | undefined;
/** The Worker's own /openapi.json, fetched once per test file. */
const loadDocument = () => {
  document ??= exports.default.fetch(new Request("http://demo.localhost/openapi.json")).then((response) => {
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
    return response.json() as Promise<OpenApiDocument>;
  });
  return document;
};

/** Checks 200 answers against the Worker's own /openapi.json. */
export const expectDeclaredAnswer = answerChecker(loadDocument);

/** Checks error answers against the document's `Error` schema (a `code` from its enum). */
export const expectDeclaredError = errorChecker(loadDocument);

/**
 * The Worker's `fetch`, as every HTTP test reaches it: a 200 JSON answer must match the response
 * schema its route declares in /openapi.json (see `declared-answers.ts`), and an error answer the
 * document's `Error` schema, or the test fails.
 */
export async function fetchWorker(request: Request): Promise<Response> {
  const method = request.method;
  const url = request.url;
  const response = await exports.default.fetch(request);
  const contentType = response.headers.get("Content-Type") ?? "";
  if (response.status === 200 && /^application\/json/i.test(contentType)) {
    const text = await response.clone().text();
    await expectDeclaredAnswer(method, url, contentType, text ? JSON.parse(text) : null);
  } else if (response.status >= 400) {
    await expectDeclaredError(method, url, response.status, contentType, await response.clone().text());
  }
  return response;
}

type CallOptions = { token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> };

/**
 * Calls the Worker over HTTP as a client would: host selects the account, `/1.0` the version. The
 * body is the 200 answer the route declares (`answers.ts`), or `T` when the test names it.
 */
export async function call<Method extends string, Path extends string>(
  account: AccountName | string,
  method: Method,
  path: Path,
  options?: CallOptions,
): Promise<ApiResponse<Answer<`$${Lowercase<Method>}`, Path>>>;
export async function call<T>(
  account: AccountName | string,
  method: string,
  path: string,
  options?: CallOptions,
): Promise<ApiResponse<T>>;
export async function call(
  account: AccountName | string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<unknown>> {
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
  return { status: response.status, body: parsed, headers: response.headers };
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

/** One method of a client: the route's declared 200 body, or `T` when the test names it. */
type Send<Method extends string> = {
  <Path extends string>(path: Path, body?: unknown): Promise<ApiResponse<Answer<Method, Path>>>;
  <T>(path: string, body?: unknown): Promise<ApiResponse<T>>;
};

/** A client bound to one account and token (paths without the version: `api.get("/orders/7")`). */
export function client(account: AccountName, token: string) {
  const send =
    <Method extends string>(method: string): Send<Method> =>
    (path: string, body?: unknown) =>
      call<never>(account, method, `/1.0${path}`, { token, body });
  return {
    get: send<"$get">("GET"),
    post: send<"$post">("POST"),
    put: send<"$put">("PUT"),
    delete: send<"$delete">("DELETE"),
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
