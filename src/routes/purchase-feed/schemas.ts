import { z } from "@hono/zod-openapi";
import { MANIFEST_EVENTS } from "../../domain/nfe/events";
import type { FeedDocument } from "../../domain/nfe/feed";
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
      .openapi({ enum: [...EVENT_CODES], example: 210210 }),
    EventDescription: z.string().nullable().openapi({ example: "Ciência da operação" }),
    Comments: z.string().nullable(),
    cStat: z.number().int().openapi({
      description:
        "Situação devolvida pela SEFAZ: 135 registrado; 573 duplicidade; 655 após manifestação conclusiva",
      example: 135,
    }),
    xMotivo: z.string().openapi({ example: "Evento registrado e vinculado a NF-e" }),
    Protocol: z
      .string()
      .nullable()
      .openapi({ description: "nProt, quando registrado", example: "935260000000001" }),
    RegisteredAt: z.string().nullable().openapi({ example: "2026-11-23T10:15:00-03:00" }),
    CreatedAt: z.string().openapi({ description: "Quando a manifestação foi enviada (UTC)" }),
  })
  .openapi("NfeFeedEvent");

export const FeedDocumentSchema = z
  .object({
    IDNfeEvents: z
      .number()
      .int()
      .openapi({ description: "Documento do feed (caminho `idnfevents`)", example: 1 }),
    chNFe: z.string().openapi({ example: "35261112345678000195550020000043211100043216" }),
    NfeNumber: z.number().int().openapi({ example: 4321 }),
    Series: z.number().int().openapi({ example: 2 }),
    IssuedAt: z.string().openapi({ description: "dhEmi como emitido", example: "2026-11-18T09:30:00-03:00" }),
    IssueDate: z.string().openapi({ example: "2026-11-18" }),
    IssuerCnpj: z.string().openapi({ example: "12345678000195" }),
    IssuerName: z.string().openapi({ example: "Malharia Exemplo Ltda" }),
    IssuerIE: z.string().nullable(),
    RecipientCnpj: z
      .string()
      .openapi({ description: "CNPJ da empresa (ou faturador) destinatário", example: "11222333000181" }),
    ProductsValue: z.number().openapi({ example: 535.83 }),
    Value: z.number().openapi({ description: "vNF", example: 548.78 }),
    Installments: z
      .array(z.object({ Number: z.string(), DueDate: z.string(), Value: z.number() }))
      .openapi({ description: "Duplicatas (cobr/dup) da NF-e" }),
    ItemsCount: z.number().int(),
    UnmatchedItems: z.number().int().openapi({ description: "Itens sem SKU correspondente na importação" }),
    IDSupplier: z.number().int(),
    IDPurchase: z.number().int().nullable().openapi({ description: "Compra criada ou vinculada pela chave" }),
    IDJob: z.number().int().nullable().openapi({ description: "Importação que trouxe o XML" }),
    ManifestEvent: z.number().int().nullable().openapi({
      description:
        "Último evento registrado na SEFAZ (210200, 210210, 210220 ou 210240); null: ainda sem manifestação",
      example: 210210,
    }),
    ManifestDescription: z.string().nullable(),
    Events: z
      .array(FeedEventSchema)
      .openapi({ description: "Manifestações registradas na SEFAZ, da mais antiga para a mais recente" }),
  })
  .openapi("NfeFeedDocument");

export function feedDocumentBody(document: FeedDocument) {
  const installments = JSON.parse(document.installments) as NfeInstallment[];
  return {
    IDNfeEvents: document.id,
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
    IDSupplier: document.supplierId,
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
      Protocol: event.protocol,
      RegisteredAt: event.registeredAt,
      CreatedAt: event.createdAt,
    })),
  };
}
