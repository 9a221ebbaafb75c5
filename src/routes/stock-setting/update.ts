import { createRoute, z } from "@hono/zod-openapi";
import { getCompany } from "../../domain/company/company";
import { allowNegativeStock } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { flagBody, jsonBody, jsonOk } from "../../http/schemas";
import { StockSettingSchema } from "./schemas";

export const updateStockSettingRoute = createRoute({
  method: "put",
  path: "/company/stock-setting",
  operationId: "updateCompanyStockSetting",
  tags: ["Company"],
  summary: "Altera a configuração de estoque da empresa",
  description:
    "`AllowNegativeStock` 1 permite saídas sem saldo (o saldo fica negativo) e reservas de pedidos além do disponível (`QtyAvailable` fica negativo); 0 volta a recusá-las (a reserva recusada é um 400 `Estoque insuficiente para reservar ...`, também sob pedidos concorrentes). A regra é garantida por uma restrição CHECK nos totais, válida também sob movimentações concorrentes; um saldo já negativo só aceita entradas que o tragam a zero ou acima depois que a permissão é retirada.",
  request: {
    body: jsonBody(
      z
        .object({ AllowNegativeStock: flagBody("AllowNegativeStock") })
        .openapi({ example: { AllowNegativeStock: 1 } }),
    ),
  },
  responses: jsonOk(StockSettingSchema, "Configuração"),
});

export const updateStockSetting: AppRouteHandler<typeof updateStockSettingRoute> = async (c) => {
  const { AllowNegativeStock } = c.req.valid("json");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  await getCompany(db, companyId);
  const allowed = await allowNegativeStock(db, companyId, AllowNegativeStock);
  return c.json({ AllowNegativeStock: allowed ? 1 : 0 }, 200);
};
