// Counts the D1 calls a piece of work makes, the way D1's per-invocation limit counts them: a
// statement run alone (`first`, `run`, `all`, `raw`) is one query; a `batch` is as many queries as
// it has statements; `exec` one per call. D1 allows 1,000 queries per Worker invocation on Workers
// Paid (developers.cloudflare.com/d1/platform/limits, "Queries per Worker invocation") and Miniflare
// does not enforce it: the tests and the benchmarks wrap the bindings with this counter instead
// (the Worker's entry does it for every invocation when asked, ./invocation-guard.ts).

/** What a counted binding saw: single statements, batches and their statements, and the total. */
export type D1Calls = {
  /** Statements run alone (`first`, `run`, `all`, `raw`) and `exec` calls. */
  single: number;
  /** `batch` calls. */
  batches: number;
  /** Statements of those batches. */
  batchStatements: number;
  /** Queries against the limit: `single + batchStatements`. */
  total: number;
};

/** D1's limit of queries per Worker invocation (Workers Paid): what a test fails above. */
export const D1_QUERIES_PER_INVOCATION = 1000;

export const noCalls = (): D1Calls => ({ single: 0, batches: 0, batchStatements: 0, total: 0 });

const RUNS = new Set(["first", "run", "all", "raw"]);

/** The statements handed out by counted bindings, to give D1's `batch` its own objects back. */
const originals = new WeakMap<object, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement, calls: D1Calls): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind") return (...values: unknown[]) => countedStatement(target.bind(...values), calls);
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (typeof prop === "string" && RUNS.has(prop))
        return (...args: unknown[]) => {
          calls.single++;
          calls.total++;
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/** `database` (a binding or one of its sessions) with every call counted into `calls`. */
export function countedD1<T extends D1Database | D1DatabaseSession>(database: T, calls: D1Calls): T {
  return new Proxy(database, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => countedStatement(target.prepare(sql), calls);
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          calls.batches++;
          calls.batchStatements += statements.length;
          calls.total += statements.length;
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      if (prop === "exec")
        return (sql: string) => {
          calls.single++;
          calls.total++;
          return (target as D1Database).exec(sql);
        };
      if (prop === "withSession")
        return (constraint?: string) => countedD1((target as D1Database).withSession(constraint), calls);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const isD1 = (value: unknown): value is D1Database =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as D1Database).prepare === "function" &&
  typeof (value as D1Database).batch === "function";

/**
 * `env` with each of its D1 bindings counted into `calls` (every tenant's database: the limit is per
 * invocation, whichever databases it reaches). Everything else is passed through as is.
 */
export function countedEnv<E extends object>(env: E, calls: D1Calls): E {
  const counted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env))
    counted[name] = isD1(value) ? countedD1(value, calls) : value;
  return counted as E;
}
