import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";

/**
 * Every 200 answer of the HTTP tests is checked against the response schema its route declares in
 * `/openapi.json` (OpenAPI 3.1, JSON Schema 2020-12), so an answer that drifts from the document
 * fails the test that received it. The document is loaded once per test file; one validator per
 * operation is built when first needed (no code generation: it runs inside workerd as in Node).
 */

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

type Route = { template: string; pattern: RegExp; literals: number; methods: Record<string, Operation> };

/** Paths served outside the document on purpose: the document itself and the reference page. */
const UNDOCUMENTED = new Set(["/openapi.json", "/docs"]);
const VERSION_PREFIX = /^\/(?:1\.0|1\.1|1\.4)(?=\/|$)/;

function routesOf(document: OpenApiDocument): Route[] {
  const routes = Object.entries(document.paths).map(([template, methods]) => {
    const segments = template.split("/").filter(Boolean);
    const source = segments
      .map((segment) =>
        /^\{[^}]+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    return {
      template,
      pattern: new RegExp(`^/${source}/?$`),
      literals: segments.filter((segment) => !segment.startsWith("{")).length,
      methods,
    };
  });
  // a literal segment wins over a parameter: `/job/{idjob}` never takes `/job/...` paths it does not own
  return routes.sort((a, b) => b.literals - a.literals);
}

/** The operation answering `method path` (path without host, version or query), as the router would pick it. */
function routeOf(routes: Route[], method: string, path: string) {
  return routes.find((route) => route.pattern.test(path) && route.methods[method.toLowerCase()]);
}

function validatorFor(
  validators: Map<string, Validator | null>,
  document: OpenApiDocument,
  route: Route,
  method: string,
): Validator | null {
  const key = `${method} ${route.template}`;
  if (validators.has(key)) return validators.get(key)!;
  const operation = route.methods[method.toLowerCase()]!;
  const schema = operation.responses?.["200"]?.content?.["application/json"]?.schema;
  // `#/components/schemas/...` resolves inside the validator's own copy of the components
  const validator =
    schema === undefined
      ? null
      : new Validator(
          structuredClone({ ...schema, components: document.components }) as Schema,
          "2020-12",
          false,
        );
  validators.set(key, validator);
  return validator;
}

const describeErrors = (errors: OutputUnit[]) =>
  errors
    .filter(
      (error) => error.keyword !== "properties" && error.keyword !== "items" && error.keyword !== "$ref",
    )
    .map((error) => `  ${error.instanceLocation}: ${error.error} (${error.keywordLocation})`)
    .join("\n");

/**
 * A check of 200 answers against the document `loadDocument` answers (called once, on the first
 * check). The check throws when a 200 JSON answer does not match the response schema its route
 * declares, or when the route is not in the document at all.
 */
export function answerChecker(loadDocument: () => Promise<OpenApiDocument>) {
  let loaded: Promise<{ document: OpenApiDocument; routes: Route[] }> | undefined;
  const validators = new Map<string, Validator | null>();
  return async function expectDeclaredAnswer(
    method: string,
    url: string,
    contentType: string,
    body: unknown,
  ) {
    if (!/^application\/json\b/i.test(contentType)) return;
    const { pathname } = new URL(url);
    const path = pathname.replace(VERSION_PREFIX, "") || "/";
    if (UNDOCUMENTED.has(path)) return;
    loaded ??= loadDocument().then((document) => ({ document, routes: routesOf(document) }));
    const { document, routes } = await loaded;
    const route = routeOf(routes, method, path);
    if (!route)
      throw new Error(`${method} ${path} answered 200 with JSON but /openapi.json has no such operation`);
    const validator = validatorFor(validators, document, route, method);
    if (!validator) {
      throw new Error(
        `${method} ${route.template} answered 200 with JSON but declares no JSON answer for 200`,
      );
    }
    const result = validator.validate(body);
    if (!result.valid) {
      throw new Error(
        `${method} ${route.template}: the 200 answer does not match its declared schema\n${describeErrors(result.errors)}\n  answer: ${JSON.stringify(body).slice(0, 1000)}`,
      );
    }
  };
}

/**
 * A check of error answers (4xx, 5xx) against the `Error` schema of the document: a JSON body with
 * `errorMessage` and a `code` of the enum, so no refusal drifts from the documented shape.
 */
export function errorChecker(loadDocument: () => Promise<OpenApiDocument>) {
  let validator: Promise<Validator> | undefined;
  return async function expectDeclaredError(
    method: string,
    url: string,
    status: number,
    contentType: string,
    text: string,
  ) {
    const at = `${method} ${new URL(url).pathname} answered ${status}`;
    if (!/^application\/json\b/i.test(contentType))
      throw new Error(`${at} with ${contentType || "no Content-Type"}, not the JSON error body`);
    validator ??= loadDocument().then(
      (document) =>
        new Validator(
          structuredClone({ $ref: "#/components/schemas/Error", components: document.components }) as Schema,
          "2020-12",
          false,
        ),
    );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${at} with a body that is not JSON: ${text.slice(0, 300)}`);
    }
    const result = (await validator).validate(body);
    if (!result.valid) {
      throw new Error(
        `${at}: the error body does not match the Error schema\n${describeErrors(result.errors)}\n  answer: ${text.slice(0, 1000)}`,
      );
    }
  };
}
