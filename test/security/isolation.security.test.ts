import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, call, signIn } from "../support/api";
import { changedTables, snapshot } from "../support/invariants";
import {
  exampleOf,
  isIdParameter,
  jsonBodyOf,
  type Operation,
  operations,
  pathOf,
} from "../support/route-table";
import { seedAccounts } from "../support/seed";
import { PARAM_FACTORIES, pathValuesFor } from "./param-factories";

/**
 * Company isolation, generated from the OpenAPI document: for every authenticated route with an id
 * in its path, company 1 (admin@demo.local, who also has access to company 2) naming a row of
 * company 2 gets exactly the answer of a missing id, and no row of the account changes.
 */

beforeAll(seedAccounts);

const MISSING_ID = 2_147_483_000;
/**
 * Registries the same for every company of the account (seeded by migrations), so their ids name no
 * company's row: each names the test of its reads.
 */
const ACCOUNT_WIDE_ROUTES: Record<string, string> = {
  "GET /type/order/status/{idstatusorder}":
    "test/routes/orders/statuses.test.ts: the seeded order status registry, the same for every company",
};

const idOperations = operations().filter(
  (o) => !o.isPublic && o.pathParams.some(isIdParameter) && !(o.key in ACCOUNT_WIDE_ROUTES),
);

/**
 * Public routes with path parameters carry their own credential (the signed upload URL): each
 * names the test that proves another company's or account's key is refused.
 */
const PUBLIC_ROUTES_WITH_PARAMS: Record<string, string> = {
  "PUT /upload/{account}/{company}/{route}/{id}":
    "test/fuzz/uploads.fuzz.test.ts: a signed URL moved to another company, account, route or id is refused",
  "POST /openfinance/webhook/{idcompanyintegration}":
    "test/routes/openfinance/webhook-and-states.test.ts: a wrong or missing secret is a 401 that writes nothing; an item or account of no feed of the integration is refused with a stored reason",
  "POST /pix/webhook/{secret}/pix":
    "test/routes/pix/webhook.test.ts: a wrong secret is a 401 that writes nothing; company A's secret writes only into company A; a secret is unknown on another account's host",
};

/** The body a client copying the reference page would send (the same for every call of a route). */
const bodyFor = (operation: Operation) => {
  const schema = jsonBodyOf(operation);
  return schema ? exampleOf(schema) : undefined;
};

/** Status and body, with the ids of the request replaced so two answers can be compared. */
function comparable(response: ApiResponse, ids: number[]) {
  let text = JSON.stringify(response.body);
  for (const id of ids) text = text.replaceAll(String(id), "<id>");
  return { status: response.status, body: text };
}

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn("demo", "admin@demo.local");
});

const send = (operation: Operation, values: Record<string, number>, body: unknown) =>
  call("demo", operation.method, pathOf(operation, values), { token: adminToken, body });

describe("the route table", () => {
  it("lists the authenticated routes with ids from the OpenAPI document", () => {
    expect(idOperations.length).toBeGreaterThan(40);
    expect(idOperations.map((o) => o.key)).toContain(
      "DELETE /accounts/bank-statement/transfer/{idbankstatement}",
    );
  });

  it("has a factory for every id path parameter (a new route without one fails here)", () => {
    const missing = idOperations.flatMap((o) =>
      o.pathParams
        .filter((p) => isIdParameter(p) && !PARAM_FACTORIES[p.name])
        .map((p) => `${o.key} {${p.name}}`),
    );
    expect(missing).toEqual([]);
  });

  it("names the check of every public route with path parameters", () => {
    const unlisted = operations()
      .filter((o) => o.isPublic && o.pathParams.length > 0 && !(o.key in PUBLIC_ROUTES_WITH_PARAMS))
      .map((o) => o.key);
    expect(unlisted).toEqual([]);
  });
});

describe.each(idOperations.map((o) => [o.key, o] as const))("%s", (_key, operation) => {
  it("answers another company's row as a missing id and changes nothing", async () => {
    const own = await pathValuesFor(operation, 1);
    const foreign = await pathValuesFor(operation, 2);
    const body = bodyFor(operation);
    const variants: { label: string; foreign: Record<string, number>; missing: Record<string, number> }[] =
      [];
    for (const parameter of operation.pathParams.filter(isIdParameter)) {
      variants.push({
        label: `{${parameter.name}} of company 2`,
        foreign: { ...own, [parameter.name]: foreign[parameter.name]! },
        missing: { ...own, [parameter.name]: MISSING_ID },
      });
    }
    if (variants.length > 1) {
      const allMissing = Object.fromEntries(Object.keys(foreign).map((name) => [name, MISSING_ID]));
      variants.push({ label: "every id of company 2", foreign, missing: allMissing });
    }

    for (const variant of variants) {
      const before = await snapshot(env.DB_DEMO);
      const foreignAnswer = await send(operation, variant.foreign, body);
      const missingAnswer = await send(operation, variant.missing, body);
      const after = await snapshot(env.DB_DEMO);
      const ids = [...Object.values(variant.foreign), MISSING_ID];
      expect(foreignAnswer.status, `${variant.label}: ${JSON.stringify(foreignAnswer.body)}`).toBeLessThan(
        500,
      );
      expect(comparable(foreignAnswer, ids), variant.label).toEqual(comparable(missingAnswer, ids));
      expect(changedTables(before, after), variant.label).toEqual([]);
    }

    // The same request on company 1's own rows is answered differently: the id was really looked up.
    const ownAnswer = await send(operation, own, body);
    const missingAnswer = await send(operation, variants[0]!.missing, body);
    const ids = [...Object.values(own), MISSING_ID];
    expect(comparable(ownAnswer, ids), "own rows answer like a missing id").not.toEqual(
      comparable(missingAnswer, ids),
    );
  });
});
