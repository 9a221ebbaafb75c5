import { beforeAll, describe, expect, it } from "vitest";
import { conciliationRules } from "../../../drizzle/schema";
import { call, client, type ErrorBody, signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import { RULES_PATH, type RuleWorld, ruleWorld, titleRule, transferRule } from "./setup";

let w: RuleWorld;
let firstId: number;
let transferId: number;

beforeAll(async () => {
  await seedAccounts();
  w = await ruleWorld();
  firstId = (await w.admin.post(RULES_PATH, titleRule(w, { Description: "Primeira" }))).body[0]!
    .IDBankStatementConciliationRule;
  transferId = (
    await w.admin.post(
      RULES_PATH,
      transferRule(w, { IDBankAccount: w.otherAccount, IDBankAccountTo: w.account }),
    )
  ).body[0]!.IDBankStatementConciliationRule;
  await w.filial.post(RULES_PATH, {
    IDBankAccount: w.foreignAccount,
    IDTypeRule: 1,
    IDTypeAccount: 0,
    Description: "Da filial",
  });
});

const ids = (body: { IDBankStatementConciliationRule: number }[]) =>
  body.map((r) => r.IDBankStatementConciliationRule);

describe("GET conciliation-rule", () => {
  it("lists only the rules of the caller's company, by id, with every field", async () => {
    const response = await w.admin.get(RULES_PATH);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([firstId, transferId]);
    expect(response.body[1]).toEqual({
      IDBankStatementConciliationRule: transferId,
      IDBankAccount: w.otherAccount,
      IDTypeRule: 2,
      IDTypeAccount: 1,
      Description: "TED ENVIADA",
      IDBankAccountTo: w.account,
      IDTypeAccountPayableReceivable: null,
      IDTypeDocument: null,
      IDTypePayment: null,
      IDSupplier: null,
      IDConsumer: null,
      PayerDocument: null,
      HasTxId: null,
    });
    expect((await w.filial.get(RULES_PATH)).body).toEqual([
      expect.objectContaining({ Description: "Da filial" }),
    ]);
  });

  it("filters by IDBankAccount and by IDBankStatementConciliationRule", async () => {
    expect(ids((await w.admin.get(`${RULES_PATH}?IDBankAccount=${w.account}`)).body)).toEqual([firstId]);
    expect(ids((await w.admin.get(`${RULES_PATH}?IDBankAccount=${w.otherAccount}`)).body)).toEqual([
      transferId,
    ]);
    expect(
      ids((await w.admin.get(`${RULES_PATH}?IDBankStatementConciliationRule=${transferId}`)).body),
    ).toEqual([transferId]);
    expect(
      (
        await w.admin.get(
          `${RULES_PATH}?IDBankAccount=${w.account}&IDBankStatementConciliationRule=${transferId}`,
        )
      ).body,
    ).toEqual([]);
  });

  it("answers an empty array for another company's account or rule, and for an account without rules", async () => {
    const foreignRule = ids((await w.filial.get(RULES_PATH)).body)[0];
    expect((await w.admin.get(`${RULES_PATH}?IDBankAccount=${w.foreignAccount}`)).body).toEqual([]);
    expect((await w.admin.get(`${RULES_PATH}?IDBankStatementConciliationRule=${foreignRule}`)).body).toEqual(
      [],
    );
    expect(await w.admin.get(`${RULES_PATH}?IDBankAccount=${w.inactiveAccount}`)).toMatchObject({
      status: 200,
      body: [],
    });
    const acme = client("acme", await signIn("acme", "admin@acme.local"));
    expect(await acme.get(RULES_PATH)).toMatchObject({ status: 200, body: [] });
  });

  it("pages by 5000 from Page 0", async () => {
    const account = await w.make.bankAccount(1);
    const rows = Array.from({ length: 5001 }, (_, i) => ({
      companyId: 1,
      bankAccountId: account,
      typeRule: 1,
      typeAccount: 0,
      description: `Regra ${i}`,
      descriptionKey: `regra ${i}`,
    }));
    const perStatement = 7; // Drizzle binds 13 columns per row; D1 takes at most 100 parameters per statement
    const inserts = [];
    for (let i = 0; i < rows.length; i += perStatement)
      inserts.push(w.make.db.insert(conciliationRules).values(rows.slice(i, i + perStatement)));
    await w.make.db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);

    const page0 = await w.admin.get(`${RULES_PATH}?IDBankAccount=${account}`);
    const explicit0 = await w.admin.get(`${RULES_PATH}?IDBankAccount=${account}&Page=0`);
    const page1 = await w.admin.get(`${RULES_PATH}?IDBankAccount=${account}&Page=1`);
    const page2 = await w.admin.get(`${RULES_PATH}?IDBankAccount=${account}&Page=2`);
    expect(page0.body).toHaveLength(5000);
    expect(ids(explicit0.body)).toEqual(ids(page0.body));
    expect(page1.body.map((r) => r.Description)).toEqual(["Regra 5000"]);
    expect(page2.body).toEqual([]);
    expect(ids(page0.body)[4999]!).toBeLessThan(ids(page1.body)[0]!);
  });

  it.each([
    ["IDBankAccount=abc", "IDBankAccount"],
    ["IDBankStatementConciliationRule=0", "IDBankStatementConciliationRule"],
    ["Page=-1", "Page"],
  ])("refuses %s with 400 naming the parameter", async (query, field) => {
    const response = await w.admin.get<ErrorBody>(`${RULES_PATH}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain(field);
  });
});

describe("OpenAPI document", () => {
  it("declares the four rule operations under the Bank reconciliation tag", async () => {
    type Operation = { operationId: string; tags: string[] };
    const response = await call<{
      paths: Record<
        | "/accounts/bank-statement/conciliation-rule"
        | "/accounts/bank-statement/conciliation-rule/{idbankstatementconciliationrule}",
        Record<"get" | "post" | "put" | "delete", Operation>
      >;
    }>("demo", "GET", "/1.0/openapi.json");
    expect(response.status).toBe(200);
    const paths = response.body.paths;
    const collection = paths["/accounts/bank-statement/conciliation-rule"];
    const item = paths["/accounts/bank-statement/conciliation-rule/{idbankstatementconciliationrule}"];
    const operations = [collection.get, collection.post, item.put, item.delete];
    expect(operations.map((o) => o.operationId)).toEqual([
      "listConciliationRules",
      "createConciliationRule",
      "updateConciliationRule",
      "deleteConciliationRule",
    ]);
    for (const operation of operations) expect(operation.tags).toEqual(["Bank reconciliation"]);
  });
});
