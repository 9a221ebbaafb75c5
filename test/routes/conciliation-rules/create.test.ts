import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationRules } from "../../../drizzle/schema";
import { client, tokenFor } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { RULES_PATH, type RuleWorld, ruleWorld, titleRule, transferRule } from "./setup";

let w: RuleWorld;
let nextDescription = 0;
/** A description no other test of this file uses. */
const fresh = () => `REGRA ${++nextDescription}`;

beforeAll(async () => {
  await seedAccounts();
  w = await ruleWorld();
});

const storedRule = (id: number) =>
  w.make.db.select().from(conciliationRules).where(eq(conciliationRules.id, id)).get();

describe("POST conciliation-rule: created rules", () => {
  it("answers an array of one rule with every field and stores the normalised description", async () => {
    const response = await w.admin.post(RULES_PATH, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      IDTypeAccount: 0,
      Description: "  Recebimento Cartão  ",
      IDTypeAccountPayableReceivable: w.accountType,
      IDTypeDocument: w.documentType,
      IDTypePayment: w.paymentType,
      IDSupplier: w.supplier,
      IDConsumer: w.consumer,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        IDBankStatementConciliationRule: expect.any(Number),
        IDBankAccount: w.account,
        IDTypeRule: 1,
        IDTypeAccount: 0,
        Description: "Recebimento Cartão",
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
    const row = await storedRule(response.body[0]!.IDBankStatementConciliationRule);
    expect(row).toMatchObject({ companyId: 1, descriptionKey: "recebimento cartao", status: 1 });
  });

  it("type 1 discards IDBankAccountTo without validating it", async () => {
    const response = await w.admin.post(
      RULES_PATH,
      titleRule(w, { Description: fresh(), IDBankAccountTo: 999_999 }),
    );
    expect(response.status).toBe(200);
    expect(response.body[0]!.IDBankAccountTo).toBeNull();
    expect((await storedRule(response.body[0]!.IDBankStatementConciliationRule))?.bankAccountToId).toBeNull();
  });

  it("type 2 keeps IDBankAccountTo and discards the title filters without validating them", async () => {
    const response = await w.admin.post(
      RULES_PATH,
      transferRule(w, {
        Description: fresh(),
        IDTypeAccountPayableReceivable: 999_999,
        IDTypeDocument: w.foreignDocumentType,
        IDTypePayment: w.inactivePaymentType,
        IDSupplier: w.foreignSupplier,
        IDConsumer: 999_999,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({
      IDTypeRule: 2,
      IDTypeAccount: 1,
      IDBankAccountTo: w.otherAccount,
      IDTypeAccountPayableReceivable: null,
      IDTypeDocument: null,
      IDTypePayment: null,
      IDSupplier: null,
      IDConsumer: null,
    });
    const row = await storedRule(response.body[0]!.IDBankStatementConciliationRule);
    expect(row).toMatchObject({
      bankAccountToId: w.otherAccount,
      accountTypeId: null,
      documentTypeId: null,
      paymentTypeId: null,
      supplierId: null,
      consumerId: null,
    });
  });

  it("accepts a rule without description (null key stored as empty text)", async () => {
    const account = await w.make.bankAccount(1);
    const response = await w.admin.post(
      RULES_PATH,
      titleRule(w, { IDBankAccount: account, Description: "  " }),
    );
    expect(response.status).toBe(200);
    expect(response.body[0]!.Description).toBeNull();
    expect((await storedRule(response.body[0]!.IDBankStatementConciliationRule))?.descriptionKey).toBe("");
    const again = await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount: account, IDTypeAccount: 1 }));
    expect(again.status).toBe(200);
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount: account, Description: null })),
      "Já existe uma regra com a mesma descrição para essa conta bancária",
    );
  });

  it("allows the same description on another bank account", async () => {
    const description = fresh();
    expect((await w.admin.post(RULES_PATH, titleRule(w, { Description: description }))).status).toBe(200);
    const other = await w.admin.post(
      RULES_PATH,
      titleRule(w, { IDBankAccount: w.otherAccount, Description: description }),
    );
    expect(other.status).toBe(200);
  });
});

describe("POST conciliation-rule: every spec message", () => {
  it("Empresa não existe: the caller's company is missing", async () => {
    const ghost = client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));
    expectRefusal(await ghost.post(RULES_PATH, titleRule(w, { Description: fresh() })), "Empresa não existe");
  });

  it("Já existe uma regra com a mesma descrição: compared trimmed, case- and accent-insensitively", async () => {
    expect(
      (await w.admin.post(RULES_PATH, titleRule(w, { Description: "Pix Recebido Cliente" }))).status,
    ).toBe(200);
    for (const Description of [
      "Pix Recebido Cliente",
      "  PÍX   recebido   cliente ",
      "pix recebido cliente",
    ]) {
      // a different direction does not make the description different (unique per bank account)
      expectRefusal(
        await w.admin.post(RULES_PATH, titleRule(w, { Description, IDTypeAccount: 1 })),
        "Já existe uma regra com a mesma descrição para essa conta bancária",
      );
    }
  });

  it.each([
    ["missing", undefined],
    ["null", null],
  ])("Conta bancária obrigatória: IDBankAccount %s", async (_, IDBankAccount) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount })),
      "Conta bancária obrigatória",
    );
  });

  it("Conta bancária não existe: unknown, another company's, inactive, zero", async () => {
    for (const IDBankAccount of [999_999, w.foreignAccount, w.inactiveAccount, 0]) {
      expectRefusal(
        await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount })),
        "Conta bancária não existe",
      );
    }
  });

  it("Conta bancária destino obrigatória em regra do tipo transferência", async () => {
    for (const IDBankAccountTo of [undefined, null]) {
      expectRefusal(
        await w.admin.post(RULES_PATH, transferRule(w, { Description: fresh(), IDBankAccountTo })),
        "Conta bancária destino obrigatória em regra do tipo transferência",
      );
    }
  });

  it("Conta bancária destino não existe: unknown, another company's, inactive", async () => {
    for (const IDBankAccountTo of [999_999, w.foreignAccount, w.inactiveAccount]) {
      expectRefusal(
        await w.admin.post(RULES_PATH, transferRule(w, { Description: fresh(), IDBankAccountTo })),
        "Conta bancária destino não existe",
      );
    }
  });

  it("Conta bancária destino e origem não podem ser igual", async () => {
    expectRefusal(
      await w.admin.post(RULES_PATH, transferRule(w, { Description: fresh(), IDBankAccountTo: w.account })),
      "Conta bancária destino e origem não podem ser igual",
    );
  });

  it.each([
    ["missing", undefined],
    ["null", null],
  ])("Tipo regra obrigatório: IDTypeRule %s", async (_, IDTypeRule) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDTypeRule })),
      "Tipo regra obrigatório",
    );
  });

  it.each([0, 3, -1, 2_147_483_647])("Tipo regra não existe: IDTypeRule %i", async (IDTypeRule) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDTypeRule })),
      "Tipo regra não existe",
    );
  });

  it("Tipo pagamento não existe: unknown and inactive", async () => {
    for (const IDTypePayment of [999_999, w.inactivePaymentType]) {
      expectRefusal(
        await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDTypePayment })),
        "Tipo pagamento não existe",
      );
    }
  });

  it("Tipo documento não existe: another company's", async () => {
    expectRefusal(
      await w.admin.post(
        RULES_PATH,
        titleRule(w, { Description: fresh(), IDTypeDocument: w.foreignDocumentType }),
      ),
      "Tipo documento não existe",
    );
  });

  it("Fornecedor não existe: another company's", async () => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDSupplier: w.foreignSupplier })),
      "Fornecedor não existe",
    );
  });

  it("Cliente não existe: inactive", async () => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDConsumer: w.inactiveConsumer })),
      "Cliente não existe",
    );
  });

  it("Erro ao criar regra: a database fault on insert (forced by a trigger that overflows)", async () => {
    // Every input problem is caught before the insert, so this answer can only come from a fault
    // of the database itself (storage full, lost connection...). The trigger forces such a
    // fault, which is not a constraint failure, only for this description.
    const trigger = "rules_insert_fault";
    await env.DB_DEMO.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON bank_statement_conciliation_rules
       WHEN NEW.description_key = 'falha simulada'
       BEGIN SELECT abs(-9223372036854775807 - 1); END`,
    ).run();
    try {
      expectRefusal(
        await w.admin.post(RULES_PATH, titleRule(w, { Description: "Falha Simulada" })),
        "Erro ao criar regra",
      );
      const rows = await w.make.db
        .select()
        .from(conciliationRules)
        .where(eq(conciliationRules.descriptionKey, "falha simulada"));
      expect(rows).toEqual([]);
    } finally {
      await env.DB_DEMO.prepare(`DROP TRIGGER ${trigger}`).run();
    }
  });
});

describe("POST conciliation-rule: messages not named by the spec", () => {
  it.each([
    ["missing", undefined, "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)"],
    ["null", null, "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)"],
    ["2", 2, "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)"],
    ["-1", -1, "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)"],
  ])("IDTypeAccount %s", async (_, IDTypeAccount, message) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), IDTypeAccount })),
      message,
    );
  });

  it("Plano de contas não existe: another company's chart account", async () => {
    expectRefusal(
      await w.admin.post(
        RULES_PATH,
        titleRule(w, { Description: fresh(), IDTypeAccountPayableReceivable: w.foreignAccountType }),
      ),
      "Plano de contas não existe",
    );
  });

  it.each([
    ["IDTypeRule", "1", "IDTypeRule deve ser um número inteiro"],
    ["IDBankAccount", 1.5, "IDBankAccount deve ser um número inteiro"],
    ["IDSupplier", 2_147_483_648, "IDSupplier excede o limite int32"],
    ["Description", "x".repeat(256), "Description aceita no máximo 255 caracteres"],
  ])("zod refuses a malformed %s naming the field", async (field, value, message) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), [field]: value })),
      message,
    );
  });
});

describe("POST conciliation-rule: validation order", () => {
  it.each<[Record<string, unknown>, string]>([
    [{ IDBankAccount: undefined, IDTypeRule: 7, IDTypeAccount: 9 }, "Conta bancária obrigatória"],
    [{ IDBankAccount: 999_999, IDTypeRule: undefined }, "Conta bancária não existe"],
    [
      { Description: "ORDEM", IDTypeRule: 9 },
      "Já existe uma regra com a mesma descrição para essa conta bancária",
    ],
    [{ IDTypeRule: undefined, IDTypeAccount: 9 }, "Tipo regra obrigatório"],
    [{ IDTypeRule: 9, IDTypeAccount: undefined }, "Tipo regra não existe"],
    [
      { IDTypeAccount: undefined, IDSupplier: 999_999 },
      "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)",
    ],
    [
      { IDTypeRule: 2, IDBankAccountTo: undefined, IDTypeAccount: 0, IDSupplier: 999_999 },
      "Conta bancária destino obrigatória em regra do tipo transferência",
    ],
    [{ IDTypeAccountPayableReceivable: 999_999, IDTypePayment: 999_999 }, "Plano de contas não existe"],
    [{ IDTypePayment: 999_999, IDTypeDocument: 999_999 }, "Tipo pagamento não existe"],
    [{ IDTypeDocument: 999_999, IDSupplier: 999_999 }, "Tipo documento não existe"],
    [{ IDSupplier: 999_999, IDConsumer: 999_999 }, "Fornecedor não existe"],
  ])("%o answers %s", async (fields, message) => {
    if (fields.Description === "ORDEM")
      await w.admin.post(RULES_PATH, titleRule(w, { Description: "ORDEM" }));
    const body = titleRule(w, { Description: fresh(), ...fields });
    expectRefusal(await w.admin.post(RULES_PATH, body), message);
  });
});

describe("POST conciliation-rule: concurrent duplicates", () => {
  it("of simultaneous requests with one description, one wins and the others get the spec message", async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        w.admin.post(RULES_PATH, titleRule(w, { Description: i % 2 ? "Concorrente" : "CONCORRENTE " })),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200))
      expectRefusal(loser, "Já existe uma regra com a mesma descrição para essa conta bancária");
    const rows = await w.make.db
      .select()
      .from(conciliationRules)
      .where(eq(conciliationRules.descriptionKey, "concorrente"));
    expect(rows).toHaveLength(1);
  });

  it("a rule stored between the check and the insert is refused by the unique index with the spec message", async () => {
    // The trigger plays the concurrent request: it stores the same description just before our insert.
    const trigger = "rules_insert_race";
    await env.DB_DEMO.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON bank_statement_conciliation_rules
       WHEN NEW.description_key = 'corrida'
       BEGIN
         INSERT INTO bank_statement_conciliation_rules
           (company_id, bank_account_id, type_rule, type_account, description, description_key)
         VALUES (NEW.company_id, NEW.bank_account_id, 1, 0, 'Corrida', 'corrida');
       END`,
    ).run();
    try {
      expectRefusal(
        await w.admin.post(RULES_PATH, titleRule(w, { Description: "Corrida" })),
        "Já existe uma regra com a mesma descrição para essa conta bancária",
      );
    } finally {
      await env.DB_DEMO.prepare(`DROP TRIGGER ${trigger}`).run();
    }
  });
});
