import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const createCompanyInvoiceRoute = createRoute({
  path: "/company/invoice",
  ...createConfig(companyInvoiceCrud),
});

export const createCompanyInvoice: AppRouteHandler<typeof createCompanyInvoiceRoute> = async (c) =>
  c.json(await createRow(c, companyInvoiceRows, c.req.valid("json")), 200);
