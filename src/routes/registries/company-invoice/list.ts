import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const listCompanyInvoicesRoute = createRoute({
  path: "/company/invoice",
  ...listConfig(companyInvoiceCrud),
});

export const listCompanyInvoices: AppRouteHandler<typeof listCompanyInvoicesRoute> = async (c) =>
  c.json(await listRows(c, companyInvoiceRows, c.req.valid("query")), 200);
