import { createRoute } from "@hono/zod-openapi";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { companyInvoiceCrud, invoiceBody } from "./schemas";

export const listCompanyInvoicesRoute = createRoute({
  path: "/company/invoice",
  ...listConfig(companyInvoiceCrud),
});

export const listCompanyInvoices: AppRouteHandler<typeof listCompanyInvoicesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await companyInvoiceRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(invoiceBody), 200);
};
