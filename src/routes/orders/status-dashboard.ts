import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/dashboard";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, jsonOk } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { ORDERS_TAG } from "./schemas/common";

const StatusCountSchema = z
  .object({
    IDStatusOrder: z.number().int().openapi({ description: "Status", example: 1 }),
    Description: z.string().openapi({ description: "Descrição do status", example: "Pedido recebido" }),
    StatusColorCode: z.string().openapi({ description: "Cor do status (#RRGGBB)", example: "#1E88E5" }),
    Count: z.number().int().openapi({ description: "Pedidos no status, datados no período" }),
    Total: z.number().openapi({ description: "Soma dos totais desses pedidos (R$)" }),
    DateFrom: z.string().openapi({ format: "date", description: "Início do período aplicado" }),
    DateTo: z.string().openapi({ format: "date", description: "Fim do período aplicado" }),
  })
  .openapi("OrderStatusCount");

export const orderStatusDashboardRoute = createRoute({
  method: "get",
  path: "/company/dashboard/order/status",
  operationId: "orderStatusDashboard",
  tags: [ORDERS_TAG],
  summary: "Pedidos por status no período, com a cor do status",
  description:
    "Quantidade e soma dos totais dos pedidos da empresa por status, para pedidos datados de `DateFrom` a `DateTo` " +
    "(padrão: do primeiro dia do mês corrente até hoje, no fuso da empresa). Todos os status do cadastro aparecem, com 0 " +
    "onde não há pedido. 400: `DateFrom não pode ser posterior a DateTo`.",
  request: {
    query: z.object({
      DateFrom: dateQuery("DateFrom", "Data do pedido a partir de (inclusive)"),
      DateTo: dateQuery("DateTo", "Data do pedido até (inclusive)"),
    }),
  },
  responses: jsonOk(z.array(StatusCountSchema), "Um item por status"),
});

export const orderStatusDashboard: AppRouteHandler<typeof orderStatusDashboardRoute> = async (c) => {
  const q = c.req.valid("query");
  const result = await domain.orderStatusDashboard(c.get("db"), c.get("caller").companyId, {
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
  });
  return c.json(
    result.rows.map((s) => ({
      IDStatusOrder: s.id,
      Description: s.description,
      StatusColorCode: s.colorCode,
      Count: s.count,
      Total: fromCents(s.total),
      DateFrom: result.dateFrom,
      DateTo: result.dateTo,
    })),
    200,
  );
};
