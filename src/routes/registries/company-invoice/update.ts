import { createRoute } from "@hono/zod-openapi";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { companyInvoiceCrud, invoiceBody } from "./schemas";

export const updateCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...updateConfig(companyInvoiceCrud),
});

export const updateCompanyInvoice: AppRouteHandler<typeof updateCompanyInvoiceRoute> = async (c) => {
  const { idcompanyinvoice } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await companyInvoiceRegistry.change(c.get("db"), c.get("caller").companyId, idcompanyinvoice, {
    name: body.Name,
    document: body.Document,
  });
  return c.json([invoiceBody(row)], 200);
};
