import { createRoute, z } from "@hono/zod-openapi";
import { HUB_INTEGRATION_NOT_FOUND, HUB_PRODUCT_DUPLICATE_SKU } from "../../domain/hub/messages";
import * as domain from "../../domain/hub/products";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { HubProductCreateSchema, HubProductSchema, productBody } from "./schemas/products";

export const createHubProductRoute = createRoute({
  method: "post",
  path: "/hub/product",
  operationId: "createHubProduct",
  tags: [HUB_TAG],
  summary: "Cadastra um produto anunciado num canal, com as suas variações (SKUs)",
  description: `400 \`${HUB_INTEGRATION_NOT_FOUND}\`, \`SKU não existe: <ids>\`, \`${HUB_PRODUCT_DUPLICATE_SKU}\`, \`Informe ao menos uma variação ...\`.`,
  request: { body: jsonBody(HubProductCreateSchema) },
  responses: jsonOk(z.array(HubProductSchema), "Array de um item: o produto do hub"),
});

export const createHubProduct: AppRouteHandler<typeof createHubProductRoute> = async (c) => {
  const body = c.req.valid("json");
  const created = await domain.createHubProduct(hubDeps(c), {
    integrationId: body.IDCompanyIntegration,
    title: body.Title,
    channelProductId: body.ChannelProductId ?? null,
    variations: body.Variations.map((v) => ({ skuId: v.IDSku, channelSkuCode: v.ChannelSkuCode })),
  });
  return c.json([productBody(created)], 200);
};
