import { app } from "../../src/app";

/**
 * The operations of the API as its own OpenAPI document declares them. Security and fuzz tests
 * iterate this table instead of a hand-written list, so a route added anywhere is covered the day
 * it is mounted.
 */

export type JsonSchema = Record<string, any>;

export type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: JsonSchema;
};

export type Operation = {
  /** `POST /accounts/bank-statement/transfer` */
  key: string;
  operationId: string;
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** OpenAPI path, e.g. `/accounts/payable/{idaccountpayable}/payment/{idaccountpayment}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Request body schema by content type (refs resolved lazily through `resolve`). */
  bodies: Record<string, JsonSchema>;
  bodyRequired: boolean;
  /** `security: []` on the operation: no token needed. */
  isPublic: boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, JsonSchema>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

let cached: { document: OpenApiDocument; operations: Operation[] } | undefined;

export function openApiDocument(): OpenApiDocument {
  return load().document;
}

/** Every operation of the document, in document order. */
export function operations(): Operation[] {
  return load().operations;
}

function load() {
  if (cached) return cached;
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "route table", version: "test" },
  }) as unknown as OpenApiDocument;
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "delete", "patch"].includes(method)) continue;
      const parameters = ((op.parameters ?? []) as Parameter[]).map((p) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        schema: p.schema ?? {},
      }));
      const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: JsonSchema }>;
      list.push({
        key: `${method.toUpperCase()} ${path}`,
        operationId: String(op.operationId ?? `${method} ${path}`),
        method: method.toUpperCase() as Operation["method"],
        path,
        pathParams: parameters.filter((p) => p.in === "path"),
        queryParams: parameters.filter((p) => p.in === "query"),
        bodies: Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema ?? {}])),
        bodyRequired: Boolean(op.requestBody?.required),
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  cached = { document, operations: list };
  return cached;
}

/** A schema with its `$ref` (to `#/components/schemas/...`) followed. */
export function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; depth < 10 && typeof current.$ref === "string"; depth++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = openApiDocument().components?.schemas?.[name] ?? {};
  }
  return current;
}

/** Path parameters that name a row: integer-typed, or called `id...`. */
export function isIdParameter(parameter: Parameter): boolean {
  const type = resolve(parameter.schema).type;
  return type === "integer" || /^id/i.test(parameter.name);
}

/** The concrete URL path (with the `/1.0` version prefix) of an operation for the given path values. */
export function pathOf(operation: Operation, values: Record<string, string | number>, version = "1.0") {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${operation.key}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  });
  return `/${version}${filled}`;
}

/** The JSON body content type of an operation, if it takes one. */
export const jsonBodyOf = (operation: Operation): JsonSchema | undefined =>
  operation.bodies["application/json"] ? resolve(operation.bodies["application/json"]) : undefined;

/**
 * A body built from the schema's examples (and first enum values), with required fields always
 * present: what a client copying the reference page would send.
 */
export function exampleOf(schema: JsonSchema | undefined): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<JsonSchema>(s.properties ?? {})) {
      const value = exampleOf(property);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  if (type === "array") return [];
  if (type === "integer") return 1;
  if (type === "number") return 1;
  if (type === "string") return s.format === "date" ? "2026-01-31" : "texto";
  if (type === "boolean") return true;
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(s[key])) return exampleOf(s[key][0]);
  }
  return undefined;
}
