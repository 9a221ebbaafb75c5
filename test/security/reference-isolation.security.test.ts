import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, call, signIn } from "../support/api";
import { changedTables, snapshot } from "../support/invariants";
import { exampleOf, jsonBodyOf, type Operation, operations, pathOf } from "../support/route-table";
import { seedAccounts } from "../support/seed";
import { PARAM_FACTORIES, pathValuesFor } from "./param-factories";

/**
 * The other half of company isolation, also generated from the OpenAPI document: ids that name a
 * row in a query string or a JSON body (filters, IDBankAccount of a payment, titles of a
 * reconciliation...). Company 1 naming company 2's row gets the answer of a missing id; a refusal
 * writes nothing, and nothing is ever attached to the foreign row.
 */

const MISSING_ID = 2_147_483_000;

/**
 * Id fields that are codes, not rows (IDCompany has its own test). `IDOrder` of a purchase names a
 * sales order, and this build has no order rows yet to check it against.
 */
const NOT_ROW_IDS = new Set([
  "IDTypeAccount",
  "IDTypeRule",
  "IDTypeStatusConciliation",
  "IDCompany",
  "IDTypeMovement",
  // a carrier collection list of the hub: another company's list is refused by the label route, tested in
  // test/routes/hub/products-labels.test.ts ("another company's list...")
  "IDOrdersCarrierCollectionList",
  // seeded account-wide registries and channel codes: the same for every company
  "IDStatusOrder",
  "IDStatusPurchase",
  "IDNfCstIbsCbs",
  "IDSalesChannel",
  "IDTypeCompanyIntegration",
  // the tracking status code a tracking message template fires on (a code list of the orders area)
  "IDTrackingStatus",
]);

/** Fields whose row kind is named differently from the path parameter's factory. */
const FIELD_FACTORY: Record<string, string> = {
  IDBankFrom: "idbankaccount",
  IDBankTo: "idbankaccount",
  IDBankAccountTo: "idbankaccount",
  IDCompanyIntegrationPix: "idcompanyintegration",
  IDWarehouseFrom: "idwarehouse",
  IDWarehouseTo: "idwarehouse",
  IDCarrier: "idsupplier",
  IDWarehouseHub: "idwarehouse",
  IDNfeEvents: "idnfevents",
  IDBankStatementConciliationFrom: "idbankstatementconciliation",
  IDBankStatementConciliationTo: "idbankstatementconciliation",
};

/** List fields holding row ids: how one id is written into them, and the factory of the row. */
const LIST_FIELDS: Record<string, { factory: string; value: (id: number) => unknown }> = {
  Accounts: { factory: "idaccountreceivable", value: (id) => [{ IDAccountPayableReceivable: id }] },
  Transfers: { factory: "idbankstatement", value: (id) => [{ IDBankStatement: id }] },
  Companies: { factory: "idcompanyinvoice", value: (id) => [id] },
  IDOrders: { factory: "idorder", value: (id) => [id] },
};

type Field = { where: "query" | "body"; name: string; factory: string | undefined };

const factoryOf = (name: string) =>
  LIST_FIELDS[name]?.factory ??
  FIELD_FACTORY[name] ??
  (PARAM_FACTORIES[name.toLowerCase()] ? name.toLowerCase() : undefined);

function referenceFields(operation: Operation): Field[] {
  const query = operation.queryParams
    .filter((p) => /^ID/.test(p.name) && !NOT_ROW_IDS.has(p.name))
    .map((p) => ({ where: "query" as const, name: p.name, factory: factoryOf(p.name) }));
  const body = Object.keys(jsonBodyOf(operation)?.properties ?? {})
    .filter((name) => (/^ID/.test(name) && !NOT_ROW_IDS.has(name)) || name in LIST_FIELDS)
    .map((name) => ({ where: "body" as const, name, factory: factoryOf(name) }));
  return [...query, ...body];
}

const withReferences = operations().filter((o) => !o.isPublic && referenceFields(o).length > 0);

let token: string;
beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
});

/** A row of `companyId` for the field, made by the path-parameter factories. */
async function rowFor(operation: Operation, field: Field, companyId: 1 | 2): Promise<number> {
  const probe: Operation = {
    ...operation,
    pathParams: [{ name: field.factory!, in: "path", required: true, schema: {} }],
  };
  return (await pathValuesFor(probe, companyId))[field.factory!]!;
}

const fieldValue = (field: Field, id: number) => LIST_FIELDS[field.name]?.value(id) ?? id;

function request(
  operation: Operation,
  path: Record<string, number>,
  body: Record<string, unknown> | undefined,
  query: URLSearchParams,
) {
  const text = query.toString();
  return call("demo", operation.method, `${pathOf(operation, path)}${text ? `?${text}` : ""}`, {
    token,
    body,
  });
}

function comparable(response: ApiResponse, ids: number[]) {
  let text = JSON.stringify(response.body);
  // the longest first: a short id (3) may be part of a long one (2147483000)
  for (const id of [...ids].sort((a, b) => String(b).length - String(a).length))
    text = text.replaceAll(String(id), "<id>");
  return { status: response.status, body: text };
}

describe("the reference fields of the document", () => {
  it("are found on the finance routes", () => {
    const keys = withReferences.map((o) => o.key);
    expect(keys).toContain("POST /accounts/bank-statement/transfer");
    expect(keys).toContain("GET /accounts/bank-statement");
  });

  it("each name a kind of row with a factory (a new id field fails here)", () => {
    const unknown = withReferences.flatMap((o) =>
      referenceFields(o)
        .filter((f) => !f.factory)
        .map((f) => `${o.key} ${f.where} ${f.name}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe.each(withReferences.map((o) => [o.key, o] as const))("%s", (_key, operation) => {
  it("answers another company's row in a query or body field as a missing id, attaching nothing", async () => {
    const fields = referenceFields(operation);
    const path = await pathValuesFor(operation, 1);
    const baseQuery = new URLSearchParams(
      operation.queryParams.filter((p) => p.required).map((p) => [p.name, String(exampleOf(p.schema))]),
    );
    const schema = jsonBodyOf(operation);
    const baseBody = schema ? (exampleOf(schema) as Record<string, unknown>) : undefined;
    // every reference of the base request names a row of company 1
    for (const field of fields) {
      const own = fieldValue(field, await rowFor(operation, field, 1));
      if (field.where === "query") baseQuery.set(field.name, String(own));
      else if (baseBody) baseBody[field.name] = own;
    }

    for (const field of fields) {
      const foreignId = await rowFor(operation, field, 2);
      const send = (id: number) => {
        const query = new URLSearchParams(baseQuery);
        const body = baseBody ? { ...baseBody } : undefined;
        if (field.where === "query") query.set(field.name, String(id));
        else if (body) body[field.name] = fieldValue(field, id);
        return request(operation, path, body, query);
      };
      // The missing id first: when it is refused, nothing changed, so the foreign row must get the
      // very same refusal. When it is accepted the field was not needed (a discarded filter of a
      // rule type, a registry field ignored by an adjustment): then nothing may point at the row.
      const before = await snapshot(env.DB_DEMO);
      const missing = await send(MISSING_ID);
      const foreign = await send(foreignId);
      const label = `${field.where} ${field.name}: ${JSON.stringify(foreign.body).slice(0, 300)}`;
      expect(foreign.status, label).toBeLessThan(500);
      if (missing.status >= 400 || operation.method === "GET") {
        expect(comparable(foreign, [foreignId, MISSING_ID]), label).toEqual(
          comparable(missing, [foreignId, MISSING_ID]),
        );
        if (missing.status >= 400)
          expect(changedTables(before, await snapshot(env.DB_DEMO)), label).toEqual([]);
      } else {
        expect(JSON.stringify(foreign.body), label).not.toMatch(
          new RegExp(`"${field.name}":${foreignId}\\b`),
        );
      }
    }
  });
});
