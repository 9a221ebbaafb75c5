import { createRoute } from "@hono/zod-openapi";
import { negativeStockAllowed } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { StockSettingSchema } from "./schemas";

export const getStockSettingRoute = createRoute({
  method: "get",
  path: "/company/stock-setting",
  operationId: "getCompanyStockSetting",
  tags: ["Company"],
  summary: "Configuração de estoque da empresa",
  description:
    "`AllowNegativeStock`: se saídas podem deixar o estoque negativo e reservas de pedidos podem passar do disponível (`QtyAvailable`).",
  responses: jsonOk(StockSettingSchema, "Configuração"),
});

export const getStockSetting: AppRouteHandler<typeof getStockSettingRoute> = async (c) => {
  const allow = await negativeStockAllowed(c.get("db"), c.get("caller").companyId);
  return c.json({ AllowNegativeStock: allow ? 1 : 0 }, 200);
};
