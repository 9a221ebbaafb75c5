import { describe, expect, it } from "vitest";
import { call } from "../../support/api";

describe("OpenAPI document of the bank statement area", () => {
  it("documents every operation under the Bank reconciliation tag with its schemas", async () => {
    type Operation = { tags: string[]; operationId: string; parameters: { name: string }[] };
    type Schema = { properties: Record<string, unknown> };
    const response = await call<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema> };
    }>("demo", "GET", "/openapi.json");
    expect(response.status).toBe(200);
    const doc = response.body;
    const operations: [string, string][] = [
      ["/accounts/bank-statement", "get"],
      ["/accounts/bank-statement", "post"],
      ["/accounts/bank-statement/transfer", "post"],
      ["/accounts/bank-statement/transfer/{idbankstatement}", "delete"],
      ["/accounts/bank-statement/conciliation", "post"],
      ["/accounts/bank-statement/conciliation/{idbankstatementconciliation}", "get"],
      ["/accounts/bank-statement/conciliation/{idbankstatementconciliation}", "delete"],
      ["/accounts/receivable/acquirer-conciliation", "post"],
      ["/accounts/receivable/acquirer-conciliation", "get"],
      [
        "/accounts/receivable/acquirer-conciliation/{idaccountspayablereceivableconciliation}/conciliation",
        "delete",
      ],
    ];
    for (const [path, method] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(["Bank reconciliation"]);
      expect(operation!.operationId).toEqual(expect.any(String));
    }
    for (const name of [
      "InternalStatement",
      "StatementEntry",
      "InternalAccount",
      "BankLine",
      "AcquirerLine",
      "Transfer",
      "DeletedTransfer",
      "ReconciliationRequest",
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.InternalStatement!.properties)).toEqual([
      "PreviousBalance",
      "TotalReceipts",
      "TotalPayments",
      "FinalBalance",
      "Page",
      "TotalEntries",
      "DateFrom",
      "DateTo",
      "Entries",
    ]);
    const source = doc.paths["/accounts/bank-statement"]!.get!.parameters.find((p) => p.name === "Source");
    expect(source).toMatchObject({ required: true, schema: { enum: [1, 2] } });
  });
});
