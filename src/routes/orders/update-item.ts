import { createRoute, z } from "@hono/zod-openapi";
import { ORDER_ITEM_NOT_FOUND, ORDER_NOT_FOUND } from "../../domain/orders/messages";
import { changeOrderItem } from "../../domain/orders/order-items";
import { QUANTITY_NOT_POSITIVE } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { SkuSchema, skuBody } from "../sku/schemas";
import { ORDERS_TAG, orderItemParams } from "./schemas/common";
import { itemBody, itemChangesOf, OrderItemSchema, OrderItemUpdateSchema } from "./schemas/items";

const ManualTaxItemSchema = OrderItemSchema.extend({
  Sku: SkuSchema.openapi({ description: "O cadastro do SKU do item" }),
}).openapi("OrderItemManualTax");

export const updateOrderSkuRoute = createRoute({
  method: "put",
  path: "/orders/{idorder}/sku/{idskumovement}",
  operationId: "updateOrderSku",
  tags: [ORDERS_TAG],
  summary: "Altera um item do pedido",
  description:
    "Quantidade, preço, desconto, `ReverseTaxCalculation` e a tributação: os tributos são recalculados pelo perfil do SKU " +
    "ou, com `ManualTax` 1, pelas alíquotas e CSTs informados (os não enviados mantêm os do item). Resposta: array de um " +
    "item; com tributação manual, o item completo com o cadastro do SKU (`Sku`); sem ela, a forma de POST " +
    `/orders/{idorder}/sku (com \`IDNfCstIbsCbs\`). 400: \`${ORDER_NOT_FOUND}\`, \`${ORDER_ITEM_NOT_FOUND}\`, \`Itens de pedido ` +
    `faturado ou em status final não podem ser alterados\`, \`${QUANTITY_NOT_POSITIVE}\`, \`Tributação manual ...\`; ` +
    "aumentar a quantidade num pedido que reserva estoque além do disponível: `Estoque insuficiente para reservar o SKU <id> " +
    "no depósito <id>: disponível <x>, solicitado <y>` (salvo `AllowNegativeStock`).",
  request: {
    params: orderItemParams,
    body: jsonBody(OrderItemUpdateSchema),
  },
  responses: jsonOk(
    z.array(z.union([ManualTaxItemSchema, OrderItemSchema])),
    "Array com o item alterado (com `Sku` quando ManualTax é 1)",
  ),
});

export const updateOrderSku: AppRouteHandler<typeof updateOrderSkuRoute> = async (c) => {
  const { idorder, idskumovement } = c.req.valid("param");
  const { item, sku } = await changeOrderItem(
    c.get("db"),
    c.get("caller"),
    idorder,
    idskumovement,
    itemChangesOf(c.req.valid("json")),
  );
  const body = itemBody(item);
  return c.json([item.manualTax === 1 && sku ? { ...body, Sku: skuBody(sku) } : body], 200);
};
