import { createRoute } from "@hono/zod-openapi";
import { sealCsc } from "../../../domain/company/nfce-settings";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const createCompanyInvoiceRoute = createRoute({
  path: "/company/invoice",
  ...createConfig(companyInvoiceCrud),
});

export const createCompanyInvoice: AppRouteHandler<typeof createCompanyInvoiceRoute> = async (c) => {
  const body = c.req.valid("json");
  const cscSealed = await sealCsc(c.env.HUB_CREDENTIALS_KEY, c.get("caller").companyId, body);
  return c.json(await createRow(c, companyInvoiceRows, { ...body, cscSealed }), 200);
};
