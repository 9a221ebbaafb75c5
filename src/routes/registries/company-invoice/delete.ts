import { createRoute } from "@hono/zod-openapi";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { companyInvoiceCrud } from "./schemas";

export const deleteCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...deleteConfig(companyInvoiceCrud),
});

export const deleteCompanyInvoice: AppRouteHandler<typeof deleteCompanyInvoiceRoute> = async (c) => {
  const { idcompanyinvoice } = c.req.valid("param");
  await companyInvoiceRegistry.remove(c.get("db"), c.get("caller").companyId, idcompanyinvoice);
  return c.json("sucesso" as const, 200);
};
