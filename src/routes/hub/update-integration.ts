import { createRoute, z } from "@hono/zod-openapi";
import { changeChannelIntegration } from "../../domain/hub/integrations";
import { HUB_INTEGRATION_NOT_FOUND } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import {
  HubIntegrationSchema,
  HubIntegrationUpdateSchema,
  integrationBody,
  integrationInput,
  integrationParams,
} from "./schemas/integrations";

export const updateHubIntegrationRoute = createRoute({
  method: "put",
  path: "/hub/integration/{idcompanyintegration}",
  operationId: "updateHubIntegration",
  tags: [HUB_TAG],
  summary: "Altera uma integração de canal ou a autentica de novo",
  description: `Só os campos enviados mudam. Novas \`Credentials\` são conferidas pelo canal antes de gravar. 400 \`${HUB_INTEGRATION_NOT_FOUND}\`.`,
  request: { params: integrationParams, body: jsonBody(HubIntegrationUpdateSchema) },
  responses: jsonOk(z.array(HubIntegrationSchema), "Array de um item: a integração alterada"),
});

export const updateHubIntegration: AppRouteHandler<typeof updateHubIntegrationRoute> = async (c) => {
  const view = await changeChannelIntegration(
    hubDeps(c),
    c.req.valid("param").idcompanyintegration,
    integrationInput(c.req.valid("json")),
  );
  return c.json([integrationBody(view)], 200);
};
