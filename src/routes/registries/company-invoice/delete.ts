import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const deleteCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...deleteConfig(companyInvoiceCrud),
});

export const deleteCompanyInvoice: AppRouteHandler<typeof deleteCompanyInvoiceRoute> = async (c) =>
  c.json(await removeRow(c, companyInvoiceRows, c.req.valid("param").idcompanyinvoice), 200);
