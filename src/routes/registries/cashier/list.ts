import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/cashiers";
import type { AppRouteHandler } from "../../../http/router";
import { idQuery, jsonOk, pageQuery } from "../../../http/schemas";
import { CashierListSchema, cashierBody } from "./schemas";

export const listCashiersRoute = createRoute({
  method: "get",
  path: "/store-front/cashier",
  operationId: "listCashiers",
  tags: ["Store front"],
  summary: "Lista aberturas e fechamentos de caixa (PDV)",
  description: "Mais recentes primeiro, 5000 por página (`Page` a partir de 0).",
  request: {
    query: z.object({ IDBankAccount: idQuery("IDBankAccount", "Só os caixas desta conta"), Page: pageQuery }),
  },
  responses: jsonOk(CashierListSchema, "Caixas da empresa"),
});

export const listCashiers: AppRouteHandler<typeof listCashiersRoute> = async (c) => {
  const { IDBankAccount, Page } = c.req.valid("query");
  const cashiers = await domain.listCashiers(c.get("db"), c.get("caller").companyId, {
    page: Page,
    bankAccountId: IDBankAccount,
  });
  return c.json(cashiers.map(cashierBody), 200);
};
