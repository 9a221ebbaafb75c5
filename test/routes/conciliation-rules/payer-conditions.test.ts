import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationRules } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import { RULES_PATH, type RuleWorld, ruleWorld, titleRule, transferRule } from "./setup";

/** Rules on the line's payer (PayerDocument) and on its Pix txid (HasTxId): fields, storage, messages. */

const CPF = "12345678909";
const CNPJ = "11222333000181";
/** The Receita Federal's example of an alphanumeric CNPJ. */
const ALPHANUMERIC_CNPJ = "12ABC34501DE35";
const INVALID_DOCUMENT =
  "Documento do pagador inválido (PayerDocument: CPF de 11 dígitos ou CNPJ de 14 caracteres, com dígitos verificadores válidos)";
const DUPLICATE = "Já existe uma regra com a mesma descrição para essa conta bancária";
const HAS_TX_ID_TYPE = "HasTxId deve ser true, false ou null";

let w: RuleWorld;
let next = 0;
const fresh = () => `PAGADOR ${++next}`;

beforeAll(async () => {
  await seedAccounts();
  w = await ruleWorld();
});

const storedRule = (id: number) =>
  w.make.db.select().from(conciliationRules).where(eq(conciliationRules.id, id)).get();

async function created(body: Record<string, unknown>): Promise<number> {
  const response = await w.admin.post(RULES_PATH, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!.IDBankStatementConciliationRule;
}

const put = (id: number, body: Record<string, unknown>) => w.admin.put(`${RULES_PATH}/${id}`, body);

describe("conciliation rules: PayerDocument and HasTxId are stored and returned", () => {
  it("a punctuated document is stored and answered bare, HasTxId as a boolean", async () => {
    const response = await w.admin.post(
      RULES_PATH,
      titleRule(w, { Description: fresh(), PayerDocument: " 123.456.789-09 ", HasTxId: true }),
    );
    expect(response.status).toBe(200);
    const [body] = response.body;
    expect(body).toMatchObject({ PayerDocument: CPF, HasTxId: true });
    expect(await storedRule(body!.IDBankStatementConciliationRule)).toMatchObject({
      payerDocument: CPF,
      hasTxId: 1,
    });
  });

  it("an alphanumeric CNPJ is accepted in lower case and stored in upper case", async () => {
    const id = await created(titleRule(w, { Description: fresh(), PayerDocument: "12.abc.345/01de-35" }));
    expect(await storedRule(id)).toMatchObject({ payerDocument: ALPHANUMERIC_CNPJ, hasTxId: null });
  });

  it("HasTxId false is stored as 0 and answered false; type 2 rules carry the conditions too", async () => {
    const id = await created(transferRule(w, { Description: fresh(), PayerDocument: CNPJ, HasTxId: false }));
    expect(await storedRule(id)).toMatchObject({ typeRule: 2, payerDocument: CNPJ, hasTxId: 0 });
    const listed = await w.admin.get(`${RULES_PATH}?IDBankStatementConciliationRule=${id}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        IDBankStatementConciliationRule: id,
        IDTypeRule: 2,
        PayerDocument: CNPJ,
        HasTxId: false,
      }),
    ]);
  });

  it("empty or null means any payer; null HasTxId means either", async () => {
    for (const PayerDocument of ["", "  ", null]) {
      const id = await created(titleRule(w, { Description: fresh(), PayerDocument, HasTxId: null }));
      expect(await storedRule(id)).toMatchObject({ payerDocument: null, hasTxId: null });
    }
  });

  it("update: not sent keeps the conditions, null clears them, a new value replaces them", async () => {
    const id = await created(titleRule(w, { Description: fresh(), PayerDocument: CPF, HasTxId: true }));
    const kept = await put(id, { IDBankAccount: w.account, IDTypeRule: 1 });
    expect(kept.status).toBe(200);
    expect(kept.body[0]).toMatchObject({ PayerDocument: CPF, HasTxId: true });

    const changed = await put(id, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      PayerDocument: "11.222.333/0001-81",
      HasTxId: false,
    });
    expect(changed.body[0]).toMatchObject({ PayerDocument: CNPJ, HasTxId: false });
    expect(await storedRule(id)).toMatchObject({ payerDocument: CNPJ, hasTxId: 0 });

    const cleared = await put(id, {
      IDBankAccount: w.account,
      IDTypeRule: 1,
      PayerDocument: null,
      HasTxId: null,
    });
    expect(cleared.body[0]).toMatchObject({ PayerDocument: null, HasTxId: null });
    expect(await storedRule(id)).toMatchObject({ payerDocument: null, hasTxId: null });
  });
});

describe("conciliation rules: one rule per description, and per conditions without description", () => {
  it("without description, each payer (and each HasTxId choice) may have its own rule", async () => {
    const account = await w.make.bankAccount(1);
    const blank = (fields: Record<string, unknown>) =>
      titleRule(w, { IDBankAccount: account, Description: null, ...fields });
    const catchAll = await created(blank({}));
    const cpf = await created(blank({ PayerDocument: CPF }));
    const cnpj = await created(blank({ PayerDocument: CNPJ }));
    const cpfWithTxId = await created(blank({ PayerDocument: CPF, HasTxId: true }));
    const anyWithTxId = await created(blank({ HasTxId: true }));
    const anyWithoutTxId = await created(blank({ HasTxId: false, Description: "   " }));
    expect((await storedRule(catchAll))?.descriptionKey).toBe("");
    expect((await storedRule(cpf))?.descriptionKey).toBe(`#PAYER=${CPF};TXID=*`);
    expect((await storedRule(cnpj))?.descriptionKey).toBe(`#PAYER=${CNPJ};TXID=*`);
    expect((await storedRule(cpfWithTxId))?.descriptionKey).toBe(`#PAYER=${CPF};TXID=1`);
    expect((await storedRule(anyWithTxId))?.descriptionKey).toBe("#PAYER=*;TXID=1");
    expect((await storedRule(anyWithoutTxId))?.descriptionKey).toBe("#PAYER=*;TXID=0");

    // the same conditions again, typed otherwise, are the same rule
    expectRefusal(await w.admin.post(RULES_PATH, blank({ PayerDocument: "123.456.789-09" })), DUPLICATE);
    expectRefusal(await w.admin.post(RULES_PATH, blank({ HasTxId: true, IDTypeAccount: 1 })), DUPLICATE);
    expectRefusal(await w.admin.post(RULES_PATH, blank({ PayerDocument: "" })), DUPLICATE);

    // an update that would give a rule another's conditions is refused; its own are no conflict
    expectRefusal(await put(cnpj, { IDBankAccount: account, IDTypeRule: 1, PayerDocument: CPF }), DUPLICATE);
    expect((await put(cnpj, { IDBankAccount: account, IDTypeRule: 1, PayerDocument: CNPJ })).status).toBe(
      200,
    );
    expect((await storedRule(cnpj))?.payerDocument).toBe(CNPJ);
  });

  it("a description stays unique on its account whatever the payer (SPEC.md)", async () => {
    const account = await w.make.bankAccount(1);
    await created(titleRule(w, { IDBankAccount: account, Description: "PIX RECEBIDO", PayerDocument: CPF }));
    expectRefusal(
      await w.admin.post(
        RULES_PATH,
        titleRule(w, { IDBankAccount: account, Description: "pix recebido", PayerDocument: CNPJ }),
      ),
      DUPLICATE,
    );
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { IDBankAccount: account, Description: "Pix Recebido" })),
      DUPLICATE,
    );
  });

  it("a deleted payer rule frees its conditions", async () => {
    const account = await w.make.bankAccount(1);
    const body = titleRule(w, { IDBankAccount: account, Description: null, PayerDocument: CPF });
    const id = await created(body);
    expect((await w.admin.delete(`${RULES_PATH}/${id}`)).status).toBe(200);
    expect((await w.admin.post(RULES_PATH, body)).status).toBe(200);
  });
});

describe("conciliation rules: messages of the new fields", () => {
  it.each([
    ["a CPF with a wrong check digit", "123.456.789-00"],
    ["a CPF of equal digits", "111.111.111-11"],
    ["a CNPJ with a wrong check digit", "11.222.333/0001-82"],
    ["an alphanumeric CNPJ with a wrong check digit", "12.ABC.345/01DE-36"],
    ["12 digits", "123456789012"],
    ["a character that is not punctuation", "123_456_789_09"],
  ])("create refuses %s", async (_, PayerDocument) => {
    const before = await w.make.db.select().from(conciliationRules);
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), PayerDocument })),
      INVALID_DOCUMENT,
    );
    expect(await w.make.db.select().from(conciliationRules)).toHaveLength(before.length);
  });

  it("update and preview refuse an invalid document too, and update changes nothing", async () => {
    const id = await created(titleRule(w, { Description: fresh(), PayerDocument: CPF }));
    expectRefusal(
      await put(id, { IDBankAccount: w.account, IDTypeRule: 1, PayerDocument: "00.000.000/0000-00" }),
      INVALID_DOCUMENT,
    );
    expect((await storedRule(id))?.payerDocument).toBe(CPF);
    expectRefusal(
      await w.admin.post(
        `${RULES_PATH}/preview`,
        titleRule(w, { Description: fresh(), PayerDocument: "123" }),
      ),
      INVALID_DOCUMENT,
    );
  });

  it("the document is checked after every message of the spec", async () => {
    expectRefusal(
      await w.admin.post(
        RULES_PATH,
        titleRule(w, { Description: fresh(), IDConsumer: w.inactiveConsumer, PayerDocument: "1" }),
      ),
      "Cliente não existe",
    );
    expectRefusal(
      await w.admin.post(
        RULES_PATH,
        titleRule(w, { Description: fresh(), IDTypeRule: 3, PayerDocument: "1" }),
      ),
      "Tipo regra não existe",
    );
  });

  it.each<[string, unknown, string]>([
    ["PayerDocument as a number", { PayerDocument: 12345678909 }, "PayerDocument deve ser um texto"],
    [
      "PayerDocument longer than 20 characters",
      { PayerDocument: "123.456.789-09 123456" },
      "PayerDocument aceita no máximo 20 caracteres",
    ],
    [
      "PayerDocument with a control character",
      { PayerDocument: "123456789\n09" },
      "PayerDocument não pode conter caracteres de controle",
    ],
    ["HasTxId as 1", { HasTxId: 1 }, HAS_TX_ID_TYPE],
    ["HasTxId as a text", { HasTxId: "true" }, HAS_TX_ID_TYPE],
  ])("zod refuses %s naming the field", async (_, fields, message) => {
    expectRefusal(
      await w.admin.post(RULES_PATH, titleRule(w, { Description: fresh(), ...(fields as object) })),
      message,
    );
    const id = await created(titleRule(w, { Description: fresh() }));
    expectRefusal(await put(id, { IDBankAccount: w.account, IDTypeRule: 1, ...(fields as object) }), message);
  });
});
