import { createRoute, z } from "@hono/zod-openapi";
import { HUB_PRODUCT_NOT_FOUND } from "../../domain/hub/messages";
import * as domain from "../../domain/hub/products";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { HubProductSchema, productBody, productParams } from "./schemas/products";

export const getHubProductRoute = createRoute({
  method: "get",
  path: "/hub/product/{idhubproduct}",
  operationId: "getHubProduct",
  tags: [HUB_TAG],
  summary: "Consulta um produto do hub e as suas variações",
  description: `Preço e estoque atuais de cada SKU e quando o canal os aceitou por último. Num anúncio do Mercado Livre, o estoque publicado: \`StockPublication\` (\`State\` Pending/Published/Failed, \`PublishedAt\`, \`FailureReason\`) e, por variação, \`PublishedQty\` (a última quantidade que o canal aceitou). 400 \`${HUB_PRODUCT_NOT_FOUND}\`.`,
  request: { params: productParams },
  responses: jsonOk(z.array(HubProductSchema), "Array de um item"),
});

export const getHubProduct: AppRouteHandler<typeof getHubProductRoute> = async (c) =>
  c.json([productBody(await domain.getHubProduct(hubDeps(c), c.req.valid("param").idhubproduct))], 200);
