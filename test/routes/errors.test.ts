import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../src/app";
import { BOOKMARK_HEADER } from "../../src/middleware/tenant";
import { call, type ErrorBody, signIn } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { seedAccounts } from "../support/seed";

let token: string;
beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
});

describe("error classes", () => {
  it("answers 400 naming the field for a zod validation failure", async () => {
    const response = await call<ErrorBody>("demo", "PUT", "/1.0/company", { token, body: { Name: 12 } });
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("Name");
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call("demo", "PUT", "/1.0/company", {
      token,
      rawBody: '{"Name": ',
      headers: { "Content-Type": "application/json" },
    });
    expectRefusal(response, "JSON malformado no corpo da requisição");
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "1e3"])(
    "answers 400 for a path id %s that is not a positive int32",
    async (id) => {
      const response = await call<ErrorBody>("demo", "GET", `/1.0/user/${id}`, { token });
      expect(response.status).toBe(400);
      expect(response.body.errorMessage).toMatch(/iduser/);
    },
  );

  it("answers 404 for an unknown route", async () => {
    expect(await call("demo", "GET", "/1.0/nothing/here", { token })).toMatchObject({
      status: 404,
      body: { errorMessage: "Rota não encontrada" },
    });
  });

  it("answers 413 for a body over the configured size", async () => {
    const response = await call<ErrorBody>("demo", "PUT", "/1.0/company", {
      token,
      rawBody: JSON.stringify({ Name: "x".repeat(1_100_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body.errorMessage).toMatch(/tamanho máximo/);
  });

  it("answers 500 with no stack when the service is misconfigured (no JWT secret)", async () => {
    const request = new Request("http://demo.localhost/1.0/company", {
      headers: { Authorization: `JWT ${token}` },
    });
    const response = await app.fetch(request, { ...env, JWT_SECRET: undefined }, {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { errorMessage: string; code: string };
    expect(body.errorMessage).toMatch(/^Error: Falha interna\. Código da requisição: /);
    expect(body.code).toBe("internal_error");
    expect(JSON.stringify(body)).not.toMatch(/at |\.ts:|JWT_SECRET/);
  });
});

describe("versions", () => {
  it.each(["/1.0/company", "/1.1/company", "/1.4/company", "/company"])("serves %s", async (path) => {
    expect((await call("demo", "GET", path, { token })).status).toBe(200);
  });

  it.each(["/2.0/company", "/9.9/company", "/1.2/company"])(
    "answers 404 for the unknown version in %s",
    async (path) => {
      expect((await call("demo", "GET", path, { token })).status).toBe(404);
    },
  );
});

describe("company", () => {
  it.each(["SefazAmbienteNF", "SefazAmbienteNFC", "SefazAmbienteServiceInvoice"])(
    "refuses a null %s",
    async (field) => {
      const response = await call("demo", "PUT", "/1.0/company", { token, body: { [field]: null } });
      expectRefusal(response, `${field} não pode ser nulo e deve ser 1 (produção) ou 2 (homologação)`);
      const row = await env.DB_DEMO.prepare(
        "SELECT sefaz_ambiente_nf, sefaz_ambiente_nfc FROM companies WHERE id = 1",
      ).first();
      expect(row).toEqual({ sefaz_ambiente_nf: 2, sefaz_ambiente_nfc: 2 });
    },
  );

  it("changes only the fields sent and refuses an unknown time zone", async () => {
    const changed = await call("demo", "PUT", "/1.0/company", {
      token,
      body: { SefazAmbienteNF: 1, Name: "Demo Comércio SA" },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { Name: "Demo Comércio SA", SefazAmbienteNF: 1, SefazAmbienteNFC: 2 },
    });
    const refused = await call("demo", "PUT", "/1.0/company", { token, body: { TimeZone: "Mars/Olympus" } });
    expectRefusal(refused, "TimeZone inválido: Mars/Olympus");
  });
});

describe("D1 sessions", () => {
  it("answers a bookmark and accepts it on the next request", async () => {
    const write = await call("demo", "PUT", "/1.0/company", { token, body: { Document: "11222333000181" } });
    const bookmark = write.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toBeTruthy();
    const read = await call("demo", "GET", "/1.0/company", {
      token,
      headers: { [BOOKMARK_HEADER]: bookmark! },
    });
    expect(read).toMatchObject({ status: 200, body: { Document: "11222333000181" } });
    const garbage = await call("demo", "GET", "/1.0/company", {
      token,
      headers: { [BOOKMARK_HEADER]: "garbage" },
    });
    expect(garbage.status).toBe(200);
  });
});

describe("browser front-ends", () => {
  it("answers CORS preflight only for configured origins and adds security headers and a request id", async () => {
    const allowed = await call("demo", "OPTIONS", "/1.0/company", {
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "GET" },
    });
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    const denied = await call("demo", "OPTIONS", "/1.0/company", {
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(denied.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const response = await call("demo", "GET", "/1.0/company", { token });
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
