import { createRoute } from "@hono/zod-openapi";
import { createCollectionList } from "../../domain/hub/labels";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { CollectionListCreateSchema, CollectionListSchema } from "./schemas/collection-lists";
import { HUB_TAG } from "./schemas/common";

export const createHubCollectionListRoute = createRoute({
  method: "post",
  path: "/hub/collection-list",
  operationId: "createHubCollectionList",
  tags: [HUB_TAG],
  summary: "Monta uma lista de coleta (romaneio) de pedidos do hub",
  description:
    "Os pedidos entregues juntos à transportadora; as etiquetas saem por POST /hub/resource/{idtypecompanyintegration}. 400 `Pedido da integração não encontrado: <ids>`, `Pedido sem envio no canal: <ids>`, pedidos de integrações diferentes.",
  request: { body: jsonBody(CollectionListCreateSchema) },
  responses: jsonOk(CollectionListSchema, "A lista de coleta"),
});

export const createHubCollectionList: AppRouteHandler<typeof createHubCollectionListRoute> = async (c) => {
  const list = await createCollectionList(hubDeps(c), c.req.valid("json").Orders);
  return c.json(
    {
      IDOrdersCarrierCollectionList: list.id,
      IDCompanyIntegration: list.integrationId,
      Orders: list.orders.map((o) => ({
        IDIntegration: o.id,
        Order: o.channelOrderId,
        ShippingId: o.shippingId,
      })),
    },
    200,
  );
};
