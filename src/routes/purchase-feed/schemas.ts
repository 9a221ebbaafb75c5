import { z } from "@hono/zod-openapi";
import { MANIFEST_EVENTS } from "../../domain/nfe/events";
import { type FeedDocument, PROTOCOL_UNKNOWN } from "../../domain/nfe/feed";
import type { NfeInstallment } from "../../domain/nfe/types";
import { idPath } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const FEED_TAG = "Purchase";

export const FeedParams = z.object({ idnfevents: idPath("idnfevents") });

const EVENT_CODES = [210200, 210210, 210220, 210240] as const;
const eventDescription = (event: number | null) =>
  event === null ? null : (MANIFEST_EVENTS[event as keyof typeof MANIFEST_EVENTS] ?? null);

const FeedEventSchema = z
  .object({
    Event: z
      .number()
      .int()
      .openapi({
        enum: [...EVENT_CODES],
        description: "Código do evento do destinatário",
        example: 210210,
      }),
    EventDescription: z
      .string()
      .nullable()
      .openapi({ description: "Nome do evento", example: "Ciência da operação" }),
    Comments: z.string().nullable().openapi({ description: "Justificativa enviada (xJust)", example: null }),
    cStat: z
      .number()
      .int()
      .openapi({ description: "Situação devolvida pela SEFAZ: 135, evento registrado", example: 135 }),
    xMotivo: z.string().openapi({
      description: "Motivo devolvido pela SEFAZ",
      example: "Evento registrado e vinculado a NF-e",
    }),
    Protocol: z.string().nullable().openapi({
      description:
        "nProt do registro (15 dígitos); null numa rejeição, ou num evento que a SEFAZ já tinha (cStat 573 depois de uma resposta perdida: registrado, protocolo desconhecido)",
      example: "935260000000001",
    }),
    RegisteredAt: z.string().nullable().openapi({
      description: "dhRegEvento: quando a SEFAZ registrou",
      example: "2026-11-23T10:15:00-03:00",
    }),
    CreatedAt: z
      .string()
      .openapi({ description: "Quando a manifestação foi enviada (UTC)", example: "2026-11-23 13:15:00" }),
  })
  .openapi("NfeFeedEvent");

const InstallmentSchema = z
  .object({
    Number: z.string().openapi({ description: "nDup", example: "001" }),
    DueDate: z.string().openapi({ description: "dVenc", example: "2026-12-18" }),
    Value: z.number().openapi({ description: "vDup (R$)", example: 200 }),
  })
  .openapi("NfeInstallment");

export const FeedDocumentSchema = z
  .object({
    IDNFEvents: z
      .number()
      .int()
      .openapi({ description: "Documento do feed (caminho `idnfevents`)", example: 1 }),
    Status: z.enum(["Full", "Summary"]).openapi({
      description:
        "`Full`: NF-e completa (XML importado: itens, duplicatas, compra). `Summary`: só o resumo (resNFe) recebido pela distribuição da SEFAZ; sem itens nem duplicatas até a NF-e completa chegar, quando esta mesma linha (mesmo IDNFEvents, com suas manifestações) vira `Full`. Manifeste 210210 ou 210200 para a SEFAZ liberar o XML completo",
      example: "Full",
    }),
    Situation: z.number().int().nullable().openapi({
      description: "cSitNFe do resumo: 1 autorizada, 2 denegada, 3 cancelada; null numa NF-e completa",
      example: null,
    }),
    chNFe: z.string().openapi({
      description: "Chave de acesso (44 caracteres: letras maiúsculas só no CNPJ alfanumérico do emitente)",
      example: "35261112345678000195550020000043211100043216",
    }),
    NfeNumber: z.number().int().openapi({ description: "nNF", example: 4321 }),
    Series: z.number().int().openapi({ description: "Série", example: 2 }),
    IssuedAt: z.string().openapi({ description: "dhEmi como emitido", example: "2026-11-18T09:30:00-03:00" }),
    IssueDate: z.string().openapi({ description: "Data de emissão", example: "2026-11-18" }),
    IssuerCnpj: z.string().openapi({
      description: "CNPJ (numérico ou alfanumérico, sem pontuação) ou CPF do emitente",
      example: "12345678000195",
    }),
    IssuerName: z
      .string()
      .openapi({ description: "Razão social do emitente", example: "Malharia Exemplo Ltda" }),
    IssuerIE: z
      .string()
      .nullable()
      .openapi({ description: "Inscrição estadual do emitente", example: "123456789012" }),
    RecipientCnpj: z.string().openapi({
      description: "CNPJ da empresa (ou faturador) destinatário, sem pontuação (numérico ou alfanumérico)",
      example: "11222333000181",
    }),
    ProductsValue: z.number().openapi({ description: "vProd: total dos produtos (R$)", example: 535.83 }),
    Value: z.number().openapi({ description: "vNF: total da nota (R$)", example: 548.78 }),
    Installments: z.array(InstallmentSchema).openapi({ description: "Duplicatas (cobr/dup) da NF-e" }),
    ItemsCount: z.number().int().openapi({ description: "Itens da NF-e", example: 3 }),
    UnmatchedItems: z.number().int().openapi({
      description: "Itens sem SKU correspondente na importação (linhas de erro do job)",
      example: 1,
    }),
    IDSupplier: z.number().int().nullable().openapi({
      description:
        "Fornecedor (achado ou criado pelo CNPJ do emitente); null num resumo cujo emitente ainda não é fornecedor (a importação da NF-e completa o cria)",
      example: 3,
    }),
    IDPurchase: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Compra criada ou vinculada pela chave; null sem itens com SKU", example: 12 }),
    IDJob: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Importação (job NFeXML) que trouxe o XML", example: 7 }),
    ManifestEvent: z.number().int().nullable().openapi({
      description:
        "Último evento registrado na SEFAZ (210200, 210210, 210220 ou 210240); null: ainda sem manifestação",
      example: 210210,
    }),
    ManifestDescription: z
      .string()
      .nullable()
      .openapi({ description: "Nome do último evento registrado", example: "Ciência da operação" }),
    Events: z
      .array(FeedEventSchema)
      .openapi({ description: "Manifestações registradas na SEFAZ, da mais antiga para a mais recente" }),
  })
  .openapi("NfeFeedDocument");

export function feedDocumentBody(document: FeedDocument) {
  const installments = JSON.parse(document.installments) as NfeInstallment[];
  return {
    IDNFEvents: document.id,
    Status: document.summary === 1 ? ("Summary" as const) : ("Full" as const),
    Situation: document.situation,
    chNFe: document.chNfe,
    NfeNumber: document.number,
    Series: document.series,
    IssuedAt: document.issuedAt,
    IssueDate: document.issueDate,
    IssuerCnpj: document.issuerDocument,
    IssuerName: document.issuerName,
    IssuerIE: document.issuerIe,
    RecipientCnpj: document.recipientDocument,
    ProductsValue: fromCents(document.productsValue),
    Value: fromCents(document.totalValue),
    Installments: installments.map((dup) => ({
      Number: dup.number,
      DueDate: dup.dueDate,
      Value: fromCents(dup.value),
    })),
    ItemsCount: document.itemCount,
    UnmatchedItems: document.unmatchedItems,
    IDSupplier: document.supplierId === 0 ? null : document.supplierId,
    IDPurchase: document.purchaseId,
    IDJob: document.jobId,
    ManifestEvent: document.manifestEvent,
    ManifestDescription: eventDescription(document.manifestEvent),
    Events: document.events.map((event) => ({
      Event: event.event,
      EventDescription: eventDescription(event.event),
      Comments: event.comments,
      cStat: event.cStat,
      xMotivo: event.xMotivo,
      Protocol: event.protocol === PROTOCOL_UNKNOWN ? null : event.protocol,
      RegisteredAt: event.registeredAt,
      CreatedAt: event.createdAt,
    })),
  };
}
