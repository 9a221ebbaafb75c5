import fc from "fast-check";
import { exampleOf, jsonBodyOf, type Operation, resolve } from "../support/route-table";
import {
  hostilePathSegment,
  hostileValue,
  INJECTIONS,
  objectFor,
  queryValueFor,
  RAW_NUMBERS,
  targetedValues,
  validFor,
} from "./arbitraries";
import type { FuzzRequest } from "./http";

/** Builds the arbitrary of whole requests of one operation and its fixed hostile cases. */

/** Values starting with this marker go into the path as they are (malformed percent-encoding). */
export const RAW_SEGMENT = "\u0001";

/** A path segment: percent-encoded, lone surrogates as their (invalid) UTF-8 bytes, raw values as given. */
export function encodeSegment(value: unknown): string {
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  if (text.startsWith(RAW_SEGMENT)) return text.slice(RAW_SEGMENT.length);
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return encodeURIComponent(text.replace(lone, "\u0002")).replaceAll("%02", "%ED%A0%80");
}

const RAW_MARK = "__raw_number__";

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/xml",
  "application/json-patch+json",
  "image/png",
];

const HOSTILE_FILE_NAMES = [
  "../../etc/passwd",
  "..\\..\\boot.ini",
  "/etc/shadow",
  "extrato.ofx\u0000.exe",
  "con.csv",
  "a".repeat(1_000),
  "🎉.csv",
  "",
  ".",
  "%2e%2e%2fsecret",
];

const JOB_TYPES = ["SkuTemplate", "BankStatementOFX", "OrdersTemplate", "SkuCostRecalculate", "Nada", ""];

function jsonText(value: unknown, raw: string | undefined): string {
  const text = JSON.stringify(value) ?? "null";
  return raw === undefined ? text : text.replace(`"${RAW_MARK}"`, raw);
}

type Shape = { contentType: string | undefined; body: BodyInit | undefined; label: string };

function jsonBodies(schema: Record<string, unknown> | undefined, ids: number[]) {
  const object = schema
    ? objectFor(schema, 0, ids)
    : fc.dictionary(fc.string({ maxLength: 6 }), hostileValue, { maxKeys: 3 });
  const withRawNumber = fc
    .tuple(object, fc.constantFrom(...RAW_NUMBERS), fc.nat())
    .map(([value, raw, index]) => {
      const keys = Object.keys(value);
      if (keys.length === 0) return { value: RAW_MARK as unknown, raw };
      return { value: { ...value, [keys[index % keys.length]!]: RAW_MARK }, raw };
    });
  const value = fc.oneof(
    {
      arbitrary: object.map((v) => ({ value: v as unknown, raw: undefined as string | undefined })),
      weight: 6,
    },
    { arbitrary: withRawNumber, weight: 1 },
    { arbitrary: hostileValue.map((v) => ({ value: v, raw: undefined })), weight: 1 },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant("application/json"), weight: 8 },
    { arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES, undefined), weight: 1 },
  );
  return fc.tuple(value, contentType).map(([v, type]): Shape => {
    const text = jsonText(v.value, v.raw);
    return { contentType: type, body: text, label: text };
  });
}

function multipartBodies(schema: Record<string, unknown>) {
  const s = resolve(schema);
  const fields = Object.keys(s.properties ?? {}).filter((name) => name !== "file");
  return fc
    .record({
      withFile: fc.boolean(),
      fileName: fc.oneof(
        fc.constantFrom(...HOSTILE_FILE_NAMES),
        fc.constantFrom("produtos.csv", "extrato.ofx"),
      ),
      fileType: fc.constantFrom("text/csv", "application/x-ofx", "application/octet-stream", "image/png", ""),
      bytes: fc.uint8Array({ maxLength: 300 }),
      values: fc.array(
        fc.tuple(
          fc.constantFrom(...fields, "Extra"),
          fc.oneof(fc.constantFrom(...JOB_TYPES), fc.constantFrom(...INJECTIONS), fc.integer().map(String)),
        ),
        { maxLength: 3 },
      ),
    })
    .map((r): Shape => {
      const form = new FormData();
      if (r.withFile) form.append("file", new File([r.bytes], r.fileName, { type: r.fileType }));
      for (const [name, value] of r.values) form.append(name, value);
      return {
        contentType: undefined, // fetch writes multipart/form-data with its boundary
        body: form,
        label: `multipart file=${r.withFile ? `${JSON.stringify(r.fileName)} (${r.bytes.length} bytes, ${r.fileType})` : "none"} ${JSON.stringify(r.values)}`,
      };
    });
}

const octetBodies = fc
  .tuple(
    fc.uint8Array({ maxLength: 500 }),
    fc.constantFrom("application/octet-stream", "text/csv", "application/x-ofx"),
  )
  .map(([bytes, type]): Shape => ({ contentType: type, body: bytes, label: `${bytes.length} bytes` }));

function bodiesOf(operation: Operation, ids: number[]): fc.Arbitrary<Shape> {
  const options: fc.Arbitrary<Shape>[] = [];
  const json = operation.bodies["application/json"];
  if (json) options.push(jsonBodies(json, ids));
  const multipart = operation.bodies["multipart/form-data"];
  if (multipart) options.push(multipartBodies(multipart));
  if (operation.bodies["application/octet-stream"]) options.push(octetBodies);
  const none = fc.constant<Shape>({ contentType: undefined, body: undefined, label: "no body" });
  if (operation.method === "GET") return none;
  if (options.length === 0) {
    // Routes without a body still get one now and then.
    return fc.oneof({ arbitrary: none, weight: 4 }, { arbitrary: jsonBodies(undefined, ids), weight: 1 });
  }
  return fc.oneof({ arbitrary: none, weight: 1 }, ...options.map((arbitrary) => ({ arbitrary, weight: 6 })));
}

function pathArbitrary(operation: Operation, own: Record<string, string | number>) {
  const segments = operation.pathParams.map((p) =>
    fc.oneof(
      { arbitrary: fc.constant(String(own[p.name] ?? exampleOf(p.schema) ?? "1")), weight: 3 },
      { arbitrary: hostilePathSegment, weight: 2 },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let index = 0;
    return `/1.0${operation.path.replace(/\{[^}]+\}/g, () => encodeSegment(values[index++]))}`;
  });
}

function queryArbitrary(operation: Operation, ids: number[]) {
  const params = operation.queryParams.map((p) =>
    fc.option(
      fc
        .array(queryValueFor(p.schema, ids, p.name), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((v) => [p.name, v] as const)),
      { nil: undefined, freq: p.required ? 8 : 2 },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom("IDCompany", "companyId", "__proto__", "Page", "x"),
      queryValueFor({ type: "string" }),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([declared, extras]) => {
    const query = new URLSearchParams();
    for (const pairs of declared) for (const [name, value] of pairs ?? []) query.append(name, value);
    for (const [name, value] of extras) query.append(name, value);
    const text = query.toString();
    return text ? `?${text}` : "";
  });
}

/** A value the schema accepts: its documented example or a generated one. */
const plausible = (schema: Record<string, unknown>, ids: number[]) =>
  exampleOf(schema) === undefined
    ? validFor(schema, 0, ids)
    : fc.oneof(fc.constant(exampleOf(schema)), validFor(schema, 0, ids));

type Mutation = { slot: number; kind: "hostile" | "targeted" | "drop"; value: unknown; pick: number };

const mutations = fc.array(
  fc.record({
    slot: fc.nat(),
    kind: fc.constantFrom<Mutation["kind"]>("hostile", "hostile", "targeted", "targeted", "drop"),
    value: fc.oneof(hostileValue, hostilePathSegment),
    pick: fc.nat(),
  }),
  { maxLength: 2 },
);

/** A mutation's value: for `targeted`, one of the hostile values aimed at the field's name (if it has any). */
function mutated(change: Mutation, name: string): unknown {
  if (change.kind === "drop") return undefined;
  const targeted = change.kind === "targeted" ? targetedValues(name) : [];
  return targeted.length > 0 ? targeted[change.pick % targeted.length] : change.value;
}

/**
 * A plausible request (documented examples or schema-valid values everywhere, so it reaches the
 * domain rules) with zero, one or two fields made hostile or dropped.
 */
function nearValidRequests(operation: Operation, own: Record<string, string | number>, ids: number[]) {
  const body = jsonBodyOf(operation);
  const properties = Object.entries<Record<string, unknown>>(body?.properties ?? {});
  const bodyValues = fc.tuple(
    ...properties.map(([, p]) => fc.option(plausible(p, ids), { nil: undefined, freq: 5 })),
  );
  const queryValues = fc.tuple(
    ...operation.queryParams.map((p) =>
      fc.option(plausible(p.schema, ids), { nil: undefined, freq: p.required ? 1_000 : 2 }),
    ),
  );
  return fc.tuple(bodyValues, queryValues, mutations).map(([bodyPicked, queryPicked, changes]) => {
    const fields = [
      ...properties.map(([name], i) => ({ where: "body" as const, name, value: bodyPicked[i] as unknown })),
      ...operation.queryParams.map((p, i) => ({
        where: "query" as const,
        name: p.name,
        value: queryPicked[i] as unknown,
      })),
      ...operation.pathParams.map((p) => ({
        where: "path" as const,
        name: p.name,
        value: own[p.name] ?? exampleOf(p.schema) ?? 1,
      })),
    ];
    const applied: string[] = [];
    for (const change of changes) {
      if (fields.length === 0) break;
      const field = fields[change.slot % fields.length]!;
      field.value = mutated(change, field.name);
      applied.push(`${field.name}:${change.kind}`);
    }
    const path = `/1.0${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      return encodeSegment(fields.find((f) => f.where === "path" && f.name === name)?.value);
    })}`;
    const query = new URLSearchParams();
    for (const f of fields.filter((f) => f.where === "query" && f.value !== undefined)) {
      query.append(f.name, typeof f.value === "string" ? f.value : JSON.stringify(f.value));
    }
    const object: Record<string, unknown> = {};
    for (const f of fields.filter((f) => f.where === "body" && f.value !== undefined))
      object[f.name] = f.value;
    const text = body ? JSON.stringify(object) : undefined;
    const queryText = query.toString();
    return {
      url: `${path}${queryText ? `?${queryText}` : ""}`,
      shape: {
        contentType: body ? "application/json" : undefined,
        body: text,
        label: `${text ?? "no body"} (mutations: ${applied.join(", ") || "none"})`,
      } satisfies Shape,
    };
  });
}

/** Random requests of one operation; `token` is added as `Authorization` on authenticated routes. */
export function requestsOf(
  operation: Operation,
  own: Record<string, string | number>,
  token: string | undefined,
  ids: number[],
): fc.Arbitrary<FuzzRequest> {
  const random = fc
    .tuple(pathArbitrary(operation, own), queryArbitrary(operation, ids), bodiesOf(operation, ids))
    .map(([path, query, shape]) => ({ url: `${path}${query}`, shape }));
  const nearValid =
    operation.method === "GET" ||
    operation.bodies["application/json"] ||
    Object.keys(operation.bodies).length === 0
      ? nearValidRequests(operation, own, ids)
      : random;
  return fc.oneof(nearValid, random).map(({ url, shape }) => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `JWT ${token}`;
    if (shape.contentType) headers["Content-Type"] = shape.contentType;
    return { method: operation.method, url, headers, body: shape.body, bodyLabel: shape.label };
  });
}

/** How many of a body field's aimed hostile values the deterministic cases send (rotating over the list by field). */
const TARGETED_PER_FIELD = 6;

/**
 * Deterministic aimed cases of every operation: the documented example (body and required query) with one
 * field at a time replaced by hostile values aimed at its name (calendar-invalid dates, invalid CPF/CNPJ,
 * long and wildcard search text, control characters, integers beyond int32, 4-decimal quantities).
 */
export function targetedCases(
  operation: Operation,
  own: Record<string, string | number>,
  token: string | undefined,
): FuzzRequest[] {
  const path = `/1.0${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(String(own[name] ?? "1")))}`;
  const headers: Record<string, string> = token ? { Authorization: `JWT ${token}` } : {};
  const requiredQuery = operation.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, String(exampleOf(p.schema) ?? "1")] as const);
  const body = jsonBodyOf(operation);
  const example = body ? ((exampleOf(body) ?? {}) as Record<string, unknown>) : undefined;
  const cases: FuzzRequest[] = [];
  const send = (
    query: (readonly [string, string])[],
    json: Record<string, unknown> | undefined,
    label: string,
  ) => {
    const text = new URLSearchParams(query.map(([k, v]) => [k, v])).toString();
    const bodyText = json === undefined ? undefined : JSON.stringify(json);
    cases.push({
      method: operation.method,
      url: `${path}${text ? `?${text}` : ""}`,
      headers: bodyText === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: bodyText,
      bodyLabel: `${bodyText ?? "no body"} (aimed: ${label})`,
    });
  };
  const pick = (values: unknown[], offset: number) =>
    Array.from(
      { length: Math.min(TARGETED_PER_FIELD, values.length) },
      (_, k) => values[(offset + k * 5) % values.length],
    );
  // Query filters are cheap reads: every aimed value is sent to each of them.
  operation.queryParams.forEach((p) => {
    for (const value of targetedValues(p.name)) {
      const others = requiredQuery.filter(([name]) => name !== p.name);
      send([...others, [p.name, String(value)]], operation.method === "GET" ? undefined : example, p.name);
    }
  });
  if (example && operation.method !== "GET") {
    Object.keys(resolve(body).properties ?? {}).forEach((name, index) => {
      for (const value of pick(targetedValues(name), index))
        send(requiredQuery, { ...example, [name]: value }, name);
    });
  }
  return cases;
}

/**
 * Deterministic hostile cases of every operation: malformed JSON, wrong content types, bodies just
 * above the size limit, deep nesting.
 */
export function fixedCases(
  operation: Operation,
  own: Record<string, string | number>,
  token: string | undefined,
  limits: { maxBody: number; maxUpload: number; fileRoute: boolean },
): FuzzRequest[] {
  if (operation.method === "GET") return [];
  const path = `/1.0${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(String(own[name] ?? "1")))}`;
  const auth: Record<string, string> = token ? { Authorization: `JWT ${token}` } : {};
  const json = (body: string, type = "application/json"): FuzzRequest => ({
    method: operation.method,
    url: path,
    headers: { ...auth, "Content-Type": type },
    body,
    bodyLabel: body.length > 100 ? `${body.slice(0, 60)}… (${body.length} chars)` : body,
  });
  const malformed = [
    "{",
    '{"Value": }',
    '{"a":1,}',
    "[]]",
    "{'single': 'quotes'}",
    '{"Value": NaN}',
    '{"Value": Infinity}',
    '{"Value": 0x10}',
    '"\\ud800"',
    "\u0000",
    "\uFEFF{}",
    "null",
    "true",
    "123",
    '"texto"',
    "[]",
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    `${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}`,
  ].map((body) => json(body));
  const wrongTypes = WRONG_CONTENT_TYPES.map((type) => json("{}", type));
  const limit = limits.fileRoute ? limits.maxUpload : limits.maxBody;
  const oversize = json(`{"Description":"${"x".repeat(limit)}"}`);
  return [...malformed, ...wrongTypes, oversize];
}
