import { createRoute, z } from "@hono/zod-openapi";
import { HUB_ORDER_NOT_FOUND } from "../../domain/hub/messages";
import { hubOrderByIntegration } from "../../domain/hub/orders";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { HUB_TAG } from "./schemas/common";
import { HubOrderSchema, hubOrderBody } from "./schemas/orders";

export const getIntegrationOrderRoute = createRoute({
  method: "get",
  path: "/hub/order/{idintegration}",
  operationId: "getIntegrationOrder",
  tags: [HUB_TAG],
  summary: "Pedido do hub pelo seu id (IDIntegration)",
  description: `\`{idintegration}\` é o IDIntegration: o id do pedido do hub (o registro do pedido recebido do canal), não o da integração. Mesmo conteúdo de GET /orders/hub/{idorder}. 400 \`${HUB_ORDER_NOT_FOUND}\`.`,
  request: { params: z.object({ idintegration: idPath("idintegration") }) },
  responses: jsonOk(HubOrderSchema, "O pedido do hub"),
});

export const getIntegrationOrder: AppRouteHandler<typeof getIntegrationOrderRoute> = async (c) =>
  c.json(
    hubOrderBody(
      await hubOrderByIntegration(c.get("db"), c.get("caller").companyId, c.req.valid("param").idintegration),
    ),
    200,
  );
