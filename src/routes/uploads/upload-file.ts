import { createRoute, z } from "@hono/zod-openapi";
import { receiveSignedUpload } from "../../domain/uploads/receive-upload";
import type { AppRouteHandler } from "../../http/router";
import { ErrorBodySchema, idString, jsonOk } from "../../http/schemas";
import { uploadSigningSecret } from "../../platform/upload-signature";

const pathText = (name: string, pattern: RegExp, example: string, description: string) =>
  z
    .string()
    .regex(pattern, `${name} inválido`)
    .openapi({ param: { name, in: "path" }, example, description });

const StoredSchema = z
  .object({
    Key: z.string(),
    SizeBytes: z.number().int().openapi({ description: "Bytes gravados" }),
  })
  .openapi("UploadStored");

export const uploadSignedFileRoute = createRoute({
  method: "put",
  path: "/upload/{account}/{company}/{route}/{id}",
  operationId: "uploadSignedFile",
  tags: ["Job"],
  summary: "Recebe o arquivo na URL assinada de RequestUploadUrl",
  description: [
    "Sem token: a assinatura HMAC-SHA256 (método, Key, validade, tamanho e Content-Type) autentica o envio.",
    "Cabeçalhos obrigatórios: `Content-Type` igual ao informado e `Content-Length` (no máximo `SizeBytes`).",
    "403 para assinatura inválida ou URL expirada; 400 para Content-Type diferente, Content-Length ausente,",
    "corpo maior que `SizeBytes` (contado durante a transmissão) ou Key já enviada. Nada fica gravado quando o envio é recusado.",
  ].join(" "),
  security: [],
  request: {
    params: z.object({
      account: pathText("account", /^[a-z0-9-]{1,63}$/, "demo", "Conta (parte da Key)"),
      company: idString("company").openapi({
        param: { name: "company", in: "path" },
        type: "integer",
        description: "Empresa (parte da Key)",
      }),
      route: pathText(
        "route",
        /^(job|sku-template|orders-template)$/,
        "sku-template",
        "Rota que pediu a URL (parte da Key)",
      ),
      id: pathText(
        "id",
        /^[0-9a-f-]{36}$/,
        "0b6c1f1e-7a7a-4a53-9a43-3d1c9e0d2f11",
        "Identificador do envio (parte da Key)",
      ),
    }),
    query: z.object({
      expires: z
        .string()
        .optional()
        .openapi({ param: { name: "expires", in: "query" }, description: "Validade (Unix, segundos)" }),
      signature: z
        .string()
        .optional()
        .openapi({ param: { name: "signature", in: "query" }, description: "Assinatura" }),
    }),
    body: {
      content: {
        "application/octet-stream": { schema: z.any().openapi({ type: "string", format: "binary" }) },
      },
    },
  },
  responses: {
    ...jsonOk(StoredSchema, "Arquivo gravado; confirme com `Action=ConfirmUpload`"),
    403: {
      description: "Assinatura inválida ou URL expirada",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
  },
});

export const uploadSignedFile: AppRouteHandler<typeof uploadSignedFileRoute> = async (c) => {
  const params = c.req.valid("param");
  const query = c.req.valid("query");
  const stored = await receiveSignedUpload(
    { db: c.get("db"), bucket: c.env.UPLOADS, secret: uploadSigningSecret(c.env) },
    {
      account: c.get("account"),
      key: { account: params.account, companyId: params.company, route: params.route, id: params.id },
      expires: query.expires,
      signature: query.signature,
      contentType: c.req.header("content-type"),
      contentLength: c.req.header("content-length"),
      body: c.req.raw.body,
    },
  );
  return c.json({ Key: stored.key, SizeBytes: stored.size }, 200);
};
