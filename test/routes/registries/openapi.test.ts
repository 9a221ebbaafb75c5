import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../support/api";

type Operation = {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

let doc: Document;

beforeAll(async () => {
  const response = await call<Document>("demo", "GET", "http://demo.localhost/openapi.json");
  expect(response.status).toBe(200);
  doc = response.body;
});

const crud = (path: string, param: string, tag: string, singular: string, plural: string) =>
  [
    ["get", path, `list${plural}`, tag, false],
    ["post", path, `create${singular}`, tag, true],
    ["get", `${path}/{${param}}`, `get${singular}`, tag, false],
    ["put", `${path}/{${param}}`, `update${singular}`, tag, true],
    ["delete", `${path}/{${param}}`, `delete${singular}`, tag, false],
  ] as const;

const ROUTES = [
  ["get", "/carrier/modal", "listCarrierModals", "Carrier", false],
  ["post", "/carrier/modal", "createCarrierModal", "Carrier", true],
  ["put", "/carrier/modal/{idcarriermodal}", "updateCarrierModal", "Carrier", true],
  ["delete", "/carrier/modal/{idcarriermodal}", "deleteCarrierModal", "Carrier", false],
  ...crud("/brand", "idbrand", "Brand", "Brand", "Brands"),
  ...crud("/company/invoice", "idcompanyinvoice", "Company", "CompanyInvoice", "CompanyInvoices"),
  ...crud(
    "/company/integration",
    "idcompanyintegration",
    "Company",
    "CompanyIntegration",
    "CompanyIntegrations",
  ),
  ...crud("/supplier", "idsupplier", "Supplier", "Supplier", "Suppliers"),
  ...crud("/consumer", "idconsumer", "Consumer", "Consumer", "Consumers"),
  ...crud("/product", "idproduct", "SKU", "Product", "Products"),
  ...crud(
    "/carrier/hub-mapping",
    "idcarrierhubmapping",
    "Carrier",
    "CarrierHubMapping",
    "CarrierHubMappings",
  ),
  ...crud("/type/order/type", "idtypeorder", "Type", "OrderType", "OrderTypes"),
  ...crud("/type/account/type", "idtypeaccountpayablereceivable", "Type", "AccountType", "AccountTypes"),
  ...crud("/type/document", "idtypedocument", "Type", "DocumentType", "DocumentTypes"),
  ...crud("/type/order/payment", "idtypepayment", "Type", "PaymentType", "PaymentTypes"),
  ...crud("/type/cost-center", "idtypecostcenter", "Type", "CostCenter", "CostCenters"),
  ["get", "/store-front/cashier", "listCashiers", "Store front", false],
  ["post", "/store-front/cashier/{idbankaccount}/open", "openCashier", "Store front", false],
  ["post", "/store-front/cashier/{idbankaccount}/close", "closeCashier", "Store front", false],
] as const;

/** Follows a `$ref` to its component. */
const resolve = (
  schema: unknown,
): { type?: string; items?: unknown; properties?: Record<string, unknown> } => {
  const ref = (schema as { $ref?: string }).$ref;
  return ref ? doc.components.schemas[ref.split("/").pop()!]! : (schema as object);
};

describe("OpenAPI document", () => {
  it.each(ROUTES)(
    "declares %s %s as %s with request and response schemas",
    (method, path, operationId, tag, hasBody) => {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.operationId).toBe(operationId);
      expect(operation!.tags).toEqual([tag]);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(operation!.parameters).toContainEqual(
          expect.objectContaining({ name: name.slice(1, -1), in: "path" }),
        );
      }
      if (hasBody) {
        const body = resolve(operation!.requestBody!.content["application/json"].schema);
        expect(Object.keys(body.properties ?? {}).length).toBeGreaterThan(0);
      }
      const ok = operation!.responses["200"]!.content!["application/json"].schema;
      expect(ok).toBeDefined();
      expect(operation!.responses["400"]).toBeDefined();
    },
  );

  it("names every field of the items as the API writes them", () => {
    const fields = (name: string) => Object.keys(doc.components.schemas[name]?.properties ?? {});
    expect(fields("CarrierModal")).toEqual(["IDCarrierModal", "CarrierModal"]);
    expect(fields("Brand")).toEqual([
      "IDBrand",
      "Name",
      "Description",
      "Keywords",
      "Title",
      "IsActive",
      "MenuHome",
      "Score",
      "Status",
    ]);
    expect(fields("Cashier")).toEqual(["IDCashier", "IDBankAccount", "OpenedAt", "ClosedAt"]);
    expect(fields("OrderType")).toContain("Companies");
    expect(fields("DocumentType")).toEqual(["IDTypeDocument", "Description", "Status"]);
  });

  it("has unique camelCase operationIds", () => {
    const ids = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });
});
