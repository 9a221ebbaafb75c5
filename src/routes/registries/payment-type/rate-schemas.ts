import { z } from "@hono/zod-openapi";
import type { PaymentRateFields, PaymentRateRow } from "../../../domain/payment-terms/rates";
import { idField } from "../../../http/schemas";
import { fromBasisPoints, hasAtMostTwoDecimals, toBasisPoints } from "../../../lib/money";

/** NF-e `tPag` codes (payment means) of layout 4.00 and its technical notes. */
const NF_TPAG = [
  "01",
  "02",
  "03",
  "04",
  "05",
  "10",
  "11",
  "12",
  "13",
  "15",
  "16",
  "17",
  "18",
  "19",
  "20",
  "21",
  "22",
  "90",
  "99",
] as const;

const REFUND_METHODS =
  "1 estorno na forma de pagamento original; 2 crédito/vale-troca na loja; 3 dinheiro; 4 transferência ou Pix";

const whole = (name: string, max: number, description: string) =>
  z
    .number({ error: `${name} deve ser um número inteiro` })
    .int(`${name} deve ser um número inteiro`)
    .min(0, `${name} não pode ser negativo`)
    .max(max, `${name} aceita no máximo ${max}`)
    .openapi({ description });

const rateFields = {
  Installments: whole("Installments", 60, "Número de parcelas a que a taxa se aplica (1 a 60)").min(
    1,
    "Installments deve ser maior que zero",
  ),
  FirstDueDays: whole("FirstDueDays", 3650, "Dias corridos da data base até a primeira parcela"),
  IntervalDays: whole("IntervalDays", 3650, "Dias corridos entre as parcelas"),
  FeePercent: z
    .number({ error: "FeePercent deve ser um número" })
    .min(0, "FeePercent não pode ser negativo")
    .max(100, "FeePercent aceita no máximo 100")
    .refine(hasAtMostTwoDecimals, "FeePercent aceita no máximo 2 casas decimais")
    .openapi({ description: "Taxa da adquirente ou do canal, em percentual (2.99 = 2,99%)", example: 2.99 }),
  AdditionalBusinessDays: whole(
    "AdditionalBusinessDays",
    365,
    "Dias úteis somados ao vencimento (calendário financeiro nacional: fins de semana, feriados nacionais, Carnaval e Corpus Christi não contam)",
  ),
  AdditionalBusinessDaysPosition: z
    .union([z.literal(1), z.literal(2)], { error: "AdditionalBusinessDaysPosition deve ser 1 ou 2" })
    .openapi({
      type: "integer",
      enum: [1, 2],
      description:
        "1 início: os dias úteis contam a partir da data base, antes dos dias corridos; 2 fim: contam a partir do vencimento em dias corridos",
    }),
  NfTPag: z.enum(NF_TPAG, { error: `NfTPag deve ser um de: ${NF_TPAG.join(", ")}` }).openapi({
    description: "Meio de pagamento da NF-e (tPag): 01 dinheiro, 03 crédito, 04 débito, 15 boleto, 17 Pix...",
  }),
  NfTBand: z
    .string({ error: "NfTBand deve ser um texto" })
    .regex(/^\d{2}$/, "NfTBand deve ter 2 dígitos")
    .nullable()
    .openapi({
      description: "Bandeira do cartão na NF-e (tBand): 01 Visa, 02 Mastercard, 06 Elo... ou null",
      example: "01",
    }),
  RefundMethod: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: "RefundMethod deve ser 1, 2, 3 ou 4",
    })
    .openapi({
      type: "integer",
      enum: [1, 2, 3, 4],
      description: `Como a devolução é restituída: ${REFUND_METHODS}`,
    }),
};

export const PaymentRateSchema = z
  .object({
    IDTypePaymentRate: idField("Id da taxa"),
    IDTypePayment: idField("Id do tipo de pagamento"),
    ...rateFields,
    NfTBand: rateFields.NfTBand,
  })
  .openapi("PaymentTypeRate");

export const PaymentRateBodySchema = z
  .object({
    ...rateFields,
    FirstDueDays: rateFields.FirstDueDays.default(0),
    IntervalDays: rateFields.IntervalDays.default(30),
    FeePercent: rateFields.FeePercent.default(0),
    AdditionalBusinessDays: rateFields.AdditionalBusinessDays.default(0),
    AdditionalBusinessDaysPosition: rateFields.AdditionalBusinessDaysPosition.default(2),
    NfTBand: rateFields.NfTBand.default(null),
    RefundMethod: rateFields.RefundMethod.default(1),
  })
  .openapi("PaymentTypeRateBody");

export const rateBody = (row: PaymentRateRow) => ({
  IDTypePaymentRate: row.id,
  IDTypePayment: row.paymentTypeId,
  Installments: row.installments,
  FirstDueDays: row.firstDueDays,
  IntervalDays: row.intervalDays,
  FeePercent: fromBasisPoints(row.feeBasisPoints),
  AdditionalBusinessDays: row.additionalBusinessDays,
  AdditionalBusinessDaysPosition: row.additionalBusinessDaysPosition as 1 | 2,
  NfTPag: row.nfTPag as (typeof NF_TPAG)[number],
  NfTBand: row.nfTBand,
  RefundMethod: row.refundMethod as 1 | 2 | 3 | 4,
});

export const rateFieldsOf = (body: z.infer<typeof PaymentRateBodySchema>): PaymentRateFields => ({
  installments: body.Installments,
  firstDueDays: body.FirstDueDays,
  intervalDays: body.IntervalDays,
  feeBasisPoints: toBasisPoints(body.FeePercent),
  additionalBusinessDays: body.AdditionalBusinessDays,
  additionalBusinessDaysPosition: body.AdditionalBusinessDaysPosition,
  nfTPag: body.NfTPag,
  nfTBand: body.NfTBand,
  refundMethod: body.RefundMethod,
});
