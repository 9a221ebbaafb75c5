import { z } from "@hono/zod-openapi";
import { idBody, idString, textBody } from "../../http/schemas";

export const UploadActionBodySchema = z
  .object({
    Action: textBody("Action", 40).optional().openapi({
      description: "`RequestUploadUrl` (passo 1) ou `ConfirmUpload` (passo 2)",
      example: "RequestUploadUrl",
    }),
    FileName: textBody("FileName", 255).optional().openapi({
      description: "Nome do arquivo (RequestUploadUrl); guardado como metadado",
      example: "produtos.csv",
    }),
    ContentType: textBody("ContentType", 255)
      .optional()
      .openapi({ description: "Content-Type do arquivo (RequestUploadUrl)", example: "text/csv" }),
    SizeBytes: z
      .number({ error: "SizeBytes deve ser um número inteiro" })
      .int("SizeBytes deve ser um número inteiro")
      .optional()
      .openapi({
        description:
          "Tamanho exato do arquivo em bytes (RequestUploadUrl); até MAX_UPLOAD_BYTES (20 MB por padrão)",
        minimum: 1,
        maximum: 20_971_520,
        example: 2048,
      }),
    Type: textBody("Type", 60).optional().openapi({
      description:
        "Tipo do job (só `POST /job`): `SkuTemplate`, `BankStatementOFX`, `StockInventoryCount`, `NFeXML`, `MarketplaceSettlement` ou `BankReturnCNAB`",
      example: "SkuTemplate",
    }),
    IDBankAccount: idBody("IDBankAccount").optional().openapi({
      description: "Conta bancária ativa da empresa (obrigatória para `BankStatementOFX` e `BankReturnCNAB`)",
    }),
    IDStockKeepingUnitInventorySummary: idBody("IDStockKeepingUnitInventorySummary")
      .optional()
      .openapi({ description: "Inventário aberto da empresa (obrigatório para `StockInventoryCount`)" }),
    IDCompanyIntegration: idBody("IDCompanyIntegration")
      .optional()
      .openapi({ description: "Integração do canal (obrigatória para `MarketplaceSettlement`)" }),
    Key: textBody("Key", 300).optional().openapi({
      description: "Key devolvida por RequestUploadUrl (ConfirmUpload)",
      example: "demo/1/sku-template/0b6c...",
    }),
  })
  .openapi("UploadAction");

export const DirectUploadFormSchema = z
  .object({
    file: z.any().optional().openapi({ type: "string", format: "binary", description: "O arquivo" }),
    Type: textBody("Type", 60).optional().openapi({ description: "Tipo do job (só `POST /job`)" }),
    IDBankAccount: idString("IDBankAccount").optional().openapi({
      type: "integer",
      description: "Conta bancária (obrigatória para `BankStatementOFX` e `BankReturnCNAB`)",
    }),
    IDStockKeepingUnitInventorySummary: idString("IDStockKeepingUnitInventorySummary").optional().openapi({
      type: "integer",
      description: "Inventário aberto (obrigatório para `StockInventoryCount`)",
    }),
    IDCompanyIntegration: idString("IDCompanyIntegration").optional().openapi({
      type: "integer",
      description: "Integração do canal (obrigatória para `MarketplaceSettlement`)",
    }),
  })
  .openapi("DirectUpload");

export const UploadUrlSchema = z
  .object({
    UploadUrl: z.string().openapi({ description: "URL assinada para o PUT do arquivo" }),
    Key: z.string().openapi({ description: "Chave do arquivo, a enviar em ConfirmUpload" }),
    Method: z.literal("PUT"),
    Headers: z.record(z.string(), z.string()).openapi({
      description: "Cabeçalhos obrigatórios no upload",
      example: { "Content-Type": "text/csv", "Content-Length": "2048" },
    }),
    SizeBytes: z.number().int(),
    ExpiresIn: z.number().int().openapi({ description: "Segundos de validade da URL", example: 900 }),
  })
  .openapi("UploadUrl");

export const JobCreatedSchema = z
  .object({
    IDJob: z.number().int().openapi({ example: 12 }),
    Message: z.string().openapi({ example: "Arquivo recebido; processamento agendado" }),
  })
  .openapi("JobCreated");

export const UploadAnswerSchema = z.union([UploadUrlSchema, JobCreatedSchema]);

/** Request body of the three upload routes: the two-step JSON actions or a direct multipart upload. */
export const uploadRequestBody = {
  content: {
    "application/json": { schema: UploadActionBodySchema },
    "multipart/form-data": { schema: DirectUploadFormSchema },
  },
};

export const UPLOAD_FLOW_DESCRIPTION = [
  "Upload em dois passos:",
  "1. `Action=RequestUploadUrl` com `FileName`, `ContentType`, `SizeBytes` devolve `UploadUrl`, `Key`, `Method` (PUT), `Headers` (obrigatórios no PUT), `SizeBytes`, `ExpiresIn`.",
  "2. Envie o arquivo com `PUT UploadUrl` e os `Headers`; depois `Action=ConfirmUpload` com a `Key` cria o job e devolve `IDJob` e `Message`.",
  "Também aceita `multipart/form-data` com o campo `file`. O mesmo conteúdo enviado de novo pela mesma rota devolve o `IDJob` existente.",
  "Limite: MAX_UPLOAD_BYTES (20 MB). Erros de validação: 400 com `errorMessage`.",
].join("\n");
