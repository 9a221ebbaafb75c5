import { z } from "@hono/zod-openapi";
import type { NfeVoidRow } from "../../db/emission-events";
import { nfeTextCharacter, nfeTextControl } from "../../domain/company/messages";
import type { NoteEvents } from "../../domain/emission/issuer-events";
import type { SeriesGaps } from "../../domain/emission/number-voids";
import { idPath } from "../../http/schemas";
import { codePointName, nfeTextIssue } from "../../lib/nfe-text";

/** Schemas of the issuer's events (cancellation, CC-e), number voiding and gaps. */

export const NFE_EVENTS_TAG = "NF-e";

export const NfeParams = z.object({ idnfe: idPath("idnfe") });

/**
 * A required text that reaches the event's XML (the layout's `TString`, like the issuer's profile
 * texts): trimmed, no control character nor line break, nothing beyond U+00FF, `min` to `max`
 * characters after trimming (`lengthMessage`).
 */
export const requiredNfeText = (name: string, min: number, max: number, lengthMessage: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${name} é obrigatório` : `${name} deve ser um texto`),
    })
    .transform((text, ctx) => {
      const trimmed = text.trim();
      const issue = nfeTextIssue(trimmed);
      const message =
        issue?.kind === "control"
          ? nfeTextControl(name)
          : issue?.kind === "character"
            ? nfeTextCharacter(name, codePointName(issue.codePoint))
            : trimmed.length < min || trimmed.length > max
              ? lengthMessage
              : undefined;
      if (message === undefined) return trimmed;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .openapi({
      type: "string",
      minLength: min,
      maxLength: max,
      description: `Texto da NF-e: de ${min} a ${max} caracteres entre U+0020 e U+00FF (letras acentuadas aceitas; sem quebras de linha, controles, emoji ou travessões tipográficos); espaços nas pontas são removidos.`,
    });

const EventSchema = z
  .object({
    IDNFeEvent: z.number().int().openapi({ description: "O evento do emitente", example: 3 }),
    Type: z
      .number()
      .int()
      .openapi({
        enum: [110111, 110110],
        description: "110111 cancelamento, 110110 carta de correção",
        example: 110110,
      }),
    Sequence: z.number().int().openapi({ description: "nSeqEvento (CC-e: 1 a 20)", example: 1 }),
    Text: z.string().openapi({
      description: "xJust (cancelamento) ou xCorrecao (CC-e)",
      example: "Endereço de entrega: Rua das Flores, 100",
    }),
    Status: z.enum(["Processing", "Pending", "Registered", "Rejected"]).openapi({
      description:
        "`Processing` sendo enviado; `Pending` sem resposta conclusiva da SEFAZ (o próximo pedido reenvia, com este texto); `Registered`; `Rejected` (cStat e xMotivo da SEFAZ)",
      example: "Registered",
    }),
    cStat: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "cStat da resposta da SEFAZ ao evento; null sem resposta", example: 135 }),
    xMotivo: z.string().nullable().openapi({
      description: "xMotivo da resposta da SEFAZ ao evento, ou por que não houve resposta",
      example: "Evento registrado e vinculado a NF-e",
    }),
    Protocol: z.string().nullable().openapi({
      description:
        "nProt do evento; null antes do registro, ou quando o reenvio foi respondido 573 (registrado, protocolo perdido)",
      example: "135260000001234",
    }),
    RegisteredAt: z
      .string()
      .nullable()
      .openapi({ description: "dhRegEvento", example: "2026-11-29T10:15:00-03:00" }),
  })
  .openapi("NfeIssuerEvent");

export const NoteEventsSchema = z
  .object({
    IDNFe: z.number().int().openapi({ description: "A NF-e", example: 15 }),
    IDOrder: z.number().int().openapi({ description: "O pedido da NF-e", example: 1001 }),
    IDCompanyInvoice: z.number().int().openapi({ example: 1 }),
    Status: z.string().openapi({ description: "`Authorized`, `Cancelled`...", example: "Cancelled" }),
    Key: z.string().openapi({
      description: "Chave de acesso (chNFe, 44 caracteres)",
      example: "35261111222333000181550010000000421234567890",
    }),
    Model: z.number().int().openapi({ description: "Modelo: 55 (NF-e)", example: 55 }),
    Series: z.number().int().openapi({ description: "Série da NF-e", example: 1 }),
    Number: z.number().int().openapi({ description: "Número da NF-e (nNF)", example: 42 }),
    Protocol: z
      .string()
      .nullable()
      .openapi({ description: "nProt da autorização", example: "135260000000042" }),
    AuthorizedAt: z
      .string()
      .nullable()
      .openapi({ description: "dhRecbto da autorização", example: "2026-11-29T09:00:00-03:00" }),
    Correction: z.string().nullable().openapi({
      description: "Texto da última CC-e registrada (substitui as anteriores); null sem CC-e",
      example: "Endereço de entrega: Rua das Flores, 100",
    }),
    Events: z
      .array(EventSchema)
      .openapi({ description: "Os eventos do emitente na NF-e (cancelamento, CC-e), em ordem" }),
  })
  .openapi("NfeEvents");

export function noteEventsBody({ note, events, correction }: NoteEvents) {
  return {
    IDNFe: note.id,
    IDOrder: note.orderId,
    IDCompanyInvoice: note.companyInvoiceId,
    Status: note.status,
    Key: note.accessKey,
    Model: note.model,
    Series: note.series,
    Number: note.number,
    Protocol: note.protocol,
    AuthorizedAt: note.authorizedAt,
    Correction: correction,
    Events: events.map((event) => ({
      IDNFeEvent: event.id,
      Type: event.type,
      Sequence: event.sequence,
      Text: event.text,
      Status: event.status as "Processing" | "Pending" | "Registered" | "Rejected",
      cStat: event.cStat,
      xMotivo: event.xMotivo,
      Protocol: event.protocol,
      RegisteredAt: event.registeredAt,
    })),
  };
}

export const NfeVoidSchema = z
  .object({
    IDNFeVoid: z.number().int().openapi({ description: "A inutilização", example: 4 }),
    IDCompanyInvoice: z.number().int().openapi({ example: 1 }),
    Model: z.number().int().openapi({ description: "Modelo: 55 (NF-e)", example: 55 }),
    Series: z.number().int().openapi({ description: "Série dos números inutilizados", example: 1 }),
    NumberFrom: z.number().int().openapi({ description: "Primeiro número da faixa", example: 40 }),
    NumberTo: z.number().int().openapi({ description: "Último número da faixa (inclusive)", example: 41 }),
    Justification: z.string().openapi({
      description: "xJust: a justificativa enviada à SEFAZ",
      example: "Falha do sistema ao transmitir as notas",
    }),
    Environment: z.number().int().openapi({ description: "tpAmb: 1 produção, 2 homologação", example: 2 }),
    Status: z
      .string()
      .openapi({ description: "`Registered` (a resposta de sucesso)", example: "Registered" }),
    cStat: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "cStat da resposta da SEFAZ; null sem resposta", example: 102 }),
    xMotivo: z.string().nullable().openapi({
      description: "xMotivo da resposta da SEFAZ, ou por que não houve resposta",
      example: "Inutilização de número homologado",
    }),
    Protocol: z.string().nullable().openapi({
      description:
        "nProt; null quando o reenvio foi respondido 563 (a SEFAZ já tinha a faixa, protocolo perdido)",
      example: "135260000000777",
    }),
    RegisteredAt: z
      .string()
      .nullable()
      .openapi({ description: "dhRecbto", example: "2026-11-29T10:20:00-03:00" }),
  })
  .openapi("NfeVoid");

export const nfeVoidBody = (row: NfeVoidRow) => ({
  IDNFeVoid: row.id,
  IDCompanyInvoice: row.companyInvoiceId,
  Model: row.model,
  Series: row.series,
  NumberFrom: row.numberFrom,
  NumberTo: row.numberTo,
  Justification: row.justification,
  Environment: row.environment,
  Status: row.status,
  cStat: row.cStat,
  xMotivo: row.xMotivo,
  Protocol: row.protocol,
  RegisteredAt: row.registeredAt,
});

export const NfeGapsSchema = z
  .object({
    IDCompanyInvoice: z.number().int().openapi({ example: 1 }),
    Model: z.number().int().openapi({ description: "Modelo: 55 (NF-e)", example: 55 }),
    Series: z.number().int().openapi({ description: "A série consultada", example: 1 }),
    NextNumber: z.number().int().openapi({
      description:
        "O próximo número da série: NFeNextNumber do faturador na sua série NFeSeries; noutra série, 1 + o maior número usado",
      example: 45,
    }),
    Gaps: z
      .array(
        z.object({
          NumberFrom: z.number().int().openapi({ description: "Primeiro número da faixa", example: 40 }),
          NumberTo: z
            .number()
            .int()
            .openapi({ description: "Último número da faixa (inclusive)", example: 41 }),
          Count: z.number().int().openapi({ description: "Quantos números a faixa tem", example: 2 }),
        }),
      )
      .openapi({ description: "Faixas sem NF-e e sem inutilização registrada, em ordem" }),
  })
  .openapi("NfeGaps");

export const nfeGapsBody = (
  query: { companyInvoiceId: number; model: number },
  result: SeriesGaps & { series: number },
) => ({
  IDCompanyInvoice: query.companyInvoiceId,
  Model: query.model,
  Series: result.series,
  NextNumber: result.next,
  Gaps: result.gaps.map((gap) => ({ NumberFrom: gap.from, NumberTo: gap.to, Count: gap.to - gap.from + 1 })),
});
