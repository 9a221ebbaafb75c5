import { createRouter } from "../../../http/router";
import { createCompanyInvoice, createCompanyInvoiceRoute } from "./create";
import { deleteCompanyInvoice, deleteCompanyInvoiceRoute } from "./delete";
import { getCompanyInvoice, getCompanyInvoiceRoute } from "./get";
import { listCompanyInvoices, listCompanyInvoicesRoute } from "./list";
import { updateCompanyInvoice, updateCompanyInvoiceRoute } from "./update";

export const companyInvoiceRouter = createRouter()
  .openapi(listCompanyInvoicesRoute, listCompanyInvoices)
  .openapi(getCompanyInvoiceRoute, getCompanyInvoice)
  .openapi(createCompanyInvoiceRoute, createCompanyInvoice)
  .openapi(updateCompanyInvoiceRoute, updateCompanyInvoice)
  .openapi(deleteCompanyInvoiceRoute, deleteCompanyInvoice);
