import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { UPLOAD_FLOW_DESCRIPTION, UploadAnswerSchema, uploadRequestBody } from "../uploads/schemas";
import { answerUpload, requireUploadBody } from "../uploads/upload-handler";

export const importOrdersTemplateRoute = createRoute({
  method: "post",
  path: "/orders/template",
  operationId: "importOrdersTemplate",
  tags: ["Orders"],
  summary: "Envia a planilha (CSV) de pedidos",
  description: `${UPLOAD_FLOW_DESCRIPTION}\n\nO arquivo é validado, guardado e vira um job \`OrdersTemplate\`. O processamento de pedidos ainda não existe nesta versão: o job termina \`Failed\` com o motivo em \`FailureReason\`.`,
  middleware: [requireUploadBody] as const,
  request: { body: uploadRequestBody },
  responses: jsonOk(UploadAnswerSchema, "URL de upload (RequestUploadUrl) ou `{IDJob, Message}`"),
});

export const importOrdersTemplate: AppRouteHandler<typeof importOrdersTemplateRoute> = async (c) => {
  const answer = await answerUpload(c, "orders-template", c.req.valid("json"), c.req.valid("form"));
  return c.json(answer, 200);
};
