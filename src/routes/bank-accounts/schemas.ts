import { z } from "@hono/zod-openapi";
import type { BankAccountInput } from "../../domain/bank-accounts/fields";
import { apiFields } from "../../domain/bank-accounts/fields";
import type { HistoryItem } from "../../domain/bank-accounts/history";
import { HISTORY_ACTIONS, type HistoryAction } from "../../domain/bank-accounts/history";
import type { BankAccountListItem } from "../../domain/bank-accounts/list";
import {
  dateQuery,
  dateString,
  flagBody,
  idBody,
  idQuery,
  moneyBody,
  moneyField,
  textBody,
} from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const TAG = "Bank account";

const nullableId = (name: string, description: string) =>
  idBody(name).nullable().optional().openapi({ description });

const nullableText = (name: string, max: number, description: string, example: string) =>
  textBody(name, max).nullable().optional().openapi({ description, example });

/** Fields of create and registry update. Bank and BankNumber are loose here so the domain can name them. */
const registryFields = {
  Bank: nullableText("Bank", 100, "Nome do banco; obrigatório na criação", "Banco do Brasil"),
  BankNumber: nullableText(
    "BankNumber",
    3,
    "Código Febraban do banco (até 3 caracteres); obrigatório na criação; `000` = conta interna (caixa)",
    "001",
  ),
  Agency: nullableText("Agency", 20, "Agência", "1234-5"),
  AccountNumber: nullableText("AccountNumber", 30, "Número da conta", "98765-4"),
  MainIncome: flagBody("MainIncome").optional().openapi({
    description:
      "1 = conta principal de recebimento do faturador; limpa a principal de recebimento e a de pagamento das outras contas do mesmo faturador",
  }),
  MainPayment: flagBody("MainPayment").optional().openapi({
    description:
      "1 = conta principal de pagamento do faturador; limpa a das outras contas do mesmo faturador",
  }),
  IDCompanyInvoice: nullableId("IDCompanyInvoice", "Faturador (empresa emissora)"),
  IDCompanyIntegration: nullableId(
    "IDCompanyIntegration",
    "Integração bancária/TEF (de tipo diferente de PIX)",
  ),
  IDCompanyIntegrationPix: nullableId("IDCompanyIntegrationPix", "Integração Pix (de tipo PIX)"),
  IDTypeOrder: nullableId(
    "IDTypeOrder",
    "Tipo de pedido da frente de caixa: habilitado para PDV e para o faturador da conta",
  ),
  TefTerminal: nullableText("TefTerminal", 50, "Terminal TEF", "TEF-01"),
};

export const BankAccountCreateSchema = z.object(registryFields).openapi("BankAccountCreate");

export const BankAccountUpdateSchema = z
  .object({
    ...registryFields,
    InitialBalance: moneyBody("InitialBalance", { allowNegative: true })
      .nullable()
      .optional()
      .openapi({ description: "Saldo inicial desejado; com InitialBalanceDate ativa o modo de ajuste" }),
    InitialBalanceDate: dateString("InitialBalanceDate")
      .nullable()
      .optional()
      .openapi({ description: "Data do saldo inicial; com InitialBalance ativa o modo de ajuste" }),
  })
  .openapi("BankAccountUpdate");

export const BankAccountListQuerySchema = z.object({
  IDCompanyInvoice: idQuery("IDCompanyInvoice", "Só contas deste faturador"),
  BankNumber: z
    .string()
    .max(3, "BankNumber aceita no máximo 3 caracteres")
    .optional()
    .openapi({
      param: { name: "BankNumber", in: "query" },
      description: "Código do banco (até 3 caracteres)",
    }),
  DateForecast: dateQuery(
    "DateForecast",
    "Limite (inclusive) de vencimento dos títulos do BalanceForecast; padrão: hoje no fuso da empresa",
  ),
});

const money = (description: string) => moneyField(description, 1500.25);

export const BankAccountSchema = z
  .object({
    IDBankAccount: z.number().int(),
    Bank: z.string(),
    BankNumber: z.string(),
    Agency: z.string().nullable(),
    AccountNumber: z.string().nullable(),
    MainIncome: z.number().int(),
    MainPayment: z.number().int(),
    IDCompanyInvoice: z.number().int().nullable(),
    IDCompanyIntegration: z.number().int().nullable(),
    IDCompanyIntegrationPix: z.number().int().nullable(),
    CompanyIntegrationPix: z.string().nullable().openapi({ description: "Descrição da integração Pix" }),
    IDTypeOrder: z.number().int().nullable(),
    TefTerminal: z.string().nullable(),
    Balance: money("Saldo atual: todos os lançamentos até hoje (fuso da empresa)"),
    BalanceForecast: money(
      "Balance + contas a receber - contas a pagar em aberto (valor em aberto) previstas nesta conta, vencendo até DateForecast",
    ),
    Status: z.number().int(),
  })
  .openapi("BankAccount");

export const BankAccountListSchema = z.array(BankAccountSchema).openapi("BankAccountList");

export function bankAccountBody(item: BankAccountListItem): z.infer<typeof BankAccountSchema> {
  return {
    IDBankAccount: item.id,
    ...apiFields(item),
    CompanyIntegrationPix: item.pixDescription,
    Balance: fromCents(item.balance),
    BalanceForecast: fromCents(item.balanceForecast),
    Status: item.status,
  };
}

export const BankAccountHistorySchema = z
  .array(
    z.object({
      IDBankAccountHistory: z.number().int(),
      IDBankAccount: z.number().int(),
      IDUser: z.number().int().nullable().openapi({ description: "Usuário que fez a alteração" }),
      Action: z.enum(HISTORY_ACTIONS),
      Changes: z
        .record(
          z.string(),
          z.object({
            Before: z.unknown().openapi({ type: ["string", "number", "null"], description: "Valor antes" }),
            After: z.unknown().openapi({ type: ["string", "number", "null"], description: "Valor depois" }),
          }),
        )
        .openapi({
          description: "Campos alterados: { Campo: { Before, After } }; valores em reais",
          example: { Bank: { Before: "Itaú", After: "Bradesco" } },
        }),
      CreatedAt: z
        .string()
        .openapi({ description: "Data e hora no fuso da empresa", example: "2026-03-10 14:05:00" }),
    }),
  )
  .openapi("BankAccountHistory");

export function historyBody(item: HistoryItem) {
  return {
    IDBankAccountHistory: item.id,
    IDBankAccount: item.bankAccountId,
    IDUser: item.userId,
    Action: item.action as HistoryAction,
    Changes: item.changes,
    CreatedAt: item.createdAt,
  };
}

/** Body fields under their domain names; `undefined` stays "not sent". */
export function bankAccountInput(body: z.infer<typeof BankAccountCreateSchema>): BankAccountInput {
  return {
    bank: body.Bank,
    bankNumber: body.BankNumber,
    agency: body.Agency,
    accountNumber: body.AccountNumber,
    mainIncome: body.MainIncome,
    mainPayment: body.MainPayment,
    companyInvoiceId: body.IDCompanyInvoice,
    companyIntegrationId: body.IDCompanyIntegration,
    companyIntegrationPixId: body.IDCompanyIntegrationPix,
    orderTypeId: body.IDTypeOrder,
    tefTerminal: body.TefTerminal,
  };
}
