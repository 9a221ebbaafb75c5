import { env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PASSWORD_ITERATIONS } from "../../src/domain/identity/password";
import { call, signIn, tokenFor } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { seedAccounts } from "../support/seed";

beforeAll(seedAccounts);

const UNAUTHORIZED = { status: 401, body: { errorMessage: "Não autorizado" } };
const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

describe("tokens and accounts", () => {
  it("refuses a demo token on the acme account", async () => {
    const token = await signIn("demo", "admin@demo.local");
    expect(await call("acme", "GET", "/1.0/company", { token })).toMatchObject(UNAUTHORIZED);
    expect((await call("demo", "GET", "/1.0/company", { token })).status).toBe(200);
  });

  it("accepts the Bearer scheme as well as JWT", async () => {
    const token = await signIn("acme", "admin@acme.local");
    const response = await call("acme", "GET", "/1.0/company", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response).toMatchObject({ status: 200, body: { IDCompany: 1, Name: "Acme Distribuidora" } });
  });

  it.each([
    ["missing header", undefined],
    ["malformed header", "Token abc"],
    ["scheme without token", "JWT "],
    ["garbage token", "JWT not.a.token"],
  ])("refuses a %s with 401", async (_name, authorization) => {
    const headers: Record<string, string> =
      authorization === undefined ? {} : { Authorization: authorization };
    expect(await call("demo", "GET", "/1.0/company", { headers })).toMatchObject(UNAUTHORIZED);
  });

  it("refuses an expired token", async () => {
    const token = await tokenFor({ userId: 1, companyId: 1, account: "demo" }, -10);
    expect(await call("demo", "GET", "/1.0/company", { token })).toMatchObject(UNAUTHORIZED);
  });

  it("refuses a token signed with another secret", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(
      { sub: "1", company: 1, account: "demo", exp: now + 600 },
      "another-secret",
      "HS256",
    );
    expect(await call("demo", "GET", "/1.0/company", { token })).toMatchObject(UNAUTHORIZED);
  });

  it("refuses an unsigned token (alg none)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: "1", company: 1, account: "demo", exp: now + 600 })}.`;
    expect(
      await call("demo", "GET", "/1.0/company", { headers: { Authorization: `JWT ${token}` } }),
    ).toMatchObject(UNAUTHORIZED);
  });

  it("refuses a token whose account claim is not the host's account", async () => {
    const token = await tokenFor({ userId: 1, companyId: 1, account: "acme" });
    expect(await call("demo", "GET", "/1.0/company", { token })).toMatchObject(UNAUTHORIZED);
  });

  it("refuses a token without expiry", async () => {
    const token = await sign({ sub: "1", company: 1, account: "demo" }, env.JWT_SECRET!, "HS256");
    expect(await call("demo", "GET", "/1.0/company", { token })).toMatchObject(UNAUTHORIZED);
  });

  it("answers 404 for an unknown account", async () => {
    const response = await call("nobody", "POST", "/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "demo123" },
    });
    expect(response).toMatchObject({ status: 404, body: { errorMessage: "Conta não encontrada" } });
  });

  it("is no account when the account label is not followed by exactly the API domain", async () => {
    const signInAt = (host: string) =>
      call("demo", "POST", `http://${host}/1.0/user/signin/local`, {
        body: { Email: "admin@demo.local", Password: "demo123" },
      });
    for (const host of [
      "demo.localhost.evil.com",
      "demo.localhost.localhost",
      "x.demo.localhost",
      "demo.evil.com",
      "demo",
    ]) {
      expect({ host, answer: await signInAt(host) }).toMatchObject({
        host,
        answer: { status: 404, body: { errorMessage: "Conta não encontrada" } },
      });
    }
    expect((await signInAt("demo.localhost")).status).toBe(200);
    expect((await signInAt("DEMO.LOCALHOST.")).status).toBe(200);
  });

  it("hashes the password once for an unknown e-mail as for a wrong password (same work, no timing oracle)", async () => {
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const attempt = async (email: string) => {
      derive.mockClear();
      const response = await call("demo", "POST", "/1.0/user/signin/local", {
        body: { Email: email, Password: "senha-errada" },
      });
      const iterations = derive.mock.calls.map(([params]) => (params as { iterations: number }).iterations);
      return { status: response.status, body: response.body, iterations };
    };
    try {
      const refused = {
        status: 401,
        body: { errorMessage: "Usuário ou senha inválidos", code: "unauthorized" },
      };
      const wrongPassword = await attempt("admin@demo.local");
      expect(wrongPassword).toEqual({ ...refused, iterations: [expect.any(Number)] });
      // Production users are hashed with PASSWORD_ITERATIONS (the demo seed uses fewer, for speed).
      expect(await attempt("ninguem@demo.local")).toEqual({ ...refused, iterations: [PASSWORD_ITERATIONS] });
    } finally {
      derive.mockRestore();
    }
  });

  it("serves a bare localhost host as the default account", async () => {
    const response = await call("demo", "POST", "http://localhost/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "demo123" },
    });
    expect(response.status).toBe(200);
  });
});

describe("users", () => {
  it("answers the caller's privileges with nullable ToursSeen", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const response = await call("demo", "GET", "/1.0/user/privilege", { token });
    expect(response).toMatchObject({
      status: 200,
      body: { IDUser: 1, IDCompany: 1, ToursSeen: null, Origin: null, Privileges: ["*"] },
    });
    expect(response.body.Companies).toHaveLength(2);
  });

  it("answers ToursSeen when the user has seen tours", async () => {
    await env.DB_DEMO.prepare("UPDATE users SET tours_seen = ?, origin = ? WHERE id = 2")
      .bind(JSON.stringify(["bank-statement"]), "erp")
      .run();
    const token = await signIn("demo", "filial@demo.local");
    const self = await call("demo", "GET", "/1.0/user/2", { token });
    expect(self).toMatchObject({
      status: 200,
      body: { IDUser: 2, ToursSeen: ["bank-statement"], Origin: "erp" },
    });
  });

  it("treats a user without access to the caller's company as nonexistent", async () => {
    const admin = await signIn("demo", "admin@demo.local");
    expectRefusal(await call("demo", "GET", "/1.0/user/2", { token: admin }), "Usuário não existe");
    // the admin has access to company 2, so from company 2 the admin is visible
    const filial = await signIn("demo", "filial@demo.local");
    expect((await call("demo", "GET", "/1.0/user/1", { token: filial })).status).toBe(200);
  });
});
