import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/tax-profiles";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { CstIbsCbsSchema, cstBodyOf, TAX_TAG } from "./schemas";

export const listCstIbsCbsRoute = createRoute({
  method: "get",
  path: "/tax/cst-ibs-cbs",
  operationId: "listCstIbsCbs",
  tags: [TAX_TAG],
  summary: "CSTs de IBS/CBS",
  description: "Os códigos de situação tributária de IBS/CBS (`IDNfCstIbsCbs`), semeados em toda conta.",
  responses: jsonOk(z.array(CstIbsCbsSchema), "CSTs"),
});

export const listCstIbsCbs: AppRouteHandler<typeof listCstIbsCbsRoute> = async (c) =>
  c.json((await domain.listCstIbsCbs(c.get("db"))).map(cstBodyOf), 200);
