import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankAccounts, conciliationRules } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { RULES_PATH, type RuleWorld, ruleWorld, titleRule } from "./setup";

let w: RuleWorld;

beforeAll(async () => {
  await seedAccounts();
  w = await ruleWorld();
});

const storedRule = (id: number) =>
  w.make.db.select().from(conciliationRules).where(eq(conciliationRules.id, id)).get();

describe("DELETE conciliation-rule", () => {
  it("answers the JSON string sucesso; the rule leaves the list and its description is free again", async () => {
    const created = await w.admin.post(RULES_PATH, titleRule(w, { Description: "Tarifa DOC" }));
    const id = created.body[0]!.IDBankStatementConciliationRule;

    const response = await w.admin.delete(`${RULES_PATH}/${id}`);
    expect(response).toMatchObject({ status: 200, body: "sucesso" });
    expect(response.headers.get("content-type")).toContain("application/json");

    expect((await w.admin.get(`${RULES_PATH}?IDBankStatementConciliationRule=${id}`)).body).toEqual([]);
    // kept for the bank lines that recorded it, without holding its description
    expect(await storedRule(id)).toMatchObject({
      status: 0,
      descriptionKey: null,
      description: "Tarifa DOC",
    });
    expect((await w.admin.post(RULES_PATH, titleRule(w, { Description: "tarifa doc" }))).status).toBe(200);
  });

  it("Regra não existe: unknown id, already deleted", async () => {
    const created = await w.admin.post(RULES_PATH, titleRule(w, { Description: "Duas vezes" }));
    const id = created.body[0]!.IDBankStatementConciliationRule;
    expect((await w.admin.delete(`${RULES_PATH}/${id}`)).status).toBe(200);
    for (const target of [id, 999_999]) {
      expectRefusal(await w.admin.delete(`${RULES_PATH}/${target}`), "Regra não existe");
    }
  });

  it("Regra não existe: a rule of another company stays untouched", async () => {
    const foreign = await w.filial.post(RULES_PATH, {
      IDBankAccount: w.foreignAccount,
      IDTypeRule: 1,
      IDTypeAccount: 1,
      Description: "Aluguel",
    });
    const id = foreign.body[0]!.IDBankStatementConciliationRule;
    expectRefusal(await w.admin.delete(`${RULES_PATH}/${id}`), "Regra não existe");
    expect((await storedRule(id))?.status).toBe(1);
    expect(await w.filial.delete(`${RULES_PATH}/${id}`)).toMatchObject({ status: 200, body: "sucesso" });
  });

  it("Regra não existe: the rule's bank account is no longer an active account of the company", async () => {
    const account = await w.make.bankAccount(1);
    const created = await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount: account }));
    const id = created.body[0]!.IDBankStatementConciliationRule;
    await w.make.db.update(bankAccounts).set({ status: 0 }).where(eq(bankAccounts.id, account));
    expectRefusal(await w.admin.delete(`${RULES_PATH}/${id}`), "Regra não existe");
  });
});
