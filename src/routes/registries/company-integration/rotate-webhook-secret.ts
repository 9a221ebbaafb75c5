import { createRoute, z } from "@hono/zod-openapi";
import { rotateWebhookSecret } from "../../../domain/pix/settings";
import { INTEGRATION_NOT_FOUND, PIX_SETTINGS_MESSAGES as PIX } from "../../../domain/pix/settings-messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { CompanyIntegrationSchema, companyIntegrationCrud, integrationBody } from "./schemas";

export const rotatePixWebhookSecretRoute = createRoute({
  method: "post",
  path: "/company/integration/{idcompanyintegration}/pix/webhook-secret",
  operationId: "rotatePixWebhookSecret",
  tags: ["Company"],
  summary: "Troca o segredo do webhook Pix da integração",
  description:
    "Gera um novo segredo para a URL do webhook (o anterior deixa de valer na hora) e devolve a integração com a nova " +
    "`WebhookUrl`, mostrada só nesta resposta: registre-a no PSP (`PUT /v2/webhook/{chave}`). " +
    `400 \`${INTEGRATION_NOT_FOUND}\` (inexistente, excluída ou de outra empresa), \`${PIX.notPixIntegration}\`.`,
  request: { params: companyIntegrationCrud.params },
  responses: jsonOk(
    z.array(CompanyIntegrationSchema),
    "Array de um item: a integração com a nova WebhookUrl",
  ),
});

export const rotatePixWebhookSecret: AppRouteHandler<typeof rotatePixWebhookSecretRoute> = async (c) => {
  const result = await rotateWebhookSecret(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
  );
  return c.json([integrationBody(result, c.req.url)], 200);
};
