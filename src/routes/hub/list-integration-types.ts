import { createRoute, z } from "@hono/zod-openapi";
import { CHANNEL_KINDS } from "../../domain/hub/channel-kinds";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { HUB_TAG } from "./schemas/common";
import { ChannelKindSchema } from "./schemas/integrations";

export const listHubIntegrationTypesRoute = createRoute({
  method: "get",
  path: "/hub/integration/type",
  operationId: "listHubIntegrationTypes",
  tags: [HUB_TAG],
  summary: "Lista os tipos de canal (IDTypeCompanyIntegration)",
  description:
    "Os canais que a empresa pode conectar; os sandbox se comportam como canais reais para testes.",
  responses: jsonOk(z.array(ChannelKindSchema), "Tipos de canal"),
});

export const listHubIntegrationTypes: AppRouteHandler<typeof listHubIntegrationTypesRoute> = async (c) =>
  c.json(
    CHANNEL_KINDS.map((kind) => ({
      IDTypeCompanyIntegration: kind.id,
      Code: kind.code,
      Description: kind.description,
      ChannelType: kind.channelType,
      IDSalesChannel: kind.salesChannel.id,
      SalesChannel: kind.salesChannel.name,
      SalesChannelLogoUrl: kind.salesChannel.logoUrl,
      Sandbox: kind.sandbox ? (1 as const) : (0 as const),
    })),
    200,
  );
