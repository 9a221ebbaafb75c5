import { createRoute, z } from "@hono/zod-openapi";
import { createChannelIntegration } from "../../domain/hub/integrations";
import { CHANNEL_CREDENTIALS_REFUSED } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import {
  HubIntegrationCreateSchema,
  HubIntegrationSchema,
  integrationBody,
  integrationInput,
} from "./schemas/integrations";

export const createHubIntegrationRoute = createRoute({
  method: "post",
  path: "/hub/integration",
  operationId: "createHubIntegration",
  tags: [HUB_TAG],
  summary: "Conecta um canal de venda (marketplace, loja virtual)",
  description: [
    "Cria a integração no cadastro de integrações da empresa (`/company/integration`, Kind `HUB`) e o seu lado de canal.",
    `Com \`Credentials\`, o canal as confere antes de gravar (recusadas: 400 \`${CHANNEL_CREDENTIALS_REFUSED}\`, nada gravado);`,
    "sem elas a integração fica `NotAuthenticated`. As credenciais são guardadas criptografadas e nunca devolvidas.",
    "400 `Tipo de integração de canal não existe: <id> ...` para um IDTypeCompanyIntegration desconhecido.",
  ].join(" "),
  request: { body: jsonBody(HubIntegrationCreateSchema) },
  responses: jsonOk(z.array(HubIntegrationSchema), "Array de um item: a integração criada"),
});

export const createHubIntegration: AppRouteHandler<typeof createHubIntegrationRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await createChannelIntegration(hubDeps(c), {
    ...integrationInput(body),
    description: body.Description,
    typeId: body.IDTypeCompanyIntegration,
  });
  return c.json([integrationBody(view)], 200);
};
