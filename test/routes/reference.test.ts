import { describe, expect, it } from "vitest";
import { call } from "../support/api";

/** The parts of the OpenAPI document this test reads (the document is served outside itself). */
type Reference = {
  openapi: string;
  components: { securitySchemes: Record<string, unknown> };
  security: unknown;
  servers: { variables: unknown }[];
  paths: Record<string, Record<string, { security?: unknown }>>;
};

describe("API reference", () => {
  it("serves the OpenAPI 3.1 document with the JWT scheme and account/version server variables", async () => {
    const response = await call<Reference>("demo", "GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body.components.securitySchemes.JWT).toMatchObject({
      type: "apiKey",
      name: "Authorization",
    });
    expect(response.body.security).toEqual([{ JWT: [] }]);
    expect(response.body.servers[0]!.variables).toMatchObject({
      account: { default: "demo" },
      version: { default: "1.0", enum: ["1.0", "1.1", "1.4"] },
    });
    expect(response.body.paths["/user/signin/local"]!.post!.security).toEqual([]);
  });

  it("serves the interactive reference page with its renderer as a local asset", async () => {
    const response = await call("demo", "GET", "/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(String(response.body)).toContain("/docs/scalar.js");
    expect(String(response.body)).toContain("/openapi.json");
  });
});
