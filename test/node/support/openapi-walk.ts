import { app } from "../../../src/app";
import { buildOpenApiDocument } from "../../../src/http/openapi";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  maxLength?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
};
export type Media = { schema?: Schema; example?: unknown };
export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string; variables: Record<string, { default: string; enum?: string[] }> }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
};

/** The document exactly as `/openapi.json` serves it on `demo.localhost:8787`, built in Node without a server. */
export function openApiDocument(): OpenApiDocument {
  const doc = buildOpenApiDocument(app, "http://demo.localhost:8787/openapi.json");
  return JSON.parse(JSON.stringify(doc));
}

export const HTTP_METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** Every operation with its method and path. */
export function operationsOf(doc: OpenApiDocument): { method: string; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

export function resolve(doc: OpenApiDocument, schema: Schema): { name?: string; schema: Schema } {
  if (!schema.$ref) return { schema };
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return { name, schema: target };
}

/** Whether a schema says what its value is: a type, a fixed set, a reference or a combination of those. */
export function hasType(schema: Schema): boolean {
  return Boolean(
    schema.type ||
      schema.enum ||
      "const" in schema ||
      schema.$ref ||
      schema.anyOf ||
      schema.oneOf ||
      schema.allOf,
  );
}

const ANNOTATIONS = new Set(["description", "example", "examples", "title", "deprecated"]);
const isSchemaPart = (part: Schema) => Object.keys(part).some((key) => !ANNOTATIONS.has(key));

export type Visit = { where: string; field?: string; schema: Schema; parentName?: string };

/**
 * Calls `visit` on every schema reachable from `root`: properties, array items, map values and the
 * branches of unions, following `$ref`s once each per walk.
 */
export function walkSchema(doc: OpenApiDocument, root: Schema, where: string, visit: (v: Visit) => void) {
  const seen = new Set<string>();
  const go = (schema: Schema, at: string, field: string | undefined, parentName: string | undefined) => {
    visit({ where: at, field, schema, parentName });
    const { name, schema: target } = resolve(doc, schema);
    if (name) {
      if (seen.has(name)) return;
      seen.add(name);
    }
    const owner = name ?? parentName;
    for (const [key, property] of Object.entries(target.properties ?? {})) {
      go(property, `${at}.${key}`, key, owner);
    }
    // the items of an always-empty list (`maxItems: 0`) have nothing to describe
    if (target.items && target.maxItems !== 0) go(target.items, `${at}[]`, undefined, owner);
    if (target.additionalProperties && typeof target.additionalProperties === "object") {
      go(target.additionalProperties, `${at}{}`, undefined, owner);
    }
    // an `allOf` part holding only annotations (a description on a referenced schema) is no schema of its own
    const parts = [
      ...(target.anyOf ?? []),
      ...(target.oneOf ?? []),
      ...(target.allOf ?? []).filter(isSchemaPart),
    ];
    for (const [i, part] of parts.entries()) go(part, `${at}|${i}`, undefined, owner);
  };
  go(root, where, undefined, undefined);
}
