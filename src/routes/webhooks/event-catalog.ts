import { z } from "@hono/zod-openapi";
import { EVENT_DESCRIPTIONS, type EventPayloads, type EventType } from "../../domain/events/catalog";

const id = (example: number, description?: string) => z.number().int().openapi({ example, description });
const money = (example: number) => z.number().openapi({ example, description: "Valor (até 2 casas)" });
const dateTime = z.string().openapi({ example: "2026-11-23 14:30:00" });

/** Each event's payload (`Data`), with an example: the event catalog of the OpenAPI document. */
export const EVENT_PAYLOAD_SCHEMAS: { readonly [T in EventType]: z.ZodType<EventPayloads[T]> } = {
  "bank_file.imported": z.object({
    IDJob: id(12, "Job da importação"),
    IDBankAccount: id(1),
    FileName: z.string().openapi({ example: "extrato-novembro.ofx" }),
    Result: z
      .object({
        imported: z.number().int(),
        duplicate: z.number().int(),
        autoReconciled: z.number().int(),
        pending: z.number().int(),
      })
      .openapi({ example: { imported: 3, duplicate: 0, autoReconciled: 1, pending: 2 } }),
  }),
  "bank_line.reconciled": z.object({
    IDBankStatementConciliation: id(7, "Linha do extrato bancário"),
    IDBankAccount: id(1),
    Value: money(120),
    IDAccountPayableReceivable: z.array(z.number().int()).openapi({ example: [3] }),
  }),
  "bank_line.unreconciled": z.object({
    IDBankStatementConciliation: id(7),
    IDBankAccount: id(1),
    PreviousReconciledValue: money(120),
  }),
  "title.paid": z.object({
    IDAccountPayableReceivable: id(3),
    IDTypeAccount: id(0, "0 a receber, 1 a pagar"),
    Value: money(120),
  }),
  "transfer.created": z.object({
    IDTransfer: id(5),
    IDBankFrom: id(1),
    IDBankTo: id(2),
    Value: money(300),
    Description: z.string().openapi({ example: "Reforço de caixa" }),
  }),
  "transfer.deleted": z.object({ IDTransfer: id(5), IDBankFrom: id(1), IDBankTo: id(2), Value: money(300) }),
  "order.status_changed": z.object({
    IDOrder: id(1001),
    IDStatusOrderFrom: z.number().int().nullable().openapi({ example: 1 }),
    IDStatusOrder: id(23),
    ChangedAt: dateTime,
  }),
  "tracking.status_changed": z.object({
    IDOrder: id(1001),
    IDTrackingStatusFrom: z.number().int().nullable().openapi({ example: 1 }),
    IDTrackingStatus: id(2),
    TrackingCode: z.string().nullable().openapi({ example: "BR123456789BR" }),
    ChangedAt: dateTime,
  }),
  "tracking.message": z.object({
    IDOrder: id(1001),
    IDTrackingStatus: id(2),
    IDTrackingMessage: id(4),
    Message: z.string().openapi({ example: "Seu pedido 1001 saiu para entrega (BR123456789BR)." }),
  }),
  "purchase.received": z.object({
    IDPurchase: id(40),
    IDSupplier: z.number().int().nullable().openapi({ example: 8 }),
    ReceivedAt: dateTime,
  }),
  "nfe.authorized": z.object({
    IDNFe: id(7, "A NF-e (GET /nfe/{idnfe})"),
    IDOrder: id(1001),
    IDCompanyInvoice: id(1),
    Model: id(55),
    Series: id(1),
    Number: id(1234),
    Key: z.string().openapi({ example: "35261111222333000181550010000012341123456780" }),
    Protocol: z.string().nullable().openapi({ example: "135260000012345" }),
    AuthorizedAt: z.string().nullable().openapi({ example: "2026-11-29T10:00:05-03:00" }),
    Total: money(150.25),
  }),
  "nfe.rejected": z.object({
    IDNFe: id(7),
    IDOrder: id(1001),
    IDCompanyInvoice: id(1),
    Series: id(1),
    Number: id(1234),
    Key: z.string().openapi({ example: "35261111222333000181550010000012341123456780" }),
    Status: z.string().openapi({ example: "Rejected", description: "`Rejected` ou `Denied`" }),
    cStat: z.number().int().nullable().openapi({ example: 225 }),
    xMotivo: z.string().nullable().openapi({ example: "Rejeição: Falha no Schema XML da NFe" }),
  }),
  "nfe.contingency": z.object({
    IDCompanyInvoice: id(1),
    Entered: z.boolean().openapi({ description: "true: entrou na SVC; false: voltou à emissão normal" }),
    ContingencyMode: z
      .enum(["SVC-AN", "SVC-RS"])
      .nullable()
      .openapi({ example: "SVC-AN", description: "A SVC da UF (null ao sair)" }),
    EmissionType: z
      .number()
      .int()
      .openapi({ example: 6, description: "tpEmis das próximas NF-e: 6, 7 ou 1" }),
    ContingencySince: z.string().openapi({
      example: "2026-11-29T10:00:05-03:00",
      description: "dhCont: quando a contingência começou",
    }),
    Reason: z.string().openapi({
      example: "Autorizador SP da NF-e paralisado (109 - Serviço Paralisado sem Previsão)",
      description: "xJust das NF-e emitidas na contingência",
    }),
    Authorizer: z.string().openapi({ example: "SP", description: "O autorizador normal da UF" }),
    cStat: z.number().int().nullable().openapi({ example: 109 }),
    xMotivo: z.string().nullable().openapi({ example: "Serviço Paralisado sem Previsão" }),
  }),
  "nfe.cancelled": z.object({
    IDNFe: id(15, "NF-e emitida"),
    IDOrder: id(1001),
    Key: z.string().openapi({ example: "35261111222333000181550010000000421234567890" }),
    Number: id(42),
    Series: id(1),
    Protocol: z.string().nullable().openapi({
      example: "135260000001234",
      description: "nProt do cancelamento; null: resposta perdida, reenvio respondido 573",
    }),
    cStat: id(135, "135 registrado, 155 homologado fora de prazo, 573 já registrado (reenvio)"),
    OrderCancelled: z.union([z.literal(0), z.literal(1)]).openapi({
      example: 1,
      description: "1: o pedido foi para 10 (Cancelado) com o estoque devolvido no mesmo lote",
    }),
  }),
  "nfe.corrected": z.object({
    IDNFe: id(15, "NF-e emitida"),
    IDOrder: id(1001),
    Key: z.string().openapi({ example: "35261111222333000181550010000000421234567890" }),
    Sequence: id(1, "nSeqEvento da CC-e (1 a 20)"),
    Correction: z.string().openapi({ example: "Endereço de entrega: Rua das Flores, 100, fundos" }),
    Protocol: z.string().nullable().openapi({ example: "135260000001235" }),
  }),
};

/** The body every delivery carries: the envelope around the payload. */
export const deliveryEnvelope = (type: EventType) =>
  z.object({
    IDEvent: z
      .string()
      .openapi({ example: "evt_6f1c2b0e9d8a4c3b8f7e6d5c4b3a2918", description: "Igual a `X-Event-Id`" }),
    Type: z.literal(type),
    IDCompany: z.number().int().openapi({ example: 1 }),
    CreatedAt: z
      .string()
      .openapi({ example: "2026-11-23T17:30:00.000Z", description: "Quando a mudança foi gravada (UTC)" }),
    Data: EVENT_PAYLOAD_SCHEMAS[type],
  });

export const eventCatalogEntry = (type: EventType) => ({
  Type: type,
  Description: EVENT_DESCRIPTIONS[type],
});
