import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../src/app";
import { fetchWorker, signIn } from "../support/api";
import { operations, pathOf } from "../support/route-table";
import { seedAccounts } from "../support/seed";

/**
 * What a browser front-end relies on: CORS for the configured origins only (CORS_ORIGINS is
 * `http://localhost:3000,http://localhost:5173` in wrangler.toml), no credentials, security
 * headers and a request id on every answer, errors included, and the public health check.
 */

const ALLOWED = "http://localhost:3000";
const fetchUrl = (url: string, init: RequestInit = {}) => fetchWorker(new Request(url, init));

let token: string;
beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
});

const preflight = (origin: string, url = "http://demo.localhost/1.0/accounts/bank-account") =>
  fetchUrl(url, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization,content-type,x-d1-bookmark",
    },
  });

describe("CORS", () => {
  it("answers a preflight from an allowed origin without a token or a known account", async () => {
    for (const url of [
      "http://demo.localhost/1.0/accounts/bank-account",
      "http://nobody.localhost/1.0/brand",
    ]) {
      const response = await preflight(ALLOWED, url);
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
      expect(response.headers.get("Access-Control-Allow-Methods")).toBe("GET,POST,PUT,DELETE,OPTIONS");
      expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toBe(
        "authorization,content-type,x-d1-bookmark,x-request-id",
      );
      expect(response.headers.get("Access-Control-Max-Age")).toBe("600");
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(response.headers.get("Vary")).toContain("Origin");
    }
  });

  it.each([
    "http://evil.example",
    "http://localhost:3000.evil.example",
    "http://localhost:30000",
    "null",
    "HTTP://LOCALHOST:3000",
  ])("gives an origin that is not listed (%s) no CORS header at all", async (origin) => {
    const response = await preflight(origin);
    expect(response.status).toBe(204);
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/);
    const actual = await fetchUrl("http://demo.localhost/1.0/accounts/bank-account", {
      headers: { Origin: origin, Authorization: `JWT ${token}` },
    });
    expect(actual.status).toBe(200);
    for (const [name] of actual.headers) expect(name).not.toMatch(/^access-control-/);
  });

  it("lets the allowed origin read answers, errors included, and the request id, bookmark and Retry-After headers", async () => {
    const cases = [
      ["http://demo.localhost/1.0/accounts/bank-account", { Authorization: `JWT ${token}` }, 200],
      ["http://demo.localhost/1.0/accounts/bank-account", {}, 401],
      ["http://demo.localhost/1.0/accounts/bank-statement?Source=9", { Authorization: `JWT ${token}` }, 400],
      ["http://demo.localhost/1.0/nothing-here", { Authorization: `JWT ${token}` }, 404],
      ["http://nobody.localhost/1.0/brand", {}, 404],
    ] as const;
    for (const [url, headers, status] of cases) {
      const response = await fetchUrl(url, { headers: { Origin: "http://localhost:5173", ...headers } });
      expect(response.status, url).toBe(status);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
      expect(response.headers.get("Access-Control-Expose-Headers")).toBe(
        "X-D1-Bookmark,X-Request-Id,Retry-After",
      );
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(response.headers.get("Vary")).toContain("Origin");
    }
  });

  it("allows no origin at all when CORS_ORIGINS is empty, and any origin with `*` (still without credentials)", async () => {
    const request = () =>
      new Request("http://demo.localhost/1.0/accounts/bank-account", {
        method: "OPTIONS",
        headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" },
      });
    const closed = await app.fetch(request(), { ...env, CORS_ORIGINS: "" });
    expect(closed.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const open = await app.fetch(request(), { ...env, CORS_ORIGINS: "*" });
    expect(open.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.com");
    expect(open.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });
});

const SECURITY_HEADERS: Record<string, string | RegExp> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Strict-Transport-Security": /^max-age=\d+; includeSubDomains$/,
  "Content-Security-Policy": /frame-ancestors 'none'/,
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-site",
  "Cache-Control": "no-store",
};

describe("security headers and request ids", () => {
  const answers = [
    ["a read", "http://demo.localhost/1.0/company", true, 200],
    ["a refusal", "http://demo.localhost/1.0/accounts/bank-statement?Source=9", true, 400],
    ["a missing token", "http://demo.localhost/1.0/company", false, 401],
    ["an unknown route", "http://demo.localhost/1.0/nothing-here", true, 404],
    ["an unknown account", "http://nobody.localhost/1.0/company", false, 404],
    ["an unknown version", "http://demo.localhost/9.9/company", true, 404],
    ["the health check", "http://demo.localhost/health", false, 200],
    ["the OpenAPI document", "http://demo.localhost/openapi.json", false, 200],
  ] as const;

  it.each(answers)("are on %s", async (_name, url, withToken, status) => {
    const response = await fetchUrl(url, { headers: withToken ? { Authorization: `JWT ${token}` } : {} });
    expect(response.status).toBe(status);
    for (const [name, expected] of Object.entries(SECURITY_HEADERS)) {
      const value = response.headers.get(name);
      if (typeof expected === "string") expect(value, name).toBe(expected);
      else expect(value, name).toMatch(expected);
    }
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("are on an answer too large to read (413) and on every route of the document", async () => {
    const big = await fetchUrl("http://demo.localhost/1.0/brand", {
      method: "POST",
      headers: { Authorization: `JWT ${token}`, "Content-Type": "application/json" },
      body: `{"Name":"${"x".repeat(Number(env.MAX_BODY_BYTES))}"}`,
    });
    expect(big.status).toBe(413);
    expect(big.headers.get("X-Request-Id")).toBeTruthy();
    expect(big.headers.get("X-Content-Type-Options")).toBe("nosniff");
    for (const operation of operations()) {
      const values = Object.fromEntries(operation.pathParams.map((p) => [p.name, 1]));
      const response = await fetchUrl(`http://demo.localhost${pathOf(operation, values)}`, {
        method: operation.method,
      });
      expect(response.headers.get("X-Request-Id"), operation.key).toBeTruthy();
      expect(response.headers.get("Cache-Control"), operation.key).toBe("no-store");
    }
  });

  it("keeps a client's well-formed request id and replaces any other", async () => {
    const send = (id: string) =>
      fetchUrl("http://demo.localhost/health", { headers: { "X-Request-Id": id } }).then((r) =>
        r.headers.get("X-Request-Id"),
      );
    expect(await send("front-1234_abcd")).toBe("front-1234_abcd");
    for (const hostile of ['"}{"level":"error', "a b", "../x", "x".repeat(65), "<script>", "id%C3%A9"]) {
      expect(await send(hostile)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("GET /health", () => {
  it("answers without token, account or version, and is public in the OpenAPI document", async () => {
    for (const url of [
      "http://demo.localhost/health",
      "http://nobody.localhost/1.0/health",
      "http://localhost/1.4/health",
    ]) {
      const response = await fetchUrl(url);
      expect(response.status, url).toBe(200);
      expect(await response.json()).toEqual({ Status: "ok" });
    }
    const health = operations().find((o) => o.key === "GET /health");
    expect(health?.isPublic).toBe(true);
  });
});
