import { createRoute, z } from "@hono/zod-openapi";
import { listChannelIntegrations } from "../../domain/hub/integrations";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { HubIntegrationSchema, integrationBody } from "./schemas/integrations";

export const listHubIntegrationsRoute = createRoute({
  method: "get",
  path: "/hub/integration",
  operationId: "listHubIntegrations",
  tags: [HUB_TAG],
  summary: "Lista as integrações de canal",
  description: "Ativas, 5000 por página (`Page` a partir de 0).",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(HubIntegrationSchema), "Integrações de canal"),
});

export const listHubIntegrations: AppRouteHandler<typeof listHubIntegrationsRoute> = async (c) =>
  c.json((await listChannelIntegrations(hubDeps(c), c.req.valid("query").Page)).map(integrationBody), 200);
