import { z } from "@hono/zod-openapi";
import type { EntryRow } from "../../db/ledger";
import type { EntryView } from "../../db/statement";
import type { TransferRow } from "../../db/transfers";
import type { AcquirerLineView, BankLineView } from "../../domain/statement/bank-line-view";
import type { StatementEntry } from "../../domain/statement/statement";
import { DEFAULT_TRANSFER_DESCRIPTION } from "../../domain/transfers/messages";
import { dateString, INT32_MAX, idPath, moneyBody, moneyField, textBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const TAG = "Bank reconciliation";

/** An id whose absence the domain reports with the spec's message (so zod only refuses wrong types). */
export const looseId = (name: string, description: string) =>
  z
    .number({ error: `${name} deve ser um número inteiro` })
    .int(`${name} deve ser um número inteiro`)
    .max(INT32_MAX, `${name} excede o limite int32`)
    .nullable()
    .optional()
    .openapi({ type: "integer", format: "int32", maximum: INT32_MAX, description, example: 1 });

const id = (description: string) => z.number().int().openapi({ description, example: 1 });
const nullableId = (description: string) =>
  z.number().int().nullable().openapi({ description, example: null });

export const InternalAccountSchema = z
  .object({
    IDBankStatement: id("Lançamento interno"),
    IDBankAccount: id("Conta bancária do lançamento"),
    Date: z
      .string()
      .openapi({ description: "Data e hora no fuso da empresa", example: "2026-03-01 10:00:00" }),
    Description: z.string(),
    Document: z.string().nullable(),
    IDTypeAccount: z
      .number()
      .int()
      .openapi({ description: "0 entrada, 1 saída", enum: [0, 1] }),
    Value: moneyField("Valor, sempre positivo; o sentido vem de IDTypeAccount"),
    IDAccountPayableReceivable: nullableId("Título liquidado; null para transferências e ajustes"),
    IDBankStatementTransfer: nullableId("Referência da transferência, quando o lançamento é uma perna"),
    Origin: z.string().openapi({
      description:
        "Quem gerou o lançamento: payment, transfer, adjustment, reconciliation, rule ou pix (Pix recebido que liquidou o título)",
      example: "payment",
    }),
    IDBankStatementConciliation: nullableId("Lançamento bancário ao qual está conciliado"),
    IDAccountsPayableReceivableConciliation: nullableId("Lançamento de adquirente ao qual está conciliado"),
    IDTypeStatusConciliation: z.number().int().nullable().openapi({
      description: "Status da conciliação ligada (1 a 4); null quando não conciliado",
      example: null,
    }),
    PostedByLink: z.number().int().nullable().openapi({
      description:
        "1 quando a própria conciliação lançou a entrada (desfazer a exclui); 0 reaproveitada; null sem conciliação",
      example: null,
    }),
  })
  .openapi("InternalAccount");

export const StatementEntrySchema = InternalAccountSchema.extend({
  Balance: moneyField("Saldo corrido após este lançamento"),
}).openapi("StatementEntry");

export const InternalStatementSchema = z
  .object({
    PreviousBalance: moneyField(
      "Saldo antes do primeiro lançamento desta página: saldo real antes de DateFrom (0 sem DateFrom) mais os lançamentos listados das páginas anteriores",
    ),
    TotalReceipts: moneyField("Soma das entradas listadas em todo o período filtrado (todas as páginas)"),
    TotalPayments: moneyField("Soma das saídas listadas em todo o período filtrado (todas as páginas)"),
    FinalBalance: moneyField("Saldo antes de DateFrom + TotalReceipts − TotalPayments"),
    Page: z.number().int(),
    TotalEntries: z
      .number()
      .int()
      .openapi({ description: "Quantidade de lançamentos do período (todas as páginas)" }),
    DateFrom: z.string().nullable().openapi({ description: "Início aplicado (null = desde o primeiro)" }),
    DateTo: z.string().nullable().openapi({ description: "Fim aplicado (null = sem limite)" }),
    Entries: z.array(StatementEntrySchema).openapi({ description: "Até 5000 lançamentos, por data e id" }),
  })
  .openapi("InternalStatement");

const lineTotals = {
  InternalAccounts: z
    .array(InternalAccountSchema)
    .openapi({ description: "Lançamentos internos conciliados à linha" }),
  TotalInflow: moneyField("Soma das entradas em InternalAccounts"),
  TotalOutflow: moneyField("Soma das saídas em InternalAccounts"),
  Difference: moneyField(
    "Valor da linha (com sinal) − (TotalInflow − TotalOutflow); 0 quando os lançamentos explicam a linha",
  ),
  ReconciledValue: moneyField("Valor absoluto já conciliado da linha"),
};

/** A text of a bank line that only some sources know (received Pix): null when unknown. */
const pixText = (description: string, example: string) =>
  z.string().nullable().openapi({ description, example });

export const BankLineSchema = z
  .object({
    IDBankStatementConciliation: id("Lançamento bancário (linha do extrato)"),
    IDBankAccount: id("Conta bancária"),
    Date: z.string().openapi({ example: "2026-03-01" }),
    Value: moneyField("Valor com sinal: crédito > 0, débito < 0"),
    Description: z.string(),
    Document: z.string().nullable(),
    FitId: z.string().nullable().openapi({ description: "FITID do OFX; null em linhas manuais" }),
    IDTypeStatusConciliation: z
      .number()
      .int()
      .openapi({
        description:
          "1 Pendente, 2 Conciliado automaticamente, 3 Conciliado manualmente, 4 Parcialmente conciliado",
        enum: [1, 2, 3, 4],
      }),
    IDBankStatementConciliationRule: nullableId("Regra que casou a linha na importação, se houver"),
    EndToEndId: pixText(
      "Pix recebido: o endToEndId (32 caracteres) do BACEN, identificador único do pagamento; null nas demais linhas",
      "E00038166202603011200abcdefghijk",
    ),
    TxId: pixText(
      "Pix recebido: o txid da cobrança que ele pagou (é por ele que o título é baixado); null sem cobrança ou desconhecido",
      "pedido12345fatura6789abcdef0",
    ),
    PayerDocument: pixText(
      "CPF (11 dígitos) ou CNPJ (14 caracteres) do pagador, sem pontuação, quando o banco informou; senão null",
      "12345678909",
    ),
    PayerName: pixText("Nome do pagador, quando o banco informou; senão null", "Fulano de Tal"),
    Origin: z.string().openapi({
      description:
        "De onde veio a linha: `OFX` (arquivo enviado), `Pix` (API Pix do PSP), `Manual` (digitada) ou `OpenFinance` (feed do agregador)",
      example: "OpenFinance",
    }),
    Pending: z.boolean().openapi({
      description:
        "Linha do feed que o banco ainda informa como pendente (não efetivada): entra no BalanceForecast, nenhuma regra a concilia e a conciliação manual é recusada até ser efetivada",
    }),
    WithdrawnAt: z
      .string()
      .nullable()
      .openapi({ description: "UTC em que o banco retirou o movimento (linha do feed); null quando de pé" }),
    FeedTransactionId: z
      .string()
      .nullable()
      .openapi({ description: "Id atual do movimento no agregador (linha do feed); null nas demais" }),
    ...lineTotals,
  })
  .openapi("BankLine");

export const AcquirerLineSchema = z
  .object({
    IDAccountsPayableReceivableConciliation: id("Lançamento de conciliação de adquirente"),
    IDBankAccount: nullableId("Conta bancária do depósito, quando informada"),
    Acquirer: z.string().openapi({ example: "Cielo" }),
    Date: z.string().openapi({ example: "2026-03-01" }),
    GrossValue: moneyField("Valor bruto das vendas"),
    NetValue: moneyField("Valor líquido depositado (valor da linha para a conciliação)"),
    IDTypeStatusConciliation: z
      .number()
      .int()
      .openapi({ enum: [1, 3], description: "1 Pendente, 3 Conciliado" }),
    ...lineTotals,
  })
  .openapi("AcquirerLine");

export function internalAccountBody(e: EntryView) {
  return {
    IDBankStatement: e.id,
    IDBankAccount: e.bankAccountId,
    Date: e.date,
    Description: e.description,
    Document: e.document,
    IDTypeAccount: e.typeAccount,
    Value: fromCents(e.value),
    IDAccountPayableReceivable: e.titleId,
    IDBankStatementTransfer: e.transferId,
    Origin: e.origin,
    IDBankStatementConciliation: e.bankLineId,
    IDAccountsPayableReceivableConciliation: e.acquirerLineId,
    IDTypeStatusConciliation: e.lineStatus === null ? null : Number(e.lineStatus),
    PostedByLink: e.postedByLink,
  };
}

export function statementEntryBody(e: StatementEntry) {
  return { ...internalAccountBody(e), Balance: fromCents(e.balance) };
}

function totalsBody(v: BankLineView | AcquirerLineView) {
  return {
    InternalAccounts: v.internalAccounts.map(internalAccountBody),
    TotalInflow: fromCents(v.totalInflow),
    TotalOutflow: fromCents(v.totalOutflow),
    Difference: fromCents(v.difference),
    ReconciledValue: fromCents(v.line.reconciledValue),
  };
}

/** The line's origin: stored for feed lines, told by the dedupe key's prefix for the others. */
function lineOrigin(line: { origin: string | null; dedupeKey: string }): string {
  if (line.origin) return line.origin;
  if (line.dedupeKey.startsWith("e2e:")) return "Pix";
  if (line.dedupeKey.startsWith("manual:")) return "Manual";
  return "OFX";
}

export function bankLineBody(v: BankLineView) {
  const line = v.line;
  return {
    IDBankStatementConciliation: line.id,
    IDBankAccount: line.bankAccountId,
    Date: line.date,
    Value: fromCents(line.value),
    Description: line.description,
    Document: line.document,
    FitId: line.fitId,
    IDTypeStatusConciliation: line.statusId,
    IDBankStatementConciliationRule: line.ruleId,
    EndToEndId: line.endToEndId,
    TxId: line.txId,
    PayerDocument: line.payerDocument,
    PayerName: line.payerName,
    Origin: lineOrigin(line),
    Pending: line.pending === 1,
    WithdrawnAt: line.withdrawnAt,
    FeedTransactionId: line.feedTransactionId,
    ...totalsBody(v),
  };
}

export function acquirerLineBody(v: AcquirerLineView) {
  const line = v.line;
  return {
    IDAccountsPayableReceivableConciliation: line.id,
    IDBankAccount: line.bankAccountId,
    Acquirer: line.acquirer,
    Date: line.date,
    GrossValue: fromCents(line.grossValue),
    NetValue: fromCents(line.netValue),
    IDTypeStatusConciliation: line.statusId,
    ...totalsBody(v),
  };
}

export const UnlinkedEntrySchema = z
  .object({
    IDBankStatement: id("Lançamento interno que estava conciliado"),
    IDAccountPayableReceivable: nullableId("Título do lançamento"),
    IDTypeAccount: z
      .number()
      .int()
      .openapi({ enum: [0, 1] }),
    Value: moneyField("Valor do lançamento"),
    Date: z.string(),
    PostedByLink: z.number().int().openapi({ description: "1 quando a conciliação tinha lançado a entrada" }),
    Deleted: z.number().int().openapi({
      description:
        "1: lançamento excluído e saldo do título restaurado; 0: lançamento reaproveitado, mantido",
    }),
  })
  .openapi("UnlinkedEntry");

export function unlinkedEntryBody(l: {
  entryId: number;
  titleId: number | null;
  typeAccount: number;
  value: number;
  date: string;
  postedByLink: number;
  deleted: boolean;
}) {
  return {
    IDBankStatement: l.entryId,
    IDAccountPayableReceivable: l.titleId,
    IDTypeAccount: l.typeAccount,
    Value: fromCents(l.value),
    Date: l.date,
    PostedByLink: l.postedByLink,
    Deleted: l.deleted ? 1 : 0,
  };
}

export const TransferBodySchema = z
  .object({
    IDBankFrom: looseId("IDBankFrom", "Obrigatório. Conta de origem (recebe a saída)"),
    IDBankTo: looseId(
      "IDBankTo",
      "Obrigatório. Conta de destino (recebe a entrada), diferente da origem",
    ).openapi({ example: 2 }),
    Value: moneyBody("Value", { allowNegative: true })
      .nullable()
      .optional()
      .openapi({ description: "Obrigatório, maior que zero, até 2 casas decimais", example: 1500 }),
    Description: textBody("Description", 200, { multiline: true })
      .nullable()
      .optional()
      .openapi({ description: `Texto da transferência; padrão \`${DEFAULT_TRANSFER_DESCRIPTION}\`` }),
    Date: dateString("Date")
      .nullable()
      .optional()
      .openapi({ description: "Data dos lançamentos; padrão hoje no fuso da empresa" }),
  })
  .openapi("TransferRequest");

const TransferEntrySchema = z
  .object({
    IDBankStatement: z.number().int(),
    IDBankAccount: z.number().int(),
    IDTypeAccount: z.number().int().openapi({ description: "1 saída (origem), 0 entrada (destino)" }),
    Value: z.number(),
    Date: z.string().openapi({ example: "2026-03-01 14:30:00" }),
    Description: z.string().openapi({ example: "Transferência entre contas Banco do Brasil 12345-6" }),
    IDBankStatementTransfer: z.number().int().nullable(),
  })
  .openapi("TransferEntry");

const transferDetails = {
  IDBankStatementTransfer: z.number().int().openapi({ description: "Referência que liga as duas pernas" }),
  IDBankFrom: z.number().int(),
  IDBankTo: z.number().int(),
  Value: z.number(),
  Description: z.string().openapi({ description: "Texto da transferência (sem as contas)" }),
};

export const TransferSchema = z
  .object({
    ...transferDetails,
    Date: z.string().openapi({ description: "Data e hora dos lançamentos" }),
    Debit: TransferEntrySchema.openapi({ description: "Saída na conta de origem" }),
    Credit: TransferEntrySchema.openapi({ description: "Entrada na conta de destino" }),
  })
  .openapi("Transfer");

export const DeletedTransferSchema = z
  .object({ ...transferDetails, DeletedEntries: z.array(TransferEntrySchema) })
  .openapi("DeletedTransfer");

export function transferEntryBody(e: EntryRow) {
  return {
    IDBankStatement: e.id,
    IDBankAccount: e.bankAccountId,
    IDTypeAccount: e.typeAccount,
    Value: fromCents(e.value),
    Date: e.date,
    Description: e.description,
    IDBankStatementTransfer: e.transferId,
  };
}

export function transferDetailsBody(t: {
  id: number;
  fromBankAccountId: number;
  toBankAccountId: number;
  value: number;
  description: string;
}) {
  return {
    IDBankStatementTransfer: t.id,
    IDBankFrom: t.fromBankAccountId,
    IDBankTo: t.toBankAccountId,
    Value: fromCents(t.value),
    Description: t.description,
  };
}

/** A posted transfer as its routes answer it: the reference, its date and both legs. */
export const postedTransferBody = ({
  transfer,
  debit,
  credit,
}: {
  transfer: TransferRow;
  debit: EntryRow;
  credit: EntryRow;
}) => ({
  ...transferDetailsBody(transfer),
  Date: debit.date,
  Debit: transferEntryBody(debit),
  Credit: transferEntryBody(credit),
});

export const ManualBankLineSchema = z
  .object({
    IDBankAccount: z
      .number({ error: "IDBankAccount deve ser um número inteiro" })
      .int("IDBankAccount deve ser um número inteiro")
      .max(INT32_MAX, "IDBankAccount excede o limite int32")
      .nullable()
      .optional()
      .openapi({
        type: "integer",
        maximum: INT32_MAX,
        description: "Obrigatório. Conta bancária da linha",
        example: 1,
      }),
    Date: dateString("Date"),
    Value: moneyBody("Value", { allowNegative: true }).openapi({
      description: "Valor com sinal: crédito > 0, débito < 0; diferente de zero",
      example: -150.25,
    }),
    Description: textBody("Description", 255, { multiline: true })
      .optional()
      .openapi({ example: "PIX RECEBIDO FULANO" }),
    Document: textBody("Document", 100).nullable().optional().openapi({ example: "123456" }),
  })
  .openapi("ManualBankLine");

export const bankLineParams = z.object({
  idbankstatementconciliation: idPath("idbankstatementconciliation"),
});
