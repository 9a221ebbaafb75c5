import { env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn, tokenFor } from "../support/api";
import { installWriteAudit, writeMark, writesSince } from "../support/invariants";
import { exampleOf, jsonBodyOf, type Operation, operations, pathOf } from "../support/route-table";
import { seedAccounts } from "../support/seed";

/**
 * Every authenticated route of the OpenAPI document refuses bad credentials with 401 and writes
 * nothing: no token, malformed headers, expired, forged or unsigned tokens, a token of another
 * account, and a real `demo` token presented to `acme`. The text is always the spec's `Não
 * autorizado`; `code` names the check that failed, `detail` says what to do, and the answer carries
 * `WWW-Authenticate: JWT`.
 */

const UNAUTHORIZED = "Não autorizado";
const protectedOperations = operations().filter((o) => !o.isPublic);
const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const now = () => Math.floor(Date.now() / 1000);

type Credential = {
  name: string;
  account: "demo" | "acme";
  code: string;
  authorization: () => Promise<string | undefined>;
};

let demoToken: string;
const credentials: Credential[] = [
  {
    name: "no Authorization header",
    account: "demo",
    code: "token_missing",
    authorization: async () => undefined,
  },
  {
    name: "malformed header",
    account: "demo",
    code: "token_malformed",
    authorization: async () => "Token abc.def.ghi",
  },
  {
    name: "scheme without token",
    account: "demo",
    code: "token_malformed",
    authorization: async () => "JWT ",
  },
  {
    name: "garbage token",
    account: "demo",
    code: "token_malformed",
    authorization: async () => "JWT not.a.token",
  },
  {
    name: "two tokens",
    account: "demo",
    code: "token_malformed",
    authorization: async () => `JWT ${demoToken} ${demoToken}`,
  },
  {
    name: "expired token",
    account: "demo",
    code: "token_expired",
    authorization: async () => `JWT ${await tokenFor({ userId: 1, companyId: 1, account: "demo" }, -10)}`,
  },
  {
    name: "token signed with another secret",
    account: "demo",
    code: "token_invalid",
    authorization: async () =>
      `JWT ${await sign({ sub: "1", company: 1, account: "demo", exp: now() + 600 }, "another-secret", "HS256")}`,
  },
  {
    // the signature is checked before the expiry: a forged token is never reported as merely expired
    name: "expired token signed with another secret",
    account: "demo",
    code: "token_invalid",
    authorization: async () =>
      `JWT ${await sign({ sub: "1", company: 1, account: "demo", exp: now() - 600 }, "another-secret", "HS256")}`,
  },
  {
    name: "unsigned token (alg none)",
    account: "demo",
    code: "token_invalid",
    authorization: async () =>
      `JWT ${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: "1", company: 1, account: "demo", exp: now() + 600 })}.`,
  },
  {
    name: "token with a tampered payload",
    account: "demo",
    code: "token_invalid",
    authorization: async () => {
      const [header, , signature] = demoToken.split(".");
      return `JWT ${header}.${b64url({ sub: "1", company: 2, account: "demo", exp: now() + 600 })}.${signature}`;
    },
  },
  {
    name: "token whose account claim is another account",
    account: "demo",
    code: "token_other_account",
    authorization: async () => `JWT ${await tokenFor({ userId: 1, companyId: 1, account: "acme" })}`,
  },
  {
    name: "demo token on the acme account",
    account: "acme",
    code: "token_other_account",
    authorization: async () => `JWT ${demoToken}`,
  },
];

beforeAll(async () => {
  await seedAccounts();
  await installWriteAudit(env.DB_DEMO);
  await installWriteAudit(env.DB_ACME);
  demoToken = await signIn("demo", "admin@demo.local");
});

function request(operation: Operation) {
  const values = Object.fromEntries(operation.pathParams.map((p) => [p.name, 1]));
  const schema = jsonBodyOf(operation);
  return { path: pathOf(operation, values), body: schema ? exampleOf(schema) : undefined };
}

describe("the route table", () => {
  it("holds the authenticated routes of the document", () => {
    expect(protectedOperations.length).toBeGreaterThan(100);
    expect(protectedOperations.map((o) => o.key)).not.toContain("POST /user/signin/local");
  });
});

describe.each(credentials.map((c) => [c.name, c] as const))("%s", (_name, credential) => {
  it("is refused with 401 on every authenticated route, writing nothing", async () => {
    const authorization = await credential.authorization();
    const database = credential.account === "demo" ? env.DB_DEMO : env.DB_ACME;
    const mark = await writeMark(database);
    const failures: string[] = [];
    for (const operation of protectedOperations) {
      const { path, body } = request(operation);
      const headers: Record<string, string> =
        authorization === undefined ? {} : { Authorization: authorization };
      const response = await call(credential.account, operation.method, path, { headers, body });
      const { errorMessage, code, detail } = response.body as Record<string, unknown>;
      const challenge = response.headers.get("WWW-Authenticate") ?? "";
      if (
        response.status !== 401 ||
        errorMessage !== UNAUTHORIZED ||
        code !== credential.code ||
        typeof detail !== "string" ||
        !challenge.startsWith("JWT")
      ) {
        failures.push(`${operation.key}: ${response.status} ${JSON.stringify(response.body)} ${challenge}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await writesSince(database, mark)).toEqual([]);
  });
});

describe("a company outside the user's access list", () => {
  const withCompanyFilter = operations().filter(
    (o) =>
      !o.isPublic &&
      (o.queryParams.some((p) => p.name === "IDCompany") ||
        jsonBodyOf(o)?.properties?.IDCompany !== undefined),
  );

  it("is found on the routes that take IDCompany", () => {
    expect(withCompanyFilter.map((o) => o.key)).toContain("GET /accounts/bank-statement");
  });

  it.each(withCompanyFilter.map((o) => [o.key, o] as const))(
    "%s: cannot be named in IDCompany (same answer as a company that does not exist)",
    async (_key, operation) => {
      const filial = await signIn("demo", "filial@demo.local");
      const admin = await signIn("demo", "admin@demo.local");
      const send = (token: string, company: number) => {
        const inQuery = operation.queryParams.some((p) => p.name === "IDCompany");
        const query = new URLSearchParams(
          operation.queryParams
            .filter((p) => p.required)
            .map((p) => [p.name, String(exampleOf(p.schema))] as [string, string]),
        );
        if (inQuery) query.set("IDCompany", String(company));
        const schema = jsonBodyOf(operation);
        const body = schema
          ? { ...(exampleOf(schema) as object), ...(inQuery ? {} : { IDCompany: company }) }
          : undefined;
        const values = Object.fromEntries(operation.pathParams.map((p) => [p.name, 1]));
        return call("demo", operation.method, `${pathOf(operation, values)}?${query}`, { token, body });
      };
      const mark = await writeMark(env.DB_DEMO);
      const outside = await send(filial, 1);
      const nonexistent = await send(filial, 99);
      expect(outside.status).toBe(400);
      expect(outside.body).toEqual(nonexistent.body);
      expect(await writesSince(env.DB_DEMO, mark)).toEqual([]);
      // admin@demo.local has access to company 2: naming it is allowed.
      expect((await send(admin, 2)).status).toBe(200);
      expect((await send(admin, 1)).status).toBe(200);
    },
  );
});
