import { createRoute, z } from "@hono/zod-openapi";
import { getChannelIntegration } from "../../domain/hub/integrations";
import { HUB_INTEGRATION_NOT_FOUND } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { HubIntegrationSchema, integrationBody, integrationParams } from "./schemas/integrations";

export const getHubIntegrationRoute = createRoute({
  method: "get",
  path: "/hub/integration/{idcompanyintegration}",
  operationId: "getHubIntegration",
  tags: [HUB_TAG],
  summary: "Consulta uma integração de canal",
  description: `Estado da autenticação, validade, depósito, cursor. 400 \`${HUB_INTEGRATION_NOT_FOUND}\`.`,
  request: { params: integrationParams },
  responses: jsonOk(z.array(HubIntegrationSchema), "Array de um item"),
});

export const getHubIntegration: AppRouteHandler<typeof getHubIntegrationRoute> = async (c) =>
  c.json(
    [integrationBody(await getChannelIntegration(hubDeps(c), c.req.valid("param").idcompanyintegration))],
    200,
  );
