import { describe, expect, it } from "vitest";
import { checkRule, type RuleFacts, type RuleFields, shapeRule } from "../../../src/domain/rules/rule-check";

const ALL_EXIST: RuleFacts = {
  companyExists: true,
  bankAccountExists: true,
  descriptionTaken: false,
  bankAccountToExists: true,
  accountTypeExists: true,
  paymentTypeExists: true,
  documentTypeExists: true,
  supplierExists: true,
  consumerExists: true,
};

const TYPE_1: RuleFields = {
  bankAccountId: 1,
  typeRule: 1,
  typeAccount: 0,
  description: " Pix  Recebido ",
  bankAccountToId: 2,
  accountTypeId: 3,
  documentTypeId: 4,
  paymentTypeId: 5,
  supplierId: 6,
  consumerId: 7,
  payerDocument: null,
  hasTxId: null,
};

const check = (fields: Partial<RuleFields>, facts: Partial<RuleFacts> = {}, checkCompany = true) =>
  checkRule(shapeRule({ ...TYPE_1, ...fields }), { ...ALL_EXIST, ...facts }, { checkCompany });

const message = (result: ReturnType<typeof checkRule>) => (result.ok ? null : result.message);

describe("shapeRule", () => {
  it("type 1 discards the destination account", () => {
    expect(shapeRule(TYPE_1)).toMatchObject({ bankAccountToId: null, supplierId: 6, consumerId: 7 });
  });
  it("type 2 discards every title filter", () => {
    expect(shapeRule({ ...TYPE_1, typeRule: 2 })).toMatchObject({
      bankAccountToId: 2,
      accountTypeId: null,
      documentTypeId: null,
      paymentTypeId: null,
      supplierId: null,
      consumerId: null,
    });
  });
  it("an unknown type discards nothing (it is refused later)", () => {
    expect(shapeRule({ ...TYPE_1, typeRule: 9 })).toMatchObject({ bankAccountToId: 2, supplierId: 6 });
  });
  it.each([
    [" Pix  Recebido ", "Pix  Recebido", "pix recebido"],
    ["   ", null, ""],
    [null, null, ""],
  ])("description %j is stored as %j with key %j", (description, stored, key) => {
    expect(shapeRule({ ...TYPE_1, description })).toMatchObject({ description: stored, descriptionKey: key });
  });
  it.each<[string, Partial<RuleFields>, string | null, string]>([
    [
      "a description keeps its key whatever the payer",
      { payerDocument: "123.456.789-09" },
      "12345678909",
      "pix recebido",
    ],
    ["a description keeps its key whatever the txid condition", { hasTxId: true }, null, "pix recebido"],
    ["no description and no condition: the empty key", { description: null }, null, ""],
    [
      "no description, a payer: a key of the payer",
      { description: null, payerDocument: "12.abc.345/01de-35" },
      "12ABC34501DE35",
      "#PAYER=12ABC34501DE35;TXID=*",
    ],
    ["no description, has TxId", { description: " ", hasTxId: true }, null, "#PAYER=*;TXID=1"],
    ["no description, has no TxId", { description: null, hasTxId: false }, null, "#PAYER=*;TXID=0"],
    [
      "no description, both conditions",
      { description: null, payerDocument: "12345678909", hasTxId: false },
      "12345678909",
      "#PAYER=12345678909;TXID=0",
    ],
    ["a blank payer document is no condition", { description: null, payerDocument: " . " }, null, ""],
  ])("%s", (_, fields, payerDocument, key) => {
    expect(shapeRule({ ...TYPE_1, ...fields })).toMatchObject({ payerDocument, descriptionKey: key });
  });
  it("a key of conditions never equals a normalised description (always lower case)", () => {
    const typed = shapeRule({ ...TYPE_1, description: "#PAYER=*;TXID=1" }).descriptionKey;
    expect(typed).toBe("#payer=*;txid=1");
    expect(typed).not.toBe(shapeRule({ ...TYPE_1, description: null, hasTxId: true }).descriptionKey);
  });
  it("the line conditions hold for both rule types", () => {
    expect(shapeRule({ ...TYPE_1, typeRule: 2, payerDocument: "12345678909", hasTxId: true })).toMatchObject({
      payerDocument: "12345678909",
      hasTxId: true,
    });
  });
});

describe("checkRule: order of the messages (first problem wins)", () => {
  it.each<[string, Partial<RuleFields>, Partial<RuleFacts>, string | null]>([
    ["valid type 1", {}, {}, null],
    ["valid type 2", { typeRule: 2, supplierId: 99 }, { supplierExists: false }, null],
    [
      "company before all",
      { bankAccountId: null, typeRule: null },
      { companyExists: false },
      "Empresa não existe",
    ],
    [
      "bank account required",
      { bankAccountId: null, typeRule: null },
      { bankAccountExists: false },
      "Conta bancária obrigatória",
    ],
    [
      "bank account exists",
      { typeRule: null },
      { bankAccountExists: false, descriptionTaken: true },
      "Conta bancária não existe",
    ],
    [
      "description before type",
      { typeRule: null },
      { descriptionTaken: true },
      "Já existe uma regra com a mesma descrição para essa conta bancária",
    ],
    ["type rule required", { typeRule: null, typeAccount: null }, {}, "Tipo regra obrigatório"],
    ["type rule 1 or 2", { typeRule: 0, typeAccount: null }, {}, "Tipo regra não existe"],
    ["type rule 3", { typeRule: 3 }, {}, "Tipo regra não existe"],
    [
      "transaction type required",
      { typeAccount: null },
      { supplierExists: false },
      "Tipo transação obrigatório (IDTypeAccount: 0 crédito, 1 débito)",
    ],
    [
      "transaction type 0 or 1",
      { typeAccount: 2 },
      {},
      "Tipo transação não existe (IDTypeAccount: 0 crédito, 1 débito)",
    ],
    [
      "destination required",
      { typeRule: 2, bankAccountToId: null },
      { bankAccountToExists: false },
      "Conta bancária destino obrigatória em regra do tipo transferência",
    ],
    [
      "destination exists",
      { typeRule: 2, bankAccountToId: 1 },
      { bankAccountToExists: false },
      "Conta bancária destino não existe",
    ],
    [
      "destination differs",
      { typeRule: 2, bankAccountToId: 1 },
      {},
      "Conta bancária destino e origem não podem ser igual",
    ],
    ["type 1 ignores its destination", { bankAccountToId: 1 }, { bankAccountToExists: false }, null],
    [
      "chart of accounts",
      {},
      { accountTypeExists: false, paymentTypeExists: false },
      "Plano de contas não existe",
    ],
    [
      "payment type",
      {},
      { paymentTypeExists: false, documentTypeExists: false },
      "Tipo pagamento não existe",
    ],
    ["document type", {}, { documentTypeExists: false, supplierExists: false }, "Tipo documento não existe"],
    ["supplier", {}, { supplierExists: false, consumerExists: false }, "Fornecedor não existe"],
    ["customer", {}, { consumerExists: false }, "Cliente não existe"],
    ["absent filters need no facts", { supplierId: null }, { supplierExists: false }, null],
    [
      "the payer document comes after every other check",
      { payerDocument: "12345678900" },
      { consumerExists: false },
      "Cliente não existe",
    ],
    [
      "payer document: a CPF with a wrong check digit",
      { payerDocument: "123.456.789-00" },
      {},
      "Documento do pagador inválido (PayerDocument: CPF de 11 dígitos ou CNPJ de 14 caracteres, com dígitos verificadores válidos)",
    ],
    [
      "payer document: a character that is not punctuation",
      { payerDocument: "123*456*789*09" },
      {},
      "Documento do pagador inválido (PayerDocument: CPF de 11 dígitos ou CNPJ de 14 caracteres, com dígitos verificadores válidos)",
    ],
    ["payer document: a valid alphanumeric CNPJ", { payerDocument: "12.ABC.345/01DE-35" }, {}, null],
  ])("%s", (_, fields, facts, expected) => {
    expect(message(check(fields, facts))).toBe(expected);
  });

  it("update does not check the company", () => {
    expect(message(check({}, { companyExists: false }, false))).toBeNull();
  });

  it("a valid rule comes out ready to store", () => {
    const result = check({ typeRule: 2, typeAccount: 1 });
    expect(result).toEqual({
      ok: true,
      rule: expect.objectContaining({
        bankAccountId: 1,
        typeRule: 2,
        typeAccount: 1,
        description: "Pix  Recebido",
        descriptionKey: "pix recebido",
        bankAccountToId: 2,
        supplierId: null,
      }),
    });
  });
});
