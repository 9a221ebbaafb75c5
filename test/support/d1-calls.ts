import { env } from "cloudflare:test";

/**
 * Counts the D1 calls a Worker invocation makes, as D1 counts them against its 1,000 queries per
 * invocation (Workers Paid; Miniflare does not enforce it): each `all`, `run`, `first` and `raw` of
 * a prepared statement is one, and a `batch` is as many as its statements.
 */
export type D1Calls = { reads: number; batches: number; batchStatements: number; total: number };

/** D1's limit of queries per Worker invocation (Workers Paid). */
export const D1_QUERIES_PER_INVOCATION = 1000;

const EXECUTIONS = new Set(["all", "run", "first", "raw"]);

/** `database` with every call counted in `calls`; prepared statements stay usable in a batch. */
export function countedD1(database: D1Database, calls: D1Calls): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind")
          return (...values: unknown[]) =>
            wrap((value as (...v: unknown[]) => D1PreparedStatement).apply(target, values));
        if (EXECUTIONS.has(String(property)))
          return (...args: unknown[]) => {
            calls.reads++;
            calls.total++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(database, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          calls.batches++;
          calls.batchStatements += statements.length;
          calls.total += statements.length;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export const noCalls = (): D1Calls => ({ reads: 0, batches: 0, batchStatements: 0, total: 0 });

/**
 * The bindings of the test Worker with the demo account's database counted: pass them to one
 * queue delivery (`deliver(..., bindings)`) or one request, and read `calls` after it.
 */
export function countedEnv(calls: D1Calls): typeof env {
  return { ...env, DB_DEMO: countedD1(env.DB_DEMO, calls) };
}
