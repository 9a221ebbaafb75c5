import { createRoute, z } from "@hono/zod-openapi";
import { CST_IBS_CBS_NOT_FOUND, TAX_PROFILE_CODE_DUPLICATE } from "../../domain/orders/messages";
import type { TaxProfileInput } from "../../domain/orders/tax-profiles";
import * as domain from "../../domain/orders/tax-profiles";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  TAX_TAG,
  TaxProfileCreateSchema,
  TaxProfileSchema,
  taxProfileBody,
  taxProfileInput,
} from "./schemas";

export const createTaxProfileRoute = createRoute({
  method: "post",
  path: "/tax/profile",
  operationId: "createTaxProfile",
  tags: [TAX_TAG],
  summary: "Cria um perfil tributário",
  description:
    "CSTs de ICMS, IPI, PIS e COFINS (2 ou 3 dígitos), o CST de IBS/CBS (`IDNfCstIbsCbs`) e as alíquotas em %. 400: " +
    `\`${TAX_PROFILE_CODE_DUPLICATE}\`, \`${CST_IBS_CBS_NOT_FOUND}\`.`,
  request: {
    body: jsonBody(TaxProfileCreateSchema),
  },
  responses: jsonOk(z.array(TaxProfileSchema), "Array com o perfil criado"),
});

export const createTaxProfile: AppRouteHandler<typeof createTaxProfileRoute> = async (c) => {
  const row = await domain.createTaxProfile(
    c.get("db"),
    c.get("caller").companyId,
    taxProfileInput(c.req.valid("json")) as TaxProfileInput,
  );
  return c.json([taxProfileBody(row)], 200);
};
