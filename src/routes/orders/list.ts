import { createRoute, z } from "@hono/zod-openapi";
import { findOrders, ORDER_PAGE_SIZE } from "../../domain/orders/read";
import type { AppRouteHandler } from "../../http/router";
import { idQuery, jsonOk } from "../../http/schemas";
import { ORDERS_TAG, orderCursorQuery, orderDateQuery } from "./schemas/common";
import { headerBody, OrderHeaderSchema } from "./schemas/orders";

export const listOrdersRoute = createRoute({
  method: "get",
  path: "/orders",
  operationId: "listOrders",
  tags: [ORDERS_TAG],
  summary: "Lista pedidos (cursor LastID)",
  description:
    `Pedidos da empresa em ordem crescente de IDOrder, só os de id maior que \`LastID\` (cursor: passe o último IDOrder ` +
    `recebido para a próxima página; uma página menor que PageSize é a última). No máximo ${ORDER_PAGE_SIZE} por página. ` +
    "Filtros: `DateFrom`/`DateTo` (data do pedido, inclusive), `IDStatusOrder`, `IDConsumer`, `IDSalesChannel`. " +
    "Cada filtro tem seu índice (empresa, filtro, id), então o custo de uma página não cresce com o número de pedidos. " +
    "Só o cabeçalho de cada pedido; itens e histórico em GET /orders/{idorder}.",
  request: {
    query: z.object({
      ...orderCursorQuery,
      ...orderDateQuery,
      IDStatusOrder: idQuery("IDStatusOrder", "Status"),
      IDConsumer: idQuery("IDConsumer", "Cliente"),
      IDSalesChannel: idQuery("IDSalesChannel", "Canal de venda"),
    }),
  },
  responses: jsonOk(z.array(OrderHeaderSchema), "Pedidos"),
});

export const listOrders: AppRouteHandler<typeof listOrdersRoute> = async (c) => {
  const q = c.req.valid("query");
  const page = await findOrders(
    c.get("db"),
    c.get("caller").companyId,
    {
      lastId: q.LastID,
      dateFrom: q.DateFrom,
      dateTo: q.DateTo,
      statusId: q.IDStatusOrder,
      consumerId: q.IDConsumer,
      salesChannelId: q.IDSalesChannel,
    },
    q.PageSize,
  );
  return c.json(
    page.rows.map((row) => headerBody(row, page.statuses.get(row.statusId), page.timeZone)),
    200,
  );
};
