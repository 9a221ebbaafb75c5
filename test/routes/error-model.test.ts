import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/env";
import { completeErrorAnswers } from "../../src/http/error-handler";
import { ERROR_CODES } from "../../src/lib/errors";
import { call, type ErrorBody, signIn, tokenFor } from "../support/api";
import { expectRefusal } from "../support/refusal";
import { jsonBodyOf, operations, pathOf } from "../support/route-table";
import { seedAccounts } from "../support/seed";

/**
 * The error model over HTTP (docs/ERRORS.md): every error body is `{errorMessage, code, detail?}` with
 * the spec's text unchanged and a code of ERROR_CODES; 401 says why, 405 says which methods, 415 which
 * media type, a missing field that it is required, and no text of the validator is in English.
 */

let token: string;
beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
});

/** zod's and Hono's own English texts. */
const VALIDATOR_ENGLISH =
  /Invalid input|expected \w+, received|Unsupported Media Type|Malformed (JSON|FormData)|Too (big|small)|Unrecognized key/i;

describe("401 says why", () => {
  const expired = () => tokenFor({ userId: 1, companyId: 1, account: "demo" }, -60);
  const cases: [string, () => Promise<Record<string, string>>, string, RegExp][] = [
    ["no token", async () => ({}), "token_missing", /Nenhum token/],
    [
      "a scheme other than JWT",
      async () => ({ Authorization: `Basic ${token}` }),
      "token_malformed",
      /JWT <token>/,
    ],
    [
      "a token that is not a JWT",
      async () => ({ Authorization: "JWT abc" }),
      "token_malformed",
      /três partes/,
    ],
    [
      "an expired token",
      async () => ({ Authorization: `JWT ${await expired()}` }),
      "token_expired",
      /expirado em \d{4}-/,
    ],
    [
      "a token of another account",
      async () => ({ Authorization: `JWT ${await tokenFor({ userId: 1, companyId: 1, account: "acme" })}` }),
      "token_other_account",
      /outra conta/,
    ],
  ];

  it.each(cases)(
    "%s: the spec's text, the reason in code and detail, WWW-Authenticate: JWT",
    async (_, headers, code, detail) => {
      const response = await call<ErrorBody>("demo", "GET", "/1.0/company", { headers: await headers() });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        errorMessage: "Não autorizado",
        code,
        detail: expect.stringMatching(detail),
      });
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^JWT\b/);
    },
  );

  it("gives a refused sign-in the challenge too, and its own text", async () => {
    const response = await call<ErrorBody>("demo", "POST", "/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "wrong" },
    });
    expect(response).toMatchObject({
      status: 401,
      body: { errorMessage: "Usuário ou senha inválidos", code: "unauthorized" },
    });
    expect(response.headers.get("WWW-Authenticate")).toBe("JWT");
  });
});

describe("405 on a known path", () => {
  it("names the methods of the path in Allow, before the token is checked", async () => {
    for (const options of [{}, { token }]) {
      const response = await call<ErrorBody>("demo", "DELETE", "/1.0/company", options);
      expect(response.status).toBe(405);
      expect(response.body).toEqual({
        errorMessage: "Método DELETE não aceito em /company: use GET, PUT",
        code: "method_not_allowed",
      });
      expect(response.headers.get("Allow")).toBe("GET, PUT, HEAD");
    }
  });

  it("matches parametrised paths and works without a version segment", async () => {
    const response = await call<ErrorBody>("demo", "PATCH", "/user/1", { token });
    expect(response).toMatchObject({ status: 405, body: { code: "method_not_allowed" } });
    expect(response.headers.get("Allow")).toContain("GET");
  });

  it("leaves an unknown path a 404 (with a token) and a known method alone", async () => {
    expect(await call("demo", "DELETE", "/1.0/nothing/here", { token })).toMatchObject({
      status: 404,
      body: { errorMessage: "Rota não encontrada", code: "not_found" },
    });
    expect((await call("demo", "GET", "/1.0/company", { token })).status).toBe(200);
  });
});

describe("a missing required field", () => {
  it.each([
    ["POST", "/1.0/orders", "IDWarehouse é obrigatório"],
    ["POST", "/1.0/tax/profile", "Code é obrigatório"],
    ["POST", "/1.0/accounts/bank-statement/conciliation", "Date é obrigatório"],
    ["POST", "/1.0/sku/movement/adjustment", "IDSku é obrigatório"],
    ["PUT", "/1.0/company/stock-setting", "AllowNegativeStock é obrigatório"],
  ])("%s %s says it is required", async (method, path, message) => {
    const response = await call<ErrorBody>("demo", method, path, { token, body: {} });
    expect(response).toMatchObject({ status: 400, body: { errorMessage: message, code: "field_required" } });
  });

  it("keeps the spec's own text for a field it names", async () => {
    const response = await call("demo", "POST", "/1.0/accounts/bank-statement/transfer", { token, body: {} });
    expectRefusal(response, "Conta bancária de origem não informada");
  });

  it("still says the type when the field is sent with the wrong one", async () => {
    const response = await call<ErrorBody>("demo", "POST", "/1.0/orders", {
      token,
      body: { IDWarehouse: "x" },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { errorMessage: "IDWarehouse deve ser um número inteiro", code: "validation_failed" },
    });
  });
});

describe("415 names the media type", () => {
  it.each([
    ["text/plain", "Content-Type text/plain não aceito nesta rota: envie o corpo como application/json"],
    [
      "application/xml",
      "Content-Type application/xml não aceito nesta rota: envie o corpo como application/json",
    ],
  ])("refuses %s on a JSON route", async (type, message) => {
    const response = await call("demo", "PUT", "/1.0/company", {
      token,
      rawBody: '{"Name":"x"}',
      headers: { "Content-Type": type },
    });
    expect(response).toMatchObject({
      status: 415,
      body: { errorMessage: message, code: "unsupported_media_type" },
    });
  });

  it("refuses a body without Content-Type", async () => {
    // bytes, not a string: a string body would be labelled text/plain by the Request itself
    const rawBody = new TextEncoder().encode('{"Name":"x"}');
    const response = await call<ErrorBody>("demo", "PUT", "/1.0/company", { token, rawBody });
    expect(response).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });
    expect(response.body.errorMessage).toMatch(/^Content-Type ausente .*application\/json$/);
  });

  it("keeps the spec's 400 on the upload routes, naming JSON and multipart, with the media type code", async () => {
    const response = await call<ErrorBody>("demo", "POST", "/1.0/job", {
      token,
      rawBody: "a,b",
      headers: { "Content-Type": "text/csv" },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("unsupported_media_type");
    expect(response.body.errorMessage).toMatch(/JSON.*multipart\/form-data/);
  });
});

describe("no English from the validator", () => {
  it.each([
    ["a JSON array", [], "Corpo da requisição deve ser um objeto JSON"],
    ["null", null, "Corpo da requisição deve ser um objeto JSON"],
    ["an object where a text goes", { Name: { a: 1 } }, "Name deve ser um texto"],
  ])("answers %s in Portuguese", async (_, body, message) => {
    const response = await call("demo", "PUT", "/1.0/company", { token, body });
    expectRefusal(response, message);
  });

  it("answers an object where a list goes in Portuguese", async () => {
    const response = await call("demo", "PUT", "/1.0/type/order/payment/1/rate", { token, body: {} });
    expectRefusal(response, "Corpo da requisição deve ser uma lista (array JSON)");
  });

  it("on every JSON route, for an array, null, a text and an empty object as the body", async () => {
    const leaks: string[] = [];
    const withBody = operations().filter((o) => !o.isPublic && jsonBodyOf(o));
    expect(withBody.length).toBeGreaterThan(50);
    for (const operation of withBody) {
      const path = pathOf(operation, Object.fromEntries(operation.pathParams.map((p) => [p.name, 1])));
      for (const body of [[], null, "x", {}, [{}]]) {
        const response = await call<ErrorBody>("demo", operation.method, path, { token, body });
        if (response.status >= 400 && VALIDATOR_ENGLISH.test(response.body.errorMessage))
          leaks.push(`${operation.key} ${JSON.stringify(body)}: ${response.body.errorMessage}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe("the start of the API", () => {
  it.each(["/", "/1.0", "/1.4/"])(
    "GET %s points to /docs and /openapi.json without a token",
    async (path) => {
      const response = await call<Record<string, string>>("demo", "GET", path);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        Docs: "http://demo.localhost/docs",
        OpenAPI: "http://demo.localhost/openapi.json",
        SignIn: expect.stringMatching(/^POST http:\/\/demo\.localhost\/1\.\d\/user\/signin\/local$/),
      });
    },
  );

  it("answers an unknown version 404 with its code", async () => {
    expect(await call("demo", "GET", "/2.0", { token })).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
  });
});

describe("every error body carries a documented code", () => {
  it("the OpenAPI Error schema lists every code of the table, with its meaning", async () => {
    const document = await call<{ components: { schemas: { Error: Record<string, any> } } }>(
      "demo",
      "GET",
      "/openapi.json",
    );
    const error = document.body.components.schemas.Error;
    expect(error.required).toEqual(["errorMessage", "code"]);
    expect(error.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
    for (const code of Object.keys(ERROR_CODES))
      expect(error.properties.code.description).toContain(`\`${code}\``);
  });

  it("on a 413 answered by the body limit", async () => {
    const big = await call<ErrorBody>("demo", "PUT", "/1.0/company", {
      token,
      rawBody: JSON.stringify({ Name: "x".repeat(1_100_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(big).toMatchObject({ status: 413, body: { code: "payload_too_large" } });
  });

  it("on a refusal a route writes itself, from its status (a 429 with no code of its own)", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", completeErrorAnswers);
    app.get("/throttled", (c) => c.json({ errorMessage: "Muitas tentativas" }, 429, { "Retry-After": "30" }));
    app.get("/coded", (c) => c.json({ errorMessage: "Não autorizado", code: "token_expired" }, 401));
    const throttled = await app.request("/throttled");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toBe("30");
    expect(await throttled.json()).toEqual({ errorMessage: "Muitas tentativas", code: "rate_limited" });
    const coded = await app.request("/coded");
    expect(await coded.json()).toEqual({ errorMessage: "Não autorizado", code: "token_expired" });
  });

  it("on malformed JSON", async () => {
    const response = await call("demo", "PUT", "/1.0/company", {
      token,
      rawBody: '{"Name": ',
      headers: { "Content-Type": "application/json" },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { errorMessage: "JSON malformado no corpo da requisição", code: "malformed_json" },
    });
  });
});
