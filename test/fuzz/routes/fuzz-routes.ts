import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { pathValuesFor } from "../../security/param-factories";
import { signIn } from "../../support/api";
import { installWriteAudit, invariantViolations } from "../../support/invariants";
import { useSeed } from "../../support/replay";
import { isIdParameter, type Operation, operations } from "../../support/route-table";
import { seedAccounts } from "../../support/seed";
import { type FuzzStats, fuzzState, sendAndCheck } from "../http";
import { fixedCases, requestsOf, targetedCases } from "../requests";

/**
 * Property-based hostile input over every route of the OpenAPI document: generated path ids,
 * query strings and bodies (valid or hostile per field), malformed JSON, wrong content types,
 * oversize bodies, and values aimed at each field by its name (calendar-invalid dates, invalid
 * CPF/CNPJ, long and wildcard search text, C0/C1/NUL/emoji/RTL text, integers beyond int32,
 * 4-decimal quantities). Every answer must be below 500; every refusal a JSON `{errorMessage, code}` that
 * wrote nothing. The cases tried per route are printed at the end of the run and written to
 * docs/artifacts/fuzz-summary.json by test/fuzz/summary-reporter.mjs.
 */

/**
 * Generated cases per route, on top of the fixed and targeted ones (every hostile value aimed at
 * each field by name, always sent). The seed changes every run, so the generated cases differ from
 * run to run and their coverage adds up over runs; 16 keeps the whole suite, grown by the SEFAZ and
 * Mercado Livre routes and the D1 budget suite, within its time budget. 12 was measured (24 seeds,
 * 222 routes, each request classed as near-valid with no/hostile/aimed/dropped field or random with
 * no body, JSON, wrong content type, hostile path, query): every route is still reached (the fixed
 * and aimed cases are always sent) but a run misses 13.1% of the route-classes a route can reach
 * against 8.8% at 16, and the routes that meet every class in a run fall from 88 to 65; near-valid
 * requests with a hostile or aimed field are missed on twice as many routes. It would save 896 of
 * the run's 10,459 requests (about 17 s over the workers, 5 to 6 s of the run): not worth it.
 */
const RUNS_PER_ROUTE = 16;

/**
 * The routes are fuzzed in `SHARDS` files of this folder, each taking every `SHARDS`-th route of
 * the OpenAPI document on its own fresh databases, so the two test workers share the work.
 */
const SHARDS = 4;
const UPLOAD_ROUTE = /^(PUT \/upload\/|POST \/job$|POST \/sku\/template$|POST \/orders\/template$)/;

/** Fuzzes the `index`-th share of the routes (0 to SHARDS - 1), then checks the invariants. */
export function fuzzRoutes(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= SHARDS) throw new Error(`no fuzz share ${index}`);
  useSeed();

  let token: string;
  const stats = new Map<string, FuzzStats>();

  beforeAll(async () => {
    await seedAccounts();
    await installWriteAudit(env.DB_DEMO);
    token = await signIn("demo", "admin@demo.local");
  });

  async function ownValues(operation: Operation): Promise<Record<string, string | number>> {
    if (operation.isPublic) return {};
    if (!operation.pathParams.some(isIdParameter)) return {};
    return pathValuesFor(operation, 1);
  }

  const shard = operations().filter((_, i) => i % SHARDS === index);
  describe.each(shard.map((o) => [o.key, o] as const))("%s", (key, operation) => {
    it("never answers 5xx; every refusal is {errorMessage, code} and writes nothing", async ({ task }) => {
      // the sign-in route's fuzz fails many sign-ins from one client, and its throttle would then refuse
      // the sign-ins of the routes after it in this file (the path values' factories sign in) for the
      // rest of its window: each route starts with none counted
      await env.DB_DEMO.prepare("DELETE FROM sign_in_throttle").run();
      const own = await ownValues(operation);
      const routeStats: FuzzStats = { cases: 0, statuses: {} };
      stats.set(key, routeStats);
      const state = await fuzzState(UPLOAD_ROUTE.test(key));
      const auth = operation.isPublic ? undefined : token;
      const ids = [
        ...new Set([1, 2, 3, ...Object.values(own).filter((v): v is number => typeof v === "number")]),
      ];
      await fc.assert(
        fc.asyncProperty(requestsOf(operation, own, auth, ids), async (request) => {
          await sendAndCheck(request, routeStats, state);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      const limits = {
        maxBody: Number(env.MAX_BODY_BYTES),
        maxUpload: Number(env.MAX_UPLOAD_BYTES),
        fileRoute: state.upload,
      };
      for (const request of [
        ...fixedCases(operation, own, auth, limits),
        ...targetedCases(operation, own, auth),
      ]) {
        await sendAndCheck(request, routeStats, state);
      }
      task.meta.fuzz = { route: key, ...routeStats };
      console.warn("STAT", key, JSON.stringify(routeStats.statuses));
      expect(routeStats.cases).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    });
  });

  describe("after the fuzz run", () => {
    it("the ledger, titles, bank lines and transfers are still consistent", async () => {
      expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    });
  });
}
