import { createRoute, z } from "@hono/zod-openapi";
import { findPackages } from "../../domain/orders/dashboard";
import { fromMilli } from "../../domain/stock/quantities";
import type { AppRouteHandler } from "../../http/router";
import { idField, idQuery, jsonOk } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { ORDERS_TAG, orderCursorQuery, orderDateQuery } from "./schemas/common";

const PackageSchema = z
  .object({
    IDOrder: idField("Pedido"),
    Date: z.string().openapi({ format: "date", description: "Data do pedido" }),
    IDStatusOrder: idField("Status do pedido"),
    StatusColorCode: z.string().openapi({ example: "#00897B", description: "Cor do status (#RRGGBB)" }),
    IDWarehouse: idField("Depósito de onde sai"),
    IDCarrier: z
      .number()
      .int()
      .nullable()
      .openapi({ type: ["integer", "null"], description: "Transportadora" }),
    ShippingMethod: z
      .string()
      .nullable()
      .openapi({ description: "mail, entrusted, personal_delivery ou email" }),
    TrackingCode: z.string().nullable().openapi({ description: "Código de rastreio" }),
    Volumes: z.number().int().openapi({ description: "Volumes (embalagens)" }),
    GrossWeight: z.number().openapi({ description: "Peso bruto (kg)" }),
    NetWeight: z.number().openapi({ description: "Peso líquido (kg)" }),
    ItemsCount: z.number().int().openapi({ description: "Itens do pedido" }),
    ItemsQuantity: z.number().openapi({ description: "Soma das quantidades dos itens" }),
    Total: z.number().openapi({ description: "Total do pedido (R$)" }),
  })
  .openapi("OrderPackage");

export const listOrderPackagesRoute = createRoute({
  method: "get",
  path: "/orders/package",
  operationId: "listOrderPackages",
  tags: [ORDERS_TAG],
  summary: "Volumes e embalagens dos pedidos da empresa",
  description:
    "Sem parâmetro `IDCompany`: sempre a empresa de quem chama. Para cada pedido: transportadora, forma de envio, rastreio, " +
    "volumes, pesos e a quantidade dos itens. Mesmo cursor de GET /orders (`LastID`, ids crescentes, `PageSize` até 5000). " +
    "Filtros: `IDStatusOrder`, `IDCarrier`, `DateFrom`/`DateTo`.",
  request: {
    query: z.object({
      ...orderCursorQuery,
      IDStatusOrder: idQuery("IDStatusOrder", "Status"),
      IDCarrier: idQuery("IDCarrier", "Transportadora"),
      ...orderDateQuery,
    }),
  },
  responses: jsonOk(z.array(PackageSchema), "Pedidos com seus volumes"),
});

export const listOrderPackages: AppRouteHandler<typeof listOrderPackagesRoute> = async (c) => {
  const q = c.req.valid("query");
  const rows = await findPackages(
    c.get("db"),
    c.get("caller").companyId,
    {
      lastId: q.LastID,
      statusId: q.IDStatusOrder,
      carrierId: q.IDCarrier,
      dateFrom: q.DateFrom,
      dateTo: q.DateTo,
    },
    q.PageSize,
  );
  return c.json(
    rows.map(({ order: o, items, quantity, status }) => ({
      IDOrder: o.id,
      Date: o.date,
      IDStatusOrder: o.statusId,
      StatusColorCode: status?.colorCode ?? "#000000",
      IDWarehouse: o.warehouseId,
      IDCarrier: o.carrierId,
      ShippingMethod: o.shippingMethod,
      TrackingCode: o.trackingCode,
      Volumes: o.volumes,
      GrossWeight: fromMilli(o.grossWeight),
      NetWeight: fromMilli(o.netWeight),
      ItemsCount: items,
      ItemsQuantity: fromMilli(quantity),
      Total: fromCents(o.total),
    })),
    200,
  );
};
