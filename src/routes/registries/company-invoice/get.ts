import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const getCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...getConfig(companyInvoiceCrud),
});

export const getCompanyInvoice: AppRouteHandler<typeof getCompanyInvoiceRoute> = async (c) =>
  c.json(await getRows(c, companyInvoiceRows, c.req.valid("param").idcompanyinvoice), 200);
