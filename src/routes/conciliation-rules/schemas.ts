import { z } from "@hono/zod-openapi";
import type { RuleRow } from "../../db/conciliation-rules";
import type { RuleInput } from "../../domain/rules/conciliation-rules";
import { INT32_MAX, textBody } from "../../http/schemas";

const HAS_TX_ID_TYPE = "HasTxId deve ser true, false ou null";

export const RULE_TAG = "Bank reconciliation";

/**
 * An integer body field whose missing or unknown value the domain answers with the spec's
 * message (so 0, 3 or an id of another company pass zod); only non-integers and values outside
 * int32 are refused here.
 */
const ruleInt = (name: string, description: string, example: number) =>
  z
    .number({ error: `${name} deve ser um número inteiro` })
    .int(`${name} deve ser um número inteiro`)
    .min(-INT32_MAX - 1, `${name} excede o limite int32`)
    .max(INT32_MAX, `${name} excede o limite int32`)
    .nullable()
    .optional()
    .openapi({
      type: "integer",
      format: "int32",
      minimum: -INT32_MAX - 1,
      maximum: INT32_MAX,
      description,
      example,
    });

export const RuleBodySchema = z
  .object({
    IDBankAccount: ruleInt(
      "IDBankAccount",
      "Conta bancária da regra. Obrigatória, também em toda alteração.",
      1,
    ),
    IDTypeRule: ruleInt(
      "IDTypeRule",
      "1 = contas a pagar/receber (baixa o título), 2 = transferência. Obrigatório, também em toda alteração.",
      1,
    ),
    IDTypeAccount: ruleInt(
      "IDTypeAccount",
      "Tipo de transação: 0 = crédito (entrada, valor do extrato > 0), 1 = débito (saída, valor < 0). Obrigatório.",
      0,
    ),
    Description: textBody("Description", 255, { multiline: true })
      .nullable()
      .optional()
      .openapi({
        description:
          "Texto procurado na descrição da linha do extrato (sem diferenciar maiúsculas nem acentos). " +
          "Única por conta bancária, com ou sem PayerDocument. Vazia: a regra vale para toda linha da conta e do " +
          "tipo de transação que atende às suas condições (PayerDocument, HasTxId); sem descrição, pode haver uma " +
          "regra por conta para cada combinação de PayerDocument e HasTxId (e uma sem condição).",
        example: "PIX RECEBIDO",
      }),
    IDBankAccountTo: ruleInt(
      "IDBankAccountTo",
      "Conta destino: obrigatória no tipo 2, descartada no tipo 1; diferente de IDBankAccount.",
      2,
    ),
    IDTypeAccountPayableReceivable: ruleInt(
      "IDTypeAccountPayableReceivable",
      "Filtro do plano de contas do título (tipo 1; descartado no tipo 2).",
      1,
    ),
    IDTypeDocument: ruleInt("IDTypeDocument", "Filtro do tipo de documento do título (tipo 1).", 1),
    IDTypePayment: ruleInt("IDTypePayment", "Filtro do tipo de pagamento do título (tipo 1).", 1),
    IDSupplier: ruleInt("IDSupplier", "Filtro do fornecedor do título (tipo 1).", 1),
    IDConsumer: ruleInt("IDConsumer", "Filtro do cliente do título (tipo 1).", 1),
    PayerDocument: textBody("PayerDocument", 20)
      .nullable()
      .optional()
      .openapi({
        type: ["string", "null"],
        description:
          "Só linhas cujo pagador tem este CPF (11 dígitos) ou CNPJ (14 caracteres, numérico ou alfanumérico), " +
          "com dígitos verificadores válidos (tipos 1 e 2). Pontuação (`.`, `/`, `-`, espaços) é aceita e removida, " +
          "letras viram maiúsculas; guardado e devolvido sem pontuação. Vazio ou null: qualquer pagador. " +
          "Só linhas que trazem o pagador (Pix recebido) o têm: uma linha sem pagador nunca atende à condição.",
        example: "11.222.333/0001-81",
      }),
    HasTxId: z
      .boolean({ error: HAS_TX_ID_TYPE })
      .nullable()
      .optional()
      .openapi({
        type: ["boolean", "null"],
        description:
          "true: só linhas com txid de Pix (pagamento de uma cobrança); false: só linhas sem txid (ex.: OFX, " +
          "Pix sem cobrança); null: qualquer uma (tipos 1 e 2).",
        example: true,
      }),
  })
  .openapi("ConciliationRuleBody");

export type RuleBody = z.infer<typeof RuleBodySchema>;

export const RuleSchema = z
  .object({
    IDBankStatementConciliationRule: z.number().int().openapi({ example: 1 }),
    IDBankAccount: z.number().int(),
    IDTypeRule: z.number().int().openapi({ description: "1 contas a pagar/receber, 2 transferência" }),
    IDTypeAccount: z.number().int().openapi({ description: "0 crédito, 1 débito" }),
    Description: z.string().nullable(),
    IDBankAccountTo: z.number().int().nullable(),
    IDTypeAccountPayableReceivable: z.number().int().nullable(),
    IDTypeDocument: z.number().int().nullable(),
    IDTypePayment: z.number().int().nullable(),
    IDSupplier: z.number().int().nullable(),
    IDConsumer: z.number().int().nullable(),
    PayerDocument: z.string().nullable().openapi({
      description: "CPF/CNPJ do pagador exigido, sem pontuação; null: qualquer pagador",
      example: "11222333000181",
    }),
    HasTxId: z.boolean().nullable().openapi({
      description: "true só linhas com txid, false só linhas sem txid, null qualquer uma",
      example: null,
    }),
  })
  .openapi("ConciliationRule");

export const RuleListSchema = z.array(RuleSchema);

export function ruleInput(body: RuleBody): RuleInput {
  return {
    bankAccountId: body.IDBankAccount,
    typeRule: body.IDTypeRule,
    typeAccount: body.IDTypeAccount,
    description: body.Description,
    bankAccountToId: body.IDBankAccountTo,
    accountTypeId: body.IDTypeAccountPayableReceivable,
    documentTypeId: body.IDTypeDocument,
    paymentTypeId: body.IDTypePayment,
    supplierId: body.IDSupplier,
    consumerId: body.IDConsumer,
    payerDocument: body.PayerDocument,
    hasTxId: body.HasTxId,
  };
}

export function ruleBody(rule: RuleRow): z.infer<typeof RuleSchema> {
  return {
    IDBankStatementConciliationRule: rule.id,
    IDBankAccount: rule.bankAccountId,
    IDTypeRule: rule.typeRule,
    IDTypeAccount: rule.typeAccount,
    Description: rule.description,
    IDBankAccountTo: rule.bankAccountToId,
    IDTypeAccountPayableReceivable: rule.accountTypeId,
    IDTypeDocument: rule.documentTypeId,
    IDTypePayment: rule.paymentTypeId,
    IDSupplier: rule.supplierId,
    IDConsumer: rule.consumerId,
    PayerDocument: rule.payerDocument,
    HasTxId: rule.hasTxId,
  };
}
