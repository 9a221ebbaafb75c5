import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { apiBaseUrl } from "./support/local-server";
import { type OpenApiDocument, openApiDocument } from "./support/openapi-walk";

// The validator compiles JSON Schemas to code at run time (ajv), which workerd forbids: this runs in Node.
describe("OpenAPI document validity", () => {
  it("is a valid OpenAPI 3.1 document for @readme/openapi-parser", async () => {
    const result = await validate(structuredClone(openApiDocument()) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.specification).toBe("OpenAPI");
  });

  it("reports a broken copy as invalid (the validator really looks)", async () => {
    const doc = structuredClone(openApiDocument()) as any;
    doc.paths["/accounts/bank-account"].post.responses = "not a responses object";
    const result = await validate(doc);
    expect(result.valid).toBe(false);
    expect(compileErrors(result)).toContain(`"responses": "not a responses object"`);
  });

  it("is the document the server serves at /openapi.json", async () => {
    const response = await fetch(`${apiBaseUrl()}/openapi.json`);
    expect(response.status).toBe(200);
    const served = (await response.json()) as OpenApiDocument;
    const built = openApiDocument();
    expect(served.paths).toEqual(built.paths);
    expect(served.components).toEqual(built.components);
    expect(served.tags).toEqual(built.tags);
    expect(served.servers[0]?.variables.domain?.default).toBe(`localhost:${new URL(apiBaseUrl()).port}`);
  });
});
