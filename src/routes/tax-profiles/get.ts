import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/tax-profiles";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { TAX_TAG, TaxProfileSchema, taxProfileBody, taxProfileParams } from "./schemas";

export const getTaxProfileRoute = createRoute({
  method: "get",
  path: "/tax/profile/{idtaxprofile}",
  operationId: "getTaxProfile",
  tags: [TAX_TAG],
  summary: "Um perfil tributário",
  description: "Array com o perfil, ou `[]` quando não é da empresa.",
  request: { params: taxProfileParams },
  responses: jsonOk(z.array(TaxProfileSchema), "Array com o perfil"),
});

export const getTaxProfile: AppRouteHandler<typeof getTaxProfileRoute> = async (c) => {
  const rows = await domain.getTaxProfile(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idtaxprofile,
  );
  return c.json(rows.map(taxProfileBody), 200);
};
