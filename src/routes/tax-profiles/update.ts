import { createRoute, z } from "@hono/zod-openapi";
import { CST_IBS_CBS_NOT_FOUND, TAX_PROFILE_NOT_FOUND } from "../../domain/orders/messages";
import { changeTaxProfile } from "../../domain/orders/tax-profiles";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  TAX_TAG,
  TaxProfileSchema,
  TaxProfileUpdateSchema,
  taxProfileBody,
  taxProfileInput,
  taxProfileParams,
} from "./schemas";

export const updateTaxProfileRoute = createRoute({
  method: "put",
  path: "/tax/profile/{idtaxprofile}",
  operationId: "updateTaxProfile",
  tags: [TAX_TAG],
  summary: "Altera um perfil tributário",
  description:
    "Só os campos enviados mudam. Itens de pedidos já gravados mantêm os tributos com que foram calculados; os novos " +
    `itens (e os alterados) usam o perfil novo. 400: \`${TAX_PROFILE_NOT_FOUND}\`, \`Já existe um perfil tributário com ` +
    `este código\`, \`${CST_IBS_CBS_NOT_FOUND}\`.`,
  request: { params: taxProfileParams, body: jsonBody(TaxProfileUpdateSchema) },
  responses: jsonOk(z.array(TaxProfileSchema), "Array com o perfil alterado"),
});

export const updateTaxProfile: AppRouteHandler<typeof updateTaxProfileRoute> = async (c) => {
  const row = await changeTaxProfile(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idtaxprofile,
    taxProfileInput(c.req.valid("json")),
  );
  return c.json([taxProfileBody(row)], 200);
};
