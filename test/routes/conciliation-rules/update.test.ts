import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankAccounts, conciliationRules } from "../../../drizzle/schema";
import type { Answer } from "../../support/answers";
import type { ErrorBody } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { RULES_PATH, type RuleWorld, ruleWorld, titleRule, transferRule } from "./setup";

let w: RuleWorld;
let next = 0;
const fresh = () => `ALTERAR ${++next}`;

beforeAll(async () => {
  await seedAccounts();
  w = await ruleWorld();
});

/** Creates a rule through the API and answers its id. */
async function created(body: Record<string, unknown>): Promise<number> {
  const response = await w.admin.post(RULES_PATH, body);
  expect(response.status).toBe(200);
  return response.body[0]!.IDBankStatementConciliationRule;
}

const put = <
  T = Answer<"$put", "/accounts/bank-statement/conciliation-rule/:idbankstatementconciliationrule">,
>(
  id: number,
  body: Record<string, unknown>,
) => w.admin.put<T>(`${RULES_PATH}/${id}`, body);
const storedRule = (id: number) =>
  w.make.db.select().from(conciliationRules).where(eq(conciliationRules.id, id)).get();

/** A type 1 rule with every filter set. */
const fullTitleRule = () =>
  titleRule(w, {
    Description: fresh(),
    IDTypeAccount: 1,
    IDTypeAccountPayableReceivable: w.accountType,
    IDTypeDocument: w.documentType,
    IDTypePayment: w.paymentType,
    IDSupplier: w.supplier,
    IDConsumer: w.consumer,
  });

describe("PUT conciliation-rule", () => {
  it("keeps every field not sent (IDBankAccount and IDTypeRule sent)", async () => {
    const body = fullTitleRule();
    const id = await created(body);
    const response = await put(id, { IDBankAccount: w.account, IDTypeRule: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDBankStatementConciliationRule: id,
        IDBankAccount: w.account,
        IDTypeRule: 1,
        IDTypeAccount: 1,
        Description: body.Description,
        IDBankAccountTo: null,
        IDTypeAccountPayableReceivable: w.accountType,
        IDTypeDocument: w.documentType,
        IDTypePayment: w.paymentType,
        IDSupplier: w.supplier,
        IDConsumer: w.consumer,
        PayerDocument: null,
        HasTxId: null,
      },
    ]);
  });

  it("changes the fields sent, null clears an optional one, and the key follows the description", async () => {
    const id = await created(fullTitleRule());
    const response = await put(id, {
      IDBankAccount: w.otherAccount,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "Depósito em Dinheiro",
      IDSupplier: null,
    });
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({
      IDBankAccount: w.otherAccount,
      IDTypeAccount: 0,
      Description: "Depósito em Dinheiro",
      IDSupplier: null,
      IDConsumer: w.consumer,
    });
    expect(await storedRule(id)).toMatchObject({ descriptionKey: "deposito em dinheiro", supplierId: null });
  });

  it("type 1 -> 2 discards the title filters and requires IDBankAccountTo", async () => {
    const id = await created(fullTitleRule());
    expectRefusal(
      await put(id, { IDBankAccount: w.account, IDTypeRule: 2 }),
      "Conta bancária destino obrigatória em regra do tipo transferência",
    );
    const response = await put(id, {
      IDBankAccount: w.account,
      IDTypeRule: 2,
      IDBankAccountTo: w.otherAccount,
    });
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({
      IDTypeRule: 2,
      IDBankAccountTo: w.otherAccount,
      IDTypeAccountPayableReceivable: null,
      IDTypeDocument: null,
      IDTypePayment: null,
      IDSupplier: null,
      IDConsumer: null,
    });
    expect(await storedRule(id)).toMatchObject({ typeRule: 2, supplierId: null, accountTypeId: null });
  });

  it("type 2 -> 1 discards IDBankAccountTo", async () => {
    const id = await created(transferRule(w, { Description: fresh() }));
    const response = await put(id, { IDBankAccount: w.account, IDTypeRule: 1, IDSupplier: w.supplier });
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ IDTypeRule: 1, IDBankAccountTo: null, IDSupplier: w.supplier });
    expect((await storedRule(id))?.bankAccountToId).toBeNull();
  });

  it("type 2 keeps its stored IDBankAccountTo, which may not become the origin", async () => {
    const id = await created(transferRule(w, { Description: fresh() }));
    expect(
      (await put(id, { IDBankAccount: w.account, IDTypeRule: 2, IDTypeAccount: 0 })).body[0],
    ).toMatchObject({
      IDBankAccountTo: w.otherAccount,
      IDTypeAccount: 0,
    });
    expectRefusal(
      await put(id, { IDBankAccount: w.otherAccount, IDTypeRule: 2 }),
      "Conta bancária destino e origem não podem ser igual",
    );
  });

  it("description uniqueness ignores the rule itself but not the other rules of the account", async () => {
    const id = await created(titleRule(w, { Description: "Tarifa Bancária" }));
    const same = await put(id, { IDBankAccount: w.account, IDTypeRule: 1, Description: "TARIFA BANCARIA" });
    expect(same.status).toBe(200);
    expect(same.body[0]!.Description).toBe("TARIFA BANCARIA");

    const other = await created(titleRule(w, { Description: fresh() }));
    expectRefusal(
      await put(other, { IDBankAccount: w.account, IDTypeRule: 1, Description: " tarifa  bancária" }),
      "Já existe uma regra com a mesma descrição para essa conta bancária",
    );
    const elsewhere = await created(
      titleRule(w, { IDBankAccount: w.otherAccount, Description: "Tarifa Bancária" }),
    );
    expectRefusal(
      await put(elsewhere, { IDBankAccount: w.account, IDTypeRule: 1 }),
      "Já existe uma regra com a mesma descrição para essa conta bancária",
    );
  });

  it("a concurrent rule with the same description is refused by the unique index with the spec message", async () => {
    const id = await created(titleRule(w, { Description: fresh() }));
    const trigger = "rules_update_race";
    await env.DB_DEMO.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON bank_statement_conciliation_rules
       WHEN NEW.description_key = 'corrida na alteracao'
       BEGIN
         INSERT INTO bank_statement_conciliation_rules
           (company_id, bank_account_id, type_rule, type_account, description, description_key)
         VALUES (NEW.company_id, NEW.bank_account_id, 1, 0, 'x', 'corrida na alteracao');
       END`,
    ).run();
    try {
      expectRefusal(
        await put(id, { IDBankAccount: w.account, IDTypeRule: 1, Description: "Corrida na Alteração" }),
        "Já existe uma regra com a mesma descrição para essa conta bancária",
      );
    } finally {
      await env.DB_DEMO.prepare(`DROP TRIGGER ${trigger}`).run();
    }
  });
});

describe("PUT conciliation-rule: every spec message", () => {
  it("Regra não existe: unknown, another company's, deleted, on an inactive bank account", async () => {
    const foreign = await w.filial.post(RULES_PATH, {
      IDBankAccount: w.foreignAccount,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "Da filial",
    });
    expect(foreign.status).toBe(200);
    const deleted = await created(titleRule(w, { Description: fresh() }));
    expect((await w.admin.delete(`${RULES_PATH}/${deleted}`)).status).toBe(200);
    const closingAccount = await w.make.bankAccount(1);
    const orphan = await created(titleRule(w, { IDBankAccount: closingAccount, Description: fresh() }));
    await w.make.db.update(bankAccounts).set({ status: 0 }).where(eq(bankAccounts.id, closingAccount));

    for (const id of [999_999, foreign.body[0]!.IDBankStatementConciliationRule, deleted, orphan]) {
      expectRefusal(await put(id, titleRule(w, { Description: fresh() })), "Regra não existe");
    }
    const untouched = await w.filial.get(RULES_PATH);
    expect(untouched.body).toEqual([expect.objectContaining({ Description: "Da filial" })]);
  });

  it("Conta bancária obrigatória and Tipo regra obrigatório: both must be sent on every call", async () => {
    const id = await created(fullTitleRule());
    expectRefusal(await put(id, { IDTypeRule: 1, Description: fresh() }), "Conta bancária obrigatória");
    expectRefusal(
      await put(id, { IDBankAccount: w.account, Description: fresh() }),
      "Tipo regra obrigatório",
    );
    expectRefusal(await put(id, { IDBankAccount: w.account, IDTypeRule: null }), "Tipo regra obrigatório");
  });

  it.each([
    [{ IDBankAccount: "foreign" }, "Conta bancária não existe"],
    [{ IDTypeRule: 3 }, "Tipo regra não existe"],
    [{ IDTypeRule: 2, IDBankAccountTo: 999_999 }, "Conta bancária destino não existe"],
    [{ IDTypeRule: 2, IDBankAccountTo: "same" }, "Conta bancária destino e origem não podem ser igual"],
    [{ IDTypePayment: 999_999 }, "Tipo pagamento não existe"],
    [{ IDTypeDocument: 999_999 }, "Tipo documento não existe"],
    [{ IDSupplier: 999_999 }, "Fornecedor não existe"],
    [{ IDConsumer: 999_999 }, "Cliente não existe"],
    [{ IDTypeAccountPayableReceivable: 999_999 }, "Plano de contas não existe"],
    [{ IDTypeAccount: 5 }, "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)"],
    [{ IDTypeAccount: null }, "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)"],
  ])("%o answers %s", async (fields, message) => {
    const id = await created(fullTitleRule());
    const body: Record<string, unknown> = { IDBankAccount: w.account, IDTypeRule: 1, ...fields };
    // ids of the world exist only once it is built: placeholders stand for them in the table
    if (body.IDBankAccount === "foreign") body.IDBankAccount = w.foreignAccount;
    if (body.IDBankAccountTo === "same") body.IDBankAccountTo = w.account;
    expectRefusal(await put(id, body), message);
  });

  it("refuses a malformed path id with 400 naming it", async () => {
    const response = await put<ErrorBody>(0, titleRule(w));
    expect(response.status).toBe(400);
    expect(response.body.errorMessage).toContain("idbankstatementconciliationrule");
  });
});
