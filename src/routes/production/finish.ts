import { createRoute } from "@hono/zod-openapi";
import { PRODUCTION_ALREADY_FINISHED, PRODUCTION_NOT_FOUND } from "../../domain/production/messages";
import { finishProduction as finish } from "../../domain/production/production";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { PurchaseDetailSchema, purchaseDetailBody } from "../purchases/schemas/purchases";
import { PRODUCTION_TAG, ProductionParams } from "./schemas";

export const finishProductionRoute = createRoute({
  method: "post",
  path: "/sku/production/{idstockkeepingunitproduction}/finish",
  operationId: "finishSkuProduction",
  tags: [PRODUCTION_TAG],
  summary: "Finaliza a ordem de produção",
  description: `Num único lote atômico: saídas dos insumos pelo custo médio, uma entrada do produto pela soma dos custos das linhas (custo unitário = soma / quantidade, em centavos), e um documento de recebimento (compra de origem \`production\`, status 9). A resposta é esse documento, no formato exato de GET /purchase/{idpurchase}. Insumo sem saldo segue a configuração de estoque negativo da empresa. Finalizar duas vezes é recusado. Erros 400: \`${PRODUCTION_NOT_FOUND}\`, \`${PRODUCTION_ALREADY_FINISHED}\`, \`Items[<i>]. Estoque insuficiente do SKU ...\`.`,
  request: { params: ProductionParams },
  responses: jsonOk(PurchaseDetailSchema, "O documento de recebimento da produção"),
});

export const finishProduction: AppRouteHandler<typeof finishProductionRoute> = async (c) => {
  const { idstockkeepingunitproduction: id } = c.req.valid("param");
  return c.json(purchaseDetailBody(await finish(c.get("db"), c.get("caller"), id)), 200);
};
