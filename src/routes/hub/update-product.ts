import { createRoute } from "@hono/zod-openapi";
import { HUB_PRODUCT_NOT_FOUND } from "../../domain/hub/messages";
import { syncHubProduct } from "../../domain/hub/products";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { HUB_TAG } from "./schemas/common";
import { HubProductSyncSchema, HubProductUpdateSchema, productParams, syncBody } from "./schemas/products";

export const updateHubProductRoute = createRoute({
  method: "put",
  path: "/hub/product/{idhubproduct}",
  operationId: "updateHubProduct",
  tags: [HUB_TAG],
  summary: "Atualiza o produto no canal (e as variações com SyncVariations=1)",
  description: [
    "Envia ao canal o título e, com `SyncVariations=1`, o preço e o estoque de cada variação.",
    "Responde `{IDHubProduct, TotalUpdates, Results[]}`: um resultado para o produto e um por variação; a recusa de uma",
    "variação é o seu resultado (`Success` 0 e `Message`), nunca interrompe as outras. O título muda só se o canal o aceitar.",
    `Canal não autenticado, expirado, com resposta inválida ou sem resposta: 400 com a mensagem. 400 \`${HUB_PRODUCT_NOT_FOUND}\`.`,
  ].join(" "),
  request: { params: productParams, body: jsonBody(HubProductUpdateSchema) },
  responses: jsonOk(HubProductSyncSchema, "O resultado de cada atualização"),
});

export const updateHubProduct: AppRouteHandler<typeof updateHubProductRoute> = async (c) => {
  const body = c.req.valid("json");
  const answer = await syncHubProduct(hubDeps(c), c.req.valid("param").idhubproduct, {
    title: body.Title,
    syncVariations: body.SyncVariations === 1,
  });
  return c.json(syncBody(answer), 200);
};
