import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const updateCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...updateConfig(companyInvoiceCrud),
});

export const updateCompanyInvoice: AppRouteHandler<typeof updateCompanyInvoiceRoute> = async (c) =>
  c.json(
    await changeRow(c, companyInvoiceRows, c.req.valid("param").idcompanyinvoice, c.req.valid("json")),
    200,
  );
