import { z } from "@hono/zod-openapi";
import { PIX_DUE_WINDOW_DAYS } from "../../domain/pix/matching";

/** The counts of an ingestion of received Pix (the webhook's answer; the poll job's `Result`). */
export const InboxCountsSchema = z
  .object({
    Received: z.number().int().openapi({ description: "Pix no callback (cada endToEndId uma vez)" }),
    Imported: z.number().int().openapi({ description: "Lançamentos bancários novos" }),
    Duplicate: z.number().int().openapi({
      description: "Pix cujo lançamento já existia (já lido pela consulta ou por outro callback)",
    }),
    SettledByTxId: z.number().int().openapi({ description: "Títulos liquidados pelo txid" }),
    SettledByDocument: z
      .number()
      .int()
      .openapi({
        description: `Títulos liquidados pelo CPF/CNPJ do pagador + valor em aberto + vencimento a até ${PIX_DUE_WINDOW_DAYS} dias`,
      }),
    Pending: z.number().int().openapi({ description: "Lançamentos novos deixados pendentes para as regras" }),
  })
  .openapi("PixInboxCounts");

/** A received Pix as the PSP's callback writes it (`Pix` of BACEN's OpenAPI); checked exactly by the route. */
const CallbackPixSchema = z
  .looseObject({
    endToEndId: z.string().openapi({ example: "E12345678202611251200abcdefghijk" }),
    txid: z.string().nullish().openapi({ example: "TituloReceber000000000000000042" }),
    valor: z.string().openapi({ example: "123.45" }),
    horario: z.string().openapi({ example: "2026-11-25T12:00:00.000-03:00" }),
    pagador: z
      .looseObject({ cpf: z.string().nullish(), cnpj: z.string().nullish(), nome: z.string().nullish() })
      .nullish(),
    infoPagador: z.string().nullish(),
  })
  .openapi("PixCallbackPix");

export const PixCallbackSchema = z
  .looseObject({ pix: z.array(CallbackPixSchema) })
  .openapi("PixCallback", { description: "`WebhookPixBody` da API Pix do BACEN" });
