import { z } from "@hono/zod-openapi";
import type { PaymentRow, TitleRow } from "../../db/titles";
import { isNossoNumero, NOSSO_NUMERO_PATTERN, TX_ID_PATTERN } from "../../domain/titles/collection-keys";
import { PAYABLE, RECEIVABLE, type TitleKind } from "../../domain/titles/kinds";
import {
  NOSSO_NUMERO_INVALID,
  NOSSO_NUMERO_TAKEN,
  TX_ID_INVALID,
  TX_ID_TAKEN,
} from "../../domain/titles/messages";
import { statusName } from "../../domain/titles/rules";
import type { TitleChanges, TitleDetail } from "../../domain/titles/titles";
import {
  dateQuery,
  dateString,
  enumIntQuery,
  idBody,
  idPath,
  idQuery,
  moneyBody,
  pageQuery,
  textBody,
} from "../../http/schemas";
import { fromCents } from "../../lib/money";

export type PartyField = "IDSupplier" | "IDConsumer";

const money = (description: string) => z.number().openapi({ example: 150.25, description });
/** An optional reference: its id, or null when it is not set. */
const nullableId = (description: string) =>
  z
    .number()
    .int()
    .nullable()
    .openapi({ type: ["integer", "null"], format: "int32", description });
/**
 * The counterpart field (IDSupplier on payables, IDConsumer on receivables). Its name depends on the
 * kind, so the static type leaves it out and handlers read it by name; the runtime schema (validation
 * and OpenAPI) has it.
 */
const partyShape = <T extends z.ZodType>(field: PartyField, schema: T) =>
  ({ [field]: schema }) as Record<never, never>;
const optionalIdBody = (name: string, description: string) =>
  idBody(name)
    .nullable()
    .optional()
    .openapi({ description: `${description}; null limpa` });

/** The collection keys (an extension of the API: not in the original contract). */
const NOSSO_NUMERO_TEXT =
  "Nosso número do boleto (extensão): 1 a 20 dígitos, não todos zero, guardado como enviado; comparado sem os " +
  "zeros à esquerda (000123 = 123). Único entre as contas vivas do mesmo tipo da empresa na mesma IDBankAccount " +
  "(as sem IDBankAccount formam um grupo próprio)";
const TX_ID_TEXT =
  "Identificador da cobrança Pix (txid do BACEN, extensão): 26 a 35 letras ou dígitos [a-zA-Z0-9], " +
  "maiúsculas e minúsculas distintas. Único entre as contas vivas do mesmo tipo da empresa";
const nossoNumeroText = z
  .string({ error: NOSSO_NUMERO_INVALID })
  .regex(NOSSO_NUMERO_PATTERN, NOSSO_NUMERO_INVALID)
  .refine(isNossoNumero, NOSSO_NUMERO_INVALID);
const txIdText = z.string({ error: TX_ID_INVALID }).regex(TX_ID_PATTERN, TX_ID_INVALID);

/** A payment of a title: the internal statement entry it posted. */
export const TitlePaymentSchema = z
  .object({
    IDAccountPayment: z
      .number()
      .int()
      .openapi({ description: "Id do pagamento: o mesmo IDBankStatement do lançamento interno" }),
    IDBankStatement: z.number().int().openapi({ description: "Lançamento interno do extrato" }),
    IDBankAccount: z.number().int(),
    IDTypeAccount: z.number().int().openapi({ description: "0 entrada (recebimento), 1 saída (pagamento)" }),
    Value: money("Valor do pagamento"),
    Date: z.string().openapi({
      example: "2026-03-10 00:00:00",
      description: "Data-hora do lançamento no fuso da empresa: o início do dia informado",
    }),
    Description: z.string(),
    Document: z.string().nullable(),
    IDBankStatementConciliation: nullableId("Linha bancária importada a que está conciliado"),
    IDAccountsPayableReceivableConciliation: nullableId("Linha de adquirente a que está conciliado"),
  })
  .openapi("TitlePayment");

export const TitlePaymentCreateSchema = z
  .object({
    IDBankAccount: idBody("IDBankAccount").openapi({ description: "Conta bancária do pagamento" }),
    Value: moneyBody("Value", { positive: true }).openapi({
      description: "Valor pago; no máximo o valor em aberto da conta",
    }),
    Date: dateString("Date")
      .optional()
      .openapi({ description: "Data do pagamento; hoje no fuso da empresa quando omitida" }),
  })
  .openapi("TitlePaymentCreate");

/** `[]`, the answer of the deletes of this area. */
export const EmptyListSchema = z
  .array(z.unknown())
  .max(0)
  .openapi({ example: [], description: "Sempre uma lista vazia" });

/** The schemas of one kind of title (payable or receivable), registered once under its own names. */
export function titleSchemas(names: {
  prefix: string;
  partyField: PartyField;
  partyName: string;
  paid: string;
}) {
  const { prefix, partyField, partyName, paid } = names;
  const Title = z
    .object({
      IDAccountPayableReceivable: z.number().int(),
      IDTypeAccount: z.number().int().openapi({ description: "0 conta a receber, 1 conta a pagar" }),
      Description: z.string(),
      Document: z.string().nullable(),
      Value: money("Valor da conta"),
      OpenValue: money(`Valor em aberto: Value menos o já ${paid}`),
      PaidValue: money(`Valor já ${paid}`),
      DueDate: z.string().openapi({ format: "date", example: "2026-03-31" }),
      ...partyShape(partyField, nullableId(partyName)),
      IDTypeDocument: nullableId("Tipo de documento"),
      IDTypePayment: nullableId("Tipo de pagamento"),
      IDTypeAccountPayableReceivable: nullableId("Plano de contas"),
      IDTypeCostCenter: nullableId("Centro de custo"),
      IDBankAccount: nullableId("Conta bancária prevista"),
      NossoNumero: z
        .string()
        .nullable()
        .openapi({
          type: ["string", "null"],
          example: "00000000000000012345",
          description: NOSSO_NUMERO_TEXT,
        }),
      TxId: z
        .string()
        .nullable()
        .openapi({
          type: ["string", "null"],
          example: "7a2c9f0e1b3d4c5a6e7f8a9b0c1d",
          description: TX_ID_TEXT,
        }),
      Status: z
        .number()
        .int()
        .openapi({ enum: [1, 2, 3], description: `1 aberta, 2 parcialmente ${paid}, 3 ${paid}` }),
      StatusName: z.string().openapi({ example: "Aberto" }),
    })
    .openapi(prefix);

  const Detail = Title.extend({
    Payments: z
      .array(TitlePaymentSchema)
      .openapi({ description: "Pagamentos, do mais antigo ao mais recente" }),
  }).openapi(`${prefix}Detail`);

  const fields = {
    Document: textBody("Document", 60).nullable().optional(),
    ...partyShape(partyField, optionalIdBody(partyField, partyName)),
    IDTypeDocument: optionalIdBody("IDTypeDocument", "Tipo de documento"),
    IDTypePayment: optionalIdBody("IDTypePayment", "Tipo de pagamento"),
    IDTypeAccountPayableReceivable: optionalIdBody("IDTypeAccountPayableReceivable", "Plano de contas"),
    IDTypeCostCenter: optionalIdBody("IDTypeCostCenter", "Centro de custo"),
    IDBankAccount: optionalIdBody("IDBankAccount", "Conta bancária prevista"),
    NossoNumero: nossoNumeroText
      .nullable()
      .optional()
      .openapi({
        example: "00000000000000012345",
        description: `${NOSSO_NUMERO_TEXT}: \`${NOSSO_NUMERO_TAKEN}\` quando outra conta já o usa; inválido: \`${NOSSO_NUMERO_INVALID}\`; null limpa`,
      }),
    TxId: txIdText
      .nullable()
      .optional()
      .openapi({
        example: "7a2c9f0e1b3d4c5a6e7f8a9b0c1d",
        description: `${TX_ID_TEXT}: \`${TX_ID_TAKEN}\` quando outra conta já o usa; inválido: \`${TX_ID_INVALID}\`; null limpa`,
      }),
  };
  const description = textBody("Description", 255, { multiline: true })
    .trim()
    .min(1, "Description não pode ser vazio");

  const Create = z
    .object({
      Description: description,
      Value: moneyBody("Value", { positive: true }),
      DueDate: dateString("DueDate"),
      ...fields,
    })
    .openapi(`${prefix}Create`);

  const Update = z
    .object({
      Description: description.optional(),
      Value: moneyBody("Value", { positive: true })
        .optional()
        .openapi({ description: `Novo valor; o já ${paid} é mantido e o valor em aberto recalculado` }),
      DueDate: dateString("DueDate").optional(),
      ...fields,
    })
    .openapi(`${prefix}Update`);

  const ListQuery = z.object({
    Status: enumIntQuery(
      "Status",
      [1, 2, 3] as const,
      `1 aberta, 2 parcialmente ${paid}, 3 ${paid}; omitido: todas`,
    ),
    DueDateFrom: dateQuery("DueDateFrom", "Vencimento a partir de (inclusive)"),
    DueDateTo: dateQuery("DueDateTo", "Vencimento até (inclusive)"),
    ...partyShape(partyField, idQuery(partyField, partyName)),
    IDTypeDocument: idQuery("IDTypeDocument", "Tipo de documento"),
    IDTypePayment: idQuery("IDTypePayment", "Tipo de pagamento"),
    IDTypeAccountPayableReceivable: idQuery("IDTypeAccountPayableReceivable", "Plano de contas"),
    IDTypeCostCenter: idQuery("IDTypeCostCenter", "Centro de custo"),
    IDBankAccount: idQuery("IDBankAccount", "Conta bancária prevista"),
    NossoNumero: nossoNumeroText.optional().openapi({
      param: { name: "NossoNumero", in: "query" },
      description: "Nosso número exato, sem considerar zeros à esquerda (extensão)",
    }),
    TxId: txIdText.optional().openapi({
      param: { name: "TxId", in: "query" },
      description: "TxId exato (extensão)",
    }),
    Page: pageQuery,
  });

  return { Title, Detail, Create, Update, ListQuery };
}

/** How one kind of title is exposed over HTTP. */
export type TitleRouteKind = {
  domain: TitleKind;
  tag: string;
  partyField: PartyField;
  /** `AccountPayable` / `AccountReceivable`: schema names and operation ids. */
  name: string;
  /** `conta a pagar` / `conta a receber`, for summaries. */
  noun: string;
  /** `pagamento` / `recebimento`, for summaries. */
  paymentNoun: string;
  schemas: ReturnType<typeof titleSchemas>;
};

export const PAYABLE_ROUTES: TitleRouteKind = {
  domain: PAYABLE,
  tag: "Accounts payable",
  partyField: "IDSupplier",
  name: "AccountPayable",
  noun: "conta a pagar",
  paymentNoun: "pagamento",
  schemas: titleSchemas({
    prefix: "AccountPayable",
    partyField: "IDSupplier",
    partyName: "Fornecedor",
    paid: "pago",
  }),
};

export const RECEIVABLE_ROUTES: TitleRouteKind = {
  domain: RECEIVABLE,
  tag: "Accounts receivable",
  partyField: "IDConsumer",
  name: "AccountReceivable",
  noun: "conta a receber",
  paymentNoun: "recebimento",
  schemas: titleSchemas({
    prefix: "AccountReceivable",
    partyField: "IDConsumer",
    partyName: "Cliente",
    paid: "recebido",
  }),
};

const titleId = (name: string, noun: string) => idPath(name).openapi({ description: `Id da ${noun}` });

const paymentId = idPath("idaccountpayment").openapi({
  description: "IDAccountPayment do pagamento (o IDBankStatement do seu lançamento)",
});

/** `{idaccountpayable}`: one payable title. */
export const payableParams = z.object({ idaccountpayable: titleId("idaccountpayable", "conta a pagar") });

/** `{idaccountreceivable}`: one receivable title. */
export const receivableParams = z.object({
  idaccountreceivable: titleId("idaccountreceivable", "conta a receber"),
});

export const payablePaymentParams = payableParams.extend({ idaccountpayment: paymentId });
export const receivablePaymentParams = receivableParams.extend({ idaccountpayment: paymentId });

export type TitleJson = {
  Description?: string;
  Document?: string | null;
  Value?: number;
  DueDate?: string;
  IDTypeDocument?: number | null;
  IDTypePayment?: number | null;
  IDTypeAccountPayableReceivable?: number | null;
  IDTypeCostCenter?: number | null;
  IDBankAccount?: number | null;
  NossoNumero?: string | null;
  TxId?: string | null;
};

/** The domain fields of a create/update body (Value already in cents); undefined = not sent. */
export function titleInput(kind: TitleRouteKind, body: TitleJson): TitleChanges {
  return {
    description: body.Description,
    document: body.Document,
    value: body.Value,
    dueDate: body.DueDate,
    partyId: (body as Record<string, number | null | undefined>)[kind.partyField],
    documentTypeId: body.IDTypeDocument,
    paymentTypeId: body.IDTypePayment,
    accountTypeId: body.IDTypeAccountPayableReceivable,
    costCenterId: body.IDTypeCostCenter,
    bankAccountId: body.IDBankAccount,
    nossoNumero: body.NossoNumero,
    txId: body.TxId,
  };
}

export function titleBody(kind: TitleRouteKind, title: TitleRow) {
  return {
    IDAccountPayableReceivable: title.id,
    IDTypeAccount: title.typeAccount,
    Description: title.description,
    Document: title.document,
    Value: fromCents(title.value),
    OpenValue: fromCents(title.openValue),
    PaidValue: fromCents(title.value - title.openValue),
    DueDate: title.dueDate,
    [kind.partyField]: kind.domain.party === "supplier" ? title.supplierId : title.consumerId,
    IDTypeDocument: title.documentTypeId,
    IDTypePayment: title.paymentTypeId,
    IDTypeAccountPayableReceivable: title.accountTypeId,
    IDTypeCostCenter: title.costCenterId,
    IDBankAccount: title.bankAccountId,
    NossoNumero: title.nossoNumero,
    TxId: title.txId,
    Status: title.status,
    StatusName: statusName(kind.domain, title.status),
  };
}

export function paymentBody(payment: PaymentRow) {
  return {
    IDAccountPayment: payment.id,
    IDBankStatement: payment.id,
    IDBankAccount: payment.bankAccountId,
    IDTypeAccount: payment.typeAccount,
    Value: fromCents(payment.value),
    Date: payment.date,
    Description: payment.description,
    Document: payment.document,
    IDBankStatementConciliation: payment.bankLineId,
    IDAccountsPayableReceivableConciliation: payment.acquirerLineId,
  };
}

export function detailBody(kind: TitleRouteKind, detail: TitleDetail) {
  return { ...titleBody(kind, detail.title), Payments: detail.payments.map(paymentBody) };
}
