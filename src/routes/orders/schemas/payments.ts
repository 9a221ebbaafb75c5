import { z } from "@hono/zod-openapi";
import type { OrderPaymentView } from "../../../db/orders/payments";
import { idBody, idField, moneyBody, moneyField } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";

export const OrderPaymentCreateSchema = z
  .object({
    IDTypePayment: idBody("IDTypePayment").openapi({
      description: "Tipo de pagamento com taxa cadastrada para o número de parcelas",
    }),
    Installments: z
      .number({ error: "Installments deve ser um número inteiro" })
      .int("Installments deve ser um número inteiro")
      .min(1, "Installments deve ser de 1 a 120")
      .max(120, "Installments deve ser de 1 a 120")
      .optional()
      .openapi({ description: "Parcelas (padrão 1): uma conta a receber por parcela" }),
    Value: moneyBody("Value", { positive: true }).openapi({ description: "Valor do pagamento (R$)" }),
    IDBankAccount: idBody("IDBankAccount")
      .nullable()
      .optional()
      .openapi({ description: "Conta bancária prevista" }),
  })
  .openapi("OrderPaymentCreate");

export const paymentRequestOf = (p: z.infer<typeof OrderPaymentCreateSchema>) => ({
  paymentTypeId: p.IDTypePayment,
  installments: p.Installments ?? 1,
  value: p.Value,
  bankAccountId: p.IDBankAccount ?? null,
});

export const OrderPaymentSchema = z
  .object({
    IDAccountPayableReceivable: idField("A conta a receber da parcela (GET /accounts/receivable/{id})"),
    IDTypePayment: idField("Tipo de pagamento"),
    Installment: z.number().int().openapi({ description: "Número da parcela" }),
    Installments: z.number().int().openapi({ description: "Parcelas do pagamento" }),
    Value: moneyField("Valor da parcela"),
    OpenValue: moneyField("Valor em aberto"),
    DueDate: z.string().openapi({ format: "date", description: "Vencimento pela taxa do tipo de pagamento" }),
    Status: z
      .number()
      .int()
      .openapi({ enum: [1, 2, 3], description: "1 aberta, 2 parcialmente recebida, 3 recebida" }),
  })
  .openapi("OrderPayment");

export const paymentBody = (p: OrderPaymentView) => ({
  IDAccountPayableReceivable: p.titleId,
  IDTypePayment: p.paymentTypeId,
  Installment: p.installment,
  Installments: p.installments,
  Value: fromCents(p.value),
  OpenValue: fromCents(p.openValue),
  DueDate: p.dueDate,
  Status: p.status,
});
