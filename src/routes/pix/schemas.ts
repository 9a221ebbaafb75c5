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

/**
 * A received Pix as the PSP's callback writes it (`Pix` of BACEN's OpenAPI). The request's check is
 * only coarse (types and lengths); the route reads the body exactly with the adapter's schema
 * (`parsePixCallback`), whose rules the patterns below document.
 */
const text = (max: number, description: string, extra: Record<string, unknown> = {}) =>
  z
    .string()
    .max(max)
    .openapi({ description, ...extra });

const CallbackPixSchema = z
  .object({
    endToEndId: text(100, "Id fim a fim do Pix: a chave do lançamento (um só por conta)", {
      pattern: "^[a-zA-Z0-9]{32}$",
      example: "E12345678202611251200abcdefghijk",
    }),
    txid: text(100, "A cobrança paga (liquida o título com este TxId); ausente num Pix sem cobrança", {
      pattern: "^[a-zA-Z0-9]{0,35}$",
      example: "TituloReceber000000000000000042",
    }).nullish(),
    valor: text(20, "Valor recebido, decimal com ponto e 2 casas", {
      pattern: "^\\d{1,10}\\.\\d{2}$",
      example: "123.45",
    }),
    horario: text(40, "Quando o PSP processou o Pix (RFC 3339); a data do lançamento, no fuso da empresa", {
      format: "date-time",
      example: "2026-11-25T12:00:00.000-03:00",
    }),
    pagador: z
      .object({
        cpf: text(20, "CPF do pagador (11 dígitos; mascarado pelo PSP: não casa)").nullish(),
        cnpj: text(20, "CNPJ do pagador (14 caracteres)").nullish(),
        nome: text(300, "Nome do pagador").nullish(),
      })
      .nullish()
      .openapi({
        description: "Quem pagou, quando o PSP informa (casa pelo documento do cliente do título)",
      }),
    infoPagador: text(500, "Texto livre do pagador").nullish(),
  })
  .openapi("PixCallbackPix");

export const PixCallbackSchema = z
  .object({
    pix: z
      .array(CallbackPixSchema)
      .max(10_000)
      .openapi({ description: "Os Pix recebidos (o PSP pode agrupar vários de uma mesma chave)" }),
  })
  .openapi("PixCallback", { description: "`WebhookPixBody` da API Pix do BACEN" });
