import { createRoute } from "@hono/zod-openapi";
import { sealCsc } from "../../../domain/company/nfce-settings";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { companyInvoiceCrud, companyInvoiceRows } from "./schemas";

export const updateCompanyInvoiceRoute = createRoute({
  path: "/company/invoice/{idcompanyinvoice}",
  ...updateConfig(companyInvoiceCrud),
});

export const updateCompanyInvoice: AppRouteHandler<typeof updateCompanyInvoiceRoute> = async (c) => {
  const body = c.req.valid("json");
  const cscSealed = await sealCsc(c.env.HUB_CREDENTIALS_KEY, c.get("caller").companyId, body);
  return c.json(
    await changeRow(c, companyInvoiceRows, c.req.valid("param").idcompanyinvoice, { ...body, cscSealed }),
    200,
  );
};
