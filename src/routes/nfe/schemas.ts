import { z } from "@hono/zod-openapi";
import type { IssuedNfeEventRow, IssuedNfeRow } from "../../db/emission";
import { NFE_STATUSES } from "../../domain/emission/states";
import { idPath } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const NFE_TAG = "NF-e";

export const nfeParams = z.object({
  idnfe: idPath("idnfe").openapi({ description: "IDNFe: a NF-e emitida" }),
});

export const NFeSchema = z
  .object({
    IDNFe: z.number().int().openapi({ description: "A NF-e emitida", example: 1 }),
    IDOrder: z.number().int().openapi({ description: "O pedido da NF-e", example: 10 }),
    IDCompanyInvoice: z.number().int().openapi({ example: 1 }),
    IDJob: z
      .number()
      .int()
      .nullable()
      .openapi({ type: ["integer", "null"], description: "O job NFeEmission que a emite" }),
    Model: z.number().int().openapi({ description: "Modelo: 55 (NF-e) ou 65 (NFC-e)", example: 55 }),
    Series: z.number().int().openapi({ description: "Série da NF-e", example: 1 }),
    Number: z.number().int().openapi({ description: "Número da NF-e (nNF)", example: 1 }),
    Key: z.string().openapi({ description: "Chave de acesso (chNFe, 44 caracteres)" }),
    Environment: z.number().int().openapi({ description: "tpAmb: 1 produção, 2 homologação" }),
    EmissionType: z.number().int().openapi({
      description:
        "tpEmis da chave: 1 normal, 6 contingência SVC-AN, 7 SVC-RS, 9 NFC-e em contingência off-line",
      example: 1,
    }),
    Status: z.enum(NFE_STATUSES as [string, ...string[]]).openapi({
      description:
        "`Processing` (numerada, sendo enviada), `Pending` (a SEFAZ não deu resposta conclusiva: `xMotivo` diz por quê e `RetryAt` quando tenta de novo), `Authorized`, `Rejected` (o número fica para a nova emissão do pedido), `Denied` (uso denegado: o número fica usado), `Cancelled`, `Offline` (NFC-e emitida em contingência off-line, tpEmis 9, aguardando transmissão: POST /nfe/{idnfe}/transmit a transmite agora), `Expired` (NFC-e off-line não autorizada em 24 h)",
    }),
    cStat: z
      .number()
      .int()
      .nullable()
      .openapi({ type: ["integer", "null"], description: "Último cStat da SEFAZ, como veio" }),
    xMotivo: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        description: "Último xMotivo da SEFAZ, como veio, ou por que não houve resposta",
      }),
    Protocol: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "nProt da autorização" }),
    AuthorizedAt: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "dhRecbto da autorização" }),
    IssuedAt: z
      .string()
      .openapi({ description: "dhEmi (horário de Brasília, -03:00)", example: "2026-11-29T10:00:00-03:00" }),
    Total: z.number().openapi({ description: "vNF", example: 150.25 }),
    RecipientDocument: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "CPF ou CNPJ do destinatário" }),
    RecipientName: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "Nome do destinatário (xNome)" }),
    Attempts: z.number().int().openapi({ description: "Envios e consultas feitos" }),
    RetryAt: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        description:
          "UTC: antes disso o job não envia de novo (656, 108/109, sem resposta; NFC-e `Offline`: a próxima transmissão)",
      }),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .openapi("NFe");

export const NFeEventSchema = z
  .object({
    IDNFeEvent: z.number().int().openapi({ description: "O evento do emitente" }),
    Type: z.number().int().openapi({ description: "tpEvento: 110111 cancelamento, 110110 CC-e" }),
    Sequence: z.number().int().openapi({ description: "nSeqEvento (CC-e: 1 a 20)" }),
    Text: z.string().openapi({ description: "xJust (cancelamento) ou xCorrecao (CC-e)" }),
    Status: z.string(),
    cStat: z
      .number()
      .int()
      .nullable()
      .openapi({ type: ["integer", "null"], description: "cStat da resposta da SEFAZ ao evento" }),
    xMotivo: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        description: "xMotivo da resposta da SEFAZ ao evento, ou por que não houve resposta",
      }),
    Protocol: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "nProt do evento; null antes do registro" }),
    RegisteredAt: z
      .string()
      .nullable()
      .openapi({ type: ["string", "null"], description: "dhRegEvento" }),
    CreatedAt: z.string(),
  })
  .openapi("NFeEvent");

export const NFeDetailSchema = NFeSchema.extend({
  Events: z.array(NFeEventSchema).openapi({ description: "Os eventos da NF-e (cancelamento, CC-e)" }),
}).openapi("NFeDetail");

export const nfeBody = (row: IssuedNfeRow) => ({
  IDNFe: row.id,
  IDOrder: row.orderId,
  IDCompanyInvoice: row.companyInvoiceId,
  IDJob: row.jobId,
  Model: row.model,
  Series: row.series,
  Number: row.number,
  Key: row.accessKey,
  Environment: row.environment,
  EmissionType: row.emissionType,
  Status: row.status,
  cStat: row.cStat,
  xMotivo: row.xMotivo,
  Protocol: row.protocol,
  AuthorizedAt: row.authorizedAt,
  IssuedAt: row.issuedAt,
  Total: fromCents(row.total),
  RecipientDocument: row.recipientDocument,
  RecipientName: row.recipientName,
  Attempts: row.attempts,
  RetryAt: row.retryAt,
  CreatedAt: row.createdAt,
  UpdatedAt: row.updatedAt,
});

export const eventBody = (row: IssuedNfeEventRow) => ({
  IDNFeEvent: row.id,
  Type: row.type,
  Sequence: row.sequence,
  Text: row.text,
  Status: row.status,
  cStat: row.cStat,
  xMotivo: row.xMotivo,
  Protocol: row.protocol,
  RegisteredAt: row.registeredAt,
  CreatedAt: row.createdAt,
});

/** The 202 of an issue: the job and each note as it stands (Processing). */
export const IssueAnswerSchema = z
  .object({
    IDJob: z.number().int().openapi({ description: "O job NFeEmission (GET /job/{idjob})" }),
    NFes: z
      .array(
        z.object({
          IDNFe: z.number().int().openapi({ description: "A NF-e emitida" }),
          IDOrder: z.number().int().openapi({ description: "O pedido da NF-e" }),
          IDCompanyInvoice: z.number().int(),
          Series: z.number().int().openapi({ description: "Série da NF-e" }),
          Number: z.number().int().openapi({ description: "Número da NF-e (nNF)" }),
          Key: z.string().openapi({ description: "Chave de acesso (chNFe, 44 caracteres)" }),
          Status: z.string(),
        }),
      )
      .openapi({ description: "As NF-e do job, em `Processing`" }),
  })
  .openapi("NFeIssueAnswer");

export const issueAnswer = (jobId: number, rows: IssuedNfeRow[]) => ({
  IDJob: jobId,
  NFes: rows.map((row) => ({
    IDNFe: row.id,
    IDOrder: row.orderId,
    IDCompanyInvoice: row.companyInvoiceId,
    Series: row.series,
    Number: row.number,
    Key: row.accessKey,
    Status: row.status,
  })),
});
