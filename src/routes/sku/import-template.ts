import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { UPLOAD_FLOW_DESCRIPTION, UploadAnswerSchema, uploadRequestBody } from "../uploads/schemas";
import { answerUpload, requireUploadBody } from "../uploads/upload-handler";

export const importSkuTemplateRoute = createRoute({
  method: "post",
  path: "/sku/template",
  operationId: "importSkuTemplate",
  tags: ["SKU"],
  summary: "Importa a planilha (CSV) de SKUs: cria ou atualiza produtos pelo código",
  description: [
    UPLOAD_FLOW_DESCRIPTION,
    "",
    "CSV em UTF-8 ou Latin-1 (Windows-1252), separado por `;` ou `,` (detectado pelo cabeçalho), campos entre aspas aceitos.",
    "Colunas (cabeçalho sem diferença de maiúsculas/acentos): `code`/`codigo`/`sku` (obrigatória), `name`/`nome`, `brand`/`marca` (nome ou id),",
    "`cost`/`custo`, `price`/`preco`, `active`/`ativo` (1/0, sim/não). Célula vazia mantém o valor atual do produto.",
    "O job (tipo `SkuTemplate`) informa `Result` `{created, updated, errors}` e `Errors[]` por linha (a linha 1 é o cabeçalho).",
  ].join("\n"),
  middleware: [requireUploadBody] as const,
  request: { body: uploadRequestBody },
  responses: jsonOk(UploadAnswerSchema, "URL de upload (RequestUploadUrl) ou `{IDJob, Message}`"),
});

export const importSkuTemplate: AppRouteHandler<typeof importSkuTemplateRoute> = async (c) => {
  const answer = await answerUpload(c, "sku-template", c.req.valid("json"), c.req.valid("form"));
  return c.json(answer, 200);
};
