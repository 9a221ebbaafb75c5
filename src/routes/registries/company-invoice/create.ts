import { createRoute } from "@hono/zod-openapi";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { companyInvoiceCrud, invoiceBody } from "./schemas";

export const createCompanyInvoiceRoute = createRoute({
  path: "/company/invoice",
  ...createConfig(companyInvoiceCrud),
});

export const createCompanyInvoice: AppRouteHandler<typeof createCompanyInvoiceRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await companyInvoiceRegistry.create(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    document: body.Document ?? null,
  });
  return c.json([invoiceBody(row)], 200);
};
