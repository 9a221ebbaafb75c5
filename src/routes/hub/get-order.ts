import { createRoute, z } from "@hono/zod-openapi";
import { HUB_ORDER_NOT_FOUND } from "../../domain/hub/messages";
import { hubOrderByOrder } from "../../domain/hub/orders";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { HUB_TAG } from "./schemas/common";
import { HubOrderSchema, hubOrderBody } from "./schemas/orders";

export const getHubOrderRoute = createRoute({
  method: "get",
  path: "/orders/hub/{idorder}",
  operationId: "getHubOrder",
  tags: [HUB_TAG],
  summary: "Pedido do hub pelo pedido criado a partir dele (IDOrder)",
  description: `Mesmo conteúdo de GET /hub/order/{idintegration}. 400 \`${HUB_ORDER_NOT_FOUND}\` quando nenhum pedido do hub criou esse IDOrder.`,
  request: { params: z.object({ idorder: idPath("idorder") }) },
  responses: jsonOk(HubOrderSchema, "O pedido do hub"),
});

export const getHubOrder: AppRouteHandler<typeof getHubOrderRoute> = async (c) =>
  c.json(
    hubOrderBody(await hubOrderByOrder(c.get("db"), c.get("caller").companyId, c.req.valid("param").idorder)),
    200,
  );
