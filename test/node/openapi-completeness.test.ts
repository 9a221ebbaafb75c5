import { describe, expect, it } from "vitest";
import { API_TAGS } from "../../src/http/openapi";
import { REQUEST_EXAMPLES } from "../../src/http/openapi-examples";
import { hasType, openApiDocument, operationsOf, type Schema, walkSchema } from "./support/openapi-walk";

const doc = openApiDocument();
const operations = operationsOf(doc);
const isPublic = (security: unknown[] | undefined) => Array.isArray(security) && security.length === 0;
const jsonSchemas = (content: Record<string, { schema?: Schema }> | undefined) =>
  Object.entries(content ?? {}).filter(([type]) => type.includes("json") || type.includes("form-data"));

describe("OpenAPI document completeness", () => {
  it("declares the document-level pieces a client needs", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("2026-05-29");
    expect(doc.components.securitySchemes.JWT).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    expect(doc.security).toEqual([{ JWT: [] }]);
    const variables = doc.servers[0]!.variables;
    expect(doc.servers[0]!.url).toBe("{scheme}://{account}.{domain}/{version}");
    expect(variables.account!.default).toBe("demo");
    expect(variables.domain!.default).toBe("localhost:8787");
    expect(variables.version).toMatchObject({ default: "1.0", enum: ["1.0", "1.1", "1.4"] });
  });

  it("has many operations (the walk below really walks)", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it("gives every operation a unique operationId, one declared tag, a summary and a description", () => {
    const declared = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    expect([...declared.keys()]).toEqual(API_TAGS.map((tag) => tag.name));
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const { method, path, operation } of operations) {
      const at = `${method.toUpperCase()} ${path}`;
      if (!operation.operationId?.match(/^[a-z][a-zA-Z0-9]*$/)) problems.push(`${at}: operationId`);
      else if (ids.has(operation.operationId)) problems.push(`${at}: duplicate operationId`);
      ids.add(operation.operationId ?? "");
      if (operation.tags?.length !== 1 || !declared.has(operation.tags[0]!))
        problems.push(`${at}: tag ${operation.tags}`);
      if (!operation.summary?.trim()) problems.push(`${at}: summary`);
      if (!operation.description?.trim()) problems.push(`${at}: description`);
    }
    for (const [name, description] of declared) if (!description) problems.push(`tag ${name}: description`);
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    for (const name of declared.keys()) if (!used.has(name)) problems.push(`tag ${name} has no operation`);
    expect(problems).toEqual([]);
  });

  it("documents every answer: 200 with a schema, the error body on 400/401/404/500, 413 where a body is read", () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations) {
      const at = `${method.toUpperCase()} ${path}`;
      // 202 where the route only starts a job (POST /orders/{idorder}/nfe, POST /nfe/batch)
      const ok = operation.responses["200"] ?? operation.responses["202"];
      // A file answer (shipping labels) declares its media types with a binary schema instead of JSON.
      const isFile = Object.values(ok?.content ?? {}).some((media) => media.schema?.format === "binary");
      if (!ok?.description || (jsonSchemas(ok.content).length === 0 && !isFile))
        problems.push(`${at}: 200 schema`);
      const expected = ["400", "404", "500"];
      if (!isPublic(operation.security)) expected.push("401");
      if (operation.requestBody) expected.push("413");
      for (const status of expected) {
        const schema = operation.responses[status]?.content?.["application/json"]?.schema;
        if (schema?.$ref !== "#/components/schemas/Error") problems.push(`${at}: ${status} error body`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components.schemas.Error).toMatchObject({ required: ["errorMessage", "code"] });
  });

  it("describes every parameter with a typed schema", () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        const at = `${method.toUpperCase()} ${path} ${parameter.in}:${parameter.name}`;
        if (!parameter.description?.trim()) problems.push(`${at}: description`);
        if (!parameter.schema || !hasType(parameter.schema)) problems.push(`${at}: schema type`);
        if (parameter.in === "path" && !parameter.required)
          problems.push(`${at}: path parameter not required`);
      }
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const declared = operation.parameters?.some((p) => p.in === "path" && `{${p.name}}` === name);
        if (!declared) problems.push(`${method.toUpperCase()} ${path}: path parameter ${name} undeclared`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("gives every property of every request and response schema a type and a description", () => {
    const problems = new Set<string>();
    for (const { method, path, operation } of operations) {
      const at = `${method.toUpperCase()} ${path}`;
      const roots = [
        ...jsonSchemas(operation.requestBody?.content).map(
          ([type, media]) => [`${at} body(${type})`, media.schema] as const,
        ),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          jsonSchemas(response.content).map(([, media]) => [`${at} ${status}`, media.schema] as const),
        ),
      ];
      for (const [where, root] of roots) {
        if (!root) {
          problems.add(`${where}: no schema`);
          continue;
        }
        walkSchema(doc, root, where, ({ where: inner, field, schema }) => {
          if (!hasType(schema)) problems.add(`${inner}: no type`);
          if (field && !schema.$ref && !schema.description?.trim()) problems.add(`${inner}: no description`);
        });
      }
    }
    expect([...problems]).toEqual([]);
  });

  it("bounds every input: strings by length or format, numbers by a maximum, lists by a size", () => {
    // Inputs that have no bound by design: a brand's Score is any finite number, and the signed upload
    // URL's query values are checked by their HMAC signature, not by their shape.
    const unbounded = [
      /^PUT \/brand\/\{idbrand\} body\(application\/json\)\.Score$/,
      /^PUT \/upload\/\S+ query:(expires|signature)$/,
    ];
    const problems = new Set<string>();
    const check = (schema: Schema, at: string) => {
      if (unbounded.some((pattern) => pattern.test(at))) return;
      const types = [schema.type ?? []].flat();
      if (schema.enum || "const" in schema || schema.$ref) return;
      if (types.includes("string") && !(schema.maxLength || schema.format || schema.pattern)) {
        problems.add(`${at}: string without maxLength/format/pattern`);
      }
      if ((types.includes("integer") || types.includes("number")) && schema.maximum === undefined) {
        if (schema.exclusiveMaximum === undefined) problems.add(`${at}: number without maximum`);
      }
      if (types.includes("array") && schema.maxItems === undefined)
        problems.add(`${at}: list without maxItems`);
    };
    for (const { method, path, operation } of operations) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema) check(parameter.schema, `${at} ${parameter.in}:${parameter.name}`);
      }
      for (const [type, media] of jsonSchemas(operation.requestBody?.content)) {
        if (!media.schema) continue;
        walkSchema(doc, media.schema, `${at} body(${type})`, ({ where, schema }) => check(schema, where));
      }
    }
    expect([...problems]).toEqual([]);
  });

  it("puts the walkthrough examples on the request bodies of existing operations", () => {
    const byId = new Map(operations.map(({ operation }) => [operation.operationId, operation]));
    for (const [operationId, examples] of Object.entries(REQUEST_EXAMPLES)) {
      const body = byId.get(operationId)?.requestBody?.content["application/json"];
      expect(body, operationId).toBeDefined();
      expect((body as { examples?: unknown }).examples).toEqual(examples);
    }
    const signIn = doc.paths["/user/signin/local"]!.post!.requestBody!.content["application/json"] as {
      examples: Record<string, { value: unknown }>;
    };
    expect(Object.values(signIn.examples)[0]!.value).toEqual({
      Email: "admin@demo.local",
      Password: "demo123",
    });
  });
});
