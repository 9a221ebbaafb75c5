import { createRoute } from "@hono/zod-openapi";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { companyInvoiceCrud, invoiceBody } from "./schemas";

export const getCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...getConfig(companyInvoiceCrud),
});

export const getCompanyInvoice: AppRouteHandler<typeof getCompanyInvoiceRoute> = async (c) => {
  const { idcompanyinvoice } = c.req.valid("param");
  const rows = await companyInvoiceRegistry.findAsList(
    c.get("db"),
    c.get("caller").companyId,
    idcompanyinvoice,
  );
  return c.json(rows.map(invoiceBody), 200);
};
